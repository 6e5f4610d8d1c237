#include "game2048/endgame.h"

#include <algorithm>
#include <bit>
#include <utility>

#include "game2048/spawn.h"

namespace puzzlelab::game2048 {

namespace {

struct Block {
  Board mask = 0;
  bool open = false;  // the open 2x4 (taken only for a chain: formation_for)
};

// The blocks tried, in order, each in its 8 orientations (duplicates dropped).
std::vector<Block> candidate_blocks() {
  struct Shape {
    int rows, cols;
    bool open_end;  // without the second row's first cell (under the first row's first)
    bool far_out;   // without the last row's last cell (the corner across from the top)
  };
  // The 3x3 in a corner less its far corner (the perimeter-defence block: its eight
  // biggest tiles, the far corner the cell to build in), the full 3x3 in a corner, the
  // 2x4 along a side less one end cell of its inner row (a snake's seven biggest tiles,
  // the cell of the eighth free), 2x4 along a side, 2x3 in a corner; the orientations
  // give 4x2 and 3x2 (order: find_formation in endgame.h).
  constexpr std::array<Shape, 5> shapes = {
      {{3, 3, false, true}, {3, 3, false, false}, {2, 4, true, false}, {2, 4, false, false}, {2, 3, false, false}}};
  std::vector<Block> out;
  for (const Shape s : shapes) {
    for (int sym = 0; sym < 8; ++sym) {
      Board mask = 0;
      for (int r = 0; r < s.rows; ++r) {
        for (int c = 0; c < s.cols; ++c) {
          if (s.open_end && r == 1 && c == 0) continue;
          if (s.far_out && r == s.rows - 1 && c == s.cols - 1) continue;
          int rr = (sym & 4) != 0 ? c : r;  // transposed
          int cc = (sym & 4) != 0 ? r : c;
          if ((sym & 1) != 0) cc = 3 - cc;  // mirrored left-right
          if ((sym & 2) != 0) rr = 3 - rr;  // mirrored top-bottom
          mask |= Board{0xF} << (4 * cell_index(rr, cc));
        }
      }
      if (std::none_of(out.begin(), out.end(), [&](const Block& k) { return k.mask == mask; }))
        out.push_back({mask, s.open_end});
    }
  }
  return out;
}

// A position's first slot in a table of `size` (a power of two) slots: the top bits of
// a multiplicative hash, which depend on every cell.
std::size_t home(Board b, std::size_t size) {
  return static_cast<std::size_t>((b * 0x9E3779B97F4A7C15ULL) >> (64 - std::countr_zero(size)));
}

// Linear probing from a position's home slot: the index of the slot that holds `key`, or
// of the empty slot (key 0) where it would go. The table is never full.
template <typename Slots>
std::size_t probe(const Slots& slots, Board key) {
  const std::size_t mask = slots.size() - 1;
  std::size_t i = home(key, slots.size());
  while (slots[i].key != 0 && slots[i].key != key) i = (i + 1) & mask;
  return i;
}

bool in_mask(Board mask, int cell) {
  return ((mask >> (4 * cell)) & 0xF) != 0;
}

// The orthogonal neighbours of a cell, -1 where the board ends.
std::array<int, 4> neighbours(int cell) {
  const int r = cell / 4;
  const int c = cell % 4;
  return {r > 0 ? cell - 4 : -1, c < 3 ? cell + 1 : -1, r < 3 ? cell + 4 : -1, c > 0 ? cell - 1 : -1};
}

// Whether the block's tiles are 2^low ... 2^top, each once and each next to its double.
bool is_chain(Board b, Board mask, int low, int top, unsigned exponents) {
  if (std::popcount(exponents) != top - low + 1 ||
      std::popcount(exponents) != count_nibble_bits(mask & board_bits::kLowBits))
    return false;
  std::array<int, 16> cell_of{};
  for (int cell = 0; cell < 16; ++cell) {
    if (in_mask(mask, cell)) cell_of[static_cast<std::size_t>(exponent_at(b, cell))] = cell;
  }
  for (int e = low; e < top; ++e) {
    const auto n = neighbours(cell_of[static_cast<std::size_t>(e)]);
    if (std::find(n.begin(), n.end(), cell_of[static_cast<std::size_t>(e + 1)]) == n.end()) return false;
  }
  return true;
}

std::optional<Formation> formation_for(Board b, Block block, int min_top_exponent, int min_chain_top_exponent) {
  const Board mask = block.mask;
  int anchor = -1;
  int low = 99;
  int low_count = 0;
  int top = 0;
  unsigned exponents = 0;  // which tiles the block holds
  for (int cell = 0; cell < 16; ++cell) {
    if (!in_mask(mask, cell)) continue;
    const int e = exponent_at(b, cell);
    if (e == 0) return std::nullopt;
    top = std::max(top, e);
    exponents |= 1u << e;
    if (e < low) {
      low = e;
      anchor = cell;
      low_count = 1;
    } else if (e == low) {
      ++low_count;
    }
    for (const int n : neighbours(cell)) {
      if (n >= 0 && in_mask(mask, n) && exponent_at(b, n) == e) return std::nullopt;
    }
  }
  if (low_count != 1 || top < (block.open ? min_chain_top_exponent : min_top_exponent)) return std::nullopt;
  // The open block only as a chain: its seven tiles the top tile and the six below it,
  // each next to the one twice its size, so that the anchor's twin merges them all
  // into the next top tile.
  if (block.open && !is_chain(b, mask, low, top, exponents)) return std::nullopt;
  Formation f;
  f.chain = block.open;
  f.fixed_mask = mask;
  f.fixed = b & mask;
  f.free_mask = ~mask;
  f.anchor = anchor;
  f.goal = low;
  for (const int n : neighbours(anchor)) {
    if (n >= 0 && !in_mask(mask, n)) f.goal_mask |= Board{0xF} << (4 * n);
  }
  if (f.goal_mask == 0) return std::nullopt;
  for (int cell = 0; cell < 16; ++cell) {
    if (!in_mask(mask, cell) && exponent_at(b, cell) > low) return std::nullopt;
  }
  return f;
}

}  // namespace

bool Formation::small_enough() const {
  const int free_cells = count_nibble_bits(free_mask & board_bits::kLowBits);
  double ways = 1;
  for (int k = 0; k < free_cells; ++k) ways *= goal + 1;
  // A chain's 9 cells up to a goal of 256 (9^9 ways): its solves need up to 13.2 M
  // positions (the last two steps to 32768 from an almost empty region).
  if (chain && goal <= 8) return true;
  return ways <= static_cast<double>(std::uint64_t{1} << 26);
}

std::optional<Formation> find_formation(Board b, int min_top_exponent, std::optional<int> min_chain_top_exponent) {
  static const std::vector<Block> blocks = candidate_blocks();
  const int chain_from = min_chain_top_exponent.value_or(min_top_exponent);
  for (const Block& block : blocks) {
    if (auto f = formation_for(b, block, min_top_exponent, chain_from)) return f;
  }
  return std::nullopt;
}

// ---- the solver ------------------------------------------------------------------

EndgameSolver::EndgameSolver(const MoveTables& tables, std::size_t max_states)
    : tables_(&tables), max_states_(std::max<std::size_t>(max_states, 1)) {}

void EndgameSolver::select(const Formation& f) {
  ++clock_;
  for (Table& t : kept_) {
    if (t.formation == f) {
      t.last_use = clock_;
      current_ = &t;
      break;
    }
  }
  if (current_ == nullptr || !(current_->formation == f)) {
    // A new table: drop the least recently used solved table beyond kTablesKept, and
    // the oldest too-large marks beyond kMarksKept.
    std::size_t solved = 0;
    for (const Table& t : kept_) solved += t.too_large ? 0 : 1;
    if (solved >= kTablesKept || kept_.size() >= kTablesKept + kMarksKept) {
      const bool drop_solved = solved >= kTablesKept;
      auto oldest = kept_.end();
      for (auto it = kept_.begin(); it != kept_.end(); ++it) {
        if (it->too_large == drop_solved) continue;
        if (oldest == kept_.end() || it->last_use < oldest->last_use) oldest = it;
      }
      if (oldest == kept_.end()) oldest = kept_.begin();
      kept_.erase(oldest);
    }
    Table t;
    t.formation = f;
    t.slots.resize(std::size_t{1} << 12);
    t.last_use = clock_;
    kept_.push_back(std::move(t));
    current_ = &kept_.back();
    ++solves_;
  }
  free_count_ = 0;
  for (int cell = 0; cell < 16; ++cell) {
    if (!in_mask(f.fixed_mask, cell)) free_cells_[static_cast<std::size_t>(free_count_++)] = cell;
  }
  overflow_ = false;
}

bool EndgameSolver::made(Board b) const {
  for (int cell = 0; cell < 16; ++cell) {
    if (in_mask(current_->formation.goal_mask, cell) && exponent_at(b, cell) == current_->formation.goal) return true;
  }
  return false;
}

bool EndgameSolver::keeps_formation(Board after) const {
  if ((after & current_->formation.fixed_mask) != current_->formation.fixed) return false;
  for (int k = 0; k < free_count_; ++k) {
    if (exponent_at(after, free_cells_[static_cast<std::size_t>(k)]) > current_->formation.goal) return false;
  }
  return true;
}

float* EndgameSolver::insert(Board b) {
  std::vector<Slot>& slots = current_->slots;
  if (current_->used >= (current_->formation.chain ? kChainRoomFactor * max_states_ : max_states_)) {
    overflow_ = true;
    return nullptr;
  }
  ++current_->used;
  if (2 * current_->used > slots.size()) {
    // Grow (load at most one half) before inserting.
    std::vector<Slot> bigger(slots.size() * 2);
    for (const Slot& old : slots) {
      if (old.key != 0) bigger[probe(bigger, old.key)] = old;
    }
    slots = std::move(bigger);
  }
  Slot& s = slots[probe(slots, b)];
  s.key = b;
  return &s.value;
}

const float* EndgameSolver::find(Board b) const {
  const std::vector<Slot>& slots = current_->slots;
  const Slot& s = slots[probe(slots, b)];
  return s.key == b ? &s.value : nullptr;
}

float EndgameSolver::move_value(Board after) {
  if (made(after)) return 1.0f;
  Board empties = empty_mask(after);
  const int n = count_nibble_bits(empties);
  if (n == 0) return 0.0f;  // not reached: a move that changes the board frees a cell
  float sum = 0.0f;
  while (empties != 0 && !overflow_) {
    const int shift = std::countr_zero(empties);
    empties &= empties - 1;
    sum += kSpawnTwoProbability * value(after | (Board{1} << shift)) +
           kSpawnFourProbability * value(after | (Board{2} << shift));
  }
  return sum / static_cast<float>(n);
}

float EndgameSolver::value(Board b) {
  if (made(b)) return 1.0f;
  if (const float* known = find(b)) return *known;
  float best = 0.0f;
  for (const Move m : kMoves) {
    const Board after = tables_->move(b, m);
    if (after == b || !keeps_formation(after)) continue;
    best = std::max(best, move_value(after));
    if (overflow_) return 0.0f;
    if (best >= 1.0f) break;
  }
  if (float* slot = insert(b)) *slot = best;
  return best;
}

void EndgameSolver::trim() {
  for (;;) {
    std::size_t positions = 0;
    auto oldest = kept_.end();
    for (auto it = kept_.begin(); it != kept_.end(); ++it) {
      positions += it->used;
      if (&*it == current_ || it->too_large) continue;
      if (oldest == kept_.end() || it->last_use < oldest->last_use) oldest = it;
    }
    if (positions <= max_states_ || oldest == kept_.end()) return;
    const Formation f = current_->formation;
    kept_.erase(oldest);
    current_ = nullptr;  // the erase moved the tables after it
    for (Table& t : kept_) {
      if (t.formation == f) current_ = &t;
    }
  }
}

std::size_t EndgameSolver::memory_bytes() const {
  std::size_t bytes = 0;
  for (const Table& t : kept_) bytes += t.slots.capacity() * sizeof(Slot);
  return bytes;
}

std::optional<EndgameSolver::Answer> EndgameSolver::solve(Board b, const Formation& f) {
  select(f);
  if (current_->too_large) return std::nullopt;
  Answer a;
  if (!keeps_formation(b) || made(b)) {
    a.states = current_->used;
    return a;  // the goal is there already: nothing to look up
  }
  for (const Move m : kMoves) {
    const Board after = tables_->move(b, m);
    if (after == b || !keeps_formation(after)) continue;
    const float v = move_value(after);
    if (overflow_) {
      // What was stored may stand on the part cut off: keep only the mark.
      current_->too_large = true;
      std::vector<Slot>().swap(current_->slots);  // release the memory, not just the positions
      current_->used = 0;
      ++overflows_;
      return std::nullopt;
    }
    a.values[static_cast<std::size_t>(m)] = v;
    if (!a.best || v > a.probability) {
      a.best = m;
      a.probability = v;
    }
  }
  a.states = current_->used;
  trim();
  return a;
}

}  // namespace puzzlelab::game2048
