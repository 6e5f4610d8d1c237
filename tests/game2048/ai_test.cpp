// The expectimax player: strength at depth 2 (the gate), determinism for any
// thread count, the heuristic table, and simple positions with one right answer.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <chrono>
#include <cmath>
#include <limits>
#include <vector>

#include "game2048/board_text.h"
#include "game2048/players.h"
#include "game2048/search.h"
#include "test_support.h"

namespace puzzlelab::game2048 {
namespace {

using fixtures::board;
using fixtures::tables;

// 10 seeded games at depth 2 (two spawn layers, nneonneo's depth counting; see
// game2048/search.h), each stopped at the first 2048: at least 9 get there. Seeds
// mix(2048, i), i = 0..9; the same games as
//   puzzlelab 2048 sim --player expectimax --depth 2 --games 10 --seed 2048 --stop-at 2048
TEST(AiStrength, DepthTwoReaches2048InNineOfTenGames) {
  int reached = 0;
  for (std::uint64_t i = 0; i < 10; ++i) {
    core::Rng rng(core::mix(2048, i));
    const Game start = Game::start(tables(), 4, core::Rng(rng.next()));
    AiSettings s;
    s.depth = 2;
    Ai ai(tables(), s);
    const PlayedGame pg = play_to_end(
        start,
        [&ai](const Game& g) -> std::optional<Game::Preview> {
          const AiChoice c = ai.choose(*g.bitboard());
          if (!c.best) return std::nullopt;
          return g.preview(*c.best);
        },
        kWinExponent);
    reached += pg.max_exponent >= kWinExponent ? 1 : 0;
  }
  EXPECT_GE(reached, 9);
}

// A plain expectimax straight from the definition (grid moves, no table, no
// transposes, no cut-off): the search must give the same values. Boards at different
// depths of one search differ in tile sum, so the table never mixes depths here.
// With a finite `margin` it prunes as SearchParams::prune_margin does: at a max node
// whose children are searched further (not the root's), a move whose board is worth
// more than `margin` less by the heuristic as it stands than its best sibling's is
// skipped, unless the best value of the moves kept is below what it looks worth; the
// skipped moves are checked in the search's order (left, right, up, down).
constexpr double kNoPruning = std::numeric_limits<double>::infinity();
double reference_chance(const Heuristic& h, const Grid& g, int depth, double margin = kNoPruning);
double reference_max(const Heuristic& h, const Grid& g, int depth, double margin) {
  std::vector<std::pair<Grid, double>> children;
  double top = -1e300;
  for (const Move m : {Move::Left, Move::Right, Move::Up, Move::Down}) {
    Grid next = g;
    if (!move_grid(next, m).moved) continue;
    const double now = h.evaluate(*board_from_grid(next));
    children.emplace_back(next, now);
    top = std::max(top, now);
  }
  const bool prunes = depth - 1 > 0;
  double best = 0;
  for (const auto& [next, now] : children) {
    if (!prunes || now >= top - margin) best = std::max(best, reference_chance(h, next, depth - 1, margin));
  }
  for (const auto& [next, now] : children) {
    if (prunes && now < top - margin && now > best) best = std::max(best, reference_chance(h, next, depth - 1, margin));
  }
  return best;
}
double reference_chance(const Heuristic& h, const Grid& g, int depth, double margin) {
  if (depth == 0) return h.evaluate(*board_from_grid(g));
  double sum = 0;
  int n = 0;
  for (int i = 0; i < 16; ++i) {
    if (g.cells[static_cast<std::size_t>(i)] != 0) continue;
    ++n;
    for (const auto& [e, p] : {std::pair{1, 0.9}, std::pair{2, 0.1}}) {
      Grid child = g;
      child.cells[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(e);
      sum += p * reference_max(h, child, depth, margin);
    }
  }
  return sum / n;
}

TEST(Ai, ValuesEqualAPlainExpectimax) {
  const Heuristic h;
  core::Rng rng(77);
  for (int k = 0; k < 12; ++k) {
    // Positions from a random game, 8 to 40 moves in.
    Game g = Game::start(tables(), 4, core::Rng(rng.next()));
    const int moves = 8 + static_cast<int>(rng.below(33));
    while (g.moves() < moves && !g.over()) g.play(*random_move(g, rng));
    const Board b = *g.bitboard();
    for (const int depth : {0, 1, 2}) {
      if (depth == 2 && count_empty(b) > 9) continue;  // keep the reference quick
      Searcher searcher(tables(), h, 16);
      for (const Move m : kMoves) {
        SearchStats stats;
        const auto v = searcher.value_of_move(b, m, SearchParams{depth, 0.0f}, stats);
        Grid next = grid_from_board(b);
        const bool legal = move_grid(next, m).moved;
        ASSERT_EQ(v.has_value(), legal);
        if (!legal) continue;
        const double want = reference_chance(h, next, depth);
        EXPECT_NEAR(*v, want, 1e-5 * want) << "depth " << depth << " move " << move_name(m);
      }
    }
  }
}

TEST(Ai, PrunedValuesEqualAPlainExpectimaxThatSkipsHopelessMoves) {
  // Late boards, where the big tiles make some moves far worse than others.
  const Heuristic h(HeuristicWeights::tuned());
  std::uint64_t pruned_moves = 0;
  std::uint64_t plain_moves = 0;
  std::uint64_t rescued = 0;
  // The last two are crowded: there the moves kept sometimes lose and a pruned one is
  // searched after all.
  for (const char* text : {"1024 512 256 4 / 2048 64 8 2 / 4096 16 2 0 / 8192 0 0 0",
                           "8192 4096 2 0 / 16 1024 8 0 / 2 4 0 0 / 0 0 0 0",
                           "2 4 16 2 / 0 8 64 256 / 0 2 512 2048 / 0 0 4 16384",
                           "8 64 2 2 / 64 16 8 64 / 0 2 4 16 / 16384 8192 2048 1024",
                           "32 2 16 16 / 8 0 4 16 / 4 2 4 8 / 16384 8192 2048 1024"}) {
    const Board b = board(text);
    for (const auto& [depth, margin] : {std::pair{1, 300000.0f}, std::pair{2, 300000.0f}, std::pair{2, 100000.0f},
                                        std::pair{2, 30000.0f}, std::pair{2, 10000.0f}}) {
      Searcher pruned(tables(), h, 16);
      Searcher plain(tables(), h, 16);
      for (const Move m : kMoves) {
        SearchStats ps;
        SearchStats qs;
        const auto v = pruned.value_of_move(b, m, SearchParams{depth, 0.0f, margin}, ps);
        const auto w = plain.value_of_move(b, m, SearchParams{depth, 0.0f}, qs);
        pruned_moves += ps.moves;
        plain_moves += qs.moves;
        rescued += ps.rescued;
        Grid next = grid_from_board(b);
        const bool legal = move_grid(next, m).moved;
        ASSERT_EQ(v.has_value(), legal);
        if (!legal) continue;
        const double want = reference_chance(h, next, depth, margin);
        EXPECT_NEAR(*v, want, 1e-5 * std::abs(want))
            << text << " depth " << depth << " margin " << margin << " " << move_name(m);
        // Depth 1: the max nodes' children are leaves, nothing is pruned.
        if (depth == 1) {
          EXPECT_EQ(*v, *w) << text << " " << move_name(m);
        }
      }
    }
  }
  // The pruning did skip moves here, and did search some pruned ones after all (the
  // test would pass vacuously otherwise).
  EXPECT_LT(pruned_moves, plain_moves);
  EXPECT_GT(rescued, 0u);
}

TEST(Ai, PruningKeepsTheChoiceForAFractionOfTheSearch) {
  // Two of the 16 endgame positions (docs/results/2048-experiments.md), searched as strong
  // searched them before pruning (11 deep, cut-off 1e-4): the pruned search chooses
  // the same move with under a third of the evaluated moves.
  const Heuristic h(HeuristicWeights::tuned());
  for (const char* text : {"8 128 8192 16384 / 8 64 1024 2048 / 8 32 256 512 / 0 4 2 2",
                           "16384 8192 512 4 / 2048 1024 256 2 / 128 64 32 0 / 8 8 8 2"}) {
    const Board b = board(text);
    std::array<std::pair<std::optional<Move>, std::uint64_t>, 2> result{};
    for (const int k : {0, 1}) {
      Searcher s(tables(), h, 20);
      SearchStats stats;
      float best = 0;
      for (const Move m : kMoves) {
        const auto v = s.value_of_move(b, m, SearchParams{11, 1e-4f, k == 0 ? 0.0f : 500000.0f}, stats);
        if (v && (!result[static_cast<std::size_t>(k)].first || *v > best)) {
          result[static_cast<std::size_t>(k)].first = m;
          best = *v;
        }
      }
      result[static_cast<std::size_t>(k)].second = stats.moves;
    }
    ASSERT_TRUE(result[0].first.has_value());
    EXPECT_EQ(result[0].first, result[1].first) << text;
    EXPECT_LT(result[1].second * 3, result[0].second) << text;
  }
  // AiSettings::prune_margin overrides the level's margin (0: none).
  const Board late = board("16384 8192 512 4 / 2048 1024 256 2 / 128 64 32 0 / 8 8 8 2");
  AiSettings plain;
  plain.level = Level::Normal;
  plain.endgame = false;
  AiSettings pruned = plain;
  pruned.prune_margin = 500000.0f;
  const AiChoice a = Ai(tables(), plain).choose(late);
  const AiChoice c = Ai(tables(), pruned).choose(late);
  EXPECT_EQ(a.best, c.best);
  EXPECT_LT(c.stats.moves * 2, a.stats.moves);
  EXPECT_GT(c.stats.pruned, 0u);
  EXPECT_EQ(a.stats.pruned, 0u);
  // Only strong prunes, at normal's cut-off.
  EXPECT_EQ(level_rule(Level::Strong).prune_margin, 500000.0f);
  EXPECT_EQ(level_rule(Level::Strong).prob_cutoff, level_rule(Level::Normal).prob_cutoff);
  EXPECT_EQ(level_rule(Level::Normal).prune_margin, 0.0f);
  EXPECT_EQ(level_rule(Level::Fast).prune_margin, 0.0f);
}

TEST(Ai, SameResultForAnyThreadCount) {
  const Board b = board("2 4 8 16 / 0 4 32 64 / 0 0 2 128 / 0 0 0 512");
  for (const Level level : {Level::Fast, Level::Normal}) {
    AiSettings s;
    s.level = level;
    s.threads = 1;
    Ai one(tables(), s);
    s.threads = 2;
    Ai two(tables(), s);
    s.threads = 4;
    Ai four(tables(), s);
    const AiChoice a = one.choose(b);
    const AiChoice c = two.choose(b);
    const AiChoice d = four.choose(b);
    EXPECT_EQ(a.best, c.best);
    EXPECT_EQ(a.best, d.best);
    EXPECT_EQ(a.values, c.values);
    EXPECT_EQ(a.values, d.values);
    EXPECT_EQ(a.stats.moves, c.stats.moves);
    EXPECT_EQ(a.stats.moves, d.stats.moves);
    EXPECT_EQ(a.depth, c.depth);
    // The move played is the one the search values highest.
    ASSERT_TRUE(a.best.has_value());
    for (const auto& v : a.values) {
      if (v) {
        EXPECT_LE(*v, *a.values[static_cast<std::size_t>(*a.best)]);
      }
    }
    // And again on the same player: earlier searches do not change later ones.
    const AiChoice again = two.choose(b);
    EXPECT_EQ(again.values, a.values);
    EXPECT_EQ(again.stats.moves, a.stats.moves);
  }
}

TEST(Ai, OnlyLegalMovesGetValues) {
  // Everything is packed up-left with no pairs: only right and down change the board.
  const Board b = board("2 4 2 4 / 4 2 4 2 / 2 4 2 0 / 4 2 0 0");
  AiSettings s;
  s.depth = 2;
  Ai ai(tables(), s);
  const AiChoice c = ai.choose(b);
  EXPECT_FALSE(c.values[static_cast<std::size_t>(Move::Up)].has_value());
  EXPECT_FALSE(c.values[static_cast<std::size_t>(Move::Left)].has_value());
  EXPECT_TRUE(c.values[static_cast<std::size_t>(Move::Right)].has_value());
  EXPECT_TRUE(c.values[static_cast<std::size_t>(Move::Down)].has_value());
  ASSERT_TRUE(c.best.has_value());
  EXPECT_TRUE(*c.best == Move::Right || *c.best == Move::Down);
  // A lost board: no move at all.
  EXPECT_FALSE(ai.choose(board("2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 2")).best.has_value());
}

TEST(Ai, AvoidsTheMoveThatLoses) {
  // Left merges the 2s and keeps the board open; up/down leave it full with no pair
  // after most spawns. The search must see the difference.
  const Board b = board("2 2 4 8 / 16 32 64 128 / 256 512 1024 2048 / 4 8 16 32");
  for (int depth = 0; depth <= 2; ++depth) {
    AiSettings s;
    s.depth = depth;
    Ai ai(tables(), s);
    const AiChoice c = ai.choose(b);
    ASSERT_TRUE(c.best.has_value());
    EXPECT_TRUE(*c.best == Move::Left || *c.best == Move::Right) << depth;
  }
}

TEST(Ai, DepthFollowsTheBoard) {
  const LevelRule normal = level_rule(Level::Normal);
  const Board early = board("2 0 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 2");
  const Board late = board("2 4 8 16 / 32 64 128 256 / 512 1024 2048 4096 / 0 0 0 8192");
  EXPECT_EQ(depth_for(early, normal), normal.min_depth);
  EXPECT_GT(depth_for(late, normal), depth_for(early, normal));
  EXPECT_LE(depth_for(late, normal), normal.max_depth);
  // strong is max(3, distinct - 1), one deeper than the public program's rule, with no
  // cap below what a board can hold: the whole chain 2 … 16384 (14 distinct tiles) is
  // searched 13 deep, 2 … 32768 14 deep.
  const LevelRule strong = level_rule(Level::Strong);
  const Board chain = board("16384 8192 4096 2048 / 128 256 512 1024 / 64 32 16 8 / 4 2 0 0");
  EXPECT_EQ(depth_for(chain, strong), 13);
  EXPECT_EQ(depth_for(early, strong), 3);
  EXPECT_EQ(depth_for(board("2 4 8 16 / 32 64 128 256 / 512 1024 2048 4096 / 0 0 0 0"), strong), 11);
  EXPECT_EQ(depth_for(board("2 4 8 16 / 32 64 128 256 / 512 1024 2048 4096 / 8192 16384 32768 0"), strong), 14);
  EXPECT_EQ(parse_level("strong"), Level::Strong);
  EXPECT_FALSE(parse_level("hard").has_value());
}

TEST(Ai, StrongAcceptsNoRiskOfLosingBefore8192) {
  // Until the top tile is 8192, strong values boards under WorstRow (a living board is
  // worth about 23 M, a lost game 0); from 8192 on, under Added (about 1-1.6 M). The
  // other levels, a fixed depth and weights given by the caller keep the weights' rule.
  EXPECT_EQ(level_rule(Level::Strong).careful_below_exponent, 13);
  EXPECT_EQ(level_rule(Level::Normal).careful_below_exponent, 0);
  const Board before = board("4096 2 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 2");
  const Board from = board("8192 2 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 2");
  const auto best_value = [](const AiSettings& s, Board b) {
    Ai ai(tables(), s);
    const AiChoice c = ai.choose(b);
    EXPECT_TRUE(c.best.has_value());
    return c.best ? *c.values[static_cast<std::size_t>(*c.best)] : 0.0f;
  };
  AiSettings strong;
  strong.level = Level::Strong;
  EXPECT_GT(best_value(strong, before), 1e7f);
  EXPECT_LT(best_value(strong, from), 3e6f);
  AiSettings normal;
  normal.level = Level::Normal;
  EXPECT_LT(best_value(normal, before), 3e6f);
  AiSettings fixed = strong;
  fixed.depth = 3;
  EXPECT_LT(best_value(fixed, before), 3e6f);
  AiSettings given = strong;
  given.weights = HeuristicWeights::tuned();
  EXPECT_LT(best_value(given, before), 3e6f);
}

TEST(Ai, EndgameStatesBoundTheLookupsRoom) {
  // The last step to 32768: the chain 16384 ... 256 in the top rows, the 256's twin to
  // build where the 128 is. From here the region has 815,847 positions: too many for a
  // room of 10,000 (a chain's: 80,000; the solve is given up), within the default.
  const Board b = board("16384 8192 4096 2048 / 128 256 512 1024 / 64 32 16 8 / 2 4 0 0");
  AiSettings s;
  s.level = Level::Fast;
  s.endgame_states = 10000;
  Ai small(tables(), s);
  small.choose(b);
  EXPECT_EQ(small.endgame_solver()->solves(), 1u);
  EXPECT_EQ(small.endgame_solver()->overflows(), 1u);
  s.endgame_states.reset();
  Ai roomy(tables(), s);
  roomy.choose(b);
  EXPECT_EQ(roomy.endgame_solver()->solves(), 1u);
  EXPECT_EQ(roomy.endgame_solver()->overflows(), 0u);
}

TEST(Ai, LateCutoffSearchesDeeperFromTheEndgameTileOnly) {
  // A finer cut-off from the endgame threshold (2^14 here) on: more evaluated moves on a
  // board holding 16384, the very same search on one whose top tile is 8192.
  const Board late = board("16384 8192 4096 2 / 2048 1024 128 4 / 256 64 8 0 / 2 4 0 2");
  const Board before = board("8192 4096 2048 2 / 1024 512 128 4 / 256 64 8 0 / 2 4 0 2");
  AiSettings plain;
  plain.level = Level::Fast;
  plain.endgame = false;
  AiSettings finer = plain;
  finer.late_cutoff = 1e-4f;
  const auto stats = [](const AiSettings& s, Board b) { return Ai(tables(), s).choose(b); };
  EXPECT_GT(stats(finer, late).stats.moves, stats(plain, late).stats.moves * 5 / 4);
  EXPECT_EQ(stats(finer, before).stats.moves, stats(plain, before).stats.moves);
  EXPECT_EQ(stats(finer, before).values, stats(plain, before).values);
  // The threshold follows endgame_from.
  AiSettings from8192 = finer;
  from8192.endgame_from = 13;
  EXPECT_GT(stats(from8192, before).stats.moves, stats(plain, before).stats.moves * 5 / 4);
  // No level plays one now: at strong, 5e-5 unpruned and 2.5e-6 pruned from 16384 on
  // both cost far more time and converted 16384 into 32768 no more often in whole games.
  EXPECT_EQ(level_rule(Level::Fast).late_prob_cutoff, 0.0f);
  EXPECT_EQ(level_rule(Level::Normal).late_prob_cutoff, 0.0f);
  EXPECT_EQ(level_rule(Level::Strong).late_prob_cutoff, 0.0f);
  EXPECT_GT(level_rule(Level::Strong).prune_margin, 0.0f);
  EXPECT_EQ(level_rule(Level::Strong).endgame_from, 14);
}

TEST(Heuristic, ShallowSearchesUseTheShallowWeights) {
  EXPECT_NE(HeuristicWeights::tuned(), HeuristicWeights::shallow());
  EXPECT_EQ(HeuristicWeights::for_depth(2), HeuristicWeights::shallow());
  EXPECT_EQ(HeuristicWeights::for_depth(0), HeuristicWeights::shallow());
  EXPECT_EQ(HeuristicWeights::for_depth(3), HeuristicWeights::tuned());
  EXPECT_EQ(HeuristicWeights::for_depth(std::nullopt), HeuristicWeights::tuned());
  // The player builds its table from the weights its settings imply.
  const MoveTables tables;
  const Board b = board("2 4 8 16 / 0 2 0 0 / 0 0 0 0 / 0 0 4 2");
  AiSettings shallow;
  shallow.depth = 2;
  AiSettings explicit_shallow = shallow;
  explicit_shallow.weights = HeuristicWeights::shallow();
  AiSettings explicit_tuned = shallow;
  explicit_tuned.weights = HeuristicWeights::tuned();
  const AiChoice a = Ai(tables, shallow).choose(b);
  const AiChoice e = Ai(tables, explicit_shallow).choose(b);
  const AiChoice t = Ai(tables, explicit_tuned).choose(b);
  EXPECT_EQ(a.values, e.values);
  EXPECT_NE(a.values, t.values);
}

TEST(Heuristic, TableMatchesTheFormulaAndIsMirrorSymmetric) {
  HeuristicWeights added = HeuristicWeights::tuned();
  added.base_rule = BaseRule::Added;
  for (const HeuristicWeights& w : {HeuristicWeights::tuned(), HeuristicWeights::shallow(), added}) {
    const Heuristic h(w);
    SCOPED_TRACE(w.describe());
    float worst = h.row(0);
    for (std::uint32_t r = 0; r < 65536; ++r) worst = std::min(worst, h.row(static_cast<Row>(r)));
    if (w.base_rule == BaseRule::WorstRow) {
      EXPECT_FLOAT_EQ(worst, w.base);  // every board is worth more than a lost one (0)
      EXPECT_GT(h.evaluate(0xFEDCBA9876543210ULL), 0.0f);
    } else {
      EXPECT_FLOAT_EQ(h.shift(), w.base);
      EXPECT_LT(worst, 0.0f);  // some rows are worse than a lost game
    }
    for (std::uint32_t r = 0; r < 65536; r += 7) {
      const auto row = static_cast<Row>(r);
      ASSERT_EQ(h.row(row), Heuristic::score_row(w, row) + h.shift());
      ASSERT_FLOAT_EQ(h.row(row), h.row(reverse_row(row))) << r;
    }
    // A monotone row beats the same tiles out of order; an empty board beats a lost game.
    EXPECT_GT(h.row(0x4321), h.row(0x3421));
    EXPECT_GT(h.evaluate(0), 0.0f);
  }
}

TEST(Heuristic, WithTheAddedBaseTheLevelsScoreBoardsLikeThePublicProgram) {
  // The deep levels' weights are nneonneo/2048-ai's constants; with that program's rule
  // for the lost-game penalty (added to every row) the values are its own. Expected
  // values computed apart from this code, with that program's row formula (it counts a
  // pair as 2 merges of 700, we as 1 of 1400; the boards hold no three equal tiles in a
  // line, where the two differ).
  HeuristicWeights w = HeuristicWeights::tuned();
  EXPECT_EQ(w.base_rule, BaseRule::Added);  // the levels' rule (docs/game2048.md, "The endgame")
  EXPECT_EQ(HeuristicWeights::shallow().base_rule, BaseRule::WorstRow);
  const Heuristic h(w);
  EXPECT_NEAR(h.evaluate(board("4 4 8 16 / 2 0 2 32 / 0 0 0 64 / 0 0 2 128")), 1565183.357, 1.0);
  EXPECT_NEAR(h.evaluate(board("16384 8192 4096 2048 / 64 128 256 1024 / 32 16 8 4 / 2 4 2 0")), 827309.063, 1.0);
}

TEST(CornerHeuristic, ScoresLinesByTheFormula) {
  // ts(r) = r·2^r; a line read from its first cell: ts(l0) + per neighbour pair
  // (a >= b ? a + b : 12·(a − b)) + (a == b ? a : 0). Worked by hand:
  // 16384 8192 1024 _: 229376 + (229376 + 106496) + (106496 + 10240) + (10240 + 0).
  EXPECT_FLOAT_EQ(CornerHeuristic::score_line(0x0ADE), 692224.0f);
  // 2 4 _ _: 2 + 12·(2 − 8) + (8 + 0) + 0; 8 8 _ _: 24 + (24 + 24 + 24) + (24 + 0) + 0.
  EXPECT_FLOAT_EQ(CornerHeuristic::score_line(0x0021), -62.0f);
  EXPECT_FLOAT_EQ(CornerHeuristic::score_line(0x0033), 120.0f);
  EXPECT_FLOAT_EQ(CornerHeuristic::score_line(0), 0.0f);
}

TEST(CornerHeuristic, EachCornerIsOneOfTheFourMirrorImages) {
  // The perimeter-defence block in one corner: each of the four tables scores the board
  // mirrored into its corner as the first table scores the original, and the block
  // beats the same tiles out of order.
  const Board pdf = board("16384 8192 1024 0 / 4096 2048 512 0 / 256 128 0 0 / 0 0 0 0");
  const Board scrambled = board("16384 1024 8192 0 / 4096 512 2048 0 / 128 256 0 0 / 0 0 0 0");
  const auto mirror_rows = [](Board b) {  // every row read the other way
    Board out = 0;
    for (int r = 0; r < 4; ++r) out |= static_cast<Board>(reverse_row(row_of(b, r))) << (16 * r);
    return out;
  };
  const auto mirror_columns = [&](Board b) { return transpose(mirror_rows(transpose(b))); };
  const float shift = 1000.0f;
  const CornerHeuristic first(false, false, shift);
  const float value = first.evaluate(pdf);
  EXPECT_FLOAT_EQ(value, 8 * shift + CornerHeuristic::score_line(0x0ADE) + CornerHeuristic::score_line(0x09BC) +
                             CornerHeuristic::score_line(0x0078) + CornerHeuristic::score_line(0x08CE) +
                             CornerHeuristic::score_line(0x07BD) + CornerHeuristic::score_line(0x009A));
  EXPECT_FLOAT_EQ(CornerHeuristic(true, false, shift).evaluate(mirror_rows(pdf)), value);
  EXPECT_FLOAT_EQ(CornerHeuristic(false, true, shift).evaluate(mirror_columns(pdf)), value);
  EXPECT_FLOAT_EQ(CornerHeuristic(true, true, shift).evaluate(mirror_columns(mirror_rows(pdf))), value);
  EXPECT_FLOAT_EQ(first.evaluate(transpose(pdf)), value);
  EXPECT_GT(value, first.evaluate(scrambled) + 100000.0f);
  EXPECT_GT(value, CornerHeuristic(true, true, shift).evaluate(pdf) + 100000.0f);
}

RC_GTEST_PROP(Heuristic, TransposeKeepsTheValue, ()) {
  static const Heuristic h;
  const auto b = *rc::gen::arbitrary<std::uint64_t>();
  const float a = h.evaluate(b);
  const float t = h.evaluate(transpose(b));
  RC_ASSERT(std::fabs(a - t) <= 1e-4f * std::fabs(a) + 1.0f);
}

TEST(Ai, TimeBudgetDeepensAndStaysNearIt) {
  // --ms-per-move: iterative deepening while the next depth should fit. The result
  // depends on the machine, so only its shape is checked: a legal move, some depth,
  // and no run-away search (a generous bound: the machine is shared).
  const Board b = board("2 4 8 16 / 0 4 32 64 / 0 0 2 128 / 0 0 0 512");
  AiSettings s;
  s.ms_per_move = 20;
  Ai ai(tables(), s);
  const auto t0 = std::chrono::steady_clock::now();
  const AiChoice c = ai.choose(b);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  ASSERT_TRUE(c.best.has_value());
  EXPECT_TRUE(tables().move(b, *c.best) != b);
  EXPECT_GE(c.depth, 1);
  EXPECT_LT(ms, 2000.0);
}

TEST(Ai, SeesThroughTheNibbleLimit) {
  // A 65536 on the board: the AI plays on a capped view and still moves.
  const auto g = parse_grid("65536 32768 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 2", 4);
  ASSERT_TRUE(g.ok());
  AiSettings s;
  s.depth = 1;
  Ai ai(tables(), s);
  EXPECT_TRUE(ai.choose(*g).best.has_value());
}

}  // namespace
}  // namespace puzzlelab::game2048
