#include "handle/pinyin.h"

#include <gtest/gtest.h>

namespace puzzlelab::handle {
namespace {

Syllable S(const char* i, const char* f, int t) {
  return Syllable{i, f, t};
}

// docs/rules/handle.md §1.3, case by case.
TEST(SplitSyllable, RulesOfSection13) {
  struct Case {
    const char* in;
    Syllable out;
  };
  const Case cases[] = {
      {"zhong1", S("zh", "ong", 1)},
      {"zi4", S("z", "i", 4)},
      {"zhi1", S("zh", "i", 1)},
      {"chi2", S("ch", "i", 2)},
      {"shi4", S("sh", "i", 4)},
      {"ri4", S("r", "i", 4)},
      {"ji1", S("j", "i", 1)},
      {"si1", S("s", "i", 1)},
      {"ci2", S("c", "i", 2)},
      {"yi1", S("y", "i", 1)},
      {"ya2", S("y", "a", 2)},
      {"ye3", S("y", "e", 3)},
      {"you3", S("y", "ou", 3)},
      {"yan2", S("y", "an", 2)},
      {"yin1", S("y", "in", 1)},
      {"ying2", S("y", "ing", 2)},
      {"yong3", S("y", "ong", 3)},
      {"wu3", S("w", "u", 3)},
      {"wei4", S("w", "ei", 4)},
      {"wen2", S("w", "en", 2)},
      {"wan3", S("w", "an", 3)},
      {"weng1", S("w", "eng", 1)},
      {"yv2", S("y", "v", 2)},
      {"yve4", S("y", "ve", 4)},
      {"yvan2", S("y", "van", 2)},
      {"yvn4", S("y", "vn", 4)},
      {"jv1", S("j", "v", 1)},
      {"jve2", S("j", "ve", 2)},
      {"qvan2", S("q", "van", 2)},
      {"xvn2", S("x", "vn", 2)},
      {"lv4", S("l", "v", 4)},
      {"nve4", S("n", "ve", 4)},
      {"dui4", S("d", "ui", 4)},
      {"liu2", S("l", "iu", 2)},
      {"dun1", S("d", "un", 1)},
      {"er2", S("", "er", 2)},
      {"an1", S("", "an", 1)},
      {"e4", S("", "e", 4)},
      {"ou1", S("", "ou", 1)},
      {"ang2", S("", "ang", 2)},
      {"n2", S("", "n", 2)},
      {"m2", S("", "m", 2)},
      {"ng2", S("n", "g", 2)},  // the code's rule: n is a prefix (no ng syllable is in the data)       {"lao0", S("l",
                                // "ao", 0)},  {"lao", S("l", "ao", 0)},
      {"de", S("d", "e", 0)},
      {"", S("", "", 0)},
      {"sh", S("", "sh", 0)},
  };
  for (const auto& c : cases) EXPECT_EQ(split_syllable(c.in), c.out) << c.in;
}

TEST(SplitSyllable, TextThatIsNotPinyinBecomesTheFinal) {
  // Characters the pinyin package does not know come back as themselves.
  EXPECT_EQ(split_syllable("\xe3\x90\x80"), S("", "\xe3\x90\x80", 0));
}

TEST(RewriteUmlaut, YJQXPlusUBecomesV) {
  EXPECT_EQ(rewrite_umlaut("yu2"), "yv2");
  EXPECT_EQ(rewrite_umlaut("yue4"), "yve4");
  EXPECT_EQ(rewrite_umlaut("yuan2"), "yvan2");
  EXPECT_EQ(rewrite_umlaut("yun4"), "yvn4");
  EXPECT_EQ(rewrite_umlaut("ju1"), "jv1");
  EXPECT_EQ(rewrite_umlaut("que4"), "qve4");
  EXPECT_EQ(rewrite_umlaut("xun2"), "xvn2");
  EXPECT_EQ(rewrite_umlaut("xu"), "xv");
  // Not matching: other initials, or not the whole-syllable pattern.
  EXPECT_EQ(rewrite_umlaut("lu4"), "lu4");
  EXPECT_EQ(rewrite_umlaut("zhu4"), "zhu4");
  EXPECT_EQ(rewrite_umlaut("yi1"), "yi1");
  EXPECT_EQ(rewrite_umlaut("yu12"), "yu12");
  EXPECT_EQ(rewrite_umlaut("yv2"), "yv2");
  EXPECT_EQ(rewrite_umlaut("y"), "y");
}

}  // namespace
}  // namespace puzzlelab::handle

// The tone mark's letter: a or e first, the o of ou, else the last vowel.
TEST(ToneVowelIndex, HanyuPinyinPlacement) {
  using puzzlelab::handle::tone_vowel_index;
  EXPECT_EQ(tone_vowel_index("ao"), 0);     // hǎo
  EXPECT_EQ(tone_vowel_index("iao"), 1);    // xiǎo
  EXPECT_EQ(tone_vowel_index("ve"), 1);     // jué (v is ü)
  EXPECT_EQ(tone_vowel_index("uei"), 1);    // the written form before contraction
  EXPECT_EQ(tone_vowel_index("ou"), 0);     // dōu
  EXPECT_EQ(tone_vowel_index("iou"), 1);    // the o of ou
  EXPECT_EQ(tone_vowel_index("iu"), 1);     // liú: the last vowel
  EXPECT_EQ(tone_vowel_index("ui"), 1);     // guì
  EXPECT_EQ(tone_vowel_index("v"), 0);      // lǜ
  EXPECT_EQ(tone_vowel_index("ong"), 0);    // zhōng
  EXPECT_EQ(tone_vowel_index("ng"), -1);    // a lone consonant has no vowel
  EXPECT_EQ(tone_vowel_index(""), -1);
}

// Pinyin as handle.antfu.me and Hanyu Pinyin write it: the tone as a mark over the
// vowel, ü written u after j, q, x, y; the neutral tone unmarked.
TEST(Pinyin, ToneMarksAsThePinyinIsWritten) {
  using puzzlelab::handle::Syllable;
  using puzzlelab::handle::tone_marked;
  EXPECT_EQ(tone_marked("jve2"), "jué");
  EXPECT_EQ(tone_marked("jue2"), "jué");  // the lexicon's rewrite (jue -> jve) first
  EXPECT_EQ(tone_marked("lv4"), "lǜ");
  EXPECT_EQ(tone_marked("nv3"), "nǚ");
  EXPECT_EQ(tone_marked("lve4"), "lüè");
  EXPECT_EQ(tone_marked("qu4"), "qù");
  EXPECT_EQ(tone_marked("yu2"), "yú");
  EXPECT_EQ(tone_marked("xuan3"), "xuǎn");
  EXPECT_EQ(tone_marked("zhong1"), "zhōng");
  EXPECT_EQ(tone_marked("hao3"), "hǎo");
  EXPECT_EQ(tone_marked("liu2"), "liú");
  EXPECT_EQ(tone_marked("gui4"), "guì");
  EXPECT_EQ(tone_marked("dou1"), "dōu");
  EXPECT_EQ(tone_marked("er2"), "ér");
  EXPECT_EQ(tone_marked("ma"), "ma");     // neutral tone: no mark
  EXPECT_EQ(tone_marked("ma0"), "ma");
  EXPECT_EQ(tone_marked("n2"), "n\u0301");  // 嗯: a lone consonant takes a combining accent
  EXPECT_EQ(tone_marked(Syllable{"n", "ve", 4}), "nüè");
  EXPECT_EQ(puzzlelab::handle::tone_marked_final("j", "ve", 2), "ué");
  EXPECT_EQ(puzzlelab::handle::unmarked_final("l", "ve"), "üe");
  EXPECT_EQ(puzzlelab::handle::tone_combining_mark(3), "\u030C");
  EXPECT_EQ(puzzlelab::handle::tone_combining_mark(0), "");
}
