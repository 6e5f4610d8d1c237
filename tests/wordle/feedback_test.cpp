#include "wordle/feedback.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <fstream>
#include <set>

#include "real_lists.h"
#include "wordle/game.h"

namespace puzzlelab::wordle {
namespace {

struct Vector {
  std::string secret, guess, pattern;
};

std::vector<Vector> feedback_vectors() {
  std::ifstream in(std::string(PUZZLELAB_TEST_DATA) + "/wordle_feedback.tsv");
  std::vector<Vector> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    const auto a = line.find('\t');
    const auto b = line.find('\t', a + 1);
    out.push_back({line.substr(0, a), line.substr(a + 1, b - a - 1), line.substr(b + 1)});
  }
  return out;
}

TEST(Feedback, IssueExample) {
  EXPECT_EQ(pattern_text(score("elder", "error"), 5), "G...G");
}

TEST(Feedback, CodeIsBaseThreePositionZeroLowest) {
  EXPECT_EQ(score("abcde", "abcde"), 242u);
  EXPECT_EQ(score("abcde", "fghij"), 0u);
  EXPECT_EQ(score("abcde", "axxxx"), 2u);   // green at position 0
  EXPECT_EQ(score("abcde", "xxxxa"), 81u);  // yellow at position 4
  EXPECT_EQ(solved_pattern(5), 242u);
  EXPECT_EQ(pattern_count(5), 243u);
  EXPECT_EQ(mark_at(score("abcde", "xbxxa"), 1), Mark::Green);
  EXPECT_EQ(mark_at(score("abcde", "xbxxa"), 4), Mark::Yellow);
}

// Every line of the shared vectors, through the reference rule and through the
// game's packed kernel (a game whose lists are the vectors' own words).
TEST(Feedback, EveryVectorLine) {
  const auto vectors = feedback_vectors();
  ASSERT_EQ(vectors.size(), 2000u);
  std::set<std::string> words;
  for (const auto& v : vectors) {
    ASSERT_EQ(pattern_text(score(v.secret, v.guess), 5), v.pattern) << v.secret << " " << v.guess;
    auto parsed = parse_pattern(v.pattern, 5);
    ASSERT_TRUE(parsed.ok());
    ASSERT_EQ(*parsed, score(v.secret, v.guess));
    words.insert(v.secret);
    words.insert(v.guess);
  }
  const std::vector<std::string> list(words.begin(), words.end());
  const auto game = WordleGame::create(list, list).value();
  for (const auto& v : vectors) {
    ASSERT_EQ(pattern_text(game->feedback(*game->find_guess(v.guess), *game->find_secret(v.secret)), 5), v.pattern);
  }
}

// The packed kernels (distinct-letter fast path and the general one) equal the
// reference rule on every guess of the real list against a spread of answers.
TEST(Feedback, PackedKernelMatchesReferenceOnRealLists) {
  const WordleGame& game = testing::real_engine().game();
  std::vector<SecretIndex> secrets;
  for (SecretIndex s = 0; s < game.secret_count(); s += 37) secrets.push_back(s);
  std::vector<Pattern> row(secrets.size());
  for (GuessIndex g = 0; g < game.guess_count(); ++g) {
    game.feedback_row(g, secrets, row);
    for (std::size_t i = 0; i < secrets.size(); ++i) {
      ASSERT_EQ(row[i], score(game.secret_word(secrets[i]), game.guess_word(g)))
          << game.guess_word(g) << " vs " << game.secret_word(secrets[i]);
    }
  }
}

// The secret-row kernels (vector for up to five letters) that build the pattern
// table: every guess against a spread of answers, and the table itself.
TEST(Feedback, SecretRowsAndTableMatchReference) {
  const WordleGame& game = testing::real_engine().game();
  std::vector<Pattern> row(game.guess_count());
  for (SecretIndex s = 0; s < game.secret_count(); s += 29) {
    ASSERT_TRUE(game.feedback_secret_row(s, row));
    for (GuessIndex g = 0; g < game.guess_count(); ++g) {
      ASSERT_EQ(row[g], score(game.secret_word(s), game.guess_word(g)))
          << game.guess_word(g) << " vs " << game.secret_word(s);
    }
  }
  const guess::PatternTable& table = testing::real_engine().analyzer().table();
  ASSERT_FALSE(table.empty());
  EXPECT_EQ(table.width(), 1u);
  for (SecretIndex s = 3; s < game.secret_count(); s += 31) {
    for (GuessIndex g = 0; g < game.guess_count(); g += 7) {
      ASSERT_EQ(table.at(g, s), score(game.secret_word(s), game.guess_word(g)));
    }
  }
}

// Every length from 4 to 8 letters, words over a small alphabet (many repeats).
RC_GTEST_PROP(FeedbackProperty, PackedKernelMatchesReferenceAnyLength, ()) {
  const int length = *rc::gen::inRange(kMinLength, kMaxLength + 1);
  const auto word = rc::gen::container<std::string>(static_cast<std::size_t>(length), rc::gen::inRange('a', 'e'));
  const std::string secret = *word;
  const std::string guess = *word;
  const std::vector<std::string> answers = {secret};
  std::vector<std::string> guesses = {guess};
  const auto game = WordleGame::create(answers, guesses).value();
  const Pattern p = game->feedback(*game->find_guess(guess), 0);
  RC_ASSERT(p == score(secret, guess));
  std::vector<Pattern> row(game->guess_count());
  RC_ASSERT(game->feedback_secret_row(0, row));
  RC_ASSERT(row[*game->find_guess(guess)] == p);
  RC_ASSERT(p < pattern_count(length));
  RC_ASSERT((p == solved_pattern(length)) == (secret == guess));
  // Greens are exactly the equal positions; yellows never exceed the secret's copies.
  for (int i = 0; i < length; ++i) {
    RC_ASSERT((mark_at(p, i) == Mark::Green) ==
              (secret[static_cast<std::size_t>(i)] == guess[static_cast<std::size_t>(i)]));
  }
  for (char c = 'a'; c <= 'e'; ++c) {
    int coloured = 0;
    for (int i = 0; i < length; ++i) {
      if (guess[static_cast<std::size_t>(i)] == c && mark_at(p, i) != Mark::Gray) ++coloured;
    }
    const auto in_secret = std::count(secret.begin(), secret.end(), c);
    const auto in_guess = std::count(guess.begin(), guess.end(), c);
    RC_ASSERT(coloured == std::min(in_secret, in_guess));
  }
}

TEST(Feedback, PatternTextRoundTrip) {
  for (Pattern p = 0; p < 243; ++p) {
    const std::string t = pattern_text(p, 5);
    ASSERT_EQ(*parse_pattern(t, 5), p);
  }
}

TEST(Feedback, ParsePatternAcceptsCommonSpellings) {
  const Pattern want = *parse_pattern("..Y.G", 5);
  EXPECT_EQ(*parse_pattern("bbygb", 5), *parse_pattern("..YG.", 5));
  EXPECT_EQ(*parse_pattern("BBYBG", 5), want);
  EXPECT_EQ(*parse_pattern("00102", 5), want);
  EXPECT_EQ(*parse_pattern("xxyxg", 5), want);
  EXPECT_EQ(*parse_pattern("--y-g", 5), want);
}

TEST(Feedback, ParsePatternErrorsSayWhat) {
  const auto wrong_length = parse_pattern("..Y.", 5);
  ASSERT_FALSE(wrong_length.ok());
  EXPECT_NE(wrong_length.error().message.find("expected 5"), std::string::npos);
  const auto bad_char = parse_pattern("..Z.G", 5);
  ASSERT_FALSE(bad_char.ok());
  EXPECT_NE(bad_char.error().message.find("mark 3 is 'Z'"), std::string::npos);
}

TEST(Feedback, NormalizeWord) {
  EXPECT_EQ(*normalize_word("CrAnE"), "crane");
  EXPECT_EQ(*normalize_word("crane", 5), "crane");
  EXPECT_FALSE(normalize_word("cran3").ok());
  EXPECT_NE(normalize_word("cran3").error().message.find("'3' at position 5"), std::string::npos);
  EXPECT_FALSE(normalize_word("abc").ok());
  EXPECT_FALSE(normalize_word("abcdefghi").ok());
  EXPECT_FALSE(normalize_word("crane", 6).ok());
  EXPECT_FALSE(normalize_word("").ok());
  EXPECT_FALSE(normalize_word("caf\xc3\xa9s").ok());
}

}  // namespace
}  // namespace puzzlelab::wordle
