#pragma once
// What the 2048 screens look like, as pure functions of the state (FTXUI's way: every
// view renders to a string, tests compare strings). The interactive loops in
// game2048_play.cpp only add the terminal around them.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/terminal.h"
#include "game2048/game.h"

namespace puzzlelab::app::game2048_view {

struct Style {
  bool color = false;
  bool truecolor = false;  // 24-bit colour (COLORTERM=truecolor); else the xterm 256 palette
};

enum class Overlay { None, Won, Over, Help, ConfirmNew, Resume };

struct Screen {
  game2048::Grid grid;
  std::int64_t score = 0;
  std::int64_t best = 0;
  std::int64_t moves = 0;
  bool assisted = false;
  Overlay overlay = Overlay::None;
  std::string title = "2048";
  std::vector<std::string> info;  // lines under the board (hint, AI figures, messages)
  std::string keys;               // the key help at the bottom
  std::int64_t resume_score = 0;  // for Overlay::Resume
  std::int64_t resume_moves = 0;
};

// The whole screen for a terminal of `size`: the board centred, header and footer, or
// a request to enlarge the terminal when the board does not fit. Lines are joined by
// "\n"; no line is wider than size.cols columns and there are at most size.rows lines.
std::string render_screen(const Screen& s, core::TermSize size, const Style& style);

// The smallest terminal the board of `board_size` fits in.
core::TermSize minimum_size(int board_size);

// The board for a pipe or a log: numbers in a box-drawing grid, one text line a row.
std::string render_board_text(const game2048::Grid& g, bool color);

// The original game's tile colours (gabrielecirulli/2048, style/main.scss): background
// and text colour of a tile by exponent; 0 is the empty cell.
struct Rgb {
  int r = 0, g = 0, b = 0;
  friend bool operator==(const Rgb&, const Rgb&) = default;
};
struct TileColors {
  Rgb background;
  Rgb text;
};
// The board (#bbada0), and the tiles' dark text (#776e65, on 2 and 4) and light text
// (#f9f6f2, above).
inline constexpr Rgb kBoard{187, 173, 160};
inline constexpr Rgb kDarkText{119, 110, 101};
inline constexpr Rgb kLightText{249, 246, 242};
TileColors tile_colors(int exponent);
// Nearest colour (in CIE L*a*b*) of the xterm 256-colour cube or grey ramp.
int xterm256(Rgb c);
// The colour the screen uses for `c` without 24-bit colour: the nearest, except for
// the board, whose nearest is a neutral grey (the closest warm colour instead).
int palette256(Rgb c);

// A tile's label fitting `width` columns: the value, or 2^e when it is too long.
std::string tile_label(int exponent, int width);

}  // namespace puzzlelab::app::game2048_view
