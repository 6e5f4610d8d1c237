#include "game2048/sim_check.h"

#include <algorithm>
#include <cstdint>

#include <fmt/format.h>

#include "game2048/board_text.h"
#include "game2048/grid.h"

namespace puzzlelab::game2048 {

namespace {

using nlohmann::json;

struct RunRules {
  int size = 4;
  int max_exponent = 17;                // the largest tile the board can hold
  std::optional<std::int64_t> stop_at;  // --stop-at
};

// The board size and --stop-at of the run, from its settings (spec.config).
RunRules rules_of(const core::SimSpec& spec) {
  RunRules r;
  if (const auto it = spec.config.find("size"); it != spec.config.end() && it->is_number_integer()) {
    r.size = std::clamp(it->get<int>(), kMinSize, kMaxSize);
  }
  // Every cell a distinct power and the last merge fed by a 4: 2^(cells + 1); the grid
  // caps tiles at 2^kMaxGridExponent.
  r.max_exponent = std::min(r.size * r.size + 1, kMaxGridExponent);
  if (const auto it = spec.config.find("stop_at"); it != spec.config.end() && it->is_number_integer()) {
    r.stop_at = it->get<std::int64_t>();
  }
  return r;
}

std::optional<std::string> check_tile(const RunRules& rules, std::int64_t value) {
  const auto e = exponent_of(value);
  if (!e || *e < 1 || *e > rules.max_exponent) {
    return fmt::format("\"max_tile\": {} is not a tile a {}×{} board can hold (a power of two from 2 to {})", value,
                       rules.size, rules.size, tile_value(rules.max_exponent));
  }
  if (rules.stop_at && value > *rules.stop_at) {
    return fmt::format("\"max_tile\": {} is past --stop-at {} (a game stops once it makes that tile)", value,
                       *rules.stop_at);
  }
  return std::nullopt;
}

std::size_t metric_index(const core::SimSpec& spec, std::string_view name) {
  return static_cast<std::size_t>(std::find(spec.metrics.begin(), spec.metrics.end(), name) - spec.metrics.begin());
}

}  // namespace

std::optional<std::string> check_position(const Grid& grid, std::int64_t moves, std::int64_t score,
                                          std::string_view board) {
  std::int64_t tiles = 0;
  std::int64_t sum = 0;
  std::int64_t score_low = 0;
  std::int64_t score_high = 0;
  for (int k = 0; k < grid.area(); ++k) {
    const int e = grid.cells[static_cast<std::size_t>(k)];
    if (e == 0) continue;
    ++tiles;
    sum += tile_value(e);
    // A tile 2^e made only of 2s scored (e - 1) * 2^e on the way; only of 4s, (e - 2) * 2^e.
    score_high += (e - 1) * tile_value(e);
    score_low += std::max(0, e - 2) * tile_value(e);
  }
  // A game starts with two tiles and every move adds one, so a board never has fewer.
  if (tiles < 2) return fmt::format("{}: {} tiles; a game always has at least 2", board, tiles);
  // Two start tiles and one spawn a move, each 2 or 4: 2·moves + 4 <= sum <= 4·moves + 8.
  if (moves < 0 || moves > (sum - 4) / 2 || moves < (sum - 8 + 3) / 4) {
    return fmt::format("\"moves\": {} cannot lead to a board whose tiles add up to {} (every move adds a 2 or a 4)",
                       moves, sum);
  }
  if (score < score_low || score > score_high) {
    return fmt::format("\"score\": {} is not what the board's merges can have scored ({} to {})", score, score_low,
                       score_high);
  }
  return std::nullopt;
}

std::optional<std::string> check_sim_game(const core::SimSpec& spec, const core::GameResult& game) {
  const RunRules rules = rules_of(spec);
  if (auto e = check_tile(rules, game.primary)) return e;
  const bool made_2048 = game.primary >= tile_value(kWinExponent);
  if (game.win != made_2048) {
    return fmt::format("\"win\": {} does not match \"max_tile\": {} (a game is won when it makes 2048)",
                       game.win ? "true" : "false", game.primary);
  }
  for (std::size_t m = 0; m < spec.metrics.size() && m < game.metrics.size(); ++m) {
    if (game.metrics[m] < 0) return fmt::format("\"{}\": {} is negative", spec.metrics[m], game.metrics[m]);
  }
  // The final board: its top tile is max_tile, and it bounds the moves and the score.
  const json* board_text = nullptr;
  if (game.detail.is_object()) {
    if (const auto it = game.detail.find("board"); it != game.detail.end() && it->is_string()) board_text = &*it;
  }
  if (board_text == nullptr) return "\"detail\": no final board (\"board\": the tile values the game ended on)";
  auto grid = parse_grid(board_text->get<std::string>(), rules.size);
  if (!grid) return fmt::format("\"detail\".\"board\": {}", grid.error().message);
  const std::size_t moves = metric_index(spec, "moves");
  const std::size_t score = metric_index(spec, "score");
  if (moves < game.metrics.size() && score < game.metrics.size()) {
    if (auto e = check_position(*grid, game.metrics[moves], game.metrics[score], "\"detail\".\"board\"")) return e;
  }
  if (tile_value(max_exponent(*grid)) != game.primary) {
    return fmt::format("\"max_tile\": {} is not the top tile of the final board ({})", game.primary,
                       tile_value(max_exponent(*grid)));
  }
  return std::nullopt;
}

std::optional<std::string> check_sim_summary(const core::SimSummary& s) {
  const RunRules rules = rules_of(s.spec);
  for (const auto& [value, count] : s.primary.histogram()) {
    if (auto e = check_tile(rules, value)) return e;
  }
  const std::uint64_t made_2048 = s.primary.count_at_least(tile_value(kWinExponent));
  if (s.wins != made_2048) {
    return fmt::format("\"wins\": {}, but {} games made a 2048 tile (a game is won when it makes 2048)", s.wins,
                       made_2048);
  }
  // The largest board these games can have ended on: every cell the top tile seen.
  const int top = s.primary.empty() ? 1 : *exponent_of(s.primary.max());
  const std::int64_t cells = std::int64_t{rules.size} * rules.size;
  const std::int64_t most_score = cells * (top - 1) * tile_value(top);
  const std::int64_t most_moves = cells * tile_value(top) / 2;
  for (std::size_t m = 0; m < s.spec.metrics.size() && m < s.metrics.size(); ++m) {
    const std::string& name = s.spec.metrics[m];
    const core::Stats& st = s.metrics[m];
    if (st.empty()) continue;
    if (st.min() < 0) return fmt::format("\"{}\": {} is negative", name, st.min());
    const std::int64_t most = name == "score" ? most_score : name == "moves" ? most_moves : INT64_MAX;
    if (st.max() > most) {
      return fmt::format("\"{}\": {} is more than games whose top tile is at most {} can reach ({})", name, st.max(),
                         tile_value(top), most);
    }
  }
  return std::nullopt;
}

}  // namespace puzzlelab::game2048
