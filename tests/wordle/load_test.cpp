// wordle::load_engine (the lists every front-end builds its game from) and
// wordle::choose_secret (the answer of a game: a word, a day or a seed).
#include <filesystem>
#include <fstream>
#include <set>

#include <gtest/gtest.h>

#include "core/data_source.h"
#include "wordle/engine.h"

namespace puzzlelab::wordle {
namespace {

namespace fs = std::filesystem;

guess::TableOptions no_table() {
  guess::TableOptions t;
  t.memory_budget = 0;
  t.threads = 1;
  return t;
}

class LoadEngineTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("puzzlelab-wordle-load-" + std::to_string(::getpid()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "wordle");
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name, std::ios::binary) << text;
    return (dir_ / name).string();
  }
  fs::path dir_;
};

TEST_F(LoadEngineTest, TheShippedListsHaveTheOriginalGamesDays) {
  auto loaded = load_engine(core::DataSource(), {}, no_table());
  ASSERT_TRUE(loaded.ok()) << loaded.error().message;
  const WordleGame& game = loaded->engine->game();
  EXPECT_EQ(game.secret_count(), 2315u);
  EXPECT_TRUE(loaded->builtin);
  EXPECT_TRUE(loaded->warnings.empty());
  ASSERT_TRUE(game.has_days());
  EXPECT_EQ(game.secret_word(*game.secret_of_day(0)), "cigar");
  // The checksum keys cached results: the same lists give the same one.
  EXPECT_EQ(load_engine(core::DataSource(), {}, no_table())->checksum, loaded->checksum);
}

TEST_F(LoadEngineTest, ListFilesReplaceTheShippedOnesAndChangeTheChecksum) {
  const std::string answers = write("answers.txt", "cigar\nrebut\nsissy\n");
  const std::string guesses = write("guesses.txt", "aahed\n");
  auto shipped = load_engine(core::DataSource(), {}, no_table());
  auto loaded = load_engine(core::DataSource(), {answers, guesses}, no_table());
  ASSERT_TRUE(loaded.ok()) << loaded.error().message;
  EXPECT_EQ(loaded->engine->game().secret_count(), 3u);
  EXPECT_FALSE(loaded->builtin);
  EXPECT_NE(loaded->checksum, shipped->checksum);
  // The original day order does not fit three answers: no days, and nothing to warn
  // about (the user's own list was never meant to have them).
  EXPECT_FALSE(loaded->engine->game().has_days());
  EXPECT_TRUE(loaded->warnings.empty());
}

TEST_F(LoadEngineTest, ADataFolderWhoseDaysDoNotFitIsAWarning) {
  write("wordle/answers.txt", "cigar\nrebut\nsissy\n");
  write("wordle/guesses.txt", "aahed\n");
  write("wordle/answers-by-day.txt", "cigar\nhumph\n");
  auto loaded = load_engine(core::DataSource(dir_), {}, no_table());
  ASSERT_TRUE(loaded.ok()) << loaded.error().message;
  EXPECT_FALSE(loaded->builtin);
  ASSERT_EQ(loaded->warnings.size(), 1u);
  EXPECT_NE(loaded->warnings[0].find("answers-by-day.txt"), std::string::npos);
}

TEST_F(LoadEngineTest, ABadListIsAnErrorThatNamesIt) {
  const std::string bad = write("bad.txt", "cigar\nab1de\n");
  auto loaded = load_engine(core::DataSource(), {bad, std::nullopt}, no_table());
  ASSERT_FALSE(loaded.ok());
  EXPECT_NE(loaded.error().message.find(bad), std::string::npos) << loaded.error().message;
  auto missing = load_engine(core::DataSource(), {std::nullopt, (dir_ / "none.txt").string()}, no_table());
  ASSERT_FALSE(missing.ok());
  auto folder = load_engine(core::DataSource(dir_), {}, no_table());  // no lists in it
  EXPECT_FALSE(folder.ok());
}

TEST(ChooseSecret, AWordADayOrASeed) {
  auto loaded = load_engine(core::DataSource(), {}, no_table());
  ASSERT_TRUE(loaded.ok());
  const WordleGame& game = loaded->engine->game();
  EXPECT_EQ(game.secret_word(*choose_secret(game, std::string("Rebut"), std::nullopt, 0)), "rebut");
  EXPECT_EQ(game.secret_word(*choose_secret(game, std::nullopt, 1, 0)), "rebut");
  // A seed always draws the same answer; different seeds spread over the list.
  EXPECT_EQ(*choose_secret(game, std::nullopt, std::nullopt, 7), *choose_secret(game, std::nullopt, std::nullopt, 7));
  std::set<SecretIndex> drawn;
  for (std::uint64_t seed = 0; seed < 50; ++seed) drawn.insert(*choose_secret(game, std::nullopt, std::nullopt, seed));
  EXPECT_GT(drawn.size(), 40u);

  const auto error = [&](const std::optional<std::string>& w, const std::optional<std::uint64_t>& d) {
    auto s = choose_secret(game, w, d, 0);
    return s ? std::string() : s.error().message;
  };
  EXPECT_EQ(error(std::string("cigar"), 3), "give either --word or --day, not both");
  EXPECT_NE(error(std::string("aahed"), std::nullopt).find("is not one of the 2315 answers"), std::string::npos);
  EXPECT_NE(error(std::string("ci"), std::nullopt).find("--word: "), std::string::npos);
  EXPECT_NE(error(std::nullopt, 100000).find("days run from 0"), std::string::npos);
}

}  // namespace
}  // namespace puzzlelab::wordle
