// The rules layer (docs/rules/2048.md): spawns, score, win and keep going, game over,
// the exact path past 32768, undo and the save format.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <atomic>
#include <map>

#include "game2048/board_text.h"
#include "game2048/game.h"
#include "game2048/players.h"
#include "game2048/session.h"
#include "game2048/spawn.h"
#include "test_support.h"

namespace puzzlelab::game2048 {
namespace {

using fixtures::tables;

Game from_text(const char* text, std::uint64_t seed = 1, bool won = false, bool keep = false) {
  auto g = parse_grid(text);
  EXPECT_TRUE(g.ok()) << text;
  Snapshot s;
  s.grid = *g;
  s.won = won;
  s.keep_playing = keep;
  s.rng = core::Rng(seed).state();
  auto game = Game::restore(tables(), s);
  EXPECT_TRUE(game.ok()) << (game.ok() ? "" : game.error().message);
  return std::move(*game);
}

std::int64_t tile_sum(const Grid& g) {
  std::int64_t s = 0;
  for (int i = 0; i < g.area(); ++i) s += tile_value(g.cells[static_cast<std::size_t>(i)]);
  return s;
}

TEST(Rules, StartsWithTwoTiles) {
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    for (int size = kMinSize; size <= kMaxSize; ++size) {
      const Game g = Game::start(tables(), size, core::Rng(seed));
      EXPECT_EQ(g.count_empty(), size * size - 2);
      EXPECT_EQ(g.score(), 0);
      EXPECT_LE(g.max_exponent(), 2);
    }
  }
}

TEST(Rules, SpawnIsTwoWithNineTenthsInAUniformCell) {
  // 200,000 spawns on an empty-but-one board: 4s near 10%, every cell near 1/15.
  std::map<int, int> cells;
  int fours = 0;
  const int n = 200000;
  core::Rng rng(7);
  for (int i = 0; i < n; ++i) {
    Snapshot s;
    s.grid.size = 4;
    s.grid.set(0, 0, 1);
    s.grid.set(0, 1, 1);  // left merges the pair into one 4 at cell 0
    s.rng = rng.state();
    auto g = Game::restore(tables(), s);
    ASSERT_TRUE(g.ok());
    const Step st = g->play(Move::Left);
    ASSERT_TRUE(st.moved);
    rng.next();
    cells[st.spawn_cell]++;
    if (st.spawn_exponent == 2) ++fours;
  }
  const double share = static_cast<double>(fours) / n;
  EXPECT_NEAR(share, 0.1, 0.004);  // about 6 standard deviations
  EXPECT_EQ(cells.count(0), 0u);
  EXPECT_EQ(cells.size(), 15u);
  for (const auto& [cell, count] : cells) EXPECT_NEAR(count, n / 15.0, 600) << "cell " << cell;
}

TEST(Rules, ScoreAddsMergedValues) {
  Game g = from_text("2 2 4 4 / 8 8 0 0 / 0 0 0 0 / 0 0 0 0");
  const Step st = g.play(Move::Left);
  EXPECT_TRUE(st.moved);
  EXPECT_EQ(st.gained, 4 + 8 + 16);
  EXPECT_EQ(g.score(), 28);
  EXPECT_EQ(g.moves(), 1);
}

TEST(Rules, WinsOnlyOnAMergeCreating2048) {
  // A 2048 already on the board and a move without that merge: no win.
  Game a = from_text("2048 0 0 2 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0");
  EXPECT_FALSE(a.play(Move::Left).won_now);
  EXPECT_FALSE(a.won());
  // 4096 made from two 2048s does not win either.
  Game b = from_text("2048 2048 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0");
  b.play(Move::Left);
  EXPECT_FALSE(b.won());
  // 1024 + 1024 wins; the game then waits for "keep going".
  Game c = from_text("1024 1024 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0");
  const Step st = c.play(Move::Left);
  EXPECT_TRUE(st.won_now);
  EXPECT_EQ(c.status(), Status::Won);
  EXPECT_FALSE(c.play(Move::Right).moved);  // no moves while waiting
  c.keep_going();
  EXPECT_EQ(c.status(), Status::Playing);
  EXPECT_TRUE(c.play(Move::Right).moved);
}

TEST(Rules, AfterKeepGoingASecond2048DoesNotStop) {
  Game g = from_text("1024 1024 0 0 / 2048 0 0 0 / 0 0 0 0 / 0 0 0 0", 3, true, true);
  const Step st = g.play(Move::Left);
  EXPECT_FALSE(st.won_now);
  EXPECT_EQ(g.status(), Status::Playing);
}

TEST(Rules, GameOverWinsOverWon) {
  // The last merge makes 2048 and fills... a board where after the move and spawn no
  // move is left cannot be built with a merge freeing a cell, so check the order
  // directly: over and won both set -> Over.
  Game g = from_text("2 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 4 2", 1, true, false);
  EXPECT_TRUE(g.over());
  EXPECT_EQ(g.status(), Status::Over);
}

TEST(Rules, NoMoveOneWayIsNotALoss) {
  // A game that ends when one move changes nothing is wrong: down changes nothing here,
  // but up does, so the game goes on.
  Game g = from_text("0 0 0 0 / 2 4 8 16 / 4 8 16 32 / 2 4 8 16");
  EXPECT_FALSE(g.over());
  const Snapshot before = g.snapshot();
  EXPECT_FALSE(g.play(Move::Down).moved);
  EXPECT_EQ(g.snapshot(), before);
  EXPECT_TRUE(g.can_move(Move::Up));
  EXPECT_FALSE(g.over());
}

TEST(Rules, ExactPastThe32768Nibble) {
  // The pair already sits at the left wall: the move must still merge it.
  Game g = from_text("32768 32768 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0");
  ASSERT_TRUE(g.bitboard().has_value());
  EXPECT_TRUE(g.can_move(Move::Left));
  const Step st = g.play(Move::Left);
  EXPECT_TRUE(st.moved);
  EXPECT_EQ(st.gained, 65536);
  EXPECT_EQ(g.exponent(0, 0), 16);
  EXPECT_FALSE(g.bitboard().has_value());  // now on the grid
  EXPECT_EQ(g.max_exponent(), 16);
  // And on to 131072.
  Game h = from_text("65536 65536 4 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0");
  EXPECT_EQ(h.play(Move::Right).gained, 131072);
  EXPECT_EQ(h.exponent(0, 3), 2);  // the 4
  EXPECT_EQ(h.exponent(0, 2), 17);
}

// Boards for the properties: 4×4 or other sizes, exponents 0..maxe (low maxima make
// full boards with and without pairs common).
rc::Gen<Grid> gen_grid() {
  return rc::gen::exec([] {
    Grid g;
    g.size = *rc::gen::inRange(kMinSize, kMaxSize + 1);
    const int maxe = *rc::gen::element(3, 5, 11, 17);
    const int empty_weight = *rc::gen::inRange(0, 4);
    for (int i = 0; i < g.area(); ++i) {
      const bool empty = *rc::gen::inRange(0, 10) < empty_weight;
      g.cells[static_cast<std::size_t>(i)] =
          static_cast<std::uint8_t>(empty ? 0 : *rc::gen::inRange(1, std::min(maxe, g.area() + 1) + 1));
    }
    return g;
  });
}

RC_GTEST_PROP(RulesProperty, AMoveKeepsTheTileSum, ()) {
  const Grid g = *gen_grid();
  const Move m = *rc::gen::element(Move::Up, Move::Right, Move::Down, Move::Left);
  const MoveResult r = exact_move(tables(), g, m);
  RC_ASSERT(tile_sum(r.after) == tile_sum(g));
  RC_ASSERT(r.moved == (r.after != g));
}

RC_GTEST_PROP(RulesProperty, AMoveThatChangesNothingSpawnsNothing, ()) {
  const Grid grid = *gen_grid();
  Snapshot s;
  s.grid = grid;
  s.rng = core::Rng(*rc::gen::arbitrary<std::uint64_t>()).state();
  auto g = Game::restore(tables(), s);
  RC_ASSERT(g.ok());
  for (const Move m : kMoves) {
    Game copy = *g;
    const bool changes = exact_move(tables(), grid, m).moved;
    const Step st = copy.play(m);
    RC_ASSERT(st.moved == (changes && !g->over()));
    if (!st.moved) {
      RC_ASSERT(copy.snapshot() == g->snapshot());  // board, score and random state
    } else {
      // One new tile of 2 or 4; the sum grows by exactly that.
      RC_ASSERT(tile_sum(copy.grid()) == tile_sum(grid) + tile_value(st.spawn_exponent));
    }
  }
}

RC_GTEST_PROP(RulesProperty, GameAgreesWithTheExactMoveAroundTheNibbleLimit, ()) {
  // 4×4 boards of 0, 14, 15, 16 only: every move's outcome through Game (tables with
  // the switch to the grid) equals the exact move.
  Grid grid;
  grid.size = 4;
  for (int i = 0; i < 16; ++i)
    grid.cells[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(*rc::gen::element(0, 14, 15, 15, 16));
  if (*rc::gen::arbitrary<bool>()) {
    // Rows packed against the left wall whose only equal neighbours are 32768 pairs:
    // the tables alone see "no change" for a left move, the exact rule merges.
    for (int r = 0; r < 4; ++r) {
      const int k = *rc::gen::inRange(0, 5);
      int prev = 0;
      for (int c = 0; c < 4; ++c) {
        int e = 0;
        if (c < k) {
          e = *rc::gen::element(12, 13, 14, 15, 15);
          if (e == prev && e != 15) e = prev - 1;
        }
        grid.set(r, c, e);
        prev = e;
      }
    }
  }
  Snapshot s;
  s.grid = grid;
  s.rng = core::Rng(8).state();
  auto g = Game::restore(tables(), s);
  RC_ASSERT(g.ok());
  for (const Move m : kMoves) {
    const MoveResult want = exact_move(tables(), grid, m);
    Game copy = *g;
    RC_ASSERT(copy.can_move(m) == (want.moved && !g->over()));
    const Step st = copy.play(m);
    RC_ASSERT(st.moved == (want.moved && !g->over()));
    if (st.moved) {
      RC_ASSERT(st.gained == want.score);
      Grid after = copy.grid();
      after.cells[static_cast<std::size_t>(st.spawn_cell)] = 0;
      RC_ASSERT(after == want.after);
    }
  }
}

RC_GTEST_PROP(RulesProperty, OverExactlyWhenNoMoveChangesTheBoard, ()) {
  const Grid grid = *gen_grid();
  Snapshot s;
  s.grid = grid;
  s.rng = core::Rng(5).state();
  auto g = Game::restore(tables(), s);
  RC_ASSERT(g.ok());
  bool any = false;
  for (const Move m : kMoves) any = any || exact_move(tables(), grid, m).moved;
  RC_ASSERT(g->over() == !any);
}

RC_GTEST_PROP(RulesProperty, RandomGamesStayConsistent, ()) {
  // A played game: sum grows by the spawns, score only by merges, over iff stuck.
  const auto seed = *rc::gen::arbitrary<std::uint64_t>();
  Game g = Game::start(tables(), *rc::gen::inRange(kMinSize, kMaxSize + 1), core::Rng(seed));
  core::Rng pick(seed ^ 1);
  for (int i = 0; i < 300 && !g.over(); ++i) {
    if (g.status() == Status::Won) g.keep_going();
    const auto m = random_move(g, pick);
    RC_ASSERT(m.has_value());
    const std::int64_t before = tile_sum(g.grid());
    const Step st = g.play(*m);
    RC_ASSERT(st.moved);
    RC_ASSERT(tile_sum(g.grid()) == before + tile_value(st.spawn_exponent));
  }
  bool any = false;
  for (const Move m : kMoves) any = any || g.can_move(m);
  RC_ASSERT(g.over() == !any);
}

TEST(Rules, SameSeedSameGame) {
  core::Rng pa(9), pb(9);
  Game a = Game::start(tables(), 4, core::Rng(42));
  Game b = Game::start(tables(), 4, core::Rng(42));
  const PlayedGame ra = play_to_end(a, [&](const Game& g) { return random_move(g, pa); });
  const PlayedGame rb = play_to_end(b, [&](const Game& g) { return random_move(g, pb); });
  EXPECT_EQ(ra.score, rb.score);
  EXPECT_EQ(ra.moves, rb.moves);
  EXPECT_GT(ra.moves, 20);
  // The final board is the lost position: full, no move left, its largest tile the top tile.
  ASSERT_EQ(ra.final_grid.cells, rb.final_grid.cells);
  const auto last = board_from_grid(ra.final_grid);
  ASSERT_TRUE(last);
  for (const Move m : kMoves) EXPECT_EQ(tables().move(*last, m), *last);
  EXPECT_EQ(max_exponent(*last), ra.max_exponent);
}

TEST(Rules, APlayerOnItsOwnKeepsGoingAfterAWin) {
  // Won and waiting: the player's move is played after keeping going.
  Game won = from_text("2048 2 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0", 1, true, false);
  ASSERT_EQ(won.status(), Status::Won);
  const auto left = [](const Game& g) { return std::optional(g.preview(Move::Left)); };
  const auto right = [](const Game& g) { return std::optional(g.preview(Move::Right)); };
  EXPECT_TRUE(play_on(won, right));
  EXPECT_EQ(won.status(), Status::Playing);
  EXPECT_TRUE(won.keep_playing());
  EXPECT_EQ(won.moves(), 1);
  // A move that changes nothing, or no move at all: the game cannot go on.
  Game stuck = from_text("2 4 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0");
  EXPECT_FALSE(play_on(stuck, left));
  EXPECT_EQ(stuck.moves(), 0);
  EXPECT_FALSE(play_on(stuck, [](const Game&) { return std::optional<Game::Preview>(); }));
  EXPECT_TRUE(play_on(stuck, right));
  EXPECT_EQ(stuck.moves(), 1);
}

TEST(Rules, ACancelledGameIsMarkedCutShort) {
  core::Rng pa(9), pb(9);
  const Game start = Game::start(tables(), 4, core::Rng(42));
  std::atomic<bool> cancel{false};
  int calls = 0;
  const PlayedGame cut = play_to_end(
      start,
      [&](const Game& g) {
        if (++calls == 10) cancel = true;
        return random_move(g, pa);
      },
      std::nullopt, &cancel);
  EXPECT_TRUE(cut.cut_short);
  EXPECT_EQ(cut.moves, 10);
  cancel = false;
  const PlayedGame whole = play_to_end(
      start, [&](const Game& g) { return random_move(g, pb); }, std::nullopt, &cancel);
  EXPECT_FALSE(whole.cut_short);
  EXPECT_GT(whole.moves, 10);
  const PlayedGame stopped = play_to_end(
      start, [&](const Game& g) { return random_move(g, pb); }, 4, &cancel);
  EXPECT_FALSE(stopped.cut_short);  // reaching --stop-at ends a game; it is a result
}

// The original's spawn law (js/game_manager.js:69-76: Math.random() < 0.9 ? 2 : 4),
// written here independently of game2048/spawn.h.
TEST(Rules, SpawnLawIsATwoNineTimesInTen) {
  EXPECT_EQ(kSpawnTiles[0].exponent, 1);
  EXPECT_FLOAT_EQ(kSpawnTiles[0].probability, 0.9f);
  EXPECT_EQ(kSpawnTiles[1].exponent, 2);
  EXPECT_FLOAT_EQ(kSpawnTiles[1].probability, 0.1f);
  core::Rng rng(99);
  int twos = 0;
  int trainer_twos = 0;
  const int draws = 100000;
  for (int i = 0; i < draws; ++i) {
    const int e = draw_spawn_exponent(rng);
    ASSERT_TRUE(e == 1 || e == 2);
    twos += e == 1 ? 1 : 0;
    const int t = draw_spawn_exponent_cell_first(rng);
    ASSERT_TRUE(t == 1 || t == 2);
    trainer_twos += t == 1 ? 1 : 0;
  }
  // 0.9 * draws, within five standard deviations (sqrt(draws * 0.9 * 0.1) ~ 95).
  EXPECT_NEAR(twos, 90000, 475);
  EXPECT_NEAR(trainer_twos, 90000, 475);
}

TEST(PlaySession, UndoRestoresTheExactPositionAndMarksAssisted) {
  PlaySession s(Game::start(tables(), 4, core::Rng(11)));
  std::vector<Snapshot> seen{s.game().snapshot()};
  core::Rng pick(3);
  for (int i = 0; i < 30; ++i) {
    const auto m = random_move(s.game(), pick);
    ASSERT_TRUE(m);
    ASSERT_TRUE(s.play(m->move).moved());
    seen.push_back(s.game().snapshot());
  }
  EXPECT_FALSE(s.assisted());
  for (int i = 29; i >= 20; --i) {
    ASSERT_TRUE(s.undo());
    EXPECT_EQ(s.game().snapshot(), seen[static_cast<std::size_t>(i)]);
  }
  EXPECT_TRUE(s.assisted());
  // Replaying a move after undo gives the same spawn (the random state came back too).
  PlaySession copy = s;
  const auto m = random_move(s.game(), pick);
  ASSERT_TRUE(m);
  s.play(m->move);
  copy.play(m->move);
  EXPECT_EQ(s.game().snapshot(), copy.game().snapshot());
}

TEST(PlaySession, JsonRoundTripKeepsEverything) {
  PlaySession s(Game::start(tables(), 5, core::Rng(12)));
  s.set_seed(12);
  core::Rng pick(4);
  for (int i = 0; i < 40; ++i) {
    if (auto m = random_move(s.game(), pick)) s.play(m->move);
  }
  s.undo();
  const auto j = s.to_json();
  auto back = PlaySession::from_json(tables(), nlohmann::json::parse(j.dump()));
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back->game().snapshot(), s.game().snapshot());
  EXPECT_EQ(back->history().size(), s.history().size());
  for (std::size_t i = 0; i < s.history().size(); ++i) EXPECT_EQ(back->history()[i], s.history()[i]);
  EXPECT_EQ(back->assisted(), true);
  EXPECT_EQ(back->seed(), std::optional<std::uint64_t>(12));
  EXPECT_EQ(back->to_json(), j);
}

TEST(PlaySession, DamagedSavesAreRejectedWithAReason) {
  PlaySession s(Game::start(tables(), 4, core::Rng(13)));
  const nlohmann::json good = s.to_json();
  ASSERT_TRUE(PlaySession::from_json(tables(), good).ok());
  auto broken = [&](auto edit) {
    nlohmann::json j = good;
    edit(j);
    const auto r = PlaySession::from_json(tables(), j);
    EXPECT_FALSE(r.ok()) << j.dump();
    return r.ok() ? std::string{} : r.error().message;
  };
  EXPECT_NE(broken([](auto& j) { j["format"] = "other"; }).find("not a saved 2048 game"), std::string::npos);
  EXPECT_NE(broken([](auto& j) { j["board"][0][0] = 3; }).find("not a tile value"), std::string::npos);
  broken([](auto& j) { j["board"][0][0] = 262144; });
  broken([](auto& j) { j["board"].erase(0); });
  broken([](auto& j) { j["score"] = -1; });
  broken([](auto& j) { j["score"] = "12"; });
  broken([](auto& j) { j["won"] = 1; });
  broken([](auto& j) { j["rng"][0] = "xyz"; });
  broken([](auto& j) { j["rng"] = {"0", "0", "0", "0"}; });
  broken([](auto& j) { j["size"] = 9; });
  broken([](auto& j) { j["history"] = 3; });
  broken([](auto& j) { j["seed"] = "99999999999999999999"; });
  broken([](auto& j) { j.erase("moves"); });
  // Positions no game can reach: an empty board; "won" without a 2048 tile.
  EXPECT_NE(broken([](auto& j) {
              j["board"] = nlohmann::json::array({{0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}});
            }).find("no tile"),
            std::string::npos);
  EXPECT_NE(broken([](auto& j) { j["won"] = true; }).find("no 2048 tile"), std::string::npos);
  nlohmann::json won = good;
  won["board"][3][3] = 2048;
  won["won"] = true;
  EXPECT_TRUE(PlaySession::from_json(tables(), won).ok());
}

}  // namespace
}  // namespace puzzlelab::game2048
