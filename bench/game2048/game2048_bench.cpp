// Engine speed (targets: >= 200 M moves/s per core on random boards, >= 20 M moves/s
// of random play). Items/s is moves per second on one thread.
#include <benchmark/benchmark.h>

#include <vector>

#include "core/rng.h"
#include "game2048/game.h"
#include "game2048/move_tables.h"
#include "game2048/players.h"

namespace puzzlelab::game2048 {
namespace {

const MoveTables& tables() {
  static const MoveTables t;
  return t;
}

std::vector<Board> random_boards(std::size_t n) {
  core::Rng rng(2048);
  std::vector<Board> boards(n);
  for (auto& b : boards) b = rng.next();
  return boards;
}

// Every direction on 4096 uniformly random 64-bit boards (all nibbles, so every row
// table entry is equally likely: the cache-unfriendly case).
void BM_MoveRandomBoards(benchmark::State& state) {
  const MoveTables& t = tables();
  const auto boards = random_boards(4096);
  Board acc = 0;
  for (auto _ : state) {
    for (const Board b : boards) {
      acc ^= t.move(b, Move::Left);
      acc ^= t.move(b, Move::Right);
      acc ^= t.move(b, Move::Up);
      acc ^= t.move(b, Move::Down);
    }
    benchmark::DoNotOptimize(acc);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * 4 * 4096);
}
BENCHMARK(BM_MoveRandomBoards);

void BM_MoveOneDirection(benchmark::State& state) {
  const MoveTables& t = tables();
  const auto boards = random_boards(4096);
  const auto m = static_cast<Move>(state.range(0));
  Board acc = 0;
  for (auto _ : state) {
    for (const Board b : boards) acc ^= t.move(b, m);
    benchmark::DoNotOptimize(acc);
  }
  state.SetLabel(std::string(move_name(m)));
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * 4096);
}
BENCHMARK(BM_MoveOneDirection)->DenseRange(0, 3);

// Random play through the rules object: the player's legal-move test, the move, the
// spawn and the game-over test, game after game.
void BM_RandomPlay(benchmark::State& state) {
  const MoveTables& t = tables();
  core::Rng pick(1);
  std::uint64_t seed = 0;
  Game game = Game::start(t, 4, core::Rng(seed));
  std::int64_t moves = 0;
  for (auto _ : state) {
    if (game.over()) {
      game = Game::start(t, 4, core::Rng(++seed));
      if (game.status() == Status::Won) game.keep_going();
    }
    if (game.status() == Status::Won) game.keep_going();
    const auto m = random_move(game, pick);
    if (m && game.play(*m).moved) ++moves;
  }
  state.SetItemsProcessed(moves);
}
BENCHMARK(BM_RandomPlay);

}  // namespace
}  // namespace puzzlelab::game2048
