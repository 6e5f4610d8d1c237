#include "game2048/players.h"

#include <array>
#include <atomic>

namespace puzzlelab::game2048 {

std::optional<Move> random_move(const Game& g, core::Rng& rng) {
  std::array<Move, 4> legal{};
  std::uint64_t n = 0;
  for (const Move m : kMoves) {
    if (g.can_move(m)) legal[n++] = m;
  }
  if (n == 0) return std::nullopt;
  return legal[rng.below(n)];
}

std::optional<Move> greedy_move(const Game& g) {
  std::optional<Move> best;
  std::int64_t best_score = -1;
  int best_empty = -1;
  const Grid grid = g.grid();
  for (const Move m : {Move::Left, Move::Down, Move::Right, Move::Up}) {
    const MoveResult r = exact_move(g.tables(), grid, m);
    if (!r.moved) continue;
    const int empty = count_empty(r.after);
    if (r.score > best_score || (r.score == best_score && empty > best_empty)) {
      best = m;
      best_score = r.score;
      best_empty = empty;
    }
  }
  return best;
}

PlayedGame play_to_end(Game game, const Chooser& choose, std::optional<int> stop_at_exponent,
                       const std::atomic<bool>* cancel) {
  PlayedGame out;
  while (!game.over()) {
    if (stop_at_exponent && game.max_exponent() >= *stop_at_exponent) break;
    if (cancel != nullptr && cancel->load(std::memory_order_relaxed)) break;
    if (game.status() == Status::Won) game.keep_going();
    const auto m = choose(game);
    if (!m) break;
    if (!game.play(*m).moved) break;  // a chooser that returns an illegal move ends the game
  }
  out.max_exponent = game.max_exponent();
  out.score = game.score();
  out.moves = game.moves();
  out.reached_2048 = game.won() || game.max_exponent() >= kWinExponent;
  return out;
}

}  // namespace puzzlelab::game2048
