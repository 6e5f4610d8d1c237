// One game of a 2048 simulation (game2048/sim_game.h), as the terminal's and the
// browser's `sim` play it: the player chosen by name once, the game the one the players
// and play_to_end make, the --stop-at tile, and the AI's checkpoints written on the way
// and gone on from.
#include "game2048/sim_game.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <vector>

#include <gtest/gtest.h>

#include "game2048/board_text.h"
#include "game2048/players.h"

namespace puzzlelab::game2048 {
namespace {

namespace fs = std::filesystem;

std::shared_ptr<const MoveTables> tables() {
  static const auto t = std::make_shared<const MoveTables>();
  return t;
}

fs::path fresh_dir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("puzzlelab-simgame-" + std::to_string(::getpid()) + "-" + name);
  fs::remove_all(dir);
  return dir;
}

// A quick AI: one spawn deep, no endgame lookup.
AiSettings quick_ai() {
  AiSettings s;
  s.depth = 1;
  s.endgame = false;
  s.threads = 1;
  return s;
}

// A game of `player` on 4×4, stopped at 2^stop when given, without checkpoints.
SimGame sim_game(SimPlayer player, std::optional<int> stop = std::nullopt) {
  SimGame g;
  g.tables = tables();
  g.player = player;
  g.stop = stop;
  g.settings = quick_ai();
  return g;
}

TEST(SimGame, PlayersAreReadByTheirNamesOnly) {
  for (const SimPlayer p : {SimPlayer::Random, SimPlayer::Greedy, SimPlayer::Expectimax}) {
    EXPECT_EQ(parse_sim_player(sim_player_name(p)), p);
  }
  EXPECT_EQ(parse_sim_player("greedy"), SimPlayer::Greedy);
  EXPECT_EQ(parse_sim_player("Greedy"), std::nullopt);
  EXPECT_EQ(parse_sim_player("expectimax "), std::nullopt);
  EXPECT_EQ(parse_sim_player(""), std::nullopt);
}

TEST(SimGame, AGreedyGameIsTheOneItsPlayerPlays) {
  const SimGame play = sim_game(SimPlayer::Greedy);
  core::Rng rng(42);
  const core::GameResult r = play(0, rng);
  // The same game by hand: the start from the first draw, the player's stream second.
  core::Rng ref_rng(42);
  const Game start = Game::start(*tables(), 4, core::Rng(ref_rng.next()));
  (void)ref_rng.next();
  const PlayedGame pg = play_to_end(start, [](const Game& g) { return greedy_move(g); });
  const core::GameResult ref = sim_result(pg);
  EXPECT_TRUE(r.finished);
  EXPECT_EQ(r.primary, ref.primary);
  EXPECT_EQ(r.win, ref.win);
  EXPECT_EQ(r.metrics, ref.metrics);  // score and moves, no evaluated moves
  ASSERT_EQ(r.metrics.size(), 2u);
  EXPECT_EQ(r.detail.at("board"), grid_values_line(pg.final_grid));
}

TEST(SimGame, TheSpecNamesWhatAGameReports) {
  const core::SimSpec spec = sim_spec(SimPlayer::Greedy, 7, 3, 5);
  EXPECT_EQ(spec.game, "2048");
  EXPECT_EQ(spec.player, "greedy");
  EXPECT_EQ(spec.seed, 7u);
  EXPECT_EQ(spec.games, 3u);
  EXPECT_EQ(spec.primary, "max_tile");
  EXPECT_EQ(spec.metrics, (std::vector<std::string>{"score", "moves"}));
  EXPECT_EQ(spec.config, (nlohmann::json{{"size", 5}}));
  EXPECT_EQ(sim_spec(SimPlayer::Expectimax, 1, 1, 4).player, "expectimax");
  // The harness reads a game's figures by the spec's names: the score and moves of a
  // game are the ones the game reports, in that order.
  SimGame play = sim_game(SimPlayer::Greedy);
  play.size = 5;
  const core::SimSummary summary = core::run_simulation(spec, 1, play);
  ASSERT_EQ(summary.games, 3u);
  ASSERT_NE(summary.metric("score"), nullptr);
  ASSERT_NE(summary.metric("moves"), nullptr);
  double moves = 0;
  for (std::uint64_t i = 0; i < 3; ++i) {
    core::Rng rng(core::mix(7, i));
    moves += static_cast<double>(play(i, rng).metrics[1]);
  }
  EXPECT_EQ(summary.metric("moves")->sum(), moves);
}

TEST(SimGame, AGameStopsAtTheStopTile) {
  const SimGame play = sim_game(SimPlayer::Random, 5);
  for (std::uint64_t i = 0; i < 5; ++i) {
    core::Rng rng(100 + i);
    const core::GameResult r = play(i, rng);
    EXPECT_EQ(r.primary, 32) << "game " << i;  // a random game makes 32 long before its end
    EXPECT_TRUE(r.finished);
  }
}

TEST(SimGame, TheAiGoesOnFromItsCheckpointWithTheSameGame) {
  const fs::path dir = fresh_dir("ai");
  fs::create_directories(dir);
  std::vector<std::string> warnings;
  auto writes = std::make_shared<CheckpointWrites>([&](const std::string& m) { warnings.push_back(m); });
  SimGame play = sim_game(SimPlayer::Expectimax, 7);
  play.checkpoints = std::make_shared<const std::map<std::uint64_t, Checkpoint>>();
  play.writes = writes;
  play.dir = dir.string();
  play.every = 10;
  play.run = "run-x";
  core::Rng rng(9);
  const core::GameResult whole = play(3, rng);
  ASSERT_EQ(whole.metrics.size(), 3u);  // score, moves, evaluated moves
  EXPECT_GT(whole.metrics[2], 0);
  EXPECT_EQ(whole.primary, 128);
  EXPECT_EQ(writes->count(), 0u);
  EXPECT_TRUE(warnings.empty());
  EXPECT_FALSE(whole.continued);

  // The last checkpoint saved on the way (every 10 moves) reads back for this game.
  auto saved = read_checkpoint(*tables(), checkpoint_path(dir.string(), 3), "run-x", 3, 4, 7);
  ASSERT_TRUE(saved.ok()) << saved.error().message;
  EXPECT_EQ(saved->position.moves % 10, 0);
  EXPECT_GT(saved->position.moves, 0);

  // A run that goes on from it ends the same game, figures included.
  play.checkpoints =
      std::make_shared<const std::map<std::uint64_t, Checkpoint>>(std::map<std::uint64_t, Checkpoint>{{3, *saved}});
  play.dir.clear();
  core::Rng again(9);
  const core::GameResult continued = play(3, again);
  EXPECT_TRUE(continued.continued);
  EXPECT_EQ(continued.prior_cpu_seconds, saved->cpu_seconds);
  EXPECT_EQ(continued.primary, whole.primary);
  EXPECT_EQ(continued.metrics, whole.metrics);
  EXPECT_EQ(continued.detail, whole.detail);
  fs::remove_all(dir);
}

TEST(SimGame, CheckpointsThatCannotBeWrittenAreCountedAndStopTheRun) {
  const fs::path dir = fresh_dir("blocked");
  fs::create_directories(dir.parent_path());
  std::ofstream(dir) << "a file where the folder should be";
  std::vector<std::string> warnings;
  auto writes = std::make_shared<CheckpointWrites>([&](const std::string& m) { warnings.push_back(m); });
  SimGame play = sim_game(SimPlayer::Expectimax, 8);
  play.writes = writes;
  play.dir = dir.string();
  play.every = 2;
  play.run = "run-y";
  core::Rng rng(5);
  const core::GameResult r = play(0, rng);
  // Five failures in a row stop the run: the game ends where it is, not counted.
  EXPECT_EQ(writes->count(), kCheckpointFailuresToStop);
  EXPECT_TRUE(writes->stopped());
  EXPECT_FALSE(r.finished);
  EXPECT_EQ(warnings.size(), 1u);  // the first failure is reported at once
  // Once stopped, the next games are not played at all.
  core::Rng next(6);
  const core::GameResult skipped = play(1, next);
  EXPECT_FALSE(skipped.finished);
  EXPECT_TRUE(skipped.metrics.empty());
  fs::remove(dir);
}

// A summary whose games made these top tiles.
core::SimSummary summary_of(const std::string& player, const std::vector<std::int64_t>& tiles) {
  core::SimSummary s;
  s.spec.player = player;
  s.games = tiles.size();
  for (const std::int64_t t : tiles) s.primary.add(t);
  return s;
}

TEST(TileReach, RunsFromTheSmallestTopTileTo2048OrTheAisBenchmarkTile) {
  const auto rows = [](const std::vector<TileReach>& r) {
    std::vector<std::pair<std::int64_t, std::uint64_t>> out;
    for (const auto& x : r) out.emplace_back(x.tile, x.games);
    return out;
  };
  using Rows = std::vector<std::pair<std::int64_t, std::uint64_t>>;
  EXPECT_EQ(rows(tile_reach(summary_of("greedy", {256, 512, 512, 1024}))),
            (Rows{{256, 4}, {512, 3}, {1024, 1}, {2048, 0}}));
  EXPECT_EQ(rows(tile_reach(summary_of("random", {4096}))), (Rows{{2048, 1}, {4096, 1}}));
  EXPECT_EQ(rows(tile_reach(summary_of("expectimax", {4096, 8192}))),
            (Rows{{2048, 2}, {4096, 2}, {8192, 1}, {16384, 0}, {32768, 0}, {65536, 0}}));
  EXPECT_TRUE(tile_reach(summary_of("greedy", {})).empty());
}

}  // namespace
}  // namespace puzzlelab::game2048
