#include "game2048/game.h"

#include "game2048/spawn.h"

#include <bit>
#include <cassert>
#include <string>

#include <fmt/format.h>

namespace puzzlelab::game2048 {

MoveResult exact_move(const MoveTables& tables, const Grid& before, Move m) {
  MoveResult r;
  if (auto b = board_from_grid(before)) {
    const MoveTables::MoveInfo info = tables.move_info(*b, m);
    if (!info.overflow) {
      const Board after = tables.move(*b, m);
      r.after = grid_from_board(after);
      r.score = info.score;
      r.moved = after != *b;
      r.wins = info.wins;
      return r;
    }
  }
  r.after = before;
  const GridMove gm = move_grid(r.after, m);
  r.score = gm.score;
  r.moved = gm.moved;
  r.wins = gm.wins;
  return r;
}

core::Result<MoveResult> checked_move(const MoveTables& tables, const Grid& before, Move m) {
  MoveResult r = exact_move(tables, before, m);
  const int most = before.size * before.size + 1;
  if (max_exponent(r.after) > most) {
    return core::Error{fmt::format(
        "moving {} makes a {} tile, more than a {}×{} board can hold (at most {}): no game reaches this board",
        move_name(m), tile_value(max_exponent(r.after)), before.size, before.size, tile_value(most))};
  }
  return r;
}

Game::Game(const MoveTables& tables, int size, core::Rng rng)
    : tables_(&tables), size_(size), fast_(size == 4), rng_(rng) {
  grid_.size = size;
}

Game Game::start(const MoveTables& tables, int size, core::Rng rng) {
  Game g(tables, size < kMinSize || size > kMaxSize ? 4 : size, rng);
  int exponent = 0;
  g.spawn(exponent);
  g.spawn(exponent);
  g.update_over();
  return g;
}

core::Result<Game> Game::restore(const MoveTables& tables, const Snapshot& s) {
  const int size = s.grid.size;
  if (size < kMinSize || size > kMaxSize) {
    return core::Error{"board size " + std::to_string(size) + " is outside 3..8"};
  }
  // The largest tile a board can hold: 2^(cells + 1) (every cell a distinct power, the
  // last merge fed by a 4). For 4×4 that is 131072.
  const int cap = std::min(kMaxGridExponent, size * size + 1);
  for (int i = 0; i < size * size; ++i) {
    if (s.grid.cells[static_cast<std::size_t>(i)] > cap) {
      return core::Error{"a tile is larger than a " + std::to_string(size) + "×" + std::to_string(size) +
                         " board can hold"};
    }
  }
  for (int i = size * size; i < kMaxSize * kMaxSize; ++i) {
    if (s.grid.cells[static_cast<std::size_t>(i)] != 0) return core::Error{"cells outside the board"};
  }
  if (s.score < 0 || s.moves < 0) return core::Error{"negative score or move count"};
  if (s.rng == core::Rng::State{}) return core::Error{"the random generator state is all zero"};
  core::Rng rng;
  rng.set_state(s.rng);
  Game g(tables, size, rng);
  g.grid_ = s.grid;
  if (size == 4) {
    if (auto b = board_from_grid(s.grid)) {
      g.board_ = *b;
    } else {
      g.fast_ = false;
    }
  }
  g.score_ = s.score;
  g.moves_ = s.moves;
  g.won_ = s.won;
  g.keep_playing_ = s.keep_playing;
  g.update_over();
  return g;
}

Status Game::status() const {
  if (over_) return Status::Over;
  if (won_ && !keep_playing_) return Status::Won;
  return Status::Playing;
}

Game::Preview Game::preview(Move m) const {
  Preview p;
  p.move = m;
  if (fast_) {
    p.from = board_;
    const MoveTables::MoveInfo info = tables_->move_with_info(board_, m, p.next);
    if (!info.overflow) {
      p.moved = p.next != board_;
      p.gained = info.score;
      p.wins = info.wins;
      p.empty_after = game2048::count_empty(p.next);
      return p;
    }
  }
  // Two 32768 tiles merge (possibly while nothing else moves, a pair already at the
  // wall), or the grid holds the position: only the exact grid can say.
  p.exact = true;
  Grid g = fast_ ? grid_from_board(board_) : grid_;
  const GridMove gm = move_grid(g, m);
  p.moved = gm.moved;
  p.gained = gm.score;
  p.wins = gm.wins;
  p.empty_after = game2048::count_empty(g);
  return p;
}

Step Game::play(const Preview& p) {
  Step step;
  if (!accepting_moves() || !p.moved) return step;
  if (p.exact) {
    if (fast_) grid_ = grid_from_board(board_);
    fast_ = false;  // from a 65536 on, the grid holds the position for good
    move_grid(grid_, p.move);
  } else {
    assert(fast_ && p.from == board_);
    board_ = p.next;
  }
  step.moved = true;
  step.gained = p.gained;
  score_ += p.gained;
  ++moves_;
  // js/game_manager.js:169-170: every merge to 2048 sets won; after "keep going" it no
  // longer stops the game.
  if (p.wins) {
    won_ = true;
    step.won_now = !keep_playing_;
  }
  step.spawn_cell = spawn(step.spawn_exponent);
  update_over();
  return step;
}

void Game::keep_going() {
  if (won_) keep_playing_ = true;
}

int Game::spawn(int& exponent) {
  // Value first, then the cell, in the original's order (js/game_manager.js:69-76):
  // the spawn law's tile (game2048/spawn.h), in a uniformly random empty cell.
  exponent = draw_spawn_exponent(rng_);
  if (fast_) {
    Board empties = empty_mask(board_);
    const int n = count_nibble_bits(empties);
    if (n == 0) return -1;
    const int cell = nth_nibble_bit(empties, static_cast<int>(rng_.below(static_cast<std::uint64_t>(n))));
    board_ |= static_cast<Board>(exponent) << (4 * cell);
    return cell;
  }
  const int n = game2048::count_empty(grid_);
  if (n == 0) return -1;
  auto k = static_cast<int>(rng_.below(static_cast<std::uint64_t>(n)));
  for (int i = 0; i < grid_.area(); ++i) {
    if (grid_.cells[static_cast<std::size_t>(i)] != 0) continue;
    if (k-- == 0) {
      grid_.cells[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(exponent);
      return i;
    }
  }
  return -1;
}

void Game::update_over() {
  if (fast_) {
    over_ = game2048::count_empty(board_) == 0 && !has_adjacent_pair(board_);
  } else {
    over_ = !has_moves(grid_);
  }
}

int Game::exponent(int r, int c) const {
  return fast_ ? exponent_at(board_, cell_index(r, c)) : grid_.at(r, c);
}

int Game::max_exponent() const {
  return fast_ ? game2048::max_exponent(board_) : game2048::max_exponent(grid_);
}

int Game::count_empty() const {
  return fast_ ? game2048::count_empty(board_) : game2048::count_empty(grid_);
}

Grid Game::grid() const {
  return fast_ ? grid_from_board(board_) : grid_;
}

std::optional<Board> Game::bitboard() const {
  if (fast_) return board_;
  return board_from_grid(grid_);
}

Snapshot Game::snapshot() const {
  Snapshot s;
  s.grid = grid();
  s.score = score_;
  s.moves = moves_;
  s.won = won_;
  s.keep_playing = keep_playing_;
  s.rng = rng_.state();
  return s;
}

}  // namespace puzzlelab::game2048
