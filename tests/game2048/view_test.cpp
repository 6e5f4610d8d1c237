// The 2048 screens as strings (FTXUI's way): golden files for the full screen with and
// without colour, the overlays, the pipe board and the "enlarge" request. Run with
// PUZZLELAB_UPDATE_GOLDEN=1 to rewrite the files, then review the diff.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <utility>

#include "app/game2048_view.h"
#include "core/utf8.h"
#include "game2048/board_text.h"

namespace puzzlelab::app::game2048_view {
namespace {

std::string golden_path(const std::string& name) {
  return std::string(PUZZLELAB_SOURCE_DIR) + "/tests/game2048/golden/" + name;
}

void expect_golden(const std::string& name, const std::string& got) {
  const char* update = std::getenv("PUZZLELAB_UPDATE_GOLDEN");
  if (update != nullptr && std::string(update) == "1") {
    std::ofstream(golden_path(name), std::ios::binary) << got;
    return;
  }
  std::ifstream in(golden_path(name), std::ios::binary);
  ASSERT_TRUE(in) << "missing golden file " << name << " (run with PUZZLELAB_UPDATE_GOLDEN=1)";
  std::stringstream want;
  want << in.rdbuf();
  EXPECT_EQ(got, want.str()) << "differs from " << name;
}

Screen sample() {
  Screen s;
  auto g = game2048::parse_grid("2 4 8 16 / 32 64 128 256 / 512 1024 2048 4096 / 0 0 65536 131072");
  EXPECT_TRUE(g.ok());
  s.grid = *g;
  s.score = 1234567;
  s.best = 2345678;
  s.moves = 4321;
  s.info = {"Hint: left (expected 1234.5)"};
  s.keys = "←↑↓→ wasd hjkl move · u undo · i hint · n new · q quit · ? help";
  return s;
}

// Every line fits the terminal: at most `cols` columns, at most `rows` lines.
void expect_fits(const std::string& screen, core::TermSize size) {
  std::istringstream lines(screen);
  std::string line;
  int n = 0;
  while (std::getline(lines, line)) {
    ++n;
    EXPECT_LE(core::display_width(line), size.cols) << "line " << n << ": " << line;
  }
  EXPECT_LE(n, size.rows);
}

TEST(View, PlainScreen80x24) {
  const std::string out = render_screen(sample(), {80, 24}, Style{false, false});
  expect_fits(out, {80, 24});
  EXPECT_EQ(out.find('\x1b'), std::string::npos);
  expect_golden("screen_plain_80x24.txt", out);
}

TEST(View, ColourScreenTrueColor) {
  const std::string out = render_screen(sample(), {80, 24}, Style{true, true});
  expect_fits(out, {80, 24});
  // The original's 2048 tile colour #edc22e, and its dark text #776e65.
  EXPECT_NE(out.find("48;2;237;194;46"), std::string::npos);
  EXPECT_NE(out.find("38;2;119;110;101"), std::string::npos);
  expect_golden("screen_truecolor_80x24.txt", out);
}

TEST(View, Colour256) {
  const std::string out = render_screen(sample(), {80, 24}, Style{true, false});
  EXPECT_EQ(out.find(";2;"), std::string::npos);
  expect_golden("screen_256_80x24.txt", out);
}

TEST(View, Overlays) {
  Screen s = sample();
  s.overlay = Overlay::Won;
  expect_golden("screen_won.txt", render_screen(s, {80, 24}, Style{}));
  s.overlay = Overlay::Over;
  const std::string over = render_screen(s, {80, 24}, Style{});
  EXPECT_NE(over.find("Final score 1234567"), std::string::npos);
  expect_golden("screen_over.txt", over);
}

// The display columns where the box's vertical borders sit on each of its lines.
struct BoxRows {
  std::vector<std::pair<int, int>> edges;  // left and right border column, one a line
  std::vector<std::string> outside;        // what the line shows left and right of the box
};

BoxRows box_rows(const std::string& screen) {
  BoxRows b;
  std::istringstream lines(screen);
  std::string line;
  const std::u32string left_edges = U"╔║╚";
  const std::u32string right_edges = U"╗║╝";
  while (std::getline(lines, line)) {
    const auto cps = core::utf8_decode(line);
    if (!cps) continue;
    const auto first = cps->find_first_of(left_edges);
    if (first == std::u32string::npos) continue;
    const auto last = cps->find_last_of(right_edges);
    // Every glyph of the plain screen is one column wide.
    b.edges.emplace_back(static_cast<int>(first), static_cast<int>(last));
    b.outside.push_back(core::utf8_encode(cps->substr(0, first) + cps->substr(last + 1)));
  }
  return b;
}

TEST(View, EveryBoxHasOneWidthAndColumnAndClearsWhatIsAroundIt) {
  Screen s = sample();
  s.resume_score = 1234;
  s.resume_moves = 1;
  std::optional<std::pair<int, int>> edges;
  for (const Overlay o : {Overlay::Won, Overlay::Over, Overlay::Help, Overlay::ConfirmNew, Overlay::Resume}) {
    s.overlay = o;
    const std::string out = render_screen(s, {80, 24}, Style{});
    expect_fits(out, {80, 24});
    const BoxRows b = box_rows(out);
    ASSERT_GE(b.edges.size(), 3u) << out;
    if (!edges) edges = b.edges.front();
    for (std::size_t k = 0; k < b.edges.size(); ++k) {
      EXPECT_EQ(b.edges[k], *edges) << "overlay " << static_cast<int>(o) << " line " << k << "\n" << out;
      // No tile shows beside the box.
      EXPECT_EQ(b.outside[k].find_first_not_of(' '), std::string::npos) << "'" << b.outside[k] << "'\n" << out;
    }
    // Centred over the board: its middle within half a column of the board's.
    const auto grid = core::utf8_decode(out.substr(out.rfind('\n', out.find("┌")) + 1));
    ASSERT_TRUE(grid);
    const auto board_left = static_cast<int>(grid->find(U'┌'));
    const auto board_right = static_cast<int>(grid->find(U'┐'));
    EXPECT_LE(std::abs((edges->first + edges->second) - (board_left + board_right)), 1) << out;
  }
  s.overlay = Overlay::Resume;
  EXPECT_NE(render_screen(s, {80, 24}, Style{}).find("score 1234 · 1 move "), std::string::npos);
  s.resume_moves = 2;
  EXPECT_NE(render_screen(s, {80, 24}, Style{}).find("score 1234 · 2 moves"), std::string::npos);
}

TEST(View, InfoLinesBreakBetweenWordsNeverInANumber) {
  Screen s = sample();
  // 66 columns on a 64-column screen: the last number goes to the next row whole.
  s.info = {"Expected: up 1623456 · left 1598765 · right 1500000 · down 1400000"};
  const std::string out = render_screen(s, {64, 24}, Style{});
  expect_fits(out, {64, 24});
  EXPECT_NE(out.find("right 1500000 · down\n1400000\n"), std::string::npos) << out;
  // More than the two rows: whole words, then "…".
  s.info = {"Hint: left is the best move (the AI looked 3 moves ahead).", s.info[0]};
  const std::string two = render_screen(s, {64, 24}, Style{});
  expect_fits(two, {64, 24});
  EXPECT_NE(two.find("\nHint: left is the best move (the AI looked 3 moves ahead).\n"), std::string::npos) << two;
  EXPECT_NE(two.find("right 1500000 · down…\n"), std::string::npos) << two;
}

TEST(View, The256ColourFallbackKeepsTheOriginalsBeige) {
  Screen s = sample();
  auto g = game2048::parse_grid("4 0 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 2");
  ASSERT_TRUE(g.ok());
  s.grid = *g;
  const std::string out = render_screen(s, {80, 24}, Style{true, false});
  // The board #bbada0 as warm 144 (#afaf87), not the neutral grey 145; the 4 tile
  // #ede0c8 as beige 187 (#d7d7af), not the pink 224 (#ffd7d7).
  EXPECT_NE(out.find("48;5;144"), std::string::npos);
  EXPECT_EQ(out.find("48;5;145"), std::string::npos);
  EXPECT_NE(out.find("48;5;187"), std::string::npos);
  EXPECT_EQ(out.find("48;5;224"), std::string::npos);
  EXPECT_EQ(xterm256({237, 224, 200}), 187);
  EXPECT_EQ(palette256({187, 173, 160}), 144);
}

TEST(View, AsksToEnlargeASmallTerminal) {
  const std::string out = render_screen(sample(), {40, 12}, Style{});
  EXPECT_NE(out.find("Please enlarge the terminal"), std::string::npos);
  EXPECT_NE(out.find("(now 40×12)"), std::string::npos);
  expect_fits(out, {40, 12});
  // 80×24 always fits a 4×4 board; 64 columns is the least.
  EXPECT_LE(minimum_size(4).cols, 80);
  EXPECT_LE(minimum_size(4).rows, 24);
  EXPECT_EQ(render_screen(sample(), minimum_size(4), Style{}).find("enlarge"), std::string::npos);
}

TEST(View, EverySizeFits80x24) {
  for (int n = game2048::kMinSize; n <= game2048::kMaxSize; ++n) {
    Screen s = sample();
    s.grid = game2048::Grid{};
    s.grid.size = n;
    for (int i = 0; i < n * n; ++i) s.grid.cells[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i % 18);
    const std::string out = render_screen(s, {80, 24}, Style{});
    EXPECT_EQ(out.find("enlarge"), std::string::npos) << n;
    expect_fits(out, {80, 24});
  }
}

TEST(View, PipeBoard) {
  auto g = game2048::parse_grid("0 2 2 4 / 0 0 4 8 / 0 0 0 1024 / 2048 0 0 131072");
  ASSERT_TRUE(g.ok());
  expect_golden("board_text.txt", render_board_text(*g, false));
}

TEST(View, PaletteAndLabels) {
  EXPECT_EQ(tile_colors(11).background, (Rgb{237, 194, 46}));  // 2048
  EXPECT_EQ(tile_colors(1).text, (Rgb{119, 110, 101}));        // dark text on 2
  EXPECT_EQ(tile_colors(3).text, (Rgb{249, 246, 242}));        // light text from 8
  EXPECT_EQ(tile_colors(14).background, (Rgb{60, 58, 50}));    // above 2048
  EXPECT_EQ(xterm256({0, 0, 0}), 16);
  EXPECT_EQ(xterm256({255, 255, 255}), 231);
  EXPECT_EQ(tile_label(17, 6), "131072");
  EXPECT_EQ(tile_label(17, 5), "2^17");
  EXPECT_EQ(tile_label(0, 6), "");
}

}  // namespace
}  // namespace puzzlelab::app::game2048_view
