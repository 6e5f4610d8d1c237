// Search speed (target: >= 60 M evaluated moves per CPU-second). Boards come from a
// seeded game played by the AI at a fixed depth, sampled at several stages; each
// benchmark searches them all at one depth on one thread. "moves/s" is evaluated
// moves (four per max node, as nneonneo/2048-ai counts them) per CPU second.
#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <vector>

#include "core/rng.h"
#include "game2048/game.h"
#include "game2048/ntuple.h"
#include "game2048/search.h"

namespace puzzlelab::game2048 {
namespace {

const MoveTables& tables() {
  static const MoveTables t;
  return t;
}

const std::vector<Board>& positions() {
  static const std::vector<Board> boards = [] {
    std::vector<Board> out;
    AiSettings s;
    s.depth = 1;
    Ai ai(tables(), s);
    Game g = Game::start(tables(), 4, core::Rng(2048));
    while (!g.over() && g.moves() < 6000) {
      if (g.status() == Status::Won) g.keep_going();
      const auto b = g.bitboard();
      if (!b) break;
      if (g.moves() % 250 == 0) out.push_back(*b);
      const AiChoice c = ai.choose(*b);
      if (!c.best) break;
      g.play(*c.best);
    }
    return out;
  }();
  return boards;
}

void BM_Search(benchmark::State& state) {
  // One player per depth for the whole run (building its table is not the search).
  static std::map<int, std::unique_ptr<Ai>> players;
  auto& player = players[static_cast<int>(state.range(0))];
  if (!player) {
    AiSettings s;
    s.depth = static_cast<int>(state.range(0));
    s.level = Level::Strong;
    player = std::make_unique<Ai>(tables(), s);
  }
  Ai& ai = *player;
  const auto& boards = positions();
  std::uint64_t moves = 0;
  for (auto _ : state) {
    for (const Board b : boards) moves += ai.choose(b).stats.moves;
  }
  state.counters["moves/s"] = benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsRate);
  state.counters["boards"] = static_cast<double>(boards.size());
}
BENCHMARK(BM_Search)->Arg(2)->Arg(3)->Arg(4)->Unit(benchmark::kMillisecond);

void BM_Heuristic(benchmark::State& state) {
  const Heuristic h;
  core::Rng rng(5);
  std::vector<Board> boards(4096);
  for (auto& b : boards) b = rng.next();
  float acc = 0;
  for (auto _ : state) {
    for (const Board b : boards) acc += h.evaluate(b);
    benchmark::DoNotOptimize(acc);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * 4096);
}
BENCHMARK(BM_Heuristic);

// The learned evaluation (game2048/ntuple.h): a network whose weights are all written
// (pseudo-random), so every read goes to real memory as a trained one's do; its value
// per board, one TD update, and the search on it.
std::shared_ptr<const NTupleNetwork> filled_network() {
  static const auto net = [] {
    auto n = std::make_shared<NTupleNetwork>();
    float* w = n->mutable_weights();
    std::uint64_t x = 1;
    for (std::size_t i = 0; i < n->weights().size(); ++i) {
      x = x * 6364136223846793005ULL + 1442695040888963407ULL;
      w[i] = static_cast<float>(x >> 40) * 1e-3f;
    }
    return n;
  }();
  return net;
}

void BM_NetworkValue(benchmark::State& state) {
  const auto net = filled_network();
  // 4096 random boards of tiles up to 2048: reads spread over all the tables.
  core::Rng rng(5);
  std::vector<Board> boards(4096);
  for (auto& b : boards) {
    b = 0;
    for (int c = 0; c < 16; ++c) b = with_exponent(b, c, static_cast<int>(rng.below(12)));
  }
  float acc = 0;
  for (auto _ : state) {
    for (const Board b : boards) acc += net->value(b);
    benchmark::DoNotOptimize(acc);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * boards.size()));
}
BENCHMARK(BM_NetworkValue);

void BM_SearchNetwork(benchmark::State& state) {
  static std::map<int, std::unique_ptr<Ai>> players;
  auto& player = players[static_cast<int>(state.range(0))];
  if (!player) {
    AiSettings s;
    s.depth = static_cast<int>(state.range(0));
    s.network = filled_network();
    s.endgame = false;
    player = std::make_unique<Ai>(tables(), s);
  }
  std::uint64_t moves = 0;
  for (auto _ : state) {
    for (const Board b : positions()) moves += player->choose(b).stats.moves;
  }
  state.counters["moves/s"] = benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_SearchNetwork)->Arg(1)->Arg(2)->Arg(3)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace puzzlelab::game2048
