#include "core/data_source.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>

#include <fmt/format.h>

#include "core/state_store.h"

namespace puzzlelab::core {

Result<std::string> DataSource::read(std::string_view name) const {
  if (dir_) {
    const auto path = *dir_ / std::string(name);
    auto text = read_file_capped(path, kDataFileCap);
    if (!text) return Error{"data file: " + text.error().message};
    return text;
  }
  const auto files = embedded_files();
  const auto it = std::lower_bound(files.begin(), files.end(), name,
                                   [](const EmbeddedFile& f, std::string_view n) { return f.name < n; });
  if (it == files.end() || it->name != name) {
    return Error{fmt::format("no embedded data file named {}", name)};
  }
  return std::string(it->bytes);
}

std::uint64_t checksum64(std::string_view bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const char c : bytes) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3ULL;
  }
  return h;
}

}  // namespace puzzlelab::core
