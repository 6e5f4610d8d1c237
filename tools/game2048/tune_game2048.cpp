// Tunes the heuristic weights (docs/game2048.md, "How the weights were tuned").
// Coordinate search: each weight in turn is multiplied by (1 + step) and (1 - step)
// (added to, for weights at zero); a change is kept when the mean score over the same
// seeded games (paired, so the spawns are identical) improves; the step halves after a
// round without improvement. Not part of ctest: a run takes tens of minutes.
//
//   tune_game2048 [games=200] [depth=2] [rounds=4] [threads=2] [seed=1]
//   tune_game2048 eval games depth threads seed base empty merges corner mono monopow sum sumpow [added]
//   tune_game2048 late positions reps rounds threads seed [weights...]
//   tune_game2048 endgame positions reps threads seed min_sum [positions-file]
//   tune_game2048 replay seed index fast|normal|strong [tail=40]
//   tune_game2048 survive positions-file reps threads seed [added-base...]
//   tune_game2048 depths positions-file offset/cap/cutoff...
//   tune_game2048 sample seed index fast|normal|strong every
//   tune_game2048 formations positions-file [from=14]
//   tune_game2048 lookup positions-file reps threads seed fast|normal|strong [from]
//   tune_game2048 late-positions count seed
//   tune_game2048 games count threads seed fast|normal|strong
//   tune_game2048 network positions-file reps threads seed level net-file depth
//   (lookup and network, from the environment: STOP=e stops each continuation at 2^e,
//   not 32768; SIDE=name plays one variant alone;
//   ONLY=i plays pair i alone; TRACE=1 prints every move and who chose it; LATE_CUTOFF=c
//   searches with cut-off c from the endgame threshold (2^from) on; MAX_STATES=n gives
//   the endgame lookup room for n positions a solve (default 2^21; also in formations);
//   CHAIN_FROM=e lets the lookup take a chain (Formation::chain) from 2^e on;
//   PRUNE=m prunes the search with margin m instead of the level's (0: none);
//   lookup: WEIGHTS="base empty merges corner mono monopow sum sumpow" plays with these
//   weights)
//
// "late" tunes for the crowded phase where games were lost (8192 -> 16384): start
// positions are taken from games at the fast level the moment 8192 first appears;
// each candidate plays every position `reps` times (paired spawn seeds) at the fast
// level to the end; the figure is the share reaching 16384, then the mean score.
// "endgame" compares the two BaseRules at the strong level (see endgame() below).
// "replay" plays game `index` of `puzzlelab 2048 sim --seed seed --level L --threads 1`
// again, move for move, and prints its last `tail` positions: each board (as
// `puzzlelab 2048 hint` reads it), the move chosen and every legal move's value.
// "depths" searches each position once under each variant of strong's rule given
// (offset/cap/cut-off, and a prune margin as a fourth field: none when absent) and
// prints the chosen move, its value and the evaluated moves: what more search costs and
// where it changes the move. "sample" makes positions for it from a game.
// "formations" shows the endgame formation of each position and its lookup (states,
// time, probability); "lookup" continues each position `reps` times (paired spawns)
// at a level with and without the endgame lookup (from the level's top tile, or 2^from),
// to 32768 or the end; "network" does the same at a level (with its lookup) and with the
// learned network (game2048/ntuple.h, --network) at a fixed depth (with the lookup too);
// "games" plays games 0 … count-1 of `puzzlelab 2048 sim --seed seed --level L` (the same
// spawns), with the environment's settings (CORNER_FROM …), one line a game.
// "late-positions" prints, as "start" lines, fast games (seeds
// mix(seed, i)) stopped the moment 8192 first appears. "replay" and
// "sample" play as `puzzlelab 2048 sim` does (lookup on); the other modes, which
// compare weights and rules, play without it.
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "core/parallel.h"
#include "core/rng.h"
#include "game2048/board_text.h"
#include "game2048/game.h"
#include "game2048/search.h"

using namespace puzzlelab;
using namespace puzzlelab::game2048;

namespace {

struct Figure {
  double mean_score = 0;
  double reach[5] = {0, 0, 0, 0, 0};  // shares reaching 2^first … 2^(first+4) (figure_of)
};

using StopWhen = std::function<bool(const Game&)>;

// Stops a game once it holds the tile 2^exponent.
StopWhen reaches(int exponent) {
  return [exponent](const Game& g) { return g.max_exponent() >= exponent; };
}

std::optional<int> g_endgame_from;  // lookup mode's threshold, when given

// MAX_STATES=n in the environment: the endgame lookup's room (positions a solve may
// store); nullopt: the solver's default (EndgameSolver::kDefaultStates).
std::optional<std::size_t> max_states_from_env() {
  const char* states = std::getenv("MAX_STATES");
  if (states == nullptr) return std::nullopt;
  return static_cast<std::size_t>(std::strtoull(states, nullptr, 10));
}

// Called before each move with the position and the search's choice.
using OnMove = std::function<void(const Game&, const AiChoice&)>;

// Plays g to the end (or until stop says so) at `level` (fast unless given) with
// weights w, at the level's depth or at `depth` when given.
Game play_out(const MoveTables& tables, const std::optional<HeuristicWeights>& w, Game g, const StopWhen& stop = {},
              std::optional<int> depth = std::nullopt, Level level = Level::Fast, const OnMove& on_move = {},
              bool endgame = false, std::pair<std::uint64_t, std::uint64_t>* solves = nullptr) {
  AiSettings s;
  s.level = level;
  s.endgame = endgame;  // the modes that compare weights or rules leave it out
  s.endgame_from = g_endgame_from;
  s.weights = w;  // nullopt: the level's own choice, as `puzzlelab 2048 sim` plays
  // LATE_CUTOFF=c in the environment: the search's cut-off from the endgame threshold on.
  if (const char* late = std::getenv("LATE_CUTOFF"); late != nullptr) s.late_cutoff = std::strtof(late, nullptr);
  s.endgame_states = max_states_from_env();
  // CHAIN_FROM=e in the environment: a chain (Formation::chain) is taken from 2^e on.
  if (const char* chain = std::getenv("CHAIN_FROM"); chain != nullptr) s.chain_from = std::atoi(chain);
  // CORNER_FROM=e: the search values leaves with a CornerHeuristic from 2^e on.
  if (const char* corner = std::getenv("CORNER_FROM"); corner != nullptr) s.corner_from = std::atoi(corner);
  // PRUNE=m: the search prunes with margin m (SearchParams::prune_margin; 0: not at all).
  if (const char* prune = std::getenv("PRUNE"); prune != nullptr) s.prune_margin = std::strtof(prune, nullptr);
  if (depth) s.depth = *depth;
  Ai ai(tables, s);
  while (!g.over()) {
    if (stop && stop(g)) break;
    if (g.status() == Status::Won) g.keep_going();
    const auto b = g.bitboard();
    if (!b) break;
    const AiChoice c = ai.choose(*b);
    if (!c.best) break;
    if (on_move) on_move(g, c);
    g.play(*c.best);
  }
  if (solves != nullptr && ai.endgame_solver() != nullptr) {
    *solves = {ai.endgame_solver()->solves(), ai.endgame_solver()->overflows()};
  }
  return g;
}

// Mean final score and the shares reaching 2^first .. 2^(first+4).
Figure figure_of(const std::vector<std::pair<std::int64_t, int>>& results, int first) {
  Figure f;
  for (const auto& [score, top] : results) {
    f.mean_score += static_cast<double>(score);
    for (int k = 0; k < 5; ++k) f.reach[k] += top >= first + k ? 1 : 0;
  }
  const auto n = static_cast<double>(results.size());
  f.mean_score /= n;
  for (double& r : f.reach) r /= n;
  return f;
}

Figure evaluate_late(const MoveTables& tables, const HeuristicWeights& w, const std::vector<Snapshot>& starts, int reps,
                     unsigned threads, std::uint64_t seed) {
  const auto n = static_cast<std::uint64_t>(starts.size() * static_cast<std::size_t>(reps));
  const auto results = core::parallel_map(n, threads, [&](std::uint64_t i) {
    Snapshot s = starts[i % starts.size()];
    s.rng = core::Rng(core::mix(seed, i)).state();
    const Game g = play_out(tables, w, *Game::restore(tables, s));
    return std::pair<std::int64_t, int>{g.score(), g.max_exponent()};
  });
  return figure_of(results, 13);  // 8192 .. 65536
}

Figure evaluate(const MoveTables& tables, const HeuristicWeights& w, int games, int depth, unsigned threads,
                std::uint64_t seed) {
  const auto results = core::parallel_map(static_cast<std::uint64_t>(games), threads, [&](std::uint64_t i) {
    const Game g = play_out(tables, w, Game::start(tables, 4, core::Rng(core::mix(seed, i))), {}, depth);
    return std::pair<std::int64_t, int>{g.score(), g.max_exponent()};
  });
  return figure_of(results, 11);  // 2048 .. 16384
}

int g_first_tile = 2048;  // the tile reach[0] counts (8192 in late mode)

void print(const char* what, const HeuristicWeights& w, const Figure& f) {
  std::printf("%-10s %-100s score %9.0f  %d %.3f %d %.3f %d %.3f %d %.3f\n", what, w.describe().c_str(), f.mean_score,
              g_first_tile, f.reach[0], g_first_tile * 2, f.reach[1], g_first_tile * 4, f.reach[2], g_first_tile * 8,
              f.reach[3]);
  std::fflush(stdout);
}

std::int64_t tile_sum(Board b) {
  std::int64_t sum = 0;
  for (int i = 0; i < 16; ++i) {
    const auto e = static_cast<int>((b >> (4 * i)) & 0xF);
    if (e > 0) sum += std::int64_t{1} << e;
  }
  return sum;
}

// Appends to `starts` the positions of the "start N ... score S ... board B" lines of
// `path` (at most `max` in all; the lines `endgame` prints), as games past 2048.
bool read_positions(const char* path, int max, std::vector<Snapshot>& starts) {
  std::FILE* f = std::fopen(path, "r");
  if (f == nullptr) {
    std::fprintf(stderr, "cannot read %s\n", path);
    return false;
  }
  char buf[512];
  while (std::fgets(buf, sizeof buf, f) != nullptr && static_cast<int>(starts.size()) < max) {
    const std::string line = buf;
    const auto sc = line.find(" score ");
    const auto bd = line.find(" board ");
    if (line.rfind("start ", 0) != 0 || sc == std::string::npos || bd == std::string::npos) continue;
    auto grid = parse_grid(line.substr(bd + 7), 4);
    if (!grid) {
      std::fprintf(stderr, "%s: %s\n", path, grid.error().message.c_str());
      std::fclose(f);
      return false;
    }
    Snapshot snap;
    snap.grid = *grid;
    snap.score = std::atoll(line.c_str() + sc + 7);
    snap.won = snap.keep_playing = true;
    starts.push_back(snap);
  }
  std::fclose(f);
  std::printf("%zu positions read from %s\n", starts.size(), path);
  return true;
}

// endgame positions reps threads seed min_sum [file]: the base rules compared where the
// strong games were lost. Start positions: the "start" lines of `file` (the output of
// an earlier run), then games at the fast level stopped once 16384 is on the board and
// the tiles add up to min_sum. Each position is continued `reps` times (paired spawn
// seeds) at the strong level with tuned() under each BaseRule, to 32768 or the end;
// one "result" line per continuation, as each ends (reps 0: the positions only).
int endgame(int argc, char** argv) {
  const int npos = std::atoi(argv[2]);
  const int reps = std::atoi(argv[3]);
  const auto threads = static_cast<unsigned>(std::atoi(argv[4]));
  const std::uint64_t seed = std::strtoull(argv[5], nullptr, 10);
  const std::int64_t min_sum = std::atoll(argv[6]);
  const MoveTables tables;
  std::vector<Snapshot> starts;
  if (argc > 7 && !read_positions(argv[7], npos, starts)) return 1;
  // FIRST=k in the environment: the position games start at game k (fresh positions).
  const std::uint64_t first = std::getenv("FIRST") != nullptr ? std::strtoull(std::getenv("FIRST"), nullptr, 10) : 0;
  for (std::uint64_t next = first; static_cast<int>(starts.size()) < npos; next += 8) {
    const auto made = core::parallel_map(8, threads, [&](std::uint64_t k) {
      const auto late = [min_sum](const Game& g) {
        const auto b = g.bitboard();
        return b && g.max_exponent() >= 14 && tile_sum(*b) >= min_sum;
      };
      const Game g = play_out(tables, HeuristicWeights::tuned(),
                              Game::start(tables, 4, core::Rng(core::mix(16384, next + k))), late);
      return !g.over() && late(g) ? std::optional<Snapshot>(g.snapshot()) : std::nullopt;
    });
    for (const auto& snap : made) {
      if (!snap || static_cast<int>(starts.size()) >= npos) continue;
      starts.push_back(*snap);
      const Game g = *Game::restore(tables, *snap);
      std::printf("start %zu (game %llu) score %lld sum %lld board %s\n", starts.size() - 1,
                  static_cast<unsigned long long>(next + 8), static_cast<long long>(g.score()),
                  static_cast<long long>(tile_sum(*g.bitboard())), grid_values_line(g.grid()).c_str());
    }
    std::fflush(stdout);
  }
  const std::array<std::pair<const char*, BaseRule>, 2> rules = {
      {{"worst-row", BaseRule::WorstRow}, {"added", BaseRule::Added}}};
  const auto n = static_cast<std::uint64_t>(starts.size() * static_cast<std::size_t>(reps) * rules.size());
  const auto made = core::parallel_map(n, threads, [&](std::uint64_t t) {
    const std::uint64_t i = t / rules.size();
    const auto& [name, rule] = rules[t % rules.size()];
    HeuristicWeights w = HeuristicWeights::tuned();
    w.base_rule = rule;
    Snapshot s = starts[i % starts.size()];
    s.rng = core::Rng(core::mix(seed, i)).state();
    const Game g0 = *Game::restore(tables, s);
    const auto t0 = std::chrono::steady_clock::now();
    const Game g = play_out(tables, w, g0, reaches(15), std::nullopt, Level::Strong);
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("result %llu pos %llu rule %s top %d score %lld moves %lld secs %.1f\n",
                static_cast<unsigned long long>(i), static_cast<unsigned long long>(i % starts.size()), name,
                g.max_exponent(), static_cast<long long>(g.score()), static_cast<long long>(g.moves() - g0.moves()),
                secs);
    std::fflush(stdout);
    return g.max_exponent() >= 15;
  });
  for (std::size_t r = 0; r < rules.size(); ++r) {
    int won = 0;
    for (std::size_t t = r; t < made.size(); t += rules.size()) won += made[t] ? 1 : 0;
    std::printf("%s: 32768 in %d of %llu\n", rules[r].first, won, static_cast<unsigned long long>(n / rules.size()));
  }
  return 0;
}

// See "replay" above. The game is set up as the sim command does: the game's generator
// is Rng(mix(seed, index)); its first draw seeds the spawns. The AI never uses the
// second draw.
int replay(int argc, char** argv) {
  const std::uint64_t seed = std::strtoull(argv[2], nullptr, 10);
  const std::uint64_t index = std::strtoull(argv[3], nullptr, 10);
  const auto level = parse_level(argv[4]);
  if (!level) {
    std::fprintf(stderr, "unknown level %s\n", argv[4]);
    return 2;
  }
  const std::size_t tail = argc > 5 ? std::strtoull(argv[5], nullptr, 10) : 40;
  const MoveTables tables;
  core::Rng rng(core::mix(seed, index));
  std::vector<std::string> last;
  // No weights given: the level chooses, as the sim command's player does (tuned(), and
  // strong's careful phase).
  const Game g = play_out(
      tables, std::nullopt, Game::start(tables, 4, core::Rng(rng.next())), {}, std::nullopt, *level,
      [&](const Game& at, const AiChoice& c) {
        std::string line = fmt::format("move {:>6}  score {:>7}  depth {:>2}  {}  ->  {}", at.moves(), at.score(),
                                       c.depth, grid_values_line(at.grid()), move_name(*c.best));
        for (const Move m : kMoves) {
          if (const auto v = c.values[static_cast<std::size_t>(m)])
            line += fmt::format("  {} {:.0f}", move_name(m), *v);
        }
        last.push_back(std::move(line));
        if (last.size() > tail) last.erase(last.begin());
      },
      true);
  for (const auto& l : last) std::printf("%s\n", l.c_str());
  std::printf("end: move %llu  score %lld  top tile %lld  %s\n", static_cast<unsigned long long>(g.moves()),
              static_cast<long long>(g.score()), static_cast<long long>(tile_value(g.max_exponent())),
              grid_values_line(g.grid()).c_str());
  return 0;
}

// survive file reps threads seed base...: how often each base rule gets out of a crowded
// position. Each position of `file` ("start" lines, as read_positions reads them; e.g.
// boards from `replay`) is continued `reps` times at the strong level, with paired spawn
// seeds, under tuned() with WorstRow and with Added at each `base` given, until its top
// tile doubles ("out") or the game is lost. One "result" line per continuation, then the
// count of "out" per rule and position.
int survive(int argc, char** argv) {
  std::vector<Snapshot> starts;
  if (!read_positions(argv[2], 1000, starts) || starts.empty()) return 1;
  const int reps = std::atoi(argv[3]);
  const auto threads = static_cast<unsigned>(std::atoi(argv[4]));
  const std::uint64_t seed = std::strtoull(argv[5], nullptr, 10);
  std::vector<std::pair<std::string, HeuristicWeights>> rules;
  HeuristicWeights w = HeuristicWeights::tuned();
  w.base_rule = BaseRule::WorstRow;
  rules.emplace_back("worst-row", w);
  for (int k = 6; k < argc; ++k) {
    w.base_rule = BaseRule::Added;
    w.base = std::strtof(argv[k], nullptr);
    rules.emplace_back(std::string("added-") + argv[k], w);
  }
  const MoveTables tables;
  const std::uint64_t per_rule = starts.size() * static_cast<std::size_t>(reps);
  const auto out = core::parallel_map(per_rule * rules.size(), threads, [&](std::uint64_t t) {
    const std::uint64_t i = t / rules.size();  // continuation: position i % starts, spawns mix(seed, i)
    const auto& [name, weights] = rules[t % rules.size()];
    Snapshot s = starts[i % starts.size()];
    s.rng = core::Rng(core::mix(seed, i)).state();
    const Game g0 = *Game::restore(tables, s);
    const Game g = play_out(tables, weights, g0, reaches(g0.max_exponent() + 1), std::nullopt, Level::Strong);
    const bool got_out = g.max_exponent() > g0.max_exponent();
    std::printf("result %llu pos %llu rule %s %s moves %lld board %s\n", static_cast<unsigned long long>(i),
                static_cast<unsigned long long>(i % starts.size()), name.c_str(), got_out ? "out" : "lost",
                static_cast<long long>(g.moves() - g0.moves()), grid_values_line(g.grid()).c_str());
    std::fflush(stdout);
    return got_out;
  });
  for (std::size_t r = 0; r < rules.size(); ++r) {
    std::vector<int> by_position(starts.size(), 0);
    int total = 0;
    for (std::uint64_t i = 0; i < per_rule; ++i) {
      if (out[i * rules.size() + r]) {
        ++total;
        ++by_position[i % starts.size()];
      }
    }
    std::printf("%s: out in %d of %llu (by position:", rules[r].first.c_str(), total,
                static_cast<unsigned long long>(per_rule));
    for (const int n : by_position) std::printf(" %d", n);
    std::printf(" of %d each)\n", reps);
  }
  return 0;
}

// depths file spec...: strong's search of each position in `file`, once per spec
// "offset/cap/cutoff" (depth = distinct tiles - offset within 3..cap; strong itself is
// 1/14/1e-4, the public program's rule 2/15/1e-4). One thread, so the counts are a
// level's own. Prints each choice, then per spec how many positions chose another move
// than the first spec and the evaluated moves against it.
int depths(int argc, char** argv) {
  std::vector<Snapshot> starts;
  if (!read_positions(argv[2], 1 << 20, starts)) return 1;
  std::vector<LevelRule> specs;
  std::vector<std::string> names;
  for (int k = 3; k < argc; ++k) {
    LevelRule r = level_rule(Level::Strong);
    r.prune_margin = 0;
    if (std::sscanf(argv[k], "%d/%d/%f/%f", &r.distinct_offset, &r.max_depth, &r.prob_cutoff, &r.prune_margin) < 3) {
      std::fprintf(stderr, "spec %s: want offset/cap/cutoff[/prune margin], e.g. 2/13/1e-4 or 1/14/2.5e-6/500000\n",
                   argv[k]);
      return 2;
    }
    specs.push_back(r);
    names.emplace_back(argv[k]);
  }
  const MoveTables tables;
  const Heuristic heuristic(HeuristicWeights::tuned());
  Searcher searcher(tables, heuristic, level_rule(Level::Strong).tt_bits);
  std::vector<int> differs(specs.size(), 0);
  std::vector<double> total_moves(specs.size(), 0);
  std::vector<double> total_ms(specs.size(), 0);
  for (std::size_t i = 0; i < starts.size(); ++i) {
    const Grid& grid = starts[i].grid;
    Board b = 0;
    for (int c = 0; c < 16; ++c) b = with_exponent(b, c, grid.cells[static_cast<std::size_t>(c)]);
    std::printf("position %zu: %s\n", i, grid_values_line(grid).c_str());
    std::optional<Move> first;
    for (std::size_t k = 0; k < specs.size(); ++k) {
      const SearchParams p{depth_for(b, specs[k]), specs[k].prob_cutoff, specs[k].prune_margin};
      SearchStats stats;
      std::optional<Move> best;
      float best_value = 0;
      const auto t0 = std::chrono::steady_clock::now();
      for (const Move m : kMoves) {  // the player's order: ties go to the first
        const auto v = searcher.value_of_move(b, m, p, stats);
        if (v && (!best || *v > best_value)) {
          best = m;
          best_value = *v;
        }
      }
      const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      if (!best) continue;
      if (k == 0) first = best;
      if (best != first) ++differs[k];
      total_moves[k] += static_cast<double>(stats.moves);
      total_ms[k] += ms;
      std::printf("  %-12s depth %2d  %-5s %9.0f  %11llu evaluated moves  %8.1f ms\n", names[k].c_str(), p.depth,
                  std::string(move_name(*best)).c_str(), static_cast<double>(best_value),
                  static_cast<unsigned long long>(stats.moves), ms);
    }
  }
  for (std::size_t k = 0; k < specs.size(); ++k) {
    std::printf("%s: another move than %s in %d of %zu positions; evaluated moves %.4g (x%.2f), %.0f ms\n",
                names[k].c_str(), names[0].c_str(), differs[k], starts.size(), total_moves[k],
                total_moves[k] / std::max(1.0, total_moves[0]), total_ms[k]);
  }
  return 0;
}

// sample seed index level every: plays game `index` of a sim run (as replay does) and
// prints every `every`-th position as a "start" line, the input of depths and survive.
int sample(int /*argc*/, char** argv) {
  const std::uint64_t seed = std::strtoull(argv[2], nullptr, 10);
  const std::uint64_t index = std::strtoull(argv[3], nullptr, 10);
  const auto level = parse_level(argv[4]);
  const long long every = std::atoll(argv[5]);
  if (!level || every <= 0) {
    std::fprintf(stderr, "usage: tune_game2048 sample seed index fast|normal|strong every\n");
    return 2;
  }
  const MoveTables tables;
  core::Rng rng(core::mix(seed, index));
  play_out(
      tables, std::nullopt, Game::start(tables, 4, core::Rng(rng.next())), {}, std::nullopt, *level,
      [&](const Game& at, const AiChoice&) {
        if (at.moves() % every == 0) {
          std::printf("start %lld (seed %llu game %llu move %lld) score %lld board %s\n", at.moves() / every,
                      static_cast<unsigned long long>(seed), static_cast<unsigned long long>(index),
                      static_cast<long long>(at.moves()), static_cast<long long>(at.score()),
                      grid_values_line(at.grid()).c_str());
        }
      },
      true);
  return 0;
}

// formations file [from]: see the header.
int formations(int argc, char** argv) {
  std::vector<Snapshot> starts;
  if (!read_positions(argv[2], 1 << 20, starts)) return 1;
  const int from = argc > 3 ? std::atoi(argv[3]) : level_rule(Level::Strong).endgame_from;
  const MoveTables tables;
  for (std::size_t i = 0; i < starts.size(); ++i) {
    std::optional<Board> b = Board{0};
    for (int c = 0; c < 16; ++c) b = with_exponent(*b, c, starts[i].grid.cells[static_cast<std::size_t>(c)]);
    std::printf("position %zu: %s\n", i, grid_values_line(starts[i].grid).c_str());
    const auto f = find_formation(*b, from);
    if (!f) {
      std::printf("  no formation\n");
      continue;
    }
    EndgameSolver solver(tables, max_states_from_env().value_or(EndgameSolver::kDefaultStates));
    const auto t0 = std::chrono::steady_clock::now();
    const auto a = solver.solve(*b, *f);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    std::printf(
        "  fixed %d cells, anchor cell %d, goal %lld:", 16 - count_nibble_bits(f->free_mask & board_bits::kLowBits),
        f->anchor, static_cast<long long>(tile_value(f->goal)));
    if (!a) {
      std::printf(" too large (%.0f ms)\n", ms);
      continue;
    }
    std::printf(" %zu states, %.0f ms,", a->states, ms);
    for (const Move m : kMoves) {
      if (const auto v = a->values[static_cast<std::size_t>(m)])
        std::printf(" %s %.4f", std::string(move_name(m)).c_str(), *v);
    }
    std::printf("\n");
  }
  return 0;
}

// Paired continuations, shared by "lookup" and "network": each of `reps` rounds over the
// start positions continues every position once per variant, with the same spawn seed
// mix(seed, i) for both; `play(i, second, start)` plays one and says whether it made
// 2^stop. From the environment: ONLY=i plays continuation i alone, SIDE=name one variant.
// Prints each variant's tally.
using PlayOne = std::function<bool(std::uint64_t i, bool second, const Game& start)>;
void paired_continuations(const MoveTables& tables, const std::vector<Snapshot>& starts, int reps, unsigned threads,
                          std::uint64_t seed, int stop, const std::array<const char*, 2>& variants,
                          const PlayOne& play) {
  const std::uint64_t per_variant = starts.size() * static_cast<std::size_t>(reps);
  const char* only = std::getenv("ONLY");
  const char* side = std::getenv("SIDE");
  const auto out = core::parallel_map(per_variant * 2, threads, [&](std::uint64_t t) {
    const std::uint64_t i = t / 2;
    const bool second = t % 2 == 1;
    if (only != nullptr && std::strtoull(only, nullptr, 10) != i) return false;
    if (side != nullptr && std::string(side) != variants[second ? 1 : 0]) return false;
    Snapshot s = starts[i % starts.size()];
    s.rng = core::Rng(core::mix(seed, i)).state();
    return play(i, second, *Game::restore(tables, s));
  });
  for (std::size_t v = 0; v < 2; ++v) {
    int won = 0;
    for (std::uint64_t i = 0; i < per_variant; ++i) won += out[i * 2 + v] ? 1 : 0;
    std::printf("%s: %lld in %d of %llu\n", variants[v], static_cast<long long>(tile_value(stop)), won,
                static_cast<unsigned long long>(per_variant));
  }
}

// lookup file reps threads seed level [from]: see the header.
int lookup(int argc, char** argv) {
  if (argc != 7 && argc != 8) {
    std::fprintf(stderr, "usage: tune_game2048 lookup positions-file reps threads seed level [from]\n");
    return 2;
  }
  if (argc == 8) g_endgame_from = std::atoi(argv[7]);
  // STOP=e in the environment: stop at 2^e instead of 32768.
  const int stop = std::getenv("STOP") != nullptr ? std::atoi(std::getenv("STOP")) : 15;
  std::vector<Snapshot> starts;
  if (!read_positions(argv[2], 1 << 20, starts) || starts.empty()) return 1;
  const int reps = std::atoi(argv[3]);
  const auto threads = static_cast<unsigned>(std::atoi(argv[4]));
  const std::uint64_t seed = std::strtoull(argv[5], nullptr, 10);
  const auto level = parse_level(argv[6]);
  if (!level || reps <= 0) {
    std::fprintf(stderr, "usage: tune_game2048 lookup positions-file reps threads seed level\n");
    return 2;
  }
  // WEIGHTS="base empty merges corner mono monopow sum sumpow" in the environment: both
  // variants play with these (under tuned()'s base rule) instead of the level's own.
  std::optional<HeuristicWeights> weights;
  if (const char* text = std::getenv("WEIGHTS"); text != nullptr) {
    HeuristicWeights w = HeuristicWeights::tuned();
    float* fields[] = {&w.base, &w.empty, &w.merges, &w.corner, &w.monotonicity, &w.mono_power, &w.sum, &w.sum_power};
    char* at = const_cast<char*>(text);
    for (float* f : fields) {
      char* end = nullptr;
      *f = std::strtof(at, &end);
      if (end == at) {
        std::fprintf(stderr, "WEIGHTS needs 8 numbers: base empty merges corner mono monopow sum sumpow\n");
        return 2;
      }
      at = end;
    }
    weights = w;
    std::printf("weights %s\n", w.describe().c_str());
  }
  const MoveTables tables;
  const std::array<const char*, 2> variants = {"search", "lookup"};
  paired_continuations(
      tables, starts, reps, threads, seed, stop, variants, [&](std::uint64_t i, bool use, const Game& g0) {
        std::uint64_t looked_up = 0;
        std::pair<std::uint64_t, std::uint64_t> solves{0, 0};
        const auto t0 = std::chrono::steady_clock::now();
        const bool trace = std::getenv("TRACE") != nullptr;
        const Game g = play_out(
            tables, weights, g0, reaches(stop), std::nullopt, *level,
            [&](const Game& at, const AiChoice& c) {
              looked_up += c.endgame ? 1 : 0;
              if (trace) {
                std::printf("  %llu %s move %lld %s -> %s %s\n", static_cast<unsigned long long>(i),
                            variants[use ? 1 : 0], static_cast<long long>(at.moves()),
                            grid_values_line(at.grid()).c_str(), std::string(move_name(*c.best)).c_str(),
                            c.endgame ? fmt::format("lookup {:.4f}", c.endgame->probability).c_str() : "search");
              }
            },
            use, &solves);
        const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        std::printf(
            "result %llu pos %llu %s top %d score %lld moves %lld looked-up %llu solves %llu overflows %llu secs "
            "%.1f\n",
            static_cast<unsigned long long>(i), static_cast<unsigned long long>(i % starts.size()),
            variants[use ? 1 : 0], g.max_exponent(), static_cast<long long>(g.score()),
            static_cast<long long>(g.moves() - g0.moves()), static_cast<unsigned long long>(looked_up),
            static_cast<unsigned long long>(solves.first), static_cast<unsigned long long>(solves.second), secs);
        std::fflush(stdout);
        return g.max_exponent() >= stop;
      });
  return 0;
}

// network file reps threads seed level net-file depth: see the header.
int network(int argc, char** argv) {
  if (argc != 9) {
    std::fprintf(stderr, "usage: tune_game2048 network positions-file reps threads seed level net-file depth\n");
    return 2;
  }
  const int stop = std::getenv("STOP") != nullptr ? std::atoi(std::getenv("STOP")) : 15;
  std::vector<Snapshot> starts;
  if (!read_positions(argv[2], 1 << 20, starts) || starts.empty()) return 1;
  const int reps = std::atoi(argv[3]);
  const auto threads = static_cast<unsigned>(std::atoi(argv[4]));
  const std::uint64_t seed = std::strtoull(argv[5], nullptr, 10);
  const auto level = parse_level(argv[6]);
  auto net = NTupleNetwork::load(argv[7]);
  if (!net) {
    std::fprintf(stderr, "%s\n", net.error().message.c_str());
    return 1;
  }
  const auto shared = std::make_shared<const NTupleNetwork>(std::move(*net));
  const int depth = std::atoi(argv[8]);
  if (!level || reps <= 0) return 2;
  const MoveTables tables;
  const std::array<const char*, 2> variants = {"heuristic", "network"};
  paired_continuations(tables, starts, reps, threads, seed, stop, variants, [&](std::uint64_t i, bool use, Game g) {
    const std::int64_t moves0 = g.moves();
    AiSettings a;
    a.level = *level;
    if (use) {
      a.network = shared;
      a.depth = depth;
    }
    Ai ai(tables, a);
    SearchStats stats;
    const auto t0 = std::chrono::steady_clock::now();
    while (!g.over() && g.max_exponent() < stop) {
      if (g.status() == Status::Won) g.keep_going();
      const auto b = g.bitboard();
      if (!b) break;
      const AiChoice c = ai.choose(*b);
      if (!c.best) break;
      stats.add(c.stats);
      g.play(*c.best);
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("result %llu pos %llu %s top %d score %lld moves %lld evaluated %llu secs %.1f\n",
                static_cast<unsigned long long>(i), static_cast<unsigned long long>(i % starts.size()),
                variants[use ? 1 : 0], g.max_exponent(), static_cast<long long>(g.score()),
                static_cast<long long>(g.moves() - moves0), static_cast<unsigned long long>(stats.moves), secs);
    std::fflush(stdout);
    return g.max_exponent() >= stop;
  });
  return 0;
}

// late-positions count seed: see the header.
int late_positions(char** argv) {
  const int count = std::atoi(argv[2]);
  const std::uint64_t seed = std::strtoull(argv[3], nullptr, 10);
  const MoveTables tables;
  const auto made = core::parallel_map(static_cast<std::uint64_t>(count), 2, [&](std::uint64_t i) {
    return play_out(tables, HeuristicWeights::tuned(), Game::start(tables, 4, core::Rng(core::mix(seed, i))),
                    reaches(13));
  });
  for (std::size_t i = 0; i < made.size(); ++i) {
    if (made[i].over() || made[i].max_exponent() < 13) continue;
    std::printf("start %zu (seed %llu game %zu move %lld) score %lld board %s\n", i,
                static_cast<unsigned long long>(seed), i, static_cast<long long>(made[i].moves()),
                static_cast<long long>(made[i].score()), grid_values_line(made[i].grid()).c_str());
  }
  return 0;
}

// games count threads seed level: see the header.
int games(char** argv) {
  const auto count = std::strtoull(argv[2], nullptr, 10);
  const auto threads = static_cast<unsigned>(std::atoi(argv[3]));
  const std::uint64_t seed = std::strtoull(argv[4], nullptr, 10);
  const auto level = parse_level(argv[5]);
  if (!level || count == 0 || threads == 0) {
    std::fprintf(stderr, "usage: tune_game2048 games count threads seed fast|normal|strong\n");
    return 2;
  }
  const MoveTables tables;
  const auto results = core::parallel_map(count, threads, [&](std::uint64_t i) {
    core::Rng rng(core::mix(seed, i));
    const auto t0 = std::chrono::steady_clock::now();
    const Game g = play_out(tables, std::nullopt, Game::start(tables, 4, core::Rng(rng.next())), {}, std::nullopt,
                            *level, {}, true);
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("game %llu top %d score %lld moves %lld secs %.1f board %s\n", static_cast<unsigned long long>(i),
                g.max_exponent(), static_cast<long long>(g.score()), static_cast<long long>(g.moves()), secs,
                grid_values_line(g.grid()).c_str());
    std::fflush(stdout);
    return std::pair<std::int64_t, int>{g.score(), g.max_exponent()};
  });
  const Figure f = figure_of(results, 11);  // 2048 .. 32768
  std::printf("%llu games, mean score %.0f;", static_cast<unsigned long long>(count), f.mean_score);
  for (int k = 0; k < 5; ++k) {
    std::printf(" %lld: %.0f", static_cast<long long>(tile_value(11 + k)), f.reach[k] * static_cast<double>(count));
  }
  std::printf("\n");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 6 && std::string(argv[1]) == "games") return games(argv);
  if (argc == 4 && std::string(argv[1]) == "late-positions") return late_positions(argv);
  if (argc >= 3 && std::string(argv[1]) == "formations") return formations(argc, argv);
  if (argc >= 2 && std::string(argv[1]) == "lookup") return lookup(argc, argv);
  if (argc >= 2 && std::string(argv[1]) == "network") return network(argc, argv);
  if (argc >= 4 && std::string(argv[1]) == "depths") return depths(argc, argv);
  if (argc == 6 && std::string(argv[1]) == "sample") return sample(argc, argv);
  if (argc >= 6 && std::string(argv[1]) == "survive") return survive(argc, argv);
  if ((argc == 5 || argc == 6) && std::string(argv[1]) == "replay") return replay(argc, argv);
  if ((argc == 7 || argc == 8) && std::string(argv[1]) == "endgame") return endgame(argc, argv);
  if ((argc == 14 || argc == 15) && std::string(argv[1]) == "eval") {
    const MoveTables tables;
    HeuristicWeights w;
    if (argc == 15 && std::string(argv[14]) == "added") w.base_rule = BaseRule::Added;
    float* fields[] = {&w.base, &w.empty, &w.merges, &w.corner, &w.monotonicity, &w.mono_power, &w.sum, &w.sum_power};
    for (int k = 0; k < 8; ++k) *fields[k] = std::strtof(argv[6 + k], nullptr);
    print("eval", w,
          evaluate(tables, w, std::atoi(argv[2]), std::atoi(argv[3]), static_cast<unsigned>(std::atoi(argv[4])),
                   std::strtoull(argv[5], nullptr, 10)));
    return 0;
  }
  const bool late = argc > 1 && std::string(argv[1]) == "late";
  std::vector<Snapshot> starts;
  int reps = 2;
  if (late) {
    g_first_tile = 8192;
    const int npos = argc > 2 ? std::atoi(argv[2]) : 24;
    reps = argc > 3 ? std::atoi(argv[3]) : 2;
    const MoveTables tables;
    const std::uint64_t pseed = 8192;
    const auto made = core::parallel_map(static_cast<std::uint64_t>(npos * 2), 2, [&](std::uint64_t i) {
      const Game g = play_out(tables, HeuristicWeights::tuned(), Game::start(tables, 4, core::Rng(core::mix(pseed, i))),
                              reaches(13));
      return std::pair<bool, Snapshot>{g.max_exponent() >= 13 && !g.over(), g.snapshot()};
    });
    for (const auto& [ok, snap] : made) {
      if (ok && static_cast<int>(starts.size()) < npos) starts.push_back(snap);
    }
    std::printf("late: %zu start positions (8192 just made), %d continuations each\n", starts.size(), reps);
  }
  const int games = late ? 0 : argc > 1 ? std::atoi(argv[1]) : 200;
  const int depth = late ? 0 : argc > 2 ? std::atoi(argv[2]) : 2;
  const int rounds = argc > 4 ? std::atoi(argv[4]) : argc > 3 && !late ? std::atoi(argv[3]) : 4;
  const unsigned threads =
      static_cast<unsigned>(late ? (argc > 5 ? std::atoi(argv[5]) : 2) : (argc > 4 ? std::atoi(argv[4]) : 2));
  const std::uint64_t seed = late ? (argc > 6 ? std::strtoull(argv[6], nullptr, 10) : 1)
                                  : (argc > 5 ? std::strtoull(argv[5], nullptr, 10) : 1);
  const MoveTables tables;
  // Start from the weights the player would use at this depth (the levels' in late mode).
  HeuristicWeights best = late ? HeuristicWeights::tuned() : HeuristicWeights::for_depth(depth);
  if (late && argc == 15) {
    float* fields[] = {&best.base,         &best.empty,      &best.merges, &best.corner,
                       &best.monotonicity, &best.mono_power, &best.sum,    &best.sum_power};
    for (int k = 0; k < 8; ++k) *fields[k] = std::strtof(argv[7 + k], nullptr);
  }
  const auto measure = [&](const HeuristicWeights& w) {
    return late ? evaluate_late(tables, w, starts, reps, threads, seed)
                : evaluate(tables, w, games, depth, threads, seed);
  };
  // Late mode compares the share reaching 16384 first, then the mean score.
  const auto better = [&](const Figure& a, const Figure& b) {
    if (late && a.reach[1] != b.reach[1]) return a.reach[1] > b.reach[1];
    return a.mean_score > b.mean_score;
  };
  Figure best_f = measure(best);
  print("start", best, best_f);

  struct Param {
    const char* name;
    float HeuristicWeights::*field;
    float add;                                  // used when the weight is zero
    float HeuristicWeights::*scaled = nullptr;  // for a power: its weight, rescaled
  };
  const std::vector<Param> params = {
      {"empty", &HeuristicWeights::empty, 50},
      {"merges", &HeuristicWeights::merges, 50},
      {"mono", &HeuristicWeights::monotonicity, 5},
      {"monopow", &HeuristicWeights::mono_power, 0.5f, &HeuristicWeights::monotonicity},
      {"sum", &HeuristicWeights::sum, 1},
      {"sumpow", &HeuristicWeights::sum_power, 0.5f, &HeuristicWeights::sum},
      {"corner", &HeuristicWeights::corner, 50},
      {"base", &HeuristicWeights::base, 10000},
  };
  double step = 0.4;
  for (int round = 0; round < rounds; ++round) {
    bool improved = false;
    for (const Param& p : params) {
      for (const int sign : {+1, -1}) {
        HeuristicWeights cand = best;
        float& v = cand.*(p.field);
        if (v == 0.0f) {
          if (sign < 0) continue;
          v = p.add;
        } else if (p.scaled != nullptr) {
          // A power moves by step/4 of itself, and its weight is rescaled so that the
          // term is unchanged for a 1024 (rank 10): otherwise a power change alone is
          // a jump of orders of magnitude in the term.
          const float old_power = v;
          v = static_cast<float>(v * (1.0 + sign * step / 4));
          cand.*(p.scaled) = static_cast<float>(cand.*(p.scaled) * std::pow(10.0, old_power - v));
        } else {
          v = static_cast<float>(v * (1.0 + sign * step));
        }
        const Figure f = measure(cand);
        char label[32];
        std::snprintf(label, sizeof label, "%s%c", p.name, sign > 0 ? '+' : '-');
        print(label, cand, f);
        if (better(f, best_f)) {
          best = cand;
          best_f = f;
          improved = true;
          print("KEEP", best, best_f);
          break;
        }
      }
    }
    if (!improved) step /= 2;
    std::printf("round %d done, step %.3f\n", round + 1, step);
  }
  print("best", best, best_f);
  return 0;
}
