#include "app/game2048_view.h"

#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "core/utf8.h"
#include "core/wording.h"

namespace puzzlelab::app::game2048_view {

namespace {

using game2048::Grid;

// One cell of the canvas: a glyph one column wide and its colours.
struct CellStyle {
  std::optional<Rgb> fg;
  std::optional<Rgb> bg;
  bool bold = false;
  friend bool operator==(const CellStyle&, const CellStyle&) = default;
};

struct Cell {
  std::string glyph = " ";
  CellStyle style;
};

// A small character canvas: views draw into it and it serialises rows with the fewest
// colour changes. Every glyph is one terminal column wide.
class Canvas {
 public:
  Canvas(int width, int height) : width_(width), height_(height), cells_(static_cast<std::size_t>(width * height)) {}

  [[nodiscard]] int width() const { return width_; }

  void put(int x, int y, std::string glyph, CellStyle style = {}) {
    if (x < 0 || y < 0 || x >= width_ || y >= height_) return;
    Cell& c = cells_[static_cast<std::size_t>(y * width_ + x)];
    c.glyph = std::move(glyph);
    c.style = style;
  }
  // Text of one-column characters starting at x.
  void text(int x, int y, std::string_view s, CellStyle style = {}) {
    auto cps = core::utf8_decode(s);
    if (!cps) return;
    for (const char32_t cp : *cps) put(x++, y, core::utf8_encode(cp), style);
  }
  void fill(int x, int y, int w, int h, CellStyle style) {
    for (int j = y; j < y + h; ++j) {
      for (int i = x; i < x + w; ++i) put(i, j, " ", style);
    }
  }

  [[nodiscard]] std::string str(const Style& style) const {
    std::string out;
    for (int y = 0; y < height_; ++y) {
      if (y > 0) out += '\n';
      // Trailing plain blanks are dropped so lines stay short and diffs readable.
      int end = width_;
      while (end > 0) {
        const Cell& c = cells_[static_cast<std::size_t>(y * width_ + end - 1)];
        if (c.glyph != " " || (style.color && c.style.bg)) break;
        --end;
      }
      CellStyle current;
      for (int x = 0; x < end; ++x) {
        const Cell& c = cells_[static_cast<std::size_t>(y * width_ + x)];
        if (style.color && !(c.style == current)) {
          out += sgr(c.style, style);
          current = c.style;
        }
        out += c.glyph;
      }
      if (style.color && !(current == CellStyle{})) out += "\x1b[0m";
    }
    return out;
  }

 private:
  static std::string color_code(Rgb c, bool background, const Style& style) {
    if (style.truecolor) return fmt::format(";{};2;{};{};{}", background ? 48 : 38, c.r, c.g, c.b);
    return fmt::format(";{};5;{}", background ? 48 : 38, palette256(c));
  }
  static std::string sgr(const CellStyle& c, const Style& style) {
    std::string s = "\x1b[0";
    if (c.bold) s += ";1";
    if (c.fg) s += color_code(*c.fg, false, style);
    if (c.bg) s += color_code(*c.bg, true, style);
    return s + "m";
  }

  int width_;
  int height_;
  std::vector<Cell> cells_;
};

// ---- layout -------------------------------------------------------------------

struct Layout {
  int tile_w = 0;  // columns inside a tile
  int tile_h = 0;  // rows inside a tile
  [[nodiscard]] int board_w(int n) const { return n * (tile_w + 1) + 1; }
  [[nodiscard]] int board_h(int n) const { return n * (tile_h + 1) + 1; }
};

constexpr int kHeaderRows = 2;  // title and figures, a blank line
constexpr int kFooterRows = 4;  // a blank line, two info lines, the keys
constexpr int kMinWidth = 64;   // the header and key lines need this much

constexpr std::array<Layout, 5> kLayouts = {{{8, 3}, {7, 3}, {8, 1}, {7, 1}, {6, 1}}};

std::optional<Layout> choose_layout(int n, core::TermSize size) {
  for (const Layout& l : kLayouts) {
    const int w = std::max(l.board_w(n), kMinWidth);
    const int h = kHeaderRows + l.board_h(n) + kFooterRows;
    if (w <= size.cols && h <= size.rows) return l;
  }
  return std::nullopt;
}

// Box-drawing junctions for the grid lines of the plain board.
std::string junction(bool top, bool bottom, bool left, bool right) {
  // top: the line is the top edge; bottom: the bottom edge; likewise for columns.
  if (top) return left ? "┌" : right ? "┐" : "┬";
  if (bottom) return left ? "└" : right ? "┘" : "┴";
  return left ? "├" : right ? "┤" : "┼";
}

void draw_board(Canvas& cv, int x0, int y0, const Grid& g, const Layout& l, const Style& style) {
  const int n = g.size;
  const int bw = l.board_w(n);
  const int bh = l.board_h(n);
  if (style.color) {
    // The original's look: coloured tiles on the board colour, no lines.
    cv.fill(x0, y0, bw, bh, CellStyle{std::nullopt, kBoard, false});
  } else {
    for (int j = 0; j <= n; ++j) {
      const int y = y0 + j * (l.tile_h + 1);
      for (int x = x0; x < x0 + bw; ++x) cv.put(x, y, "─");
      for (int i = 0; i <= n; ++i) {
        cv.put(x0 + i * (l.tile_w + 1), y, junction(j == 0, j == n, i == 0, i == n));
      }
    }
    for (int i = 0; i <= n; ++i) {
      for (int j = 0; j < n; ++j) {
        for (int k = 1; k <= l.tile_h; ++k) cv.put(x0 + i * (l.tile_w + 1), y0 + j * (l.tile_h + 1) + k, "│");
      }
    }
  }
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const int e = g.at(r, c);
      const int x = x0 + 1 + c * (l.tile_w + 1);
      const int y = y0 + 1 + r * (l.tile_h + 1);
      CellStyle tile;
      if (style.color) {
        const TileColors tc = tile_colors(e);
        tile = CellStyle{tc.text, tc.background, true};
        cv.fill(x, y, l.tile_w, l.tile_h, tile);
      }
      if (e == 0) continue;
      const std::string label = tile_label(e, l.tile_w);
      const int pad = (l.tile_w - static_cast<int>(label.size())) / 2;
      cv.text(x + pad + (l.tile_w - static_cast<int>(label.size())) % 2, y + l.tile_h / 2, label, tile);
    }
  }
}

// Every message box has this width (borders included), whatever its text, so that the
// boxes look alike and their lines share one left edge.
constexpr int kBoxWidth = 34;

// A message box centred over the board: the rows it covers are cleared across the
// whole board first (one row above and below too), so no tile shows beside it; every
// line is padded to the box's width.
void draw_overlay(Canvas& cv, int x0, int y0, int bw, int bh, const std::vector<std::string>& lines, const Style& style,
                  Rgb bg, Rgb fg) {
  const int w = std::min(kBoxWidth, cv.width());
  const int inner = w - 2;
  const int h = static_cast<int>(lines.size()) + 2;
  const int x = std::clamp(x0 + (bw - w) / 2, 0, std::max(0, cv.width() - w));
  const int y = y0 + std::max(0, (bh - h) / 2);
  const CellStyle board = style.color ? CellStyle{std::nullopt, kBoard, false} : CellStyle{};
  const int left = std::min(x, x0);
  const int right = std::max(x + w, x0 + bw);
  const int top = std::max(y0, y - 1);
  const int bottom = std::min(y0 + bh, y + h + 1);
  cv.fill(left, top, right - left, bottom - top, board);
  const CellStyle box = style.color ? CellStyle{fg, bg, true} : CellStyle{};
  cv.fill(x, y, w, h, box);
  if (!style.color) {
    for (int i = x + 1; i < x + w - 1; ++i) {
      cv.put(i, y, "═");
      cv.put(i, y + h - 1, "═");
    }
    for (int j = y + 1; j < y + h - 1; ++j) {
      cv.put(x, j, "║");
      cv.put(x + w - 1, j, "║");
    }
    cv.put(x, y, "╔");
    cv.put(x + w - 1, y, "╗");
    cv.put(x, y + h - 1, "╚");
    cv.put(x + w - 1, y + h - 1, "╝");
  }
  for (std::size_t k = 0; k < lines.size(); ++k) {
    std::string text = lines[k];
    if (core::display_width(text) > inner) text = core::wrap_words(text, inner, 1).front();
    cv.text(x + 1, y + 1 + static_cast<int>(k), core::pad_center(text, inner), box);
  }
}

// Key rows padded to one width, so that centring keeps their columns aligned.
std::vector<std::string> key_rows(std::vector<std::string> rows) {
  int w = 0;
  for (const auto& r : rows) w = std::max(w, core::display_width(r));
  for (auto& r : rows) r = core::pad_right(r, w);
  return rows;
}

std::vector<std::string> overlay_lines(const Screen& s) {
  std::vector<std::string> head;
  std::vector<std::string> keys;
  switch (s.overlay) {
    case Overlay::Won:
      head = {"You win!", ""};
      keys = {"Enter  keep going", "n      new game", "q      quit"};
      break;
    case Overlay::Over:
      head = {"Game over!", fmt::format("Final score {}", s.score), ""};
      keys = {"n  new game", "u  undo", "q  quit"};
      break;
    case Overlay::Help:
      head = {
          "How to play", "", "Slide the tiles: arrows,", "w a s d  or  h j k l.", "Equal tiles merge; make 2048.", ""};
      keys = {"u undo   i hint   n new", "q quit   ? this help"};
      break;
    case Overlay::ConfirmNew:
      head = {"Start a new game?", "This game will be lost.", ""};
      keys = {"y  yes    n  no"};
      break;
    case Overlay::Resume:
      head = {"Resume your saved game?",
              fmt::format("score {} · {}", s.resume_score, core::counted(s.resume_moves, "move")), ""};
      keys = {"y  resume    n  new game"};
      break;
    case Overlay::None:
      break;
  }
  for (auto& k : key_rows(keys)) head.push_back(std::move(k));
  return head;
}

}  // namespace

std::string tile_label(int exponent, int width) {
  if (exponent == 0) return "";
  std::string s = std::to_string(game2048::tile_value(exponent));
  if (static_cast<int>(s.size()) > width) s = fmt::format("2^{}", exponent);
  return s;
}

core::TermSize minimum_size(int board_size) {
  const Layout& l = kLayouts.back();
  return {std::max(l.board_w(board_size), kMinWidth), kHeaderRows + l.board_h(board_size) + kFooterRows};
}

std::string render_screen(const Screen& s, core::TermSize size, const Style& style) {
  const int n = s.grid.size;
  const auto layout = choose_layout(n, size);
  if (!layout) {
    const core::TermSize need = minimum_size(n);
    Canvas cv(std::max(1, size.cols), std::max(1, size.rows));
    // Broken between words, as the Wordle screen does: at 20 columns the first line
    // was cut to "Please enlarge the t".
    std::vector<std::string> lines;
    for (const std::string& text :
         {std::string("Please enlarge the terminal"), fmt::format("to at least {}×{}", need.cols, need.rows),
          fmt::format("(now {}×{}).", size.cols, size.rows), std::string("q quits")}) {
      for (auto& l : core::wrap_words(text, std::max(1, size.cols))) lines.push_back(std::move(l));
    }
    const int y0 = std::max(0, (size.rows - static_cast<int>(lines.size())) / 2);
    for (std::size_t k = 0; k < lines.size(); ++k) {
      const std::string& t = lines[k];
      cv.text(std::max(0, (size.cols - core::display_width(t)) / 2), y0 + static_cast<int>(k), t);
    }
    return cv.str(style);
  }
  const Layout& l = *layout;
  const int bw = l.board_w(n);
  const int bh = l.board_h(n);
  const int width = std::max(bw, kMinWidth);
  const int height = kHeaderRows + bh + kFooterRows;
  const int x_off = (size.cols - width) / 2;
  Canvas cv(x_off + width, height);

  // Header: the title at the left, the figures at the right of the board's column.
  const CellStyle title = style.color ? CellStyle{kDarkText, std::nullopt, true} : CellStyle{};
  cv.text(x_off, 0, s.title, title);
  std::string figures = fmt::format("score {}  best {}  moves {}", s.score, s.best, s.moves);
  if (s.assisted) figures += "  (assisted)";
  cv.text(x_off + width - core::display_width(figures), 0, figures);

  const int bx = x_off + (width - bw) / 2;
  const int by = kHeaderRows;
  draw_board(cv, bx, by, s.grid, l, style);
  if (s.overlay != Overlay::None) {
    const bool won = s.overlay == Overlay::Won;
    draw_overlay(cv, bx, by, bw, bh, overlay_lines(s), style, won ? Rgb{237, 194, 46} : Rgb{238, 228, 218},
                 won ? kLightText : kDarkText);
  }
  // The info lines, broken between words into the two rows there are (a number or a
  // word is never cut; what does not fit ends in "…").
  constexpr std::size_t kInfoRows = 2;
  std::vector<std::string> rows;
  for (const auto& info : s.info) {
    for (auto& r : core::wrap_words(info, width)) rows.push_back(std::move(r));
  }
  if (rows.size() > kInfoRows) {
    std::string rest;
    for (std::size_t k = kInfoRows - 1; k < rows.size(); ++k) rest += (rest.empty() ? "" : " ") + rows[k];
    rows.resize(kInfoRows - 1);
    rows.push_back(core::wrap_words(rest, width, 1).front());
  }
  int y = by + bh + 1;
  for (const auto& r : rows) cv.text(x_off, y++, r);
  const CellStyle dim = style.color ? CellStyle{Rgb{150, 150, 150}, std::nullopt, false} : CellStyle{};
  cv.text(x_off, kHeaderRows + bh + kFooterRows - 1, s.keys, dim);
  return cv.str(style);
}

std::string render_board_text(const Grid& g, bool color) {
  const Layout l{6, 1};
  Canvas cv(l.board_w(g.size), l.board_h(g.size));
  Style plain;
  draw_board(cv, 0, 0, g, l, plain);
  if (!color) return cv.str(plain) + "\n";
  // Colour for a log: the numbers in their tile colour, the grid plain.
  Style st{true, false};
  for (int r = 0; r < g.size; ++r) {
    for (int c = 0; c < g.size; ++c) {
      const int e = g.at(r, c);
      if (e == 0) continue;
      const std::string label = tile_label(e, l.tile_w);
      const int x = 1 + c * (l.tile_w + 1) + (l.tile_w - static_cast<int>(label.size()) + 1) / 2;
      cv.text(x, 1 + r * 2, label, CellStyle{tile_colors(e).background, std::nullopt, true});
    }
  }
  return cv.str(st) + "\n";
}

}  // namespace puzzlelab::app::game2048_view
