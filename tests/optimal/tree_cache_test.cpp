// The optimal-tree cache of the state folder (guess/tree_cache.h): a tree is computed once
// and read back; the cached entry is what a later run returns; anything damaged, of other
// data or refused by the replay is computed again and replaced, never trusted.
#include "guess/tree_cache.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "guess/optimal.h"
#include "word_games.h"

namespace puzzlelab::guess {
namespace {

using testing::all_secrets;
using testing::WordListGame;

const std::vector<std::string> kWords = {"abc", "abd", "acb", "bac", "bca", "cab", "cba", "dab", "dcb", "bad"};

class TreeCache : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("puzzlelab_tree_cache_" + std::to_string(::getpid()) + "_" +
                                                     ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    store_.emplace(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  // The cache options for `variant` of data "0a", warnings collected.
  TreeCacheOptions cache(const std::string& variant = "normal/max=0/first=best", bool recompute = false) {
    TreeCacheOptions c;
    c.store = &*store_;
    c.key = TreeCacheKey{"toy", "0a", variant};
    c.recompute = recompute;
    c.warn = [this](const std::string& message) { warnings_.push_back(message); };
    return c;
  }
  core::Result<OptimalTree> tree(std::optional<GuessIndex> first = std::nullopt,
                                 const std::string& variant = "normal/max=0/first=best", bool recompute = false) {
    return cached_optimal_tree(game_, all_secrets(game_), OptimalOptions{}, first, cache(variant, recompute));
  }
  nlohmann::json file() const {
    std::ifstream in(dir_ / "toy-optimal.json");
    return nlohmann::json::parse(in, nullptr, false);
  }
  void write_file(const std::string& text) const { std::ofstream(dir_ / "toy-optimal.json") << text; }
  // The exact total with `first` at the root, from the solver itself.
  std::uint64_t solver_total(GuessIndex first) const {
    auto solver = OptimalSolver::create(game_, all_secrets(game_), OptimalOptions{});
    return *(*solver)->value_of_first(first);
  }

  std::filesystem::path dir_;
  std::optional<core::StateStore> store_;
  WordListGame game_{kWords, kWords};
  std::vector<std::string> warnings_;
};

TEST_F(TreeCache, FileNameIsTheGamesOptimalJson) {
  EXPECT_EQ(tree_cache_file("wordle"), "wordle-optimal.json");
  EXPECT_EQ(tree_cache_file("handle"), "handle-optimal.json");
}

TEST_F(TreeCache, ComputedOnceThenReadBack) {
  auto first = tree();
  ASSERT_TRUE(first) << first.error().message;
  EXPECT_FALSE(first->cached);
  EXPECT_TRUE(first->proven_all);
  ASSERT_FALSE(first->tree.empty());
  const nlohmann::json doc = file();
  ASSERT_TRUE(doc.is_object());
  EXPECT_EQ(doc["data"], "0a");
  EXPECT_EQ(doc["trees"]["normal/max=0/first=best"]["total"], first->summary.total);

  auto again = tree();
  ASSERT_TRUE(again) << again.error().message;
  EXPECT_TRUE(again->cached);
  EXPECT_TRUE(again->proven_all);
  EXPECT_EQ(again->tree, first->tree);
  EXPECT_EQ(again->summary, first->summary);
  EXPECT_EQ(again->first, first->first);
  EXPECT_TRUE(warnings_.empty());
}

// A valid tree planted in the file (one that opens with another guess than the best) is
// returned as it is: the cache is read, not recomputed.
TEST_F(TreeCache, APlantedValidTreeIsReturnedAsCached) {
  auto best = tree(std::nullopt, "planted");
  ASSERT_TRUE(best);
  GuessIndex other = 0;
  while (other == best->first) ++other;
  auto planted = cached_optimal_tree(game_, all_secrets(game_), OptimalOptions{}, other, TreeCacheOptions{});
  ASSERT_TRUE(planted);
  nlohmann::json doc = file();
  doc["trees"]["planted"] = {{"total", planted->summary.total},
                             {"proven_all", false},
                             {"seconds", 12.5},
                             {"tree", tree_to_json(planted->tree)}};
  write_file(doc.dump());

  auto read = tree(std::nullopt, "planted");
  ASSERT_TRUE(read);
  EXPECT_TRUE(read->cached);
  EXPECT_EQ(read->first, other);
  EXPECT_EQ(read->summary.total, solver_total(other));
  EXPECT_FALSE(read->proven_all);
  EXPECT_DOUBLE_EQ(read->seconds, 12.5);
}

// An entry whose recorded total is not what the tree replays to is refused with a
// warning, computed again, and replaced by the right one.
TEST_F(TreeCache, AnEntryThatDoesNotReplayIsRecomputed) {
  auto computed = tree();
  ASSERT_TRUE(computed);
  nlohmann::json doc = file();
  doc["trees"]["normal/max=0/first=best"]["total"] = computed->summary.total + 1;
  write_file(doc.dump());

  auto again = tree();
  ASSERT_TRUE(again);
  EXPECT_FALSE(again->cached);
  EXPECT_EQ(again->summary.total, computed->summary.total);
  ASSERT_EQ(warnings_.size(), 1u);
  EXPECT_NE(warnings_[0].find("does not replay; computing it again"), std::string::npos) << warnings_[0];
  EXPECT_EQ(file()["trees"]["normal/max=0/first=best"]["total"], computed->summary.total);
}

// Fields of the wrong type (a hand-edited file) and a tree that is not one are refused
// the same way, without an exception.
TEST_F(TreeCache, EntriesOfTheWrongShapeAreRecomputed) {
  auto computed = tree();
  ASSERT_TRUE(computed);
  const nlohmann::json good = file()["trees"]["normal/max=0/first=best"];
  const std::vector<std::pair<std::string, nlohmann::json>> damage = {
      {"total", "17"}, {"proven_all", 1}, {"seconds", "fast"}, {"tree", {{"nodes", {{0, {99999, 5}}}}}}};
  for (const auto& [field, value] : damage) {
    nlohmann::json entry = good;
    entry[field] = value;
    write_file(nlohmann::json{{"data", "0a"}, {"trees", {{"normal/max=0/first=best", entry}}}}.dump());
    warnings_.clear();
    auto again = tree();
    ASSERT_TRUE(again) << field;
    EXPECT_FALSE(again->cached) << field;
    EXPECT_EQ(again->summary.total, computed->summary.total) << field;
    EXPECT_EQ(warnings_.size(), 1u) << field;
  }
  write_file(nlohmann::json{{"data", "0a"}, {"trees", {{"normal/max=0/first=best", 42}}}}.dump());
  auto again = tree();
  ASSERT_TRUE(again);
  EXPECT_FALSE(again->cached);
}

// A file that is not JSON is moved aside by the store (a warning says where) and the tree
// is computed and saved afresh.
TEST_F(TreeCache, AFileThatIsNotJsonIsMovedAsideAndReplaced) {
  write_file("{\"data\": \"0a\", \"trees\": {");
  auto computed = tree();
  ASSERT_TRUE(computed);
  EXPECT_FALSE(computed->cached);
  ASSERT_FALSE(warnings_.empty());
  EXPECT_NE(warnings_[0].find("corrupt"), std::string::npos) << warnings_[0];
  EXPECT_EQ(file()["trees"]["normal/max=0/first=best"]["total"], computed->summary.total);
}

// Trees of other data (another checksum) are dropped, not reused, with no warning.
TEST_F(TreeCache, OtherDataStartsTheFileAfresh) {
  ASSERT_TRUE(tree());
  nlohmann::json doc = file();
  doc["data"] = "0b";
  doc["trees"]["kept?"] = doc["trees"]["normal/max=0/first=best"];
  write_file(doc.dump());
  auto again = tree();
  ASSERT_TRUE(again);
  EXPECT_FALSE(again->cached);
  EXPECT_TRUE(warnings_.empty());
  const nlohmann::json after = file();
  EXPECT_EQ(after["data"], "0a");
  EXPECT_FALSE(after["trees"].contains("kept?"));
}

// Other variants of the same data are kept beside a new one.
TEST_F(TreeCache, VariantsShareTheFile) {
  auto best = tree();
  ASSERT_TRUE(best);
  auto fixed = tree(GuessIndex{0}, "normal/max=0/first=abc");
  ASSERT_TRUE(fixed);
  EXPECT_FALSE(fixed->proven_all);
  EXPECT_EQ(fixed->first, GuessIndex{0});
  EXPECT_EQ(fixed->summary.total, solver_total(0));
  const nlohmann::json doc = file();
  EXPECT_TRUE(doc["trees"].contains("normal/max=0/first=best"));
  EXPECT_TRUE(doc["trees"].contains("normal/max=0/first=abc"));
}

TEST_F(TreeCache, RecomputeIgnoresTheCachedTree) {
  ASSERT_TRUE(tree());
  auto again = tree(std::nullopt, "normal/max=0/first=best", true);
  ASSERT_TRUE(again);
  EXPECT_FALSE(again->cached);
  EXPECT_TRUE(warnings_.empty());
}

TEST_F(TreeCache, WithoutAStoreNothingIsWritten) {
  auto computed = cached_optimal_tree(game_, all_secrets(game_), OptimalOptions{}, std::nullopt, TreeCacheOptions{});
  ASSERT_TRUE(computed);
  EXPECT_FALSE(computed->cached);
  EXPECT_FALSE(computed->tree.empty());
  EXPECT_TRUE(std::filesystem::is_empty(dir_));
}

// No strategy within the limit: an empty tree, and nothing is cached for it.
TEST_F(TreeCache, AnInfeasibleLimitGivesAnEmptyTreeNotCached) {
  OptimalOptions options;
  options.max_guesses = 1;
  auto none = cached_optimal_tree(game_, all_secrets(game_), options, std::nullopt, cache("normal/max=1/first=best"));
  ASSERT_TRUE(none) << none.error().message;
  EXPECT_TRUE(none->tree.empty());
  EXPECT_FALSE(std::filesystem::exists(dir_ / "toy-optimal.json"));
}

TEST_F(TreeCache, ACancelledComputationIsAnErrorAndNotCached) {
  const std::atomic<bool> cancel{true};
  OptimalOptions options;
  options.cancel = &cancel;
  auto cancelled = cached_optimal_tree(game_, all_secrets(game_), options, std::nullopt, cache());
  EXPECT_FALSE(cancelled);
  EXPECT_FALSE(std::filesystem::exists(dir_ / "toy-optimal.json"));
}

}  // namespace
}  // namespace puzzlelab::guess
