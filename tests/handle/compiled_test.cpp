#include "handle/compiled.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <set>

#include "core/rng.h"
#include "test_lexicon.h"

namespace puzzlelab::handle {
namespace {

// The fast path must equal the reference `testAnswer` on every pair: idioms against
// idioms, and free guesses mixing idiom characters with variants, the lone-consonant
// readings of 嗯/唔, characters the pinyin package does not know (one run of text that
// shifts the later readings) and repeated characters.
TEST(FastScore, EqualsReferenceOnRandomPairs) {
  const Lexicon& lex = test_lexicon();
  WordCompiler compiler(lex);
  std::vector<char32_t> pool;
  {
    std::set<char32_t> seen;
    for (std::size_t i = 0; i < lex.idioms().size(); i += 7) {
      for (char32_t c : lex.idioms()[i].word) seen.insert(c);
    }
    pool.assign(seen.begin(), seen.end());
  }
  const std::u32string specials = U"嗯唔乾皁辭雲撥竅後\U0002A6D6\U00020000\U0002B740一心意";
  core::Rng rng(20240601);
  const auto random_word = [&]() -> Word {
    const auto kind = rng.below(4);
    if (kind == 0) return lex.idioms()[rng.below(lex.idioms().size())].word;
    if (kind == 1) return lex.answers()[rng.below(lex.answers().size())];
    Word word;
    for (int i = 0; i < 4; ++i) {
      word += rng.chance(1, 4) ? specials[rng.below(specials.size())] : pool[rng.below(pool.size())];
    }
    return word;
  };
  int mismatches = 0;
  for (int n = 0; n < 60000 && mismatches < 10; ++n) {
    Word answer = random_word();
    Word guess = random_word();
    // Share characters often, so the answer-reading rule is exercised.
    if (rng.chance(1, 2)) guess[rng.below(4)] = answer[rng.below(4)];
    const Pattern want = encode(score_words(lex, answer, guess));
    const CompiledWord cg = compiler.compile(guess);
    const CompiledWord ca = compiler.compile(answer);
    const Pattern got = fast_score(cg, ca);
    EXPECT_EQ(fast_score_scalar(cg, ca), want);
    if (want != got) {
      ++mismatches;
      ADD_FAILURE() << "answer " << std::string(answer.begin(), answer.end()).size()
                    << " mismatch: " << format_feedback(decode(want)) << " vs " << format_feedback(decode(got));
    }
  }
  EXPECT_EQ(mismatches, 0);
}

TEST(FastScore, AllExactOnlyForTheSameReadings) {
  const Lexicon& lex = test_lexicon();
  WordCompiler compiler(lex);
  for (std::size_t i = 0; i < lex.answers().size(); ++i) {
    const CompiledWord a = compiler.compile(lex.answers()[i]);
    EXPECT_EQ(fast_score(a, a), kAllExact);
  }
}

}  // namespace
}  // namespace puzzlelab::handle

namespace puzzlelab::handle {
namespace {

// Properties over random idiom pairs (rapidcheck): the fast path equals the reference,
// and the game is won exactly when every answer character is the guess character or its
// simplified form (`checkPass`).
RC_GTEST_PROP(FastScore, WinRuleAndReference, ()) {
  const Lexicon& lex = test_lexicon();
  static WordCompiler compiler(lex);
  const auto n = lex.idioms().size();
  const Word& answer = lex.idioms()[*rc::gen::inRange<std::size_t>(0, n)].word;
  Word guess = lex.idioms()[*rc::gen::inRange<std::size_t>(0, n)].word;
  // Sometimes borrow answer characters (exact, misplaced, repeated).
  const int borrow = *rc::gen::inRange(0, 5);
  for (int k = 0; k < borrow; ++k) guess[*rc::gen::inRange(0, 4)] = answer[*rc::gen::inRange(0, 4)];
  const Pattern p = fast_score(compiler.compile(guess), compiler.compile(answer));
  RC_ASSERT(p == encode(score_words(lex, answer, guess)));
  bool all_match = true;
  for (int i = 0; i < 4; ++i) all_match = all_match && (answer[i] == guess[i] || answer[i] == lex.simplify(guess[i]));
  RC_ASSERT(pattern_wins(p) == all_match);
  if (guess == answer) RC_ASSERT(p == kAllExact);
}

}  // namespace
}  // namespace puzzlelab::handle
