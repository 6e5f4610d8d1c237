// Decision trees: the verifier finds each kind of defect, the JSON form round-trips
// and rejects damage, paths come out in the asked order, the tree player follows a tree.
#include <gtest/gtest.h>

#include <algorithm>

#include "guess/optimal.h"
#include "guess/optimal_player.h"
#include "guess/optimal_tree.h"
#include "word_games.h"

namespace puzzlelab::guess {
namespace {

using testing::all_secrets;
using testing::WordHardRule;
using testing::WordListGame;

const std::vector<std::string> kWords = {"abc", "abd", "acb", "bac", "bca", "cab", "cba", "dab"};

DecisionTree solved_tree(const WordListGame& game, const GuessFilter* hard = nullptr, std::uint32_t max = 0) {
  OptimalOptions options;
  options.hard_mode = hard;
  options.max_guesses = max;
  auto solver = OptimalSolver::create(game, all_secrets(game), options);
  auto best = (*solver)->best_first();
  return *(*solver)->tree(best->guess);
}

TEST(Tree, VerifierAcceptsSolverTreesAndCountsGuesses) {
  const WordListGame game(kWords, kWords);
  const DecisionTree tree = solved_tree(game);
  const TreeCheck check = verify_tree(game, tree, all_secrets(game));
  ASSERT_FALSE(check.defect);
  EXPECT_EQ(check.summary.secrets, kWords.size());
  std::uint64_t total = 0;
  std::uint32_t count = 0;
  for (std::size_t k = 0; k < check.summary.distribution.size(); ++k) {
    total += k * check.summary.distribution[k];
    count += check.summary.distribution[k];
  }
  EXPECT_EQ(total, check.summary.total);
  EXPECT_EQ(count, kWords.size());
}

TEST(Tree, VerifierFindsAMissingBranch) {
  const WordListGame game(kWords, kWords);
  // One node guessing "abc" with only the solved branch.
  DecisionTree tree;
  const auto root = tree.add_node(game.find_guess("abc"));
  tree.add_branch(root, WordListGame::score("abc", "abc"), kSolvedLeaf);
  const TreeCheck check = verify_tree(game, tree, all_secrets(game));
  ASSERT_TRUE(check.defect);
  EXPECT_EQ(check.defect->kind, TreeDefect::Kind::MissingBranch);
}

TEST(Tree, VerifierFindsALeafThatIsNotSolved) {
  const std::vector<std::string> words{"abc", "abd"};
  const WordListGame game(words, words);
  DecisionTree tree;
  const auto root = tree.add_node(0);  // abc
  tree.add_branch(root, WordListGame::score("abc", "abd"), kSolvedLeaf);
  tree.add_branch(root, WordListGame::score("abc", "abc"), kSolvedLeaf);
  const TreeCheck check = verify_tree(game, tree, all_secrets(game));
  ASSERT_TRUE(check.defect);
  EXPECT_EQ(check.defect->kind, TreeDefect::Kind::SolvedMismatch);
}

TEST(Tree, VerifierEnforcesTheLimitAndHardMode) {
  const std::vector<std::string> words{"abc", "abd", "abe", "xyz"};
  const WordListGame game({"abc", "abd", "abe"}, words);
  // The three candidates one by one: abc, then abd, then abe.
  DecisionTree tree;
  const GuessIndex abc = game.find_guess("abc"), abd = game.find_guess("abd"), abe = game.find_guess("abe");
  const auto n0 = tree.add_node(abc);
  tree.add_branch(n0, WordListGame::score("abc", "abd"), 0);  // patched below
  tree.add_branch(n0, WordListGame::score("abc", "abc"), kSolvedLeaf);
  const auto n1 = tree.add_node(abd);
  tree.add_branch(n1, WordListGame::score("abd", "abe"), 0);
  tree.add_branch(n1, WordListGame::score("abd", "abd"), kSolvedLeaf);
  const auto n2 = tree.add_node(abe);
  tree.add_branch(n2, WordListGame::score("abe", "abe"), kSolvedLeaf);
  tree.set_child(n0, 0, n1);
  tree.set_child(n1, 0, n2);
  EXPECT_FALSE(verify_tree(game, tree, all_secrets(game)).defect);
  EXPECT_EQ(verify_tree(game, tree, all_secrets(game)).summary.total, 1u + 2 + 3);
  const TreeCheck limited = verify_tree(game, tree, all_secrets(game), nullptr, 2);
  ASSERT_TRUE(limited.defect);
  EXPECT_EQ(limited.defect->kind, TreeDefect::Kind::TooManyGuesses);
  // Hard mode: after abc shows GG., the next guess must start with "ab"; xyz breaks it.
  WordHardRule rule(game);
  EXPECT_FALSE(verify_tree(game, tree, all_secrets(game), &rule).defect);
  DecisionTree bad;
  const auto b0 = bad.add_node(abc);
  bad.add_branch(b0, WordListGame::score("abc", "abd"), 1);
  bad.add_branch(b0, WordListGame::score("abc", "abc"), kSolvedLeaf);
  const auto b1 = bad.add_node(game.find_guess("xyz"));
  bad.add_branch(b1, WordListGame::score("xyz", "abd"), kSolvedLeaf);
  const TreeCheck hard = verify_tree(game, bad, all_secrets(game), &rule);
  ASSERT_TRUE(hard.defect);
  EXPECT_EQ(hard.defect->kind, TreeDefect::Kind::IllegalGuess);
  EXPECT_EQ(hard.defect->history.size(), 1u);
}

TEST(Tree, VerifierFindsACycle) {
  const WordListGame game(kWords, kWords);
  DecisionTree tree;
  const auto root = tree.add_node(0);
  // Every non-solved pattern of guess 0 leads back to the root.
  std::vector<Pattern> patterns;
  for (SecretIndex s = 0; s < game.secret_count(); ++s) patterns.push_back(game.feedback(0, s));
  std::sort(patterns.begin(), patterns.end());
  patterns.erase(std::unique(patterns.begin(), patterns.end()), patterns.end());
  for (const Pattern p : patterns) tree.add_branch(root, p, game.is_solved(p) ? kSolvedLeaf : root);
  const TreeCheck check = verify_tree(game, tree, all_secrets(game));
  ASSERT_TRUE(check.defect);
  EXPECT_EQ(check.defect->kind, TreeDefect::Kind::Cycle);
}

TEST(Tree, JsonRoundTripsAndRejectsDamage) {
  const WordListGame game(kWords, kWords);
  const DecisionTree tree = solved_tree(game);
  const nlohmann::json json = tree_to_json(tree);
  auto back = tree_from_json(nlohmann::json::parse(json.dump()));
  ASSERT_TRUE(back);
  EXPECT_TRUE(*back == tree);
  for (const char* damaged :
       {R"({})", R"({"nodes": 3})", R"({"nodes": [[0, [5, 7]]]})", R"({"nodes": [[0, [5, -1], [4, -1]]]})",
        R"({"nodes": [["x"]]})", R"({"nodes": [[0, [1, 0]]]})"}) {
    EXPECT_FALSE(tree_from_json(nlohmann::json::parse(damaged))) << damaged;
  }
}

TEST(Tree, PathsFollowTheGivenPatternOrder) {
  const WordListGame game(kWords, kWords);
  const DecisionTree tree = solved_tree(game);
  const auto by_code = tree_paths(game, tree, all_secrets(game));
  ASSERT_EQ(by_code.size(), kWords.size());
  const auto reversed = tree_paths(game, tree, all_secrets(game), [](Pattern a, Pattern b) { return a > b; });
  ASSERT_EQ(reversed.size(), kWords.size());
  EXPECT_NE(by_code.front().secret, reversed.front().secret);
  std::uint64_t total = 0;
  for (const TreePath& p : by_code) {
    total += p.turns.size();
    EXPECT_TRUE(game.is_solved(p.turns.back().pattern));
    EXPECT_EQ(p.turns.back().guess, game.guess_of_secret(p.secret));
  }
  EXPECT_EQ(total, verify_tree(game, tree, all_secrets(game)).summary.total);
}

TEST(Tree, PlayerFollowsTheTree) {
  const WordListGame game(kWords, kWords);
  const DecisionTree tree = solved_tree(game);
  TreePlayer player(tree);
  for (const TreePath& p : tree_paths(game, tree, all_secrets(game))) {
    std::vector<Observation> history;
    for (const Observation& turn : p.turns) {
      EXPECT_EQ(player.tree_guess(history), turn.guess);
      history.push_back(turn);
    }
    EXPECT_FALSE(player.tree_guess(history));  // solved: the game is over
  }
  const std::vector<Observation> off{Observation{tree.node(0).guess == 0 ? 1u : 0u, 0}};
  EXPECT_FALSE(player.tree_guess(off));
}

// play_along replays one secret through the tree: the same guesses as the tree's path to
// it, the last one solving it; nothing for a tree that does not reach it (an empty tree).
TEST(Tree, PlayAlongGivesEachSecretsPath) {
  const WordListGame game(kWords, kWords);
  const DecisionTree tree = solved_tree(game);
  std::size_t paths = 0;
  for (const TreePath& p : tree_paths(game, tree, all_secrets(game))) {
    std::vector<GuessIndex> expected;
    for (const Observation& turn : p.turns) expected.push_back(turn.guess);
    const std::vector<GuessIndex> played = play_along(game, tree, p.secret);
    EXPECT_EQ(played, expected);
    ASSERT_FALSE(played.empty());
    EXPECT_TRUE(game.is_solved(game.feedback(played.back(), p.secret)));
    ++paths;
  }
  EXPECT_EQ(paths, game.secret_count());
  EXPECT_TRUE(play_along(game, DecisionTree{}, 0).empty());
}

}  // namespace
}  // namespace puzzlelab::guess

namespace puzzlelab::guess {
namespace {

// `sim --player optimal` counts a game along the tree: its guesses, a win within the
// limit, and the --jsonl detail naming the guesses.
TEST(Tree, TreeGameCountsGuessesAndTheLimit) {
  const WordListGame game(kWords, kWords);
  const DecisionTree tree = solved_tree(game);
  const GuessIndex root = tree.node(0).guess;
  std::uint32_t deepest = 0;
  for (const SecretIndex s : all_secrets(game)) {
    const std::vector<GuessIndex> played = play_along(game, tree, s);
    ASSERT_FALSE(played.empty());
    deepest = std::max<std::uint32_t>(deepest, static_cast<std::uint32_t>(played.size()));
    const core::GameResult unlimited = tree_game(game, tree, s, 0);
    EXPECT_EQ(unlimited.primary, static_cast<std::int64_t>(played.size()));
    EXPECT_TRUE(unlimited.win);
    EXPECT_TRUE(unlimited.detail.is_null());
    // Within one guess only the root's own secret is won.
    EXPECT_EQ(tree_game(game, tree, s, 1).win, game.guess_of_secret(s) == root);
    const core::GameResult named = tree_game(game, tree, s, 0, [&game](GuessIndex g) { return game.guess_word(g); });
    ASSERT_TRUE(named.detail.is_object());
    EXPECT_EQ(named.detail["secret"], game.secret_word(s));
    EXPECT_EQ(named.detail["solved"], true);
    ASSERT_EQ(named.detail["guesses"].size(), played.size());
    EXPECT_EQ(named.detail["guesses"].back(), game.secret_word(s));
    EXPECT_EQ(named.detail["guesses"].front(), game.guess_word(root));
  }
  EXPECT_GT(deepest, 1u);
}

// A secret the tree does not reach is a loss with no guesses.
TEST(Tree, TreeGameOffTheTreeIsALoss) {
  const WordListGame game(kWords, kWords);
  DecisionTree tree;
  const auto root = tree.add_node(game.find_guess("abc"));
  tree.add_branch(root, WordListGame::score("abc", "abc"), kSolvedLeaf);
  ASSERT_EQ(game.secret_word(1), "abd");
  const core::GameResult r = tree_game(game, tree, 1, 6);
  EXPECT_FALSE(r.win);
  EXPECT_EQ(r.primary, 0);
}

}  // namespace
}  // namespace puzzlelab::guess
