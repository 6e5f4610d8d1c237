// Golden strings of the Wordle views (app/wordle_render.h, the play screen).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "app/wordle_render.h"
#include "app/wordle_verbs.h"
#include "core/utf8.h"
#include "real_lists.h"

namespace puzzlelab::app {
namespace {

using wordle::score;

const WordleStyle kPlain{false, WordlePalette::Normal};
const WordleStyle kColour{true, WordlePalette::Normal};

TEST(WordleRender, PlainRow) {
  EXPECT_EQ(render_wordle_row("crane", score("cigar", "crane"), kPlain), "[C](R)(A) N  E");
  EXPECT_EQ(render_wordle_row("cigar", score("cigar", "cigar"), kPlain), "[C][I][G][A][R]");
}

TEST(WordleRender, ColouredRowUsesTheGameColours) {
  const std::string row = render_wordle_row("crane", score("cigar", "crane"), kColour);
  EXPECT_EQ(row.substr(0, 28), "\x1b[1;38;5;231;48;5;71m C \x1b[0m");
  EXPECT_NE(row.find("48;5;179m R "), std::string::npos);
  EXPECT_NE(row.find("48;5;243m N "), std::string::npos);
  const std::string hc = render_wordle_row("crane", score("cigar", "crane"), {true, WordlePalette::HighContrast});
  EXPECT_NE(hc.find("48;5;208m C "), std::string::npos);
  EXPECT_NE(hc.find("48;5;117m R "), std::string::npos);
  EXPECT_EQ(core::display_width(row), 19);
}

TEST(WordleRender, BoardWithTypingRow) {
  const std::vector<wordle::PlayedRow> rows = {{"crane", score("cigar", "crane")}};
  const std::string typed = "ci";
  EXPECT_EQ(render_wordle_board(rows, 5, 4, kPlain, "  ", &typed),
            "  [C](R)(A) N  E\n"
            "   C  I  _  _  _ \n"
            "   _  _  _  _  _ \n"
            "   _  _  _  _  _ \n");
}

TEST(WordleRender, KeyboardShowsBestStatus) {
  std::vector<wordle::LetterStatus> status(26, wordle::LetterStatus::Unknown);
  status['c' - 'a'] = wordle::LetterStatus::Correct;
  status['r' - 'a'] = wordle::LetterStatus::Present;
  status['e' - 'a'] = wordle::LetterStatus::Absent;
  EXPECT_EQ(render_wordle_keyboard(status, kPlain, ""),
            " Q  W  · (R) T  Y  U  I  O  P\n"
            "  A  S  D  F  G  H  J  K  L\n"
            "   Z  X [C] V  B  N  M\n");
}

TEST(WordleRender, ShareGrid) {
  const std::vector<wordle::PlayedRow> rows = {{"crane", score("cigar", "crane")}, {"cigar", score("cigar", "cigar")}};
  EXPECT_EQ(render_wordle_share(1234, rows, true, true, 6, 5, WordlePalette::Normal),
            "Wordle 1,234 2/6*\n\n🟩🟨🟨⬛⬛\n🟩🟩🟩🟩🟩\n");
  EXPECT_EQ(render_wordle_share(0, rows, true, false, 6, 5, WordlePalette::Normal),
            "Wordle 0 2/6\n\n🟩🟨🟨⬛⬛\n🟩🟩🟩🟩🟩\n");
  // A practice game (random or chosen answer) has no number: it would give the answer away.
  EXPECT_EQ(render_wordle_share(std::nullopt, {rows[0]}, false, false, 6, 5, WordlePalette::HighContrast),
            "Wordle practice X/6\n\n🟧🟦🟦⬛⬛\n");
}

TEST(WordleRender, Stats) {
  wordle::PlayerStats s;
  s.record(true, 3);
  s.record(true, 4);
  s.record(true, 3);
  s.record(false, 6);
  EXPECT_EQ(render_wordle_stats(s, 4, kPlain),
            "Statistics\n"
            "  played 4   win % 75   current streak 0   max streak 3\n"
            "Guess distribution\n"
            "  1 | 0\n"
            "  2 | 0\n"
            "  3 |############################## 2\n"
            "  4 |############### 1  <\n"
            "  5 | 0\n"
            "  6 | 0\n");
}

TEST(WordleRender, PlayScreenGolden) {
  const auto& game = wordle::testing::real_engine().game();
  wordle::PlaySession play(game, *game.find_secret("cigar"), true);
  ASSERT_FALSE(play.submit("crane").rejected());
  EXPECT_EQ(render_wordle_play_screen(play, "ci", "not in word list", kPlain),
            "\n"
            "  Wordle practice · hard mode · guess the 5-letter word in 6 tries\n"
            "\n"
            "    [C](R)(A) N  E\n"
            "     C  I  _  _  _ \n"
            "     _  _  _  _  _ \n"
            "     _  _  _  _  _ \n"
            "     _  _  _  _  _ \n"
            "     _  _  _  _  _ \n"
            "\n"
            "     Q  W  · (R) T  Y  U  I  O  P\n"
            "     (A) S  D  F  G  H  J  K  L\n"
            "       Z  X [C] V  B  ·  M\n"
            "\n"
            "  not in word list\n");
}

// Every line fits `size`: at most size.cols columns, fewer lines than size.rows (the
// cursor rests on the row after the last one).
void expect_fits(const std::string& screen, core::TermSize size) {
  int n = 0;
  std::size_t start = 0;
  while (start < screen.size()) {
    const std::size_t end = screen.find('\n', start);
    const std::string line = screen.substr(start, end - start);
    EXPECT_LE(core::display_width(line), size.cols) << "line " << n << ": " << line;
    ++n;
    if (end == std::string::npos) break;
    start = end + 1;
  }
  EXPECT_LT(n, size.rows) << screen;
}

TEST(WordleRender, PlayScreenFitsANarrowTerminalWithAShortTitle) {
  const auto& game = wordle::testing::real_engine().game();
  wordle::PlaySession play(game, *game.find_secret("cigar"), true);
  ASSERT_FALSE(play.submit("crane").rejected());
  for (const WordleStyle& style : {kPlain, kColour}) {
    const std::string screen = render_wordle_play_screen(
        play, "ci", "type a word and press Enter · Backspace erases · Esc leaves", style, {40, 24});
    expect_fits(screen, {40, 24});
    EXPECT_NE(screen.find("\n  Wordle practice · hard mode\n"), std::string::npos) << screen;
    EXPECT_EQ(screen.find("enlarge"), std::string::npos);
    // The long message is broken between words, never cut.
    EXPECT_NE(screen.find("Esc leaves"), std::string::npos) << screen;
  }
}

TEST(WordleRender, PlayScreenAsksToEnlargeASmallTerminal) {
  const auto& game = wordle::testing::real_engine().game();
  wordle::PlaySession play(game, *game.find_secret("cigar"), false);
  for (const core::TermSize size : {core::TermSize{30, 12}, core::TermSize{80, 12}, core::TermSize{20, 24}}) {
    const std::string screen = render_wordle_play_screen(play, "", "", kColour, size);
    EXPECT_NE(screen.find("Please enlarge"), std::string::npos) << size.cols << "x" << size.rows;
    EXPECT_NE(screen.find(fmt::format("(now {}×{})", size.cols, size.rows)), std::string::npos);
    expect_fits(screen, size);
  }
  // The smallest size it asks for is enough.
  const core::TermSize need = wordle_play_minimum_size(play, kColour);
  EXPECT_LE(need.cols, 40);
  EXPECT_LE(need.rows, 24);
  EXPECT_EQ(render_wordle_play_screen(play, "", "", kColour, need).find("enlarge"), std::string::npos);
  expect_fits(render_wordle_play_screen(play, "", "", kColour, need), need);
}

TEST(WordleRender, Praise) {
  EXPECT_EQ(wordle_praise(1), "Genius");
  EXPECT_EQ(wordle_praise(4), "Splendid");
  EXPECT_EQ(wordle_praise(6), "Phew");
}

}  // namespace
}  // namespace puzzlelab::app
