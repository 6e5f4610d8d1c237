#include "handle/round.h"

#include <gtest/gtest.h>

#include "test_lexicon.h"

namespace puzzlelab::handle {
namespace {

TEST(CheckGuess, FourHanCharacters) {
  const Lexicon& lex = test_lexicon();
  EXPECT_EQ(check_guess(lex, "一心一意", false).word, w("一心一意"));
  // Surrounding spaces (also the ideographic space) are ignored.
  EXPECT_EQ(check_guess(lex, " \u3000一心一意 \t", false).word, w("一心一意"));
  // Any four Han characters are a guess by default (issues #4, #81), also outside the BMP.
  EXPECT_TRUE(check_guess(lex, "一帆风雨", false).word.has_value());
  EXPECT_TRUE(check_guess(lex, "\U00020000\U0002A6D6心一", false).word.has_value());
  // Traditional forms are accepted as typed (mapped when scored).
  EXPECT_TRUE(check_guess(lex, "辭旧迎新", true).word.has_value());
}

TEST(CheckGuess, Problems) {
  const Lexicon& lex = test_lexicon();
  auto c = check_guess(lex, "一心一", false);
  ASSERT_FALSE(c.word);
  EXPECT_EQ(c.error.problem, InputProblem::Length);
  EXPECT_EQ(c.error.count, 3u);
  c = check_guess(lex, "一心一意一", false);
  EXPECT_EQ(c.error.problem, InputProblem::Length);
  c = check_guess(lex, "一心a意", false);
  EXPECT_EQ(c.error.problem, InputProblem::NotHan);
  EXPECT_EQ(c.error.offending, U'a');
  // 〇 (U+3007) is not a Unified_Ideograph, but chars.tsv gives it a reading (ling2), so
  // a guess may use it; a character without a reading is still refused.
  c = check_guess(lex, "〇心一意", false);
  EXPECT_TRUE(c.word.has_value());
  c = check_guess(lex, "〆心一意", false);
  EXPECT_EQ(c.error.problem, InputProblem::NotHan);
  c = check_guess(lex, "一心一意", false);
  EXPECT_TRUE(c.word.has_value());
  c = check_guess(lex, "一帆风雨", true);
  EXPECT_EQ(c.error.problem, InputProblem::NotIdiom);
  c = check_guess(lex, "\xff\xfe", false);
  EXPECT_EQ(c.error.problem, InputProblem::NotText);
  c = check_guess(lex, "", false);
  EXPECT_EQ(c.error.problem, InputProblem::Length);
}

TEST(Round, WinOnFourExactCharacters) {
  const Lexicon& lex = test_lexicon();
  Round r(lex, w("青红皂白"), U'白');
  r.play(w("青红皁白"));  // 皁 maps to 皂: a win although its reading differs
  EXPECT_TRUE(r.won());
  EXPECT_TRUE(r.finished());
  EXPECT_EQ(r.tries(), 1);
}

TEST(Round, TenTriesThenKeepTryingOrReveal) {
  const Lexicon& lex = test_lexicon();
  Round r(lex, w("一心一意"), U'心');
  for (int i = 1; i <= 4; ++i) {
    r.play(w("天南海北"));
    EXPECT_FALSE(r.show_tries_left()) << i;
  }
  r.play(w("天南海北"));
  EXPECT_TRUE(r.show_tries_left());  // from the 5th try on (`tries.length > 4`)
  EXPECT_EQ(r.tries_left(), 5);
  for (int i = 6; i <= 10; ++i) r.play(w("天南海北"));
  EXPECT_TRUE(r.failed());
  EXPECT_FALSE(r.show_tries_left());
  EXPECT_FALSE(r.finished());
  r.play(w("一心一意"));  // a later correct guess still wins
  EXPECT_TRUE(r.won());
  EXPECT_FALSE(r.failed());
  EXPECT_EQ(r.tries(), 11);
  Round s(lex, w("一心一意"), U'心');
  for (int i = 0; i < 10; ++i) s.play(w("天南海北"));
  s.reveal();
  EXPECT_TRUE(s.finished());
  EXPECT_FALSE(s.won());
}

TEST(Round, HintTakesTheAnswersReading) {
  const Lexicon& lex = test_lexicon();
  // 干干净净 reads gan4 gan1 in the data; the answer reads both with the first.
  Round r(lex, w("干干净净"), U'干');
  EXPECT_EQ(r.hint_level(), 0);
  r.raise_hint();
  EXPECT_EQ(r.hint_level(), 1);
  r.raise_hint();
  r.raise_hint();
  EXPECT_EQ(r.hint_level(), 2);
  EXPECT_EQ(r.hint().pinyin, "gan4");
  EXPECT_EQ(r.answer_parsed()[1].pinyin, "gan4");
}

}  // namespace
}  // namespace puzzlelab::handle
