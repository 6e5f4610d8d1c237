// One run of `2048 train` apart from its printing (game2048/train_run.h): the stages
// asked for, the start positions file, the kind of each error (usage or file), the
// output written before any training, and the saves on the way.
#include "game2048/train_run.h"

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "game2048/grid.h"
#include "test_support.h"

namespace puzzlelab::game2048 {
namespace {

namespace fs = std::filesystem;

using fixtures::tables;

class TrainRunTest : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = fixtures::fresh_test_dir("puzzlelab-train"); }
  void TearDown() override { fs::remove_all(dir_); }
  std::string write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name, std::ios::binary) << text;
    return (dir_ / name).string();
  }

  fs::path dir_;
};

TrainRunOptions writing_to(const std::string& out) {
  TrainRunOptions o;
  o.out = out;
  return o;
}

TEST(TrainStages, AreRisingTileValues) {
  EXPECT_EQ(*stage_exponents({}), std::vector<int>{});
  EXPECT_EQ(*stage_exponents({8192, 16384}), (std::vector<int>{13, 14}));
  EXPECT_EQ(*stage_exponents({4, 32768}), (std::vector<int>{2, 15}));
  for (const auto& bad : std::vector<std::vector<int>>{{2}, {6}, {65536}, {16384, 8192}, {8192, 8192}, {0}, {-4}}) {
    EXPECT_FALSE(stage_exponents(bad).ok()) << bad.back();
  }
  const auto e = stage_exponents({8192, 12000});
  ASSERT_FALSE(e.ok());
  EXPECT_EQ(e.error().message, "--stages 12000: expected rising tile values such as 8192,16384");
}

TEST_F(TrainRunTest, StartBoardsAreReadOneALine) {
  const auto path = write("late.txt",
                          "# late positions\n"
                          "\n"
                          "start 1 score 9000 board 2 4 8 16 32 64 128 256 512 1024 2048 4096 0 0 0 2\n"
                          "0 2 2 4 / 0 0 4 8 / 0 0 0 16 / 2 0 0 32\n");
  const auto boards = read_start_boards(tables(), path);
  ASSERT_TRUE(boards.ok()) << boards.error().message;
  ASSERT_EQ(boards->size(), 2u);
  EXPECT_EQ(grid_from_board((*boards)[1]).at(3, 3), 5);  // 32

  const auto lost = read_start_boards(tables(), write("lost.txt", "2 4 2 4 4 2 4 2 2 4 2 4 4 2 4 2\n"));
  ASSERT_FALSE(lost.ok());
  EXPECT_NE(lost.error().message.find("line 1: no move is left"), std::string::npos) << lost.error().message;
  const auto big = read_start_boards(tables(), write("big.txt", "# x\n65536 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2\n"));
  ASSERT_FALSE(big.ok());
  EXPECT_NE(big.error().message.find("line 2: a tile above 32768"), std::string::npos) << big.error().message;
  const auto none = read_start_boards(tables(), write("none.txt", "# nothing\n"));
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.error().message.find("no positions"), std::string::npos);
}

TEST_F(TrainRunTest, ErrorsSayWhetherTheOptionsOrAFileAreWrong) {
  TrainRunFailure failure = TrainRunFailure::File;
  const auto out = (dir_ / "net.bin").string();
  TrainRunOptions falling = writing_to(out);
  falling.stages = {8192, 4096};
  auto bad_stages = TrainRun::open(tables(), falling, &failure);
  ASSERT_FALSE(bad_stages.ok());
  EXPECT_EQ(failure, TrainRunFailure::Usage);
  EXPECT_FALSE(fs::exists(out));  // nothing is written for a run that cannot start

  failure = TrainRunFailure::Usage;
  TrainRunOptions from_missing = writing_to(out);
  from_missing.from = (dir_ / "none.bin").string();
  auto missing = TrainRun::open(tables(), from_missing, &failure);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(failure, TrainRunFailure::File);

  failure = TrainRunFailure::Usage;
  TrainRunOptions starts_missing = writing_to(out);
  starts_missing.starts = (dir_ / "none.txt").string();
  auto no_starts = TrainRun::open(tables(), starts_missing, &failure);
  ASSERT_FALSE(no_starts.ok());
  EXPECT_EQ(failure, TrainRunFailure::File);
  EXPECT_FALSE(fs::exists(out));

  failure = TrainRunFailure::Usage;
  // A file where the output's folder should be.
  const std::string blocked = write("blocked", "not a folder");
  auto unwritable = TrainRun::open(tables(), writing_to(blocked + "/net.bin"), &failure);
  ASSERT_FALSE(unwritable.ok());
  EXPECT_EQ(failure, TrainRunFailure::File);
}

TEST_F(TrainRunTest, TheOutputIsWrittenFirstThenEveryNGames) {
  const fs::path sub = dir_ / "out";
  fs::create_directories(sub);
  const auto out = (sub / "net.bin").string();
  const auto starts = write("starts.txt", "0 2 2 4 / 0 0 4 8 / 0 0 0 16 / 2 0 0 32\n");
  TrainRunOptions options = writing_to(out);
  options.starts = starts;
  options.save_every = 100;
  auto run = TrainRun::open(tables(), options);
  ASSERT_TRUE(run.ok()) << run.error().message;
  EXPECT_TRUE(fs::exists(out));  // before any game
  EXPECT_EQ(run->net().stages(), 1);
  EXPECT_EQ(run->take_starts().size(), 1u);
  // With a file where the folder was, a save that is due fails and says so; one not due
  // does nothing.
  fs::remove_all(sub);
  write("out", "not a folder");
  EXPECT_FALSE(run->save_if_due(50, 1000));
  EXPECT_TRUE(run->save_if_due(100, 1000));   // due: tried, failed
  EXPECT_FALSE(run->save_if_due(150, 1000));  // the next is due at 200
  EXPECT_TRUE(run->save_if_due(230, 1000));
  EXPECT_FALSE(run->save_if_due(1000, 1000));  // the end saves anyway
  EXPECT_FALSE(run->save().ok());
}

}  // namespace
}  // namespace puzzlelab::game2048
