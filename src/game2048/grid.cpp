#include "game2048/grid.h"

#include <bit>

namespace puzzlelab::game2048 {

namespace {

// Cell of the k-th position along line `line` for move m, position 0 being the side
// the tiles move toward (the original's traversal order, js/game_manager.js:207-236).
struct LineCursor {
  int size;
  Move m;
  [[nodiscard]] int row(int line, int k) const {
    switch (m) {
      case Move::Left:
      case Move::Right:
        return line;
      case Move::Up:
        return k;
      case Move::Down:
        return size - 1 - k;
    }
    return 0;
  }
  [[nodiscard]] int col(int line, int k) const {
    switch (m) {
      case Move::Up:
      case Move::Down:
        return line;
      case Move::Left:
        return k;
      case Move::Right:
        return size - 1 - k;
    }
    return 0;
  }
};

// The merge rule of the original's move (js/game_manager.js), as both move_grid and
// tile_motions apply it: a tile joins the last tile placed in its line when the two are
// equal, that tile is not itself the result of a merge in this move, and the pair is
// below the exponent cap.
bool merges_into(int last_placed, bool last_merged, int e) {
  return last_placed == e && !last_merged && e < kMaxGridExponent;
}

}  // namespace

GridMove move_grid(Grid& g, Move m) {
  GridMove result;
  const LineCursor at{g.size, m};
  std::array<int, kMaxSize> out{};
  for (int line = 0; line < g.size; ++line) {
    int n = 0;
    bool last_merged = false;
    for (int k = 0; k < g.size; ++k) {
      const int e = g.at(at.row(line, k), at.col(line, k));
      if (e == 0) continue;
      if (n > 0 && merges_into(out[n - 1], last_merged, e)) {
        out[n - 1] = e + 1;
        result.score += tile_value(e + 1);
        result.wins = result.wins || e + 1 == kWinExponent;
        last_merged = true;
        continue;
      }
      out[n++] = e;
      last_merged = false;
    }
    for (int k = 0; k < g.size; ++k) {
      const int e = k < n ? out[k] : 0;
      const int r = at.row(line, k);
      const int c = at.col(line, k);
      if (g.at(r, c) != e) {
        result.moved = true;
        g.set(r, c, e);
      }
    }
  }
  return result;
}

std::vector<TileMotion> tile_motions(const Grid& before, Move m) {
  std::vector<TileMotion> motions;
  const LineCursor at{before.size, m};
  for (int line = 0; line < before.size; ++line) {
    // The exponent on the last target cell of this line (before any merge into it),
    // and the index in `motions` of the tile that went there.
    int n = 0;
    int last_placed = 0;
    bool last_merged = false;
    std::size_t last_index = 0;
    for (int k = 0; k < before.size; ++k) {
      const int r = at.row(line, k);
      const int c = at.col(line, k);
      const int e = before.at(r, c);
      if (e == 0) continue;
      TileMotion t{r, c, 0, 0, e, false};
      if (n > 0 && merges_into(last_placed, last_merged, e)) {
        // Onto the previous target, which now holds the doubled tile.
        t.to_row = motions[last_index].to_row;
        t.to_col = motions[last_index].to_col;
        t.merged = true;
        motions[last_index].merged = true;
        last_merged = true;
        motions.push_back(t);
        continue;
      }
      t.to_row = at.row(line, n);
      t.to_col = at.col(line, n);
      ++n;
      last_placed = e;
      last_merged = false;
      last_index = motions.size();
      motions.push_back(t);
    }
  }
  return motions;
}

int count_empty(const Grid& g) {
  int n = 0;
  for (int i = 0; i < g.area(); ++i) n += g.cells[static_cast<std::size_t>(i)] == 0 ? 1 : 0;
  return n;
}

int max_exponent(const Grid& g) {
  int m = 0;
  for (int i = 0; i < g.area(); ++i) m = std::max<int>(m, g.cells[static_cast<std::size_t>(i)]);
  return m;
}

bool has_moves(const Grid& g) {
  for (int r = 0; r < g.size; ++r) {
    for (int c = 0; c < g.size; ++c) {
      const int e = g.at(r, c);
      if (e == 0) return true;
      // Equal neighbours merge (below the exponent cap).
      if (e < kMaxGridExponent &&
          ((c + 1 < g.size && g.at(r, c + 1) == e) || (r + 1 < g.size && g.at(r + 1, c) == e))) {
        return true;
      }
    }
  }
  return false;
}

Grid grid_from_board(Board b) {
  Grid g;
  g.size = 4;
  for (int i = 0; i < 16; ++i) g.cells[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(exponent_at(b, i));
  return g;
}

std::optional<Board> board_from_grid(const Grid& g) {
  if (g.size != 4) return std::nullopt;
  Board b = 0;
  for (int i = 0; i < 16; ++i) {
    const int e = g.cells[static_cast<std::size_t>(i)];
    if (e > kMaxNibbleExponent) return std::nullopt;
    b = with_exponent(b, i, e);
  }
  return b;
}

std::optional<int> exponent_of(std::int64_t value) {
  if (value == 0) return 0;
  if (value < 2 || !std::has_single_bit(static_cast<std::uint64_t>(value))) return std::nullopt;
  const int e = std::countr_zero(static_cast<std::uint64_t>(value));
  if (e > kMaxGridExponent) return std::nullopt;
  return e;
}

}  // namespace puzzlelab::game2048
