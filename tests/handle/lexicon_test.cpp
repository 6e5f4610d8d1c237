#include "handle/lexicon.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

#include "handle/pinyin.h"
#include "handle/reading.h"
#include "test_lexicon.h"

namespace puzzlelab::handle {
namespace {

using Strings = std::vector<std::string>;

// The facts data/handle/SOURCES.md states about the tables.
TEST(Lexicon, KnownCounts) {
  const Lexicon& lex = test_lexicon();
  EXPECT_EQ(lex.idioms().size(), 29760u);
  EXPECT_EQ(lex.answers().size(), 424u);
  std::set<char32_t> chars;
  std::set<std::string> initials, finals, toned;
  std::map<int, int> tones;
  for (const auto& idiom : lex.idioms()) {
    for (char32_t c : idiom.word) chars.insert(c);
    for (const auto& p : idiom.pinyin) {
      const Syllable s = split_syllable(p);
      initials.insert(s.initial);
      finals.insert(s.final);
      toned.insert(p);
      ++tones[s.tone];
    }
  }
  EXPECT_EQ(chars.size(), 4776u);
  EXPECT_EQ(toned.size(), 1152u);
  EXPECT_EQ(initials.size(), 24u);  // 23 + empty
  EXPECT_EQ(finals.size(), 35u);
  EXPECT_EQ(tones, (std::map<int, int>{{0, 58}, {1, 30626}, {2, 31938}, {3, 19697}, {4, 36721}}));
  std::set<char32_t> answer_chars;
  int repeated = 0;
  for (const auto& a : lex.answers()) {
    EXPECT_TRUE(lex.find(a).has_value());
    std::set<char32_t> own(a.begin(), a.end());
    if (own.size() < 4) ++repeated;
    answer_chars.insert(a.begin(), a.end());
  }
  EXPECT_EQ(answer_chars.size(), 834u);
  EXPECT_EQ(repeated, 27);
}

TEST(Lexicon, DayOneAndHints) {
  const Lexicon& lex = test_lexicon();
  EXPECT_EQ(lex.answers().front(), w("路不拾遗"));
  EXPECT_EQ(lex.hints().front(), U'遗');
  EXPECT_EQ(lex.hints()[1], U'恬');
}

TEST(Lexicon, VariantMap) {
  const Lexicon& lex = test_lexicon();
  EXPECT_EQ(lex.simplify(U'乾'), U'干');
  EXPECT_EQ(lex.simplify(U'皁'), U'皂');
  EXPECT_EQ(lex.simplify(U'辭'), U'辞');
  EXPECT_EQ(lex.simplify(U'一'), U'一');
  // Only characters above U+00FF are mapped (the map has a key U+00AF).
  EXPECT_EQ(lex.simplify(char32_t{0xAF}), char32_t{0xAF});
}

// §1.1: which pinyin a word gets.
TEST(Lexicon, PinyinOfIdioms) {
  const Lexicon& lex = test_lexicon();
  EXPECT_EQ(lex.pinyin_of(w("一帆风顺")), (Strings{"yi1", "fan2", "feng1", "shun4"}));  // issue #91
  EXPECT_EQ(lex.pinyin_of(w("干干净净")), (Strings{"gan4", "gan1", "jing4", "jing4"}));
  EXPECT_EQ(lex.pinyin_of(w("七搭八搭")), (Strings{"qi1", "chang2", "ba1", "da1"}));
  EXPECT_EQ(lex.pinyin_of(w("唠唠叨叨")), (Strings{"lao2", "lao0", "dao1", "dao1"}));
  EXPECT_TRUE(lex.is_idiom(w("一帆风顺")));
  EXPECT_FALSE(lex.is_idiom(w("一帆风雨")));
}

TEST(Lexicon, TraditionalFormOfAnIdiomReadsAsTheIdiom) {
  const Lexicon& lex = test_lexicon();
  // 辭旧迎新 is not in the table; S(辭旧迎新) = 辞旧迎新 is.
  ASSERT_FALSE(lex.find(w("辭旧迎新")).has_value());
  ASSERT_TRUE(lex.find(w("辞旧迎新")).has_value());
  EXPECT_TRUE(lex.is_idiom(w("辭旧迎新")));
  EXPECT_EQ(lex.pinyin_of(w("辭旧迎新")), lex.pinyin_of(w("辞旧迎新")));
}

TEST(Lexicon, OtherWordsReadCharacterByCharacter) {
  const Lexicon& lex = test_lexicon();
  EXPECT_EQ(lex.pinyin_of(w("身抄伶受")), (Strings{"shen1", "chao1", "ling2", "shou4"}));
  // A variant reads as its simplified form.
  EXPECT_EQ(lex.pinyin_of(w("辭")), lex.pinyin_of(w("辞")));
}

TEST(Lexicon, UnknownCharactersFormOneRun) {
  const Lexicon& lex = test_lexicon();
  // U+2A6D6 (CJK Extension B) is not in the pinyin package's dictionary.
  const Word unknown = U"\U0002A6D6";
  ASSERT_FALSE(lex.char_reading(unknown[0]).has_value());
  const Word word = U"\U0002A6D6\U0002A6D6心一";
  const auto p = lex.pinyin_of(word);
  ASSERT_EQ(p.size(), 3u);
  EXPECT_EQ(p[0], "\xf0\xaa\x9b\x96\xf0\xaa\x9b\x96");
  EXPECT_EQ(p[1], "xin1");
  EXPECT_EQ(p[2], "yi1");
  // parseWord then reads position i from entry i, and a missing one from the lone
  // character: 心 at 2 gets 一's reading, 一 at 3 reads itself.
  const ParsedWord parsed = parse_word(lex, word);
  EXPECT_EQ(parsed[0].syllable, (Syllable{"", "\xf0\xaa\x9b\x96\xf0\xaa\x9b\x96", 0}));
  EXPECT_EQ(parsed[1].pinyin, "xin1");
  EXPECT_EQ(parsed[2].pinyin, "yi1");
  EXPECT_EQ(parsed[3].pinyin, "yi1");
}

TEST(Lexicon, ParseErrorsNameFileAndLine) {
  LexiconFiles f;
  f.variants = "乾\t干\n";
  f.chars = "一\tyi1\n心\txin1\n";
  f.idioms = "一心一意\tyi1 xin1 yi1 yi4\n";
  f.answers = "一心一意\n";
  f.answers_by_day = "day\tdate\tidiom\thint\n1\t2022-01-01\t一心一意\t心\n";
  ASSERT_TRUE(Lexicon::parse(f).ok());
  auto bad = f;
  bad.idioms = "一心一意\tyi1 xin1 yi1 yi4\n一心\tyi1 xin1\n";
  auto r = Lexicon::parse(bad);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "handle/idioms.tsv line 2: '一心' is not four Han characters");
  bad = f;
  bad.idioms = "一心一意\tyi1 xin1 yi1 yi\n";
  r = Lexicon::parse(bad);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "handle/idioms.tsv line 1: bad syllable 'yi'");
  bad = f;
  bad.answers_by_day = "day\tdate\tidiom\thint\n1\t2022-01-01\t一心一意\t天\n";
  r = Lexicon::parse(bad);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "handle/answers_by_day.tsv line 2: hint '天' is not in '一心一意'");
  bad = f;
  bad.chars = "一\tyi1\n\xff\txin1\n";
  r = Lexicon::parse(bad);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("handle/chars.tsv line 2"), std::string::npos);
}

}  // namespace
}  // namespace puzzlelab::handle
