// This game's parts of `puzzlelab bench`: deterministic figures that fingerprint the
// engine and the search (tests/bench.signature).
#include "app/commands.h"
#include "core/sim.h"
#include "game2048/game.h"
#include "game2048/players.h"
#include "game2048/search.h"

namespace puzzlelab::app {

using game2048::Game;

std::vector<BenchPart> game2048_bench_parts() {
  std::vector<BenchPart> parts;
  // The engine: 20,000 random games through the harness; the figure mixes every
  // game's score, moves and top tile in index order (thread-independent).
  parts.push_back({"2048: random play", [](const Context& ctx) {
                     const game2048::MoveTables tables;
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
                         spec, ctx.opts.threads,
                         [&tables](std::uint64_t, core::Rng& rng) {
                           core::Rng pick(rng.next());
                           const auto pg =
                               game2048::play_to_end(Game::start(tables, 4, core::Rng(rng.next())),
                                                     [&pick](const Game& g) { return game2048::random_move(g, pick); });
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
  parts.push_back({"2048: expectimax nodes", [](const Context& ctx) {
                     const game2048::MoveTables tables;
                     std::vector<game2048::Board> boards;
                     {
                       game2048::AiSettings s;
                       s.depth = 1;
                       game2048::Ai ai(tables, s);
                       Game g = Game::start(tables, 4, core::Rng(2048));
                       while (!g.over() && g.moves() < 1200 && g.bitboard()) {
                         if (g.status() == game2048::Status::Won) g.keep_going();
                         if (g.moves() % 100 == 0) boards.push_back(*g.bitboard());
                         const auto c = ai.choose(*g.bitboard());
                         if (!c.best) break;
                         g.play(*c.best);
                       }
                     }
                     game2048::AiSettings s;
                     s.level = game2048::Level::Normal;
                     s.depth = 3;
                     s.threads = ctx.threads();
                     game2048::Ai ai(tables, s);
                     std::uint64_t nodes = 0;
                     for (const game2048::Board b : boards) nodes += ai.choose(b).stats.moves;
                     return nodes;
                   }});
  return parts;
}

}  // namespace puzzlelab::app
