// Handle trees as text (handle/decision_tree.h, `handle tree --out`): the marks of a
// pattern, a solver's tree written and read back to the same games, and damaged text
// refused with its line.
#include "handle/decision_tree.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/utf8.h"
#include "guess/optimal.h"
#include "handle/feedback.h"
#include "test_lexicon.h"

namespace puzzlelab::handle {
namespace {

const IdiomTable& table() {
  static const IdiomTable t(test_lexicon());
  return t;
}

// The optimal tree over the first `count` daily answers (every idiom a guess): small
// enough to solve in moments, deep enough to have several turns.
struct SmallTree {
  HandleGame game{table(), WordSet::Answers};
  std::vector<guess::SecretIndex> secrets;
  guess::DecisionTree tree;
};

const SmallTree& small_tree() {
  static const SmallTree t = [] {
    SmallTree s;
    const auto all = s.game.answer_secrets();
    s.secrets.assign(all.begin(), all.begin() + 40);
    auto solver = guess::OptimalSolver::create(s.game, s.secrets, guess::OptimalOptions{});
    if (!solver) throw std::runtime_error(solver.error().message);
    const auto order = (*solver)->first_guesses_by_heuristic(1);
    auto tree = (*solver)->tree(order.front());
    if (!tree) throw std::runtime_error(tree.error().message);
    s.tree = std::move(*tree);
    return s;
  }();
  return t;
}

std::string idiom(const HandleGame& game, guess::GuessIndex g) {
  return core::utf8_encode(game.table().lexicon().idioms()[g].word);
}

std::string error_of(std::string_view text) {
  auto parsed = parse_handle_tree(small_tree().game, text);
  return parsed ? std::string("(accepted)") : parsed.error().message;
}

// The cache key of the terminal's trees: existing caches in users' state folders use it.
TEST(HandleTreeKey, NamesTheLexiconTheLimitAndTheOpenerIndex) {
  const guess::TreeCacheKey best = optimal_tree_key(0x1234, 0, std::nullopt);
  EXPECT_EQ(best.game, "handle");
  EXPECT_EQ(best.data, "0000000000001234");
  EXPECT_EQ(best.variant, "answers/max=0/first=best");
  EXPECT_EQ(optimal_tree_key(0xfedcba9876543210, 3, guess::GuessIndex{17}).variant, "answers/max=3/first=17");
  EXPECT_EQ(optimal_tree_key(0xfedcba9876543210, 3, guess::GuessIndex{17}).data, "fedcba9876543210");
}

TEST(HandleTreeKey, ProofProblemNamesTheLexiconAndTheLimit) {
  EXPECT_EQ(proof_problem(0x1234, 0), "handle/0000000000001234/answers/max=0");
  EXPECT_EQ(proof_problem(0xfedcba9876543210, 4), "handle/fedcba9876543210/answers/max=4");
}

TEST(HandleTreeText, PatternMarksAreTheFeedbackWithoutSpaces) {
  EXPECT_EQ(pattern_marks(kAllExact), "EEEEEEEEEEEEEEEE");
  EXPECT_EQ(pattern_marks(0), "NNNNNNNNNNNNNNNN");
  const auto f = parse_feedback("MMME MMME EEEE NEEN");
  ASSERT_TRUE(f);
  EXPECT_EQ(pattern_marks(encode(*f)), "MMMEMMMEEEEENEEN");
}

// Every line is one secret's game: each turn shows the game's own feedback and the last
// idiom is the secret.
TEST(HandleTreeText, EachLineIsASecretsGame) {
  const SmallTree& t = small_tree();
  const std::string text = handle_tree_text(t.game, t.tree, t.secrets);
  const std::vector<guess::TreePath> paths = guess::tree_paths(t.game, t.tree, t.secrets);
  ASSERT_EQ(paths.size(), t.secrets.size());
  std::string expected;
  for (const auto& path : paths) {
    for (std::size_t k = 0; k < path.turns.size(); ++k) {
      const guess::GuessIndex g = path.turns[k].guess;
      EXPECT_EQ(path.turns[k].pattern, t.game.feedback(g, path.secret));
      if (k > 0) expected += ' ';
      expected.append(idiom(t.game, g)).append(" ").append(pattern_marks(t.game.feedback(g, path.secret)));
      expected.append(std::to_string(k + 1));
    }
    EXPECT_EQ(path.turns.back().guess, t.game.guess_of_secret(path.secret));
    expected += '\n';
  }
  EXPECT_EQ(text, expected);
}

TEST(HandleTreeText, RoundTripsThroughItsText) {
  const SmallTree& t = small_tree();
  const std::string text = handle_tree_text(t.game, t.tree, t.secrets);
  auto read = parse_handle_tree(t.game, text);
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_EQ(handle_tree_text(t.game, *read, t.secrets), text);
  const guess::TreeCheck original = guess::verify_tree(t.game, t.tree, t.secrets);
  const guess::TreeCheck again = guess::verify_tree(t.game, *read, t.secrets);
  ASSERT_FALSE(again.defect);
  EXPECT_EQ(again.summary, original.summary);
  for (const guess::SecretIndex s : t.secrets) {
    EXPECT_EQ(guess::play_along(t.game, *read, s), guess::play_along(t.game, t.tree, s));
  }
}

TEST(HandleTreeText, DamageIsRefusedWithItsLine) {
  const SmallTree& t = small_tree();
  const std::string text = handle_tree_text(t.game, t.tree, t.secrets);
  const std::string first_line = text.substr(0, text.find('\n'));
  EXPECT_EQ(error_of(""), "no tree lines");
  EXPECT_EQ(error_of(first_line + "\nabcd EEEEEEEEEEEEEEEE1\n"), "line 2: 'abcd' is not an idiom of the guess list");
  EXPECT_EQ(error_of(first_line + "\n" + first_line + "\n"), "line 2: the same turns as an earlier line");
  // The root guess changed on a later line.
  const guess::GuessIndex root = t.tree.node(0).guess;
  const guess::GuessIndex other = root == 0 ? 1 : 0;
  EXPECT_EQ(error_of(first_line + "\n" + idiom(t.game, other) + " NNNNNNNNNNNNNNNN1 " + idiom(t.game, other) +
                     " EEEEEEEEEEEEEEEE2\n"),
            "line 2: guess 1 is '" + idiom(t.game, other) + "' but another line with the same turns plays '" +
                idiom(t.game, root) + "'");
  EXPECT_EQ(error_of(idiom(t.game, root) + " NNNNNNNNNNNNNNNN1\n"), "line 1: the last guess does not solve it");
  EXPECT_EQ(error_of(idiom(t.game, root) + " EEEEEEEEEEEEEEEE1 " + idiom(t.game, root) + " EEEEEEEEEEEEEEEE2\n"),
            "line 1: goes on after a solved guess");
  EXPECT_EQ(error_of(idiom(t.game, root) + " EEEEEEEEEEEEEEEE2\n"),
            "line 1: 'EEEEEEEEEEEEEEEE2' should end with the guess number 1");
  EXPECT_EQ(error_of(idiom(t.game, root) + "\n"),
            "line 1: expected pairs of an idiom and its marks with the guess number");
}

}  // namespace
}  // namespace puzzlelab::handle
