#pragma once
// The 4×4 board as one 64-bit word of 4-bit exponents (0 empty, 1 = tile 2, ...,
// 15 = tile 32768). Cell (row r, column c) is nibble 4r + c, so row r is the 16 bits at
// 16r and column 0 is the lowest nibble of its row. "Left" moves tiles toward column 0,
// "up" toward row 0. Everything here is constexpr and branch-light: it is the hot type
// of the moves and the AI (the layout follows nneonneo/2048-ai's idea, our own code).
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string_view>

namespace puzzlelab::game2048 {

using Board = std::uint64_t;
using Row = std::uint16_t;

// The original game's direction numbering (gabrielecirulli/2048 js/game_manager.js:194:
// 0 up, 1 right, 2 down, 3 left).
enum class Move : std::uint8_t { Up = 0, Right = 1, Down = 2, Left = 3 };
inline constexpr std::array<Move, 4> kMoves = {Move::Up, Move::Right, Move::Down, Move::Left};

constexpr std::string_view move_name(Move m) {
  switch (m) {
    case Move::Up:
      return "up";
    case Move::Right:
      return "right";
    case Move::Down:
      return "down";
    case Move::Left:
      return "left";
  }
  return "?";
}

// "up", "down", "left", "right" (any case) and the original's key letters, WASD and
// vim hjkl, -> Move (defined in board_text.cpp).
std::optional<Move> parse_move(std::string_view text);

// The largest exponent a nibble holds (tile 32768); 16 (65536) and 17 (131072) need
// the exact grid path (game2048/grid.h).
inline constexpr int kMaxNibbleExponent = 15;
// A merge creating exactly this exponent wins (2048 = 2^11; js/game_manager.js:169).
inline constexpr int kWinExponent = 11;

namespace board_bits {
// A mask with the nibbles listed set to 0xF.
constexpr Board nibbles(std::initializer_list<int> cells) {
  Board m = 0;
  for (int c : cells) m |= Board{0xF} << (4 * c);
  return m;
}
inline constexpr Board kLowBits = 0x1111111111111111ULL;
}  // namespace board_bits

constexpr int cell_index(int row, int col) {
  return 4 * row + col;
}
constexpr int exponent_at(Board b, int cell) {
  return static_cast<int>((b >> (4 * cell)) & 0xF);
}
constexpr Board with_exponent(Board b, int cell, int exponent) {
  const int shift = 4 * cell;
  return (b & ~(Board{0xF} << shift)) | (static_cast<Board>(exponent) << shift);
}
constexpr Row row_of(Board b, int r) {
  return static_cast<Row>(b >> (16 * r));
}
// A row with its four cells in the other order.
constexpr Row reverse_row(Row r) {
  return static_cast<Row>(((r & 0xF) << 12) | ((r & 0xF0) << 4) | ((r >> 4) & 0xF0) | (r >> 12));
}

// Mirror image across the main diagonal: rows become columns. Two block swaps: the
// off-diagonal cells of each 2×2 block, then the off-diagonal 2×2 blocks.
constexpr Board transpose(Board x) {
  using board_bits::nibbles;
  constexpr Board keep1 = nibbles({0, 2, 5, 7, 8, 10, 13, 15});
  constexpr Board up1 = nibbles({1, 3, 9, 11});     // (r, c) with c odd, r even -> (c, r)
  constexpr Board down1 = nibbles({4, 6, 12, 14});  // the mirror cells
  x = (x & keep1) | ((x & up1) << 12) | ((x & down1) >> 12);
  constexpr Board keep2 = nibbles({0, 1, 4, 5, 10, 11, 14, 15});
  constexpr Board up2 = nibbles({2, 3, 6, 7});      // top-right block
  constexpr Board down2 = nibbles({8, 9, 12, 13});  // bottom-left block
  return (x & keep2) | ((x & up2) << 24) | ((x & down2) >> 24);
}

// One bit (the lowest of the nibble) for every empty cell.
constexpr Board empty_mask(Board b) {
  Board x = b | (b >> 1);
  x |= x >> 2;
  return ~x & board_bits::kLowBits;
}
// Number of set bits of a value with bits only at nibble bottoms (0, 4, ..., 60):
// one multiply sums all nibbles into the top one. The baseline x86-64 target has no
// POPCNT instruction, and std::popcount would be a library call here. Bit 0 is added
// apart so that the top nibble never has to hold 16.
constexpr int count_nibble_bits(Board x) {
  return static_cast<int>((((x >> 4) * board_bits::kLowBits) >> 60) + (x & 1));
}
constexpr int count_empty(Board b) {
  return count_nibble_bits(empty_mask(b));
}

// The cell of the k-th (0-based) set bit of a nibble-bottom mask, without a loop (a
// loop's exit branch mispredicts on every spawn). The multiply leaves in nibble j the
// number of set bits in cells 0..j; the answer is the number of cells whose prefix is
// at most k. Those are counted by byte lanes (even and odd nibbles apart, so adding
// 15 - k cannot carry across lanes). k must be below the number of set bits.
constexpr int nth_nibble_bit(Board x, int k) {
  constexpr Board kBytes = 0x0101010101010101ULL;
  constexpr Board kLowNibbles = 0x0F0F0F0F0F0F0F0FULL;
  constexpr Board kBit4 = 0x1010101010101010ULL;
  const Board prefix = x * board_bits::kLowBits;
  const Board add = static_cast<Board>(15 - k) * kBytes;
  const Board even_over = ((prefix & kLowNibbles) + add) & kBit4;
  // Nibble 15 (top lane of the odd half) never counts: its prefix is the total, above
  // k, though it may have wrapped to 0 when all 16 bits are set.
  const Board odd_over = ((((prefix >> 4) & kLowNibbles) + add) & kBit4) | (Board{0x10} << 56);
  const Board at_most_k = ((~even_over & kBit4) >> 4) + ((~odd_over & kBit4) >> 4);
  return static_cast<int>((at_most_k * kBytes) >> 56);
}

constexpr int max_exponent(Board b) {
  int m = 0;
  for (int i = 0; i < 16; ++i) m = exponent_at(b, i) > m ? exponent_at(b, i) : m;
  return m;
}

// Number of distinct non-empty exponents (the AI's measure of how far the game is).
constexpr int count_distinct(Board b) {
  std::uint32_t seen = 0;
  for (int i = 0; i < 16; ++i) seen |= 1u << exponent_at(b, i);
  return std::popcount(seen & ~1u);
}

// True when the board holds two or more 32768 tiles: only then can a move need the
// exact path (a 32768 pair merging to 65536).
constexpr bool has_two_max_tiles(Board b) {
  const Board full = b & (b >> 1) & (b >> 2) & (b >> 3) & board_bits::kLowBits;
  return (full & (full - 1)) != 0;
}

// True when some two orthogonal neighbours hold equal non-empty tiles (a full board
// with none is lost; js/game_manager.js:246-268). Equal exponents 15 count: they merge
// to 65536 on the exact path.
constexpr bool has_adjacent_pair(Board b) {
  // Horizontal: compare each cell with its right neighbour, inside a row only.
  constexpr Board h_mask = 0x0FFF0FFF0FFF0FFFULL;
  constexpr Board h_low = 0x0111011101110111ULL;
  // Vertical: each cell with the one below, rows 0..2 only.
  constexpr Board v_low = 0x0000111111111111ULL;
  const Board nonempty = ~empty_mask(b) & board_bits::kLowBits;
  const Board h = (b ^ (b >> 4)) & h_mask;
  Board hz = h | (h >> 1);
  hz |= hz >> 2;
  const Board h_equal = ~hz & h_low & nonempty & (nonempty >> 4);
  const Board v = b ^ (b >> 16);
  Board vz = v | (v >> 1);
  vz |= vz >> 2;
  const Board v_equal = ~vz & v_low & nonempty & (nonempty >> 16);
  return (h_equal | v_equal) != 0;
}

}  // namespace puzzlelab::game2048
