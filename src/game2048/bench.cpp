#include "game2048/bench.h"

#include <bit>
#include <cstdint>

#include "core/sim.h"
#include "game2048/board_text.h"
#include "game2048/endgame.h"
#include "game2048/game.h"
#include "game2048/players.h"
#include "game2048/search.h"

namespace puzzlelab::game2048 {

std::vector<core::BenchWorkload> bench_workloads() {
  std::vector<core::BenchWorkload> parts;
  // The moves: 20,000 random games through the harness; the figure mixes every
  // game's score, moves and top tile in index order (thread-independent).
  parts.push_back({"2048: random play", [](const core::DataSource&, unsigned threads) {
                     const MoveTables tables;
                     core::SimSpec spec;
                     spec.game = "bench";
                     spec.player = "random";
                     spec.seed = 2048;
                     spec.games = 20000;
                     std::uint64_t figure = 0;
                     core::SimHooks hooks;
                     hooks.on_game = [&figure](std::uint64_t index, const core::GameResult& r) {
                       std::uint64_t s =
                           figure ^ (index * 0x9e3779b97f4a7c15ULL) ^ static_cast<std::uint64_t>(r.primary);
                       figure = core::splitmix64(s);
                     };
                     core::run_simulation(
                         spec, threads,
                         [&tables](std::uint64_t, core::Rng& rng) {
                           core::Rng pick(rng.next());
                           const auto pg = play_to_end(Game::start(tables, 4, core::Rng(rng.next())),
                                                       [&pick](const Game& g) { return random_move(g, pick); });
                           core::GameResult r;
                           r.primary = pg.score * 1000003 + pg.moves * 31 + pg.max_exponent;
                           return r;
                         },
                         hooks);
                     return figure % 1000000007ULL;
                   }});
  // The search: a seeded game played at depth 1 for 1,200 moves gives 12 positions
  // (every 100th); each is searched at depth 3 with the normal level's cut-off. The
  // figure is the total of evaluated moves, which any change to the search, the
  // shallow weights (the depth-1 game) or the tables moves (root-parallel on --threads,
  // same count). A count of nodes does not depend on the leaves' values, so the levels'
  // weights leave it unchanged.
  parts.push_back({"2048: expectimax nodes", [](const core::DataSource&, unsigned threads) {
                     const MoveTables tables;
                     std::vector<Board> boards;
                     {
                       AiSettings s;
                       s.depth = 1;
                       Ai ai(tables, s);
                       Game g = Game::start(tables, 4, core::Rng(2048));
                       while (!g.over() && g.moves() < 1200 && g.bitboard()) {
                         if (g.status() == Status::Won) g.keep_going();
                         if (g.moves() % 100 == 0) boards.push_back(*g.bitboard());
                         const auto c = ai.choose(*g.bitboard());
                         if (!c.best) break;
                         g.play(*c.best);
                       }
                     }
                     AiSettings s;
                     s.level = Level::Normal;
                     s.depth = 3;
                     s.threads = threads;
                     Ai ai(tables, s);
                     std::uint64_t nodes = 0;
                     for (const Board b : boards) nodes += ai.choose(b).stats.moves;
                     return nodes;
                   }});
  // The late game: the strong level's pruned search on a fixed late position (moves
  // whose shallow value falls short by the strong margin are not searched), and the
  // endgame lookup on a fixed late position (the exact odds of building the next tile).
  // The figure mixes the evaluated, pruned and rescued moves, the moves chosen and the
  // lookup's odds (bit for bit), so a change to the pruning or the lookup moves it.
  parts.push_back({"2048: pruned search, lookup", [](const core::DataSource&, unsigned threads) {
                     const MoveTables tables;
                     const auto board = [](const char* text) { return *board_from_grid(*parse_grid(text, 4)); };
                     std::uint64_t figure = 0;
                     const auto mix = [&figure](std::uint64_t v) {
                       std::uint64_t s = figure ^ v;
                       figure = core::splitmix64(s);
                     };
                     {
                       AiSettings s;
                       s.level = Level::Normal;
                       s.prune_margin = level_rule(Level::Strong).prune_margin;
                       s.endgame = false;
                       s.threads = threads;
                       Ai ai(tables, s);
                       const auto c = ai.choose(board("16384 8192 512 4 / 2048 1024 256 2 / 128 64 32 0 / 8 8 8 2"));
                       mix(c.stats.moves);
                       mix(c.stats.pruned);
                       mix(c.stats.rescued);
                       mix(c.best ? static_cast<std::uint64_t>(*c.best) + 1 : 0);
                     }
                     {
                       // The chain 16384 ... 256 along the top rows, a 256 to build next to it: the
                       // lookup solves the region exactly (single-threaded).
                       const Board b = board("16384 8192 4096 2048 / 128 256 512 1024 / 64 32 16 8 / 2 4 0 0");
                       const auto f = find_formation(b, 14);
                       EndgameSolver solver(tables);
                       const auto a = f ? solver.solve(b, *f) : std::nullopt;
                       mix(f ? static_cast<std::uint64_t>(f->goal) : 0);
                       mix(a && a->best ? static_cast<std::uint64_t>(*a->best) + 1 : 0);
                       mix(a ? std::bit_cast<std::uint32_t>(a->probability) : 0);
                     }
                     return figure % 1000000007ULL;
                   }});
  return parts;
}

}  // namespace puzzlelab::game2048
