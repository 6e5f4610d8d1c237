// The player's 2048 game kept between runs (game2048/save_slot.h) and the rules of the
// history every front-end shares (PlaySession::history_entry, record_score, resumable):
// a game comes back, a damaged save is set aside, a finished one enters the history,
// an untouched board never does, and an assisted score is no record.
#include "game2048/save_slot.h"

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "game2048/players.h"
#include "test_support.h"

namespace puzzlelab::game2048 {
namespace {

namespace fs = std::filesystem;

using fixtures::tables;

constexpr std::int64_t kNow = 1'700'000'000;

class SaveSlotTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fixtures::fresh_test_dir("puzzlelab-slot");
    std::vector<std::string> warnings;
    auto s = core::GameStore::open(dir_, warnings);
    ASSERT_TRUE(s.ok()) << s.error().message;
    store_ = std::move(*s);
  }
  void TearDown() override {
    store_.reset();
    fs::remove_all(dir_);
  }
  SaveSlot slot(int size = 4) {
    return SaveSlot(store_.get(), "2048-test", size, [] { return kNow; });
  }

  fs::path dir_;
  std::unique_ptr<core::GameStore> store_;
};

// A seeded game after `moves` moves of a seeded random player (fewer when it ends).
PlaySession played(int size, int moves, std::uint64_t seed = 11) {
  PlaySession s = PlaySession::start(tables(), size, seed);
  core::Rng pick(seed);
  for (int i = 0; i < moves; ++i) {
    if (s.status() == Status::Won) s.keep_going();
    const auto m = random_move(s.game(), pick);
    if (!m) break;
    s.play(m->move);
  }
  return s;
}

TEST(SessionHistory, AnUntouchedBoardIsNotAGameAndAssistedScoresAreNoRecord) {
  const PlaySession fresh = PlaySession::start(tables(), 4, 1);
  EXPECT_FALSE(fresh.history_entry(kNow));
  EXPECT_FALSE(fresh.resumable());
  PlaySession s = played(4, 30);
  ASSERT_GT(s.game().score(), 0);
  EXPECT_TRUE(s.resumable());
  EXPECT_EQ(s.record_score(), s.game().score());
  const auto entry = s.history_entry(kNow);
  ASSERT_TRUE(entry);
  EXPECT_EQ(entry->outcome, core::GameOutcome::Abandoned);
  EXPECT_EQ(entry->mode, "4x4");
  EXPECT_EQ(entry->finished_at, kNow);
  s.undo();
  EXPECT_TRUE(s.assisted());
  EXPECT_EQ(s.record_score(), 0);
  EXPECT_EQ(size_mode(5), "5x5");
}

TEST_F(SaveSlotTest, WithoutAStoreNothingIsKeptButTheBestIsThisRuns) {
  SaveSlot none(nullptr, "2048-test", 4, [] { return kNow; });
  const PlaySession s = played(4, 30);
  EXPECT_FALSE(none.save(s));
  EXPECT_EQ(none.best(), s.game().score());
  EXPECT_FALSE(none.saving());
  EXPECT_FALSE(none.load_game(tables()));
  EXPECT_FALSE(none.finish(s));
}

TEST_F(SaveSlotTest, AGameInProgressComesBackAsItWas) {
  const PlaySession s = played(4, 40);
  {
    SaveSlot first = slot();
    EXPECT_FALSE(first.save(s));
    EXPECT_TRUE(first.saving());
    EXPECT_FALSE(first.close(s));  // a game in progress stays saved
  }
  SaveSlot second = slot();
  EXPECT_EQ(second.best(), 0);  // nothing finished yet
  const auto back = second.load_game(tables());
  ASSERT_TRUE(back);
  EXPECT_EQ(back->game().snapshot(), s.game().snapshot());
  EXPECT_EQ(back->seed(), s.seed());
  EXPECT_TRUE(second.saving());
  EXPECT_EQ(second.best(), s.game().score());  // the saved game's score counts
  EXPECT_TRUE(second.take_messages().empty());
}

TEST_F(SaveSlotTest, AGameWithoutAMoveIsNeitherResumedNorHistory) {
  SaveSlot first = slot();
  const PlaySession fresh = PlaySession::start(tables(), 4, 3);
  EXPECT_FALSE(first.save(fresh));
  EXPECT_FALSE(slot().load_game(tables()));
  EXPECT_FALSE(first.finish(fresh));
  EXPECT_TRUE(store_->history("2048", 10)->empty());
}

TEST_F(SaveSlotTest, ALeftGameEntersTheHistoryAndItsSaveGoes) {
  SaveSlot first = slot();
  const PlaySession s = played(4, 40);
  EXPECT_FALSE(first.save(s));
  EXPECT_FALSE(first.finish(s));
  const auto history = store_->history("2048", 10);
  ASSERT_TRUE(history.ok());
  ASSERT_EQ(history->size(), 1u);
  EXPECT_EQ(history->front().outcome, core::GameOutcome::Abandoned);
  EXPECT_EQ(history->front().score, s.game().score());
  EXPECT_EQ(history->front().finished_at, kNow);
  EXPECT_FALSE(*store_->load_save("2048-test"));
  // The next run reads the best score from the history.
  EXPECT_EQ(slot().best(), s.game().score());
}

TEST_F(SaveSlotTest, AFinishedGameLeftSavedGoesIntoTheHistory) {
  const PlaySession over = played(3, 100000);
  ASSERT_TRUE(over.game().over());
  ASSERT_FALSE(store_->put_save("2048-test", "2048", over.to_json(), kNow));
  SaveSlot s = slot(3);
  EXPECT_FALSE(s.load_game(tables()));
  const auto history = store_->history("2048", 10);
  ASSERT_EQ(history->size(), 1u);
  EXPECT_EQ(history->front().outcome, core::GameOutcome::Lost);
  EXPECT_EQ(history->front().mode, "3x3");
  EXPECT_FALSE(*store_->load_save("2048-test"));
}

TEST_F(SaveSlotTest, ADamagedSaveIsSetAsideWithAMessage) {
  ASSERT_FALSE(store_->put_save("2048-test", "2048", nlohmann::json{{"not", "a game"}}, kNow));
  SaveSlot s = slot();
  EXPECT_FALSE(s.load_game(tables()));
  const auto messages = s.take_messages();
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_NE(messages[0].find("the saved game was damaged"), std::string::npos) << messages[0];
  EXPECT_FALSE(*store_->load_save("2048-test"));
  EXPECT_TRUE(s.take_messages().empty());  // said once
}

TEST_F(SaveSlotTest, AnAssistedGameIsNoBestScore) {
  SaveSlot s = slot();
  PlaySession assisted = played(4, 40);
  assisted.mark_assisted();
  EXPECT_FALSE(s.save(assisted));
  EXPECT_EQ(s.best(), 0);
  EXPECT_FALSE(s.finish(assisted));
  EXPECT_EQ(slot().best(), 0);
}

// The files of versions before the store: the best scores become baselines per board
// size, and a saved 5x5 game is kept under the key the front-end names, then resumes.
TEST_F(SaveSlotTest, OlderVersionsFilesAreImportedOnce) {
  store_.reset();
  fs::remove_all(dir_);
  fs::create_directories(dir_);
  const PlaySession five = played(5, 12);
  std::ofstream(dir_ / "2048-stats.json") << R"({"best": {"4x4": 5000, "5x5": 12000}})";
  std::ofstream(dir_ / "2048-game-5x5.json") << five.to_json().dump();
  std::vector<std::string> warnings;
  const auto files = legacy_files([](int size) { return "old-" + std::to_string(size); });
  auto s = core::GameStore::open(dir_, warnings, files);
  ASSERT_TRUE(s.ok()) << s.error().message;
  store_ = std::move(*s);
  EXPECT_TRUE(warnings.empty()) << warnings.front();
  EXPECT_EQ(store_->stats("2048", "4x4")->best_score, 5000);
  EXPECT_EQ(store_->stats("2048", "5x5")->best_score, 12000);
  SaveSlot old(store_.get(), "old-5", 5, [] { return kNow; });
  const auto resumed = old.load_game(tables());
  ASSERT_TRUE(resumed.has_value());
  EXPECT_EQ(resumed->to_json(), five.to_json());
  // A best score that is not a whole number is refused (the file is left as it was).
  const auto converted = files[0].convert(nlohmann::json{{"best", {{"4x4", "lots"}}}});
  EXPECT_FALSE(converted.ok());
}

}  // namespace
}  // namespace puzzlelab::game2048
