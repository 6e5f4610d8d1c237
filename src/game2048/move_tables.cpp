#include "game2048/move_tables.h"

#include <array>

namespace puzzlelab::game2048 {

namespace {

constexpr std::size_t kRows = 65536;

struct RowMove {
  Row row = 0;
  std::uint32_t info = 0;
};

// The original's rule on one line, with cell 0 the side the tiles move toward
// (js/game_manager.js:155-173): slide over empty cells; a tile merges with the next
// one when both are equal and that one has not merged yet this move.
RowMove slide_toward_cell0(std::array<int, 4> cells) {
  std::array<int, 4> out{};
  int n = 0;
  bool last_merged = false;
  RowMove result;
  for (const int e : cells) {
    if (e == 0) continue;
    if (n > 0 && out[n - 1] == e && !last_merged) {
      if (e == kMaxNibbleExponent) {
        // 32768 + 32768 = 65536 does not fit: flag it, leave the pair apart here.
        result.info |= MoveTables::kOverflow;
      } else {
        out[n - 1] = e + 1;
        result.info += 1u << (e + 1);
        if (e + 1 == kWinExponent) result.info |= MoveTables::kWins;
        last_merged = true;
        continue;
      }
    }
    out[n++] = e;
    last_merged = false;
  }
  for (int i = 0; i < 4; ++i) result.row = static_cast<Row>(result.row | out[i] << (4 * i));
  return result;
}

}  // namespace

MoveTables::MoveTables() : left_(kRows), right_(kRows), info_(kRows) {
  for (std::size_t r = 0; r < kRows; ++r) {
    std::array<int, 4> c{};
    for (int i = 0; i < 4; ++i) c[i] = static_cast<int>((r >> (4 * i)) & 0xF);
    const RowMove l = slide_toward_cell0(c);
    // Right: the same rule with the row read from its right end.
    const RowMove rm = slide_toward_cell0({c[3], c[2], c[1], c[0]});
    Row mirrored = 0;
    for (int i = 0; i < 4; ++i) mirrored = static_cast<Row>(mirrored | ((rm.row >> (4 * i)) & 0xF) << (4 * (3 - i)));
    left_[r] = l.row;
    right_[r] = mirrored;
    info_[r] = l.info;
  }
}

}  // namespace puzzlelab::game2048
