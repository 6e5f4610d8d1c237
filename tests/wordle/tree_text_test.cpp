// Selby's tree format (data/wordle/trees): the three shipped trees parse, replay to
// their published totals (7,920 normal; 8,122 hard; 8,206 hard within 5) through the
// solver's verifier, and are written back byte for byte; a solver tree written in the
// format reads back as the same tree.
#include <gtest/gtest.h>

#include <cctype>

#include <fstream>
#include <iterator>
#include <string>

#include "guess/optimal.h"
#include "wordle/decision_tree.h"
#include "wordle/engine.h"

namespace puzzlelab::wordle {
namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

const wordle::Engine& engine() {
  static const auto e = [] {
    const std::string dir = std::string(PUZZLELAB_SOURCE_DIR) + "/data/wordle/";
    return std::move(
        wordle::Engine::load(slurp(dir + "answers.txt"), slurp(dir + "guesses.txt"), guess::TableOptions{0, 1})
            .value());
  }();
  return *e;
}

std::vector<guess::SecretIndex> every_secret(const guess::Game& game) {
  std::vector<guess::SecretIndex> all(game.secret_count());
  for (guess::SecretIndex s = 0; s < all.size(); ++s) all[s] = s;
  return all;
}

struct Shipped {
  const char* file;
  bool hard;
  std::uint32_t max;
  std::uint64_t total;
  std::uint32_t deepest;
};

// ctest lists the case by its file, not by the struct's bytes.
void PrintTo(const Shipped& t, std::ostream* os) {
  *os << t.file;
}

class ShippedTree : public ::testing::TestWithParam<Shipped> {};

TEST_P(ShippedTree, ReplaysToItsTotalAndIsWrittenBackByteForByte) {
  const Shipped& t = GetParam();
  const wordle::WordleGame& game = engine().game();
  const std::string text = slurp(std::string(PUZZLELAB_TEST_DATA) + "/wordle_trees/" + t.file);
  ASSERT_FALSE(text.empty()) << t.file;
  auto tree = parse_wordle_tree(game, text);
  ASSERT_TRUE(tree) << tree.error().message;
  const guess::TreeCheck check =
      guess::verify_tree(game, *tree, every_secret(game), t.hard ? &engine().hard_filter() : nullptr, t.max);
  ASSERT_FALSE(check.defect);
  EXPECT_EQ(check.summary.total, t.total);
  EXPECT_EQ(check.summary.max_guesses, t.deepest);
  EXPECT_EQ(check.summary.secrets, 2315u);
  // The wordle module's own line-by-line checker agrees.
  auto lines = wordle::parse_decision_tree(text, game.length());
  ASSERT_TRUE(lines);
  auto summary = wordle::check_decision_tree(game, *lines, t.hard);
  ASSERT_TRUE(summary) << summary.error().message;
  EXPECT_EQ(summary->total_guesses, t.total);
  // Written back exactly: branch order and blank compression as in Selby's files.
  EXPECT_EQ(wordle_tree_text(game, *tree, every_secret(game)), text);
}

INSTANTIATE_TEST_SUITE_P(Selby, ShippedTree,
                         ::testing::Values(Shipped{"salet.normal.tree", false, 0, 7920, 5},
                                           Shipped{"salet.hard.tree", true, 0, 8122, 6},
                                           Shipped{"palet.hard5.tree", true, 5, 8206, 5}),
                         // Named by the file (the default name would print the struct's bytes).
                         [](const ::testing::TestParamInfo<Shipped>& param) {
                           std::string name = param.param.file;
                           for (char& c : name) {
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           }
                           return name;
                         });

TEST(WordleTree, NormalTreeIsNotAHardModeTree) {
  const wordle::WordleGame& game = engine().game();
  auto tree = parse_wordle_tree(game, slurp(std::string(PUZZLELAB_TEST_DATA) + "/wordle_trees/salet.normal.tree"));
  ASSERT_TRUE(tree);
  const guess::TreeCheck check = guess::verify_tree(game, *tree, every_secret(game), &engine().hard_filter());
  ASSERT_TRUE(check.defect);
  EXPECT_EQ(check.defect->kind, guess::TreeDefect::Kind::IllegalGuess);
}

TEST(WordleTree, SolverTreeOnASubListRoundTrips) {
  // Every 20th answer as secrets, the answers as guesses: small enough for a moment.
  std::vector<std::string> answers;
  for (std::size_t i = 0; i < engine().game().secret_count(); i += 20)
    answers.push_back(engine().game().secret_word(static_cast<guess::SecretIndex>(i)));
  std::vector<std::string> guesses = answers;
  guesses.push_back("salet");
  auto small = wordle::Engine::create(answers, guesses, guess::TableOptions{0, 1});
  ASSERT_TRUE(small);
  const wordle::WordleGame& game = (*small)->game();
  for (const bool hard : {false, true}) {
    guess::OptimalOptions options;
    if (hard) options.hard_mode = &(*small)->hard_filter();
    auto solver = guess::OptimalSolver::create(game, every_secret(game), options);
    ASSERT_TRUE(solver);
    const guess::GuessIndex salet = *game.find_guess("salet");
    const auto value = (*solver)->value_of_first(salet);
    ASSERT_TRUE(value);
    auto tree = (*solver)->tree(salet);
    ASSERT_TRUE(tree);
    const std::string text = wordle_tree_text(game, *tree, every_secret(game));
    auto back = parse_wordle_tree(game, text);
    ASSERT_TRUE(back) << back.error().message;
    const guess::TreeCheck check =
        guess::verify_tree(game, *back, every_secret(game), hard ? &(*small)->hard_filter() : nullptr);
    ASSERT_FALSE(check.defect);
    EXPECT_EQ(check.summary.total, *value);
    EXPECT_EQ(wordle_tree_text(game, *back, every_secret(game)), text);
  }
}

TEST(WordleTree, ParseErrorsNameTheLine) {
  const wordle::WordleGame& game = engine().game();
  // Two lines that disagree on the second guess after the same history.
  const std::string text =
      "salet BBBBB1 courd BBBBB2 nymph BBBBY3 whiff GGGGG4\n"
      "salet BBBBB1 nymph BGYYB2 pygmy GGGGG3\n";
  auto tree = parse_wordle_tree(game, text);
  ASSERT_FALSE(tree);
  EXPECT_NE(tree.error().message.find("line 2"), std::string::npos) << tree.error().message;
  auto bad_word = parse_wordle_tree(game, "salet BBBBB1 qqqqq GGGGG2\n");
  ASSERT_FALSE(bad_word);
  EXPECT_NE(bad_word.error().message.find("line 1"), std::string::npos) << bad_word.error().message;
}

}  // namespace
}  // namespace puzzlelab::wordle
