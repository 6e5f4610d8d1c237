// The optimal player in a game under way (guess::optimal_advice, what `wordle assist
// --player optimal` and the page's assistant call): on the tree from solve_optimal_tree
// and off it, its total is the brute-force optimum of the guesses still to come, within
// the game's limit when that can be met; a cancelled search says so.
#include "guess/optimal_advice.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <vector>

#include "brute_force.h"
#include "word_games.h"

namespace puzzlelab::guess {
namespace {

using testing::all_secrets;
using testing::BruteForce;
using testing::WordHardRule;
using testing::WordListGame;

void check_advice(const WordListGame& game, bool hard, std::uint32_t limit) {
  SCOPED_TRACE(::testing::Message() << "hard " << hard << " limit " << limit);
  WordHardRule rule(game);
  const GuessFilter* filter = hard ? &rule : nullptr;
  const auto secrets = all_secrets(game);
  BruteForce brute(game, filter, limit);
  BruteForce unlimited(game, filter, 0);

  OptimalOptions tree_options;
  tree_options.hard_mode = filter;
  tree_options.max_guesses = limit;
  tree_options.threads = 1;
  auto solved = solve_optimal_tree(game, secrets, tree_options, std::nullopt);
  ASSERT_TRUE(solved) << solved.error().message;
  ASSERT_TRUE(solved->proven_all);
  if (brute.best(secrets) == BruteForce::kNone) {
    EXPECT_TRUE(solved->tree.empty()) << "a tree where no strategy keeps the limit";
    return;
  }
  ASSERT_EQ(solved->summary.total, brute.best(secrets));
  const DecisionTree& tree = solved->tree;

  AdviceOptions options;
  options.hard_mode = filter;
  options.game_max_guesses = limit;
  options.threads = 1;
  // At the start: the tree's root and its total, and the same total solved directly.
  auto start = optimal_advice(game, &tree, {}, secrets, options);
  ASSERT_TRUE(start);
  EXPECT_TRUE(start->on_tree);
  EXPECT_EQ(start->guess, solved->first);
  EXPECT_EQ(start->total, solved->summary.total);
  EXPECT_EQ(start->max, solved->summary.max_guesses);
  auto direct = optimal_advice(game, nullptr, {}, secrets, options);
  ASSERT_TRUE(direct);
  EXPECT_FALSE(direct->on_tree);
  EXPECT_EQ(direct->total, solved->summary.total);

  // After every first guess and pattern: on the tree when the guess is its root, else
  // solved; the total is the optimum of what is left (without the limit when it cannot
  // be met any more).
  std::size_t on_tree = 0;
  std::size_t off_tree = 0;
  for (GuessIndex g = 0; g < game.guess_count(); ++g) {
    std::map<Pattern, std::vector<SecretIndex>> classes;
    for (const SecretIndex s : secrets) classes[game.feedback(g, s)].push_back(s);
    for (const auto& [pattern, members] : classes) {
      if (game.is_solved(pattern)) continue;
      const std::vector<Observation> history{Observation{g, pattern}};
      auto a = optimal_advice(game, &tree, history, members, options);
      ASSERT_TRUE(a) << a.error().message;
      const std::uint64_t within = brute.best_after(members, history);
      const std::uint64_t want = within != BruteForce::kNone ? within : unlimited.best_after(members, history);
      EXPECT_EQ(a->total, want) << "after guess " << g << " pattern " << pattern;
      EXPECT_EQ(a->on_tree, g == solved->first);
      // The longest game from here keeps to the limit when the limit can be kept.
      EXPECT_GE(a->max, 1u);
      if (limit != 0 && within != BruteForce::kNone) {
        EXPECT_LE(a->max + 1, limit);
      }
      ASSERT_LT(a->guess, game.guess_count());
      if (filter != nullptr) {
        std::vector<GuessIndex> allowed;
        filter->allowed(history, allowed);
        EXPECT_NE(std::find(allowed.begin(), allowed.end(), a->guess), allowed.end()) << "a guess hard mode forbids";
      }
      ++(a->on_tree ? on_tree : off_tree);
    }
  }
  EXPECT_GT(on_tree, 0u);
  EXPECT_GT(off_tree, 0u);
}

TEST(OptimalAdvice, MatchesBruteForceOnAndOffTheTree) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const auto words = testing::all_words(3, 4);
    const WordListGame game(testing::sample(words, 9 + seed, seed + 40), words);
    check_advice(game, false, 0);
    check_advice(game, true, 0);
    check_advice(game, false, 3);
    check_advice(game, true, 3);
  }
}

TEST(OptimalAdvice, StopsWhenCancelled) {
  const auto words = testing::all_words(3, 4);
  const WordListGame game(testing::sample(words, 12, 7), words);
  const auto secrets = all_secrets(game);
  std::atomic<bool> cancel{true};
  AdviceOptions options;
  options.threads = 1;
  options.cancel = &cancel;
  auto a = optimal_advice(game, nullptr, {}, secrets, options);
  ASSERT_FALSE(a);
  EXPECT_EQ(a.error().message, "cancelled");
  OptimalOptions tree_options;
  tree_options.cancel = &cancel;
  tree_options.threads = 1;
  auto t = solve_optimal_tree(game, secrets, tree_options, GuessIndex{0});
  ASSERT_FALSE(t);
  EXPECT_EQ(t.error().message, "cancelled");
}

}  // namespace
}  // namespace puzzlelab::guess
