#include "guess/opener_cache.h"

#include <fmt/format.h>

namespace puzzlelab::guess {

std::string OpenerCache::key(std::string_view setting) const {
  return fmt::format("{:016x}-{}", checksum_, setting);
}

CachedOpeners OpenerCache::load(std::string_view setting) const {
  CachedOpeners out;
  auto loaded = store_.load(file_);
  if (!loaded) {
    out.warnings.push_back(loaded.error().message);
    return out;
  }
  if (loaded->warning) out.warnings.push_back(*loaded->warning);
  if (!loaded->value || !loaded->value->is_object()) return out;
  const auto entry = loaded->value->find(key(setting));
  if (entry == loaded->value->end() || !entry->is_array()) return out;
  for (const auto& w : *entry) {
    if (!w.is_string()) return {{}, std::move(out.warnings)};
    out.words.push_back(w.get<std::string>());
  }
  return out;
}

std::optional<core::Error> OpenerCache::save(std::string_view setting, const std::vector<std::string>& words) const {
  // The file as it is now (another process may have added entries since load); a file
  // that cannot be read or is not an object is replaced by this entry alone.
  nlohmann::json doc = nlohmann::json::object();
  if (auto loaded = store_.load(file_); loaded && loaded->value && loaded->value->is_object()) doc = *loaded->value;
  doc[key(setting)] = words;
  return store_.save(file_, doc);
}

}  // namespace puzzlelab::guess
