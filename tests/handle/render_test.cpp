// Golden strings of the Handle renderings (src/app/handle_render.h).
#include "app/handle_render.h"

#include <gtest/gtest.h>

#include "app/handle_stats.h"
#include "core/utf8.h"
#include "test_lexicon.h"

namespace puzzlelab::app {
namespace {

using handle::test_lexicon;
using handle::w;

handle::Turn turn(const char* answer, const char* guess) {
  handle::PlaySession game(test_lexicon(), w(answer), w(answer)[0]);
  return *game.submit(w(guess)).turn;
}

TEST(HandleRender, RowWithoutColour) {
  const handle::Turn t = turn("一心一意", "心一一一");
  EXPECT_EQ(render_turn(t.parsed, t.feedback, false),
            "    xīn      yī      yī      yī\n"
            "     心      一      一      一\n"
            "    MMME    MMME    EEEE    NEEN\n");
}

TEST(HandleRender, WideCharactersStayAligned) {
  // Every cell is 8 columns wide, whatever the pinyin's length: the characters of each row
  // start at the same columns.
  const handle::Turn t = turn("天南海北", "南腔北调");
  const std::string text = render_turn(t.parsed, t.feedback, false);
  EXPECT_EQ(text,
            "    nán    qiāng    běi     diào\n"
            "     南      腔      北      调\n"
            "    MMMM    NNNM    MMME    NNNN\n");
  // The characters (two columns each) start at columns 5, 13, 21, 29, centred over
  // their 8-column cells like the mark letters below them.
  const std::string chars = text.substr(text.find('\n') + 1);
  std::vector<int> columns;
  for (const char* c : {"南", "腔", "北", "调"}) {
    columns.push_back(core::display_width(std::string_view(chars).substr(0, chars.find(c))));
  }
  EXPECT_EQ(columns, (std::vector<int>{5, 13, 21, 29}));
}

TEST(HandleRender, RowInColour) {
  const handle::Turn t = turn("百里挑一", "安然无恙");
  // 安 ān: char none, initial (empty) exact, final none, tone misplaced. The tone's
  // accent (a combining macron over the a) has the tone's colour, the final's letters
  // the final's.
  const std::string teal = "\x1b[38;5;37m", orange = "\x1b[38;5;208m", grey = "\x1b[38;5;245m", reset = "\x1b[0m";
  const std::string got = render_turn(t.parsed, t.feedback, true);
  const std::string first_cell =
      "   " + grey + "a" + reset + orange + "\u0304" + reset + grey + "n" + reset + "   ";
  EXPECT_EQ(got.substr(0, 2 + first_cell.size()), "  " + first_cell);
  EXPECT_EQ(got.find('E'), std::string::npos);  // no letters when colour shows the marks
  EXPECT_NE(got.find("\x1b[38;5;245m 安 \x1b[0m"), std::string::npos);
}

TEST(HandleRender, PinyinParts) {
  // nüè: the tone as a mark over its vowel, as handle.antfu.me writes it; for colour the
  // final in pieces around the accent (U+0300), the same text decomposed.
  const PinyinParts p = pinyin_parts(handle::Syllable{"n", "ve", 4});
  EXPECT_EQ(p.initial, "n");
  EXPECT_EQ(p.final, "üè");
  EXPECT_EQ(p.text(), "nüè");
  EXPECT_EQ(p.head, "üe");
  EXPECT_EQ(p.accent, "\u0300");
  EXPECT_EQ(p.tail, "");
  const PinyinParts jue = pinyin_parts(handle::Syllable{"j", "ve", 2});
  EXPECT_EQ(jue.text(), "jué");
  EXPECT_EQ(jue.head + jue.accent + jue.tail, "ue\u0301");
  const PinyinParts lao = pinyin_parts(handle::Syllable{"l", "ao", 0});
  EXPECT_EQ(lao.text(), "lao");  // neutral tone: no mark
  EXPECT_EQ(lao.accent, "");
}

TEST(HandleRender, Hint) {
  handle::PlaySession game(test_lexicon(), w("百里挑一"), U'挑');
  ASSERT_EQ(game.ask_hint(), handle::HintOutcome::Shown);
  EXPECT_EQ(render_hint(game, false, false),
            "Hint: the answer contains a character read tiāo (？); type 'hint' again to see it\n");
  ASSERT_EQ(game.ask_hint(), handle::HintOutcome::Shown);
  EXPECT_EQ(render_hint(game, false, true), "提示：答案包含汉字 挑（tiāo）\n");
}

TEST(HandleRender, Stats) {
  handle::PlayerStats s;
  s.played = 5;
  s.wins = 4;
  s.wins_without_hint = 1;
  s.current_streak = 2;
  s.max_streak = 3;
  s.tries = {{1, 1}, {3, 2}, {12, 1}};
  // Bars scaled to the longest (20 cells); tries past ten only where a win took them.
  EXPECT_EQ(render_handle_stats(s, false, false),
            "Statistics: played 5 · won 4 (80%) · without hint 1 · streak 2 (max 3)\n"
            "   1 │██████████ 1\n"
            "   2 │ 0\n"
            "   3 │████████████████████ 2\n"
            "   4 │ 0\n"
            "   5 │ 0\n"
            "   6 │ 0\n"
            "   7 │ 0\n"
            "   8 │ 0\n"
            "   9 │ 0\n"
            "  10 │ 0\n"
            "  12 │██████████ 1\n");
  EXPECT_EQ(render_handle_stats(s, false, true).substr(0, 9), "统计：");
}

}  // namespace
}  // namespace puzzlelab::app
