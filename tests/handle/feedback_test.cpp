#include "handle/feedback.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "core/utf8.h"
#include "handle/compiled.h"
#include "test_lexicon.h"

namespace puzzlelab::handle {
namespace {

std::string feedback_text(const char* answer, const char* guess) {
  return format_feedback(score_words(test_lexicon(), w(answer), w(guess)));
}

// The examples table of docs/rules/handle.md §1.4 (the game's own output).
TEST(Feedback, ExamplesOfTheRules) {
  EXPECT_EQ(feedback_text("一心一意", "心一一一"), "MMME MMME EEEE NEEN");
  EXPECT_EQ(feedback_text("一心一意", "一一列举"), "EEEE MMME NNNM NNNN");
  EXPECT_EQ(feedback_text("天南海北", "南腔北调"), "MMMM NNNM MMME NNNN");
  EXPECT_EQ(feedback_text("百里挑一", "安然无恙"), "NENM NNNN NNNN NENN");
  EXPECT_EQ(feedback_text("七搭八搭", "搭搭撒撒"), "MMMM EEEE NNEE NNNM");
}

TEST(Feedback, VariantCharacterWinsWithDifferentParts) {
  // §1.4 step 4: 皁 maps to 皂, so every character is exact, but 皁 keeps its own reading.
  const Feedback f = score_words(test_lexicon(), w("青红皂白"), w("青红皁白"));
  EXPECT_TRUE(f.win());
  EXPECT_NE(encode(f), kAllExact);
  EXPECT_TRUE(pattern_wins(encode(f)));
}

// Every line of tests/data/handle_feedback.jsonl (produced by the game's own code): the
// parses of answer and guess, the sixteen marks, the win flag and strict-mode membership.
TEST(Feedback, ReferenceVectors) {
  const Lexicon& lex = test_lexicon();
  WordCompiler compiler(lex);
  std::ifstream in(std::string(PUZZLELAB_TEST_DATA) + "/handle_feedback.jsonl");
  ASSERT_TRUE(in.good());
  std::string line;
  int lines = 0;
  int failures = 0;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    ++lines;
    const auto j = nlohmann::json::parse(line);
    const Word answer = w(j["answer"].get<std::string>().c_str());
    const Word guess = w(j["guess"].get<std::string>().c_str());
    const ParsedWord pa = parse_word(lex, answer, answer);
    const ParsedWord pg = parse_word(lex, guess, answer);
    const auto check_parse = [&](const ParsedWord& p, const nlohmann::json& expected, const char* which) {
      for (int i = 0; i < 4; ++i) {
        const Syllable want{expected[i][0].get<std::string>(), expected[i][1].get<std::string>(),
                            expected[i][2].get<int>()};
        if (p[i].syllable != want) {
          ADD_FAILURE() << "line " << lines << " " << which << " position " << i << ": got " << p[i].syllable.initial
                        << "/" << p[i].syllable.final << "/" << p[i].syllable.tone << ", want " << want.initial << "/"
                        << want.final << "/" << want.tone;
          ++failures;
        }
      }
    };
    check_parse(pa, j["answer_parsed"], "answer");
    check_parse(pg, j["guess_parsed"], "guess");
    std::string want;
    for (const auto& g : j["result"]) {
      if (!want.empty()) want.push_back(' ');
      want.append(g.get<std::string>());
    }
    const Feedback f = score(lex, pg, pa);
    EXPECT_EQ(format_feedback(f), want) << "line " << lines;
    EXPECT_EQ(f.win(), j["pass"].get<bool>()) << "line " << lines;
    EXPECT_EQ(lex.is_idiom(guess), j["guess_in_list"].get<bool>()) << "line " << lines;
    const CompiledWord cg = compiler.compile(guess);
    const CompiledWord ca = compiler.compile(answer);
    EXPECT_EQ(fast_score(cg, ca), encode(f)) << "line " << lines;
    EXPECT_EQ(fast_score_scalar(cg, ca), encode(f)) << "line " << lines;
    if (::testing::Test::HasFailure() && ++failures > 20) break;
  }
  EXPECT_EQ(lines, 2002);
}

TEST(Pattern, EncodeOrderAndText) {
  Feedback f;
  f.marks[0][static_cast<int>(Channel::Char)] = Mark::Exact;      // digit 0
  f.marks[0][static_cast<int>(Channel::Tone)] = Mark::Misplaced;  // digit 3
  f.marks[3][static_cast<int>(Channel::Final)] = Mark::Exact;     // digit 14
  EXPECT_EQ(encode(f), 2u + 1u * 27u + 2u * 4782969u);
  EXPECT_EQ(format_feedback(f), "ENNM NNNN NNNN NNEN");
  EXPECT_EQ(decode(encode(f)), f);
  EXPECT_EQ(format_feedback(decode(kAllExact)), "EEEE EEEE EEEE EEEE");
  EXPECT_EQ(format_feedback(decode(0)), "NNNN NNNN NNNN NNNN");
}

RC_GTEST_PROP(Pattern, DecodeEncodeRoundTrip, ()) {
  const auto p = *rc::gen::inRange<Pattern>(0, kPatternCount);
  RC_ASSERT(encode(decode(p)) == p);
  const auto parsed = parse_feedback(format_feedback(decode(p)));
  RC_ASSERT(parsed.ok());
  RC_ASSERT(encode(*parsed) == p);
}

TEST(Pattern, ParseFeedbackText) {
  auto f = parse_feedback("NNNM NMMM NNNN NNNN");
  ASSERT_TRUE(f.ok());
  EXPECT_EQ(format_feedback(*f), "NNNM NMMM NNNN NNNN");
  f = parse_feedback("nnnmnmmmnnnnnnnn");
  ASSERT_TRUE(f.ok());
  EXPECT_EQ(format_feedback(*f), "NNNM NMMM NNNN NNNN");
  EXPECT_FALSE(parse_feedback("NNNM NMMM NNNN").ok());
  EXPECT_FALSE(parse_feedback("NNNM NMMM NNNN NNNX").ok());
  EXPECT_FALSE(parse_feedback("NNN MNMMM NNNN NNNN").ok());
  EXPECT_FALSE(parse_feedback("").ok());
}

}  // namespace
}  // namespace puzzlelab::handle
