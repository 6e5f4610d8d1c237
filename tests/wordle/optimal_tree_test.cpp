// The Wordle optimal tree from the opener (wordle::optimal_tree), the one both front-ends
// use: SALET's known total, its cache key, and the tree read back from the state folder.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "core/parallel.h"
#include "real_lists.h"
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

}  // namespace
}  // namespace puzzlelab::wordle
