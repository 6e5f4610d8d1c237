// The Wordle optimal tree from the opener (wordle::optimal_tree), the one both front-ends
// use: SALET's known total, its cache key, and the tree read back from the state folder.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "core/parallel.h"
#include "real_lists.h"
#include "wordle/decision_tree.h"
#include "wordle/optimal_next.h"

namespace puzzlelab::wordle {
namespace {

TEST(WordleOptimalTree, CacheKeyNamesListsModeLimitAndOpener) {
  const Engine& engine = testing::real_engine();
  const auto salet = engine.game().find_guess("salet");
  ASSERT_TRUE(salet);
  const guess::TreeCacheKey normal = optimal_tree_key(engine.game(), 0x2a, false, 6, salet);
  EXPECT_EQ(normal.game, "wordle");
  EXPECT_EQ(normal.data, "000000000000002a");
  EXPECT_EQ(normal.variant, "normal/max=6/first=salet");
  EXPECT_EQ(optimal_tree_key(engine.game(), 0xfedcba9876543210, true, 0, std::nullopt).variant,
            "hard/max=0/first=best");
  EXPECT_EQ(optimal_tree_key(engine.game(), 0xfedcba9876543210, true, 0, std::nullopt).data, "fedcba9876543210");
}

// SALET over the 2,315 answers: 7,920 guesses (Selby's figure), computed once, then read
// back from the cache with the same summary.
TEST(WordleOptimalTree, SaletIs7920AndIsCached) {
  const Engine& engine = testing::real_engine();
  const auto salet = engine.game().find_guess("salet");
  ASSERT_TRUE(salet);
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("puzzlelab_wordle_optimal_tree_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  const core::StateStore store(dir);
  guess::TreeCacheOptions cache;
  cache.store = &store;
  cache.key = optimal_tree_key(engine.game(), 0x2a, false, kMaxGuesses, salet);
  guess::OptimalOptions run;
  run.threads = core::resolve_threads(0);
  auto computed = optimal_tree(engine, false, kMaxGuesses, salet, run, cache);
  ASSERT_TRUE(computed) << computed.error().message;
  EXPECT_FALSE(computed->cached);
  EXPECT_EQ(computed->first, *salet);
  EXPECT_EQ(computed->summary.total, 7920u);
  EXPECT_EQ(computed->summary.secrets, 2315u);
  EXPECT_LE(computed->summary.max_guesses, kMaxGuesses);
  EXPECT_TRUE(std::filesystem::exists(dir / "wordle-optimal.json"));

  auto cached = optimal_tree(engine, false, kMaxGuesses, salet, run, cache);
  ASSERT_TRUE(cached) << cached.error().message;
  EXPECT_TRUE(cached->cached);
  EXPECT_EQ(cached->summary, computed->summary);
  EXPECT_EQ(cached->tree, computed->tree);
  std::filesystem::remove_all(dir);
}

// The results files of `wordle tree --all` name their problem in this exact form.
TEST(WordleOptimalTree, ProofProblemNamesListsModeAndLimit) {
  EXPECT_EQ(proof_problem(0x2a, false, 6), "wordle/000000000000002a/normal/max=6");
  EXPECT_EQ(proof_problem(0xfedcba9876543210, true, 5), "wordle/fedcba9876543210/hard/max=5");
}

// The optimal player's opener: a typed guess (either case), else SALET on the
// original lists, else none.
TEST(WordleOptimalOpener, TypedElseSaletOnTheOriginalLists) {
  const WordleGame& game = testing::real_engine().game();
  const auto salet = game.find_guess("salet");
  const auto crane = game.find_guess("crane");
  ASSERT_TRUE(salet && crane);
  auto typed = optimal_opener(game, true, std::string("CRANE"));
  ASSERT_TRUE(typed) << typed.error().message;
  EXPECT_EQ(*typed, crane);
  auto builtin = optimal_opener(game, true, std::nullopt);
  ASSERT_TRUE(builtin);
  EXPECT_EQ(*builtin, salet);
  auto other = optimal_opener(game, false, std::nullopt);
  ASSERT_TRUE(other);
  EXPECT_FALSE(other->has_value());
  auto unknown = optimal_opener(game, true, std::string("zzzzz"));
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().message, "'zzzzz' is not an allowed guess");
  EXPECT_FALSE(parse_guess(game, "cran"));
  EXPECT_FALSE(parse_guess(game, "cr4ne"));
  EXPECT_EQ(parse_guess(game, "Salet").value(), *salet);
}

std::string shipped_tree(const std::string& name) {
  return testing::read_source_file("tests/data/wordle_trees/" + name);
}

// `wordle tree --check`: Selby's hard-mode SALET tree checks out at 8,122 in hard mode, in
// both replays.
TEST(WordleTreeCheck, SelbysHardTreeIs8122) {
  auto checked = check_tree_file(testing::real_engine(), shipped_tree("salet.hard.tree"), true, 0);
  ASSERT_TRUE(checked) << checked.error().message;
  EXPECT_FALSE(checked->over_limit);
  EXPECT_EQ(checked->summary.total_guesses, 8122u);
  EXPECT_EQ(checked->summary.games, 2315u);
  EXPECT_EQ(checked->lines.size(), 2315u);
  ASSERT_FALSE(checked->tree.empty());
  EXPECT_EQ(checked->tree.node(0).guess, *testing::real_engine().game().find_guess("salet"));
}

// A limit the tree breaks names the first line over it (the tree's deepest line is six).
TEST(WordleTreeCheck, ALineOverTheLimitIsNamed) {
  auto checked = check_tree_file(testing::real_engine(), shipped_tree("salet.hard.tree"), true, 5);
  ASSERT_TRUE(checked) << checked.error().message;
  ASSERT_TRUE(checked->over_limit);
  EXPECT_EQ(checked->lines[*checked->over_limit].turns.size(), 6u);
  for (std::size_t i = 0; i < *checked->over_limit; ++i) {
    EXPECT_LE(checked->lines[i].turns.size(), 5u);
  }
  EXPECT_TRUE(checked->tree.empty());
}

// The normal-mode tree breaks the hard-mode rule; an empty file has no lines; a pattern
// that is not the game's feedback is refused.
TEST(WordleTreeCheck, BrokenTreesAreRefused) {
  const Engine& engine = testing::real_engine();
  EXPECT_FALSE(check_tree_file(engine, shipped_tree("salet.normal.tree"), true, 0));
  auto empty = check_tree_file(engine, "", false, 0);
  ASSERT_FALSE(empty);
  EXPECT_EQ(empty.error().message, "no tree lines");
  std::string text = shipped_tree("salet.normal.tree");
  const std::size_t first_pattern = text.find(' ') + 1;
  text[first_pattern] = text[first_pattern] == 'B' ? 'Y' : 'B';
  auto damaged = check_tree_file(engine, text, false, 0);
  ASSERT_FALSE(damaged);
  EXPECT_NE(damaged.error().message.find("line 1"), std::string::npos) << damaged.error().message;
}

}  // namespace
}  // namespace puzzlelab::wordle
