#include "guess/tree_cache.h"

#include <chrono>

#include <fmt/format.h>

#include "guess/optimal_advice.h"

namespace puzzlelab::guess {

std::string tree_cache_file(const std::string& game) {
  return game + "-optimal.json";
}

namespace {

// The tree of `entry` when it still replays through `game` to its recorded total; a
// field of the wrong type (a hand-edited or damaged file) refuses the entry.
std::optional<OptimalTree> replayed(const Game& game, std::span<const SecretIndex> secrets,
                                    const OptimalOptions& options, const nlohmann::json& entry) {
  if (!entry.is_object() || !entry.contains("tree")) return std::nullopt;
  const auto total = entry.find("total");
  const auto proven_all = entry.find("proven_all");
  const auto seconds = entry.find("seconds");
  if (total == entry.end() || !total->is_number_unsigned() || total->get<std::uint64_t>() == 0) return std::nullopt;
  if (proven_all != entry.end() && !proven_all->is_boolean()) return std::nullopt;
  if (seconds != entry.end() && !seconds->is_number()) return std::nullopt;
  auto tree = tree_from_json(entry["tree"]);
  if (!tree || tree->empty()) return std::nullopt;
  const TreeCheck check = verify_tree(game, *tree, secrets, options.hard_mode, options.max_guesses);
  if (check.defect || check.summary.total != total->get<std::uint64_t>()) return std::nullopt;
  OptimalTree result;
  result.first = tree->node(0).guess;
  result.tree = std::move(*tree);
  result.summary = check.summary;
  result.proven_all = proven_all != entry.end() && proven_all->get<bool>();
  result.cached = true;
  result.seconds = seconds != entry.end() ? seconds->get<double>() : 0.0;
  return result;
}

}  // namespace

core::Result<OptimalTree> cached_optimal_tree(const Game& game, std::span<const SecretIndex> secrets,
                                              OptimalOptions options, std::optional<GuessIndex> first,
                                              const TreeCacheOptions& cache) {
  const auto start = std::chrono::steady_clock::now();
  const auto warn = [&cache](const std::string& message) {
    if (cache.warn) cache.warn(message);
  };
  const std::string file = tree_cache_file(cache.key.game);
  const core::StateStore* store = cache.store;
  nlohmann::json doc;
  if (store) {
    auto loaded = store->load(file);
    if (!loaded) {
      warn(loaded.error().message);
    } else {
      if (loaded->warning) warn(*loaded->warning);
      if (loaded->value) doc = *loaded->value;
    }
  }
  // Another checksum (other data) or another shape: the file starts afresh.
  if (!doc.is_object() || !doc.contains("data") || doc["data"] != cache.key.data || !doc.contains("trees") ||
      !doc["trees"].is_object()) {
    doc = nlohmann::json{{"data", cache.key.data}, {"trees", nlohmann::json::object()}};
  }

  if (store && !cache.recompute && doc["trees"].contains(cache.key.variant)) {
    if (auto tree = replayed(game, secrets, options, doc["trees"][cache.key.variant])) return std::move(*tree);
    warn(fmt::format("the cached tree in {} does not replay; computing it again", store->path_of(file).string()));
  }

  auto solved = solve_optimal_tree(game, secrets, std::move(options), first);
  if (!solved) return solved.error();
  OptimalTree result;
  result.first = solved->first;
  result.proven_all = solved->proven_all;
  result.tree = std::move(solved->tree);
  result.summary = solved->summary;
  result.counters = solved->counters;
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (result.tree.empty()) return result;  // no strategy within the limit: nothing to keep

  if (store) {
    doc["trees"][cache.key.variant] = nlohmann::json{{"total", result.summary.total},
                                                     {"proven_all", result.proven_all},
                                                     {"seconds", result.seconds},
                                                     {"tree", tree_to_json(result.tree)}};
    if (auto error = store->save(file, doc)) warn(fmt::format("{} (the tree is not cached)", error->message));
  }
  return result;
}

}  // namespace puzzlelab::guess
