// Wordle's best first guesses through the shared opener cache: computed, saved, read
// back; a damaged cache is recomputed, never trusted.
#include "wordle/openers.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "real_lists.h"

namespace puzzlelab::wordle {
namespace {

class WordleOpeners : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("puzzlelab_wordle_openers_" + std::to_string(::getpid()) + "_" +
                                                     ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::filesystem::path dir_;
};

// The known first guesses over the 2,315 answers: SOARE by entropy, TRACE by parts.
TEST_F(WordleOpeners, CachedAndReadBack) {
  const Engine& engine = testing::real_engine();
  const core::StateStore store(dir_);
  const Openers first = best_openers(engine, 42, guess::Scoring::Entropy, 3, &store, 2);
  ASSERT_EQ(first.guesses.size(), 3u);
  EXPECT_EQ(engine.game().guess_word(first.guesses[0]), "soare");
  EXPECT_TRUE(first.warnings.empty());
  // Planted words show that the cache is read: a later run takes them as they are.
  auto doc = store.load("wordle-openers.json");
  ASSERT_TRUE(doc && doc->value && doc->value->contains("000000000000002a-entropy"));
  (*doc->value)["000000000000002a-entropy"] = {"cigar", "rebut", "sissy"};
  ASSERT_FALSE(store.save("wordle-openers.json", *doc->value));
  const Openers planted = best_openers(engine, 42, guess::Scoring::Entropy, 2, &store, 2);
  ASSERT_EQ(planted.guesses.size(), 2u);
  EXPECT_EQ(engine.game().guess_word(planted.guesses[1]), "rebut");
  // Other lists (another checksum) and another scoring have entries of their own.
  EXPECT_EQ(engine.game().guess_word(best_openers(engine, 43, guess::Scoring::Entropy, 1, &store, 2).guesses[0]),
            "soare");
  EXPECT_EQ(engine.game().guess_word(best_openers(engine, 42, guess::Scoring::Classes, 1, &store, 2).guesses[0]),
            "trace");
  // More than the cache holds, or a word that is not a guess: found again.
  EXPECT_EQ(best_openers(engine, 42, guess::Scoring::Entropy, 4, &store, 2).guesses[0], first.guesses[0]);
  (*doc->value)["000000000000002a-entropy"] = {"zzzzz"};
  ASSERT_FALSE(store.save("wordle-openers.json", *doc->value));
  EXPECT_EQ(best_openers(engine, 42, guess::Scoring::Entropy, 1, &store, 2).guesses[0], first.guesses[0]);
}

TEST_F(WordleOpeners, DamagedFileIsRecomputed) {
  const Engine& engine = testing::real_engine();
  const core::StateStore store(dir_);
  std::ofstream(dir_ / "wordle-openers.json") << "{\"000000000000002a-entropy\": [\"soare\"";
  const Openers openers = best_openers(engine, 42, guess::Scoring::Entropy, 1, &store, 2);
  ASSERT_EQ(openers.guesses.size(), 1u);
  EXPECT_EQ(engine.game().guess_word(openers.guesses[0]), "soare");
  EXPECT_FALSE(openers.warnings.empty());  // the damaged file was moved aside
  EXPECT_TRUE(best_openers(engine, 42, guess::Scoring::Entropy, 1, &store, 2).warnings.empty());
}

}  // namespace
}  // namespace puzzlelab::wordle
