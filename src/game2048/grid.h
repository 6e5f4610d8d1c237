#pragma once
// The exact, simple board: one byte of exponent per cell, any size from 3×3 to 8×8.
// It is the path for boards the bitboard cannot hold (a 4×4 board with a tile of
// 65536 or 131072, exponents 16 and 17) and for the other board sizes. Slower than the
// tables, but it plays only when the game needs it.
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "game2048/board.h"

namespace puzzlelab::game2048 {

inline constexpr int kMinSize = 3;
inline constexpr int kMaxSize = 8;
// The largest exponent the grid keeps (tile 2^40). An 8×8 board could in theory go
// higher, after more moves than any game will ever make; a pair at the cap does not
// merge, so values and scores always fit 64 bits.
inline constexpr int kMaxGridExponent = 40;

struct Grid {
  int size = 4;
  std::array<std::uint8_t, kMaxSize * kMaxSize> cells{};  // exponents, row-major (r * size + c)

  [[nodiscard]] int at(int r, int c) const { return cells[static_cast<std::size_t>(r * size + c)]; }
  void set(int r, int c, int e) { cells[static_cast<std::size_t>(r * size + c)] = static_cast<std::uint8_t>(e); }
  [[nodiscard]] int area() const { return size * size; }
  friend bool operator==(const Grid&, const Grid&) = default;
};

struct GridMove {
  bool moved = false;
  std::int64_t score = 0;
  bool wins = false;  // some merge created exactly 2048
};

// Applies a move in place (no spawn), exactly as the original game does.
GridMove move_grid(Grid& g, Move m);

// Where one tile of the position before a move ends up: what a front-end needs to
// slide the tiles. `exponent` is the tile's own value before the move; `merged` is set
// on both tiles of a merging pair, which end on the same cell, where the tile of twice
// the value then stands.
struct TileMotion {
  int from_row = 0;
  int from_col = 0;
  int to_row = 0;
  int to_col = 0;
  int exponent = 0;
  bool merged = false;
  friend bool operator==(const TileMotion&, const TileMotion&) = default;
};
// Every tile of `before` and where the move takes it (no spawn), by the same rule as
// move_grid: line by line, the tile nearest the wall first, each tile merging at most
// once. A tile that stays put is listed with from == to; a move that changes nothing
// lists every tile in place. Lines in order (rows for left/right, columns for up/down),
// in each line from the wall the tiles move toward.
std::vector<TileMotion> tile_motions(const Grid& before, Move m);
int count_empty(const Grid& g);
int max_exponent(const Grid& g);
// True when some move changes the grid (an empty cell or two equal neighbours).
bool has_moves(const Grid& g);

Grid grid_from_board(Board b);
// The bitboard of a 4×4 grid whose tiles all fit a nibble.
std::optional<Board> board_from_grid(const Grid& g);

// Tile value of an exponent (0 for empty).
constexpr std::int64_t tile_value(int exponent) {
  return exponent == 0 ? 0 : std::int64_t{1} << exponent;
}
// Exponent of a tile value: 0 for 0, else the power of two; nullopt for 1, for values
// that are not powers of two and for values above 2^kMaxGridExponent.
std::optional<int> exponent_of(std::int64_t value);

}  // namespace puzzlelab::game2048
