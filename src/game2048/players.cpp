#include "game2048/players.h"

#include <algorithm>
#include <array>
#include <atomic>

namespace puzzlelab::game2048 {

std::optional<Game::Preview> ai_move(Ai& ai, const Game& g, SearchStats* stats, int* depth) {
  const auto board = g.bitboard();
  const AiChoice c = board ? ai.choose(*board) : ai.choose(g.grid());
  if (stats) stats->add(c.stats);
  if (depth) *depth = c.depth;
  if (c.best) {
    Game::Preview p = g.preview(*c.best);
    if (p.moved) return p;
  }
  for (const Move m : kMoves) {
    Game::Preview p = g.preview(m);
    if (p.moved) return p;
  }
  return std::nullopt;
}

std::optional<Game::Preview> random_move(const Game& g, core::Rng& rng) {
  // The first legal move in a uniformly random order of the four is uniform over the
  // legal moves, and usually the first one tried is legal: one draw, ~1.3 move tests.
  static constexpr std::array<std::array<std::uint8_t, 4>, 24> kOrders = [] {
    std::array<std::array<std::uint8_t, 4>, 24> orders{};
    std::array<std::uint8_t, 4> p = {0, 1, 2, 3};
    for (auto& o : orders) {
      o = p;
      std::next_permutation(p.begin(), p.end());
    }
    return orders;
  }();
  const auto& order = kOrders[rng.below(24)];
  for (const std::uint8_t k : order) {
    Game::Preview p = g.preview(static_cast<Move>(k));
    if (p.moved) return p;
  }
  return std::nullopt;
}

std::optional<Game::Preview> greedy_move(const Game& g) {
  std::optional<Game::Preview> best;
  for (const Move m : {Move::Left, Move::Down, Move::Right, Move::Up}) {
    Game::Preview p = g.preview(m);
    if (!p.moved) continue;
    if (!best || p.gained > best->gained || (p.gained == best->gained && p.empty_after > best->empty_after)) {
      best = p;
    }
  }
  return best;
}

bool play_on(Game& game, const Chooser& choose) {
  if (game.status() == Status::Won) game.keep_going();
  const auto choice = choose(game);
  return choice && game.play(*choice).moved;
}

PlayedGame play_to_end(Game game, const Chooser& choose, std::optional<int> stop_at_exponent,
                       const std::atomic<bool>* cancel) {
  PlayedGame out;
  while (!game.over()) {
    if (stop_at_exponent && game.max_exponent() >= *stop_at_exponent) break;
    if (cancel != nullptr && cancel->load(std::memory_order_relaxed)) {
      out.cut_short = true;
      break;
    }
    if (!play_on(game, choose)) break;  // no move, or an illegal one: the game ends there
  }
  out.max_exponent = game.max_exponent();
  out.score = game.score();
  out.moves = game.moves();
  out.reached_2048 = game.won() || game.max_exponent() >= kWinExponent;
  out.final_grid = game.grid();
  return out;
}

core::GameResult sim_result(const PlayedGame& pg) {
  core::GameResult r;
  r.win = pg.reached_2048;
  r.primary = tile_value(pg.max_exponent);
  r.metrics = {pg.score, pg.moves};
  r.finished = !pg.cut_short;
  return r;
}

}  // namespace puzzlelab::game2048
