#include "game2048/sim_check.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "game2048/board_text.h"
#include "game2048/game.h"
#include "game2048/move_tables.h"
#include "game2048/players.h"

namespace puzzlelab::game2048 {
namespace {

core::SimSpec spec_of(int size, std::optional<std::int64_t> stop_at) {
  core::SimSpec spec;
  spec.game = "2048";
  spec.player = "random";
  spec.games = 1;
  spec.primary = "max_tile";
  spec.metrics = {"score", "moves"};
  spec.config = nlohmann::json{{"size", size}};
  if (stop_at) spec.config["stop_at"] = *stop_at;
  return spec;
}

// The figures of a game as `2048 sim` writes them.
core::GameResult result_of(const PlayedGame& pg) {
  core::GameResult r;
  r.win = pg.reached_2048;
  r.primary = tile_value(pg.max_exponent);
  r.metrics = {pg.score, pg.moves};
  r.detail = nlohmann::json{{"board", grid_values_line(pg.final_grid)}};
  return r;
}

// Every game the rules can play is accepted: random play on every board size, with and
// without --stop-at.
RC_GTEST_PROP(SimCheck, RealGamesAreAccepted, (std::uint64_t seed)) {
  static const MoveTables tables;
  const int size = *rc::gen::inRange(3, 6);
  const bool stop = *rc::gen::arbitrary<bool>();
  const std::optional<std::int64_t> stop_at = stop ? std::optional<std::int64_t>(64) : std::nullopt;
  core::Rng pick(seed ^ 0x9e37);
  const PlayedGame pg = play_to_end(
      Game::start(tables, size, core::Rng(seed)), [&pick](const Game& g) { return random_move(g, pick); },
      stop ? std::optional<int>(6) : std::nullopt);
  const auto e = check_sim_game(spec_of(size, stop_at), result_of(pg));
  RC_ASSERT(!e.has_value());
}

// Every position of a real game passes (checkpoints are checked with it), and one with
// more moves or another score than its tiles allow does not.
RC_GTEST_PROP(SimCheck, PositionsOfRealGamesAreAccepted, (std::uint64_t seed)) {
  static const MoveTables tables;
  const int size = *rc::gen::inRange(3, 6);
  core::Rng pick(seed ^ 0x51);
  Game g = Game::start(tables, size, core::Rng(seed));
  for (int step = 0; step < 400 && !g.over(); ++step) {
    RC_ASSERT(!check_position(g.grid(), g.moves(), g.score(), "board").has_value());
    const auto m = random_move(g, pick);
    if (!m) break;
    g.play(*m);
  }
  RC_ASSERT(!check_position(g.grid(), g.moves(), g.score(), "board").has_value());
  RC_ASSERT(check_position(g.grid(), g.moves() + 1000, g.score(), "board").has_value());
  RC_ASSERT(check_position(g.grid(), g.moves(), g.score() + 100000, "board").has_value());
  RC_ASSERT(check_position(g.grid(), g.moves(), -1, "board").has_value());
}

TEST(SimCheck, ImpossibleGamesAreRefused) {
  const MoveTables tables;
  core::Rng pick(7);
  const PlayedGame pg =
      play_to_end(Game::start(tables, 4, core::Rng(3)), [&pick](const Game& g) { return random_move(g, pick); });
  const core::SimSpec spec = spec_of(4, std::nullopt);
  const core::GameResult good = result_of(pg);
  ASSERT_FALSE(check_sim_game(spec, good).has_value()) << *check_sim_game(spec, good);
  const auto error_of = [&](core::GameResult r, const core::SimSpec& s) {
    const auto e = check_sim_game(s, r);
    return e ? *e : std::string("(accepted)");
  };
  core::GameResult r = good;
  r.primary = 3;
  EXPECT_EQ(error_of(r, spec), "\"max_tile\": 3 is not a tile a 4×4 board can hold (a power of two from 2 to 131072)");
  r.primary = std::int64_t{1} << 62;
  EXPECT_NE(error_of(r, spec).find("is not a tile"), std::string::npos);
  r = good;
  r.metrics[0] = INT64_MAX;
  EXPECT_NE(error_of(r, spec).find("\"score\": 9223372036854775807 is not what"), std::string::npos);
  r.metrics[0] = -1;
  EXPECT_EQ(error_of(r, spec), "\"score\": -1 is negative");
  r = good;
  r.detail["board"] = "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0";
  EXPECT_EQ(error_of(r, spec), "\"detail\".\"board\": 0 tiles; a game always has at least 2");
  r = good;
  r.metrics[1] += 1000;
  EXPECT_NE(error_of(r, spec).find("\"moves\""), std::string::npos);
  // 4096 under --stop-at 4096 marked as not won; a tile past --stop-at.
  r.primary = 4096;
  r.win = false;
  r.detail["board"] = "4096 2 0 0 0 0 0 0 0 0 0 0 0 0 0 0";
  EXPECT_EQ(error_of(r, spec_of(4, 4096)),
            "\"win\": false does not match \"max_tile\": 4096 (a game is won when it makes 2048)");
  r.primary = 8192;
  r.win = true;
  EXPECT_EQ(error_of(r, spec_of(4, 4096)),
            "\"max_tile\": 8192 is past --stop-at 4096 (a game stops once it makes that tile)");
}

TEST(SimCheck, ShardHistogramsAreChecked) {
  core::SimSummary s;
  s.spec = spec_of(4, std::nullopt);
  s.metrics.resize(2);
  s.games = 2;
  for (const std::int64_t tile : {256, 2048}) s.primary.add(tile);
  s.metrics[0].add(2000);
  s.metrics[0].add(20000);
  s.metrics[1].add(150);
  s.metrics[1].add(1000);
  s.wins = 1;
  EXPECT_FALSE(check_sim_summary(s).has_value());
  core::SimSummary bad = s;
  bad.wins = 2;
  EXPECT_EQ(*check_sim_summary(bad), "\"wins\": 2, but 1 games made a 2048 tile (a game is won when it makes 2048)");
  bad = s;
  bad.primary.add(3);
  EXPECT_NE(check_sim_summary(bad)->find("\"max_tile\": 3 is not a tile"), std::string::npos);
  bad = s;
  bad.metrics[0].add(-4);
  EXPECT_EQ(*check_sim_summary(bad), "\"score\": -4 is negative");
  bad = s;
  bad.metrics[0].add(INT64_MAX);
  EXPECT_NE(check_sim_summary(bad)->find("\"score\": 9223372036854775807 is more than"), std::string::npos);
}

}  // namespace
}  // namespace puzzlelab::game2048
