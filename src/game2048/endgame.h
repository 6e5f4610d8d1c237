#pragma once
// Endgame lookup: exhaustive expectimax over a small free region while the big tiles
// stay where they are (the idea behind macroxue/2048-ai's lookup tables; our own
// formulation and code).
//
// Late in a game the biggest tiles sit in a block in a corner or along a side (the
// "fixed" cells) and the play happens in the cells around it (the "free" region). The
// next step of progress is always the same: build, in a free cell next to the block's
// smallest tile (the anchor), a tile equal to it, so the two can merge. From a given
// position that goal can be searched to the end, not to a depth: every spawn of the
// region, every move that leaves the fixed cells as they are, until the goal is made
// (worth 1) or no such move is left (worth 0). The value is then the exact probability
// of making the goal under best play within those moves. A region of 7 to 10 cells has
// up to some millions of positions (13.2 M measured for 9 cells and a goal of 256),
// and they are shared between moves: solved once, the region's later positions are
// lookups.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "game2048/board.h"
#include "game2048/move_tables.h"

namespace puzzlelab::game2048 {

struct Formation {
  Board fixed_mask = 0;  // nibbles 0xF over the fixed cells
  Board fixed = 0;       // their tiles (board & fixed_mask)
  Board free_mask = 0;   // nibbles 0xF over the free cells
  Board goal_mask = 0;   // nibbles 0xF over the free cells next to the anchor
  int anchor = -1;       // the cell of the smallest fixed tile
  int goal = 0;          // its exponent: the tile to build next to it
  // The open 2x4 block holding the top tile and the six below it: its goal merges them
  // all into the next top tile (the last two steps to it).
  bool chain = false;
  bool operator==(const Formation&) const = default;

  // At most 2^26 ways to fill the free cells with tiles up to the goal ((goal + 1)
  // ^ free cells): 7 free cells up to a goal of 4096, 8 up to 256, 10 up to 32. The
  // positions a solve reaches are far fewer, but beyond this most solves would run
  // out of room. Also a chain's 9 free cells up to a goal of 256, whose solves were
  // measured to need at most 13.2 M positions.
  [[nodiscard]] bool small_enough() const;
};

// The formation b is in, if any: a block of cells in a corner (3x3, 2x3 or 3x2; also
// the 3x3 less its far corner, the perimeter-defence block of the strongest public
// players, whose far corner is where the next tile is built) or along a side (2x4 or
// 4x2; also the open 2x4, less the end cell of its inner row that lies under the outer
// row's end, taken only when its seven tiles are a chain: the top tile and the six
// below it, a snake's last two steps to the next top tile), in every orientation, such
// that
//  - every cell of the block holds a tile, no two neighbours in it are equal (they
//    would have to merge) and its smallest tile (the anchor) is there once, next to a
//    free cell;
//  - no free tile is larger than the anchor (the block holds the biggest tiles);
//  - the block's largest tile is at least 2^min_top_exponent (a chain's: at least
//    2^min_chain_top_exponent, when given).
// The block with the most cells wins (ties: a fixed order of the candidates), except
// that a chain comes before the full 2x4 and the 3x3 less its far corner before the
// full 3x3: where both fit, the full block's extra tile is its smallest, and the
// smaller block's goal (its smallest tile's twin, built where that extra tile is, or
// next to it) takes in the full block's goal as its first part.
std::optional<Formation> find_formation(Board b, int min_top_exponent,
                                        std::optional<int> min_chain_top_exponent = std::nullopt);

// The solver. It keeps the tables of the last few formations it solved (a formation is
// its fixed cells, their tiles and the goal), so a board that moves between two
// formations does not solve either again, and remembers the formations whose region
// was too large.
class EndgameSolver {
 public:
  // The default room: 2^21 positions (a table of up to 64 MiB) holds the whole last step
  // to 32768 as a 2x4 block (16384..1024 and 128, the 128's twin to build in the 8 cells
  // below: up to 1.34 M positions from an almost empty region). Room for 2^24 let the
  // lookup solve larger regions, whose goals are further off, and it then played worse
  // (docs/game2048.md).
  static constexpr std::size_t kDefaultStates = std::size_t{1} << 21;
  // A chain (Formation::chain) gets 8 times the room: 2^24 positions by default (a table
  // of up to 512 MiB), for the last two steps to 32768 at once (16384..256 with the
  // 256's twin to build in the 9 cells left: up to 13.2 M positions, about 10 s).
  static constexpr std::size_t kChainRoomFactor = 8;

  // max_states bounds the positions a solve may store (memory: about 32 bytes each;
  // a chain's: kChainRoomFactor times as many); a region that needs more is not solved.
  explicit EndgameSolver(const MoveTables& tables, std::size_t max_states = kDefaultStates);

  struct Answer {
    // The probability of making the goal after each move that keeps the fixed cells
    // (nullopt: the move changes nothing, moves a fixed tile or grows a free tile past
    // the goal).
    std::array<std::optional<float>, 4> values{};
    std::optional<Move> best;  // the first of the likeliest moves (up, right, down, left)
    float probability = 0;     // its value (0 when there is none)
    std::size_t states = 0;    // positions in the table after this solve
  };
  // nullopt when the region needs more than max_states positions (then the formation
  // is not tried again).
  std::optional<Answer> solve(Board b, const Formation& f);

  // Counters since construction: solves started (a formation not in the cache),
  // and of those the ones that ran out of room.
  [[nodiscard]] std::uint64_t solves() const { return solves_; }
  [[nodiscard]] std::uint64_t overflows() const { return overflows_; }
  // Bytes the kept tables hold now (a formation given up keeps none).
  [[nodiscard]] std::size_t memory_bytes() const;

 private:
  float value(Board b);           // the best probability of a position before a move
  float move_value(Board after);  // ... of a position after a move, before its spawn
  [[nodiscard]] bool made(Board b) const;
  [[nodiscard]] bool keeps_formation(Board after) const;
  [[nodiscard]] const float* find(Board b) const;
  float* insert(Board b);  // nullptr (and overflow_) when the table is full

  struct Slot {
    Board key = 0;  // 0: empty (a position of a formation always has tiles)
    float value = 0;
  };
  struct Table {
    Formation formation;
    bool too_large = false;  // ran out of room once: not tried again
    std::vector<Slot> slots;
    std::size_t used = 0;
    std::uint64_t last_use = 0;
  };
  // Solved tables kept: at most 4, holding at most max_states positions in all after a
  // solve (too-large marks: more, and they hold no positions).
  static constexpr std::size_t kTablesKept = 4;
  static constexpr std::size_t kMarksKept = 64;

  void select(const Formation& f);  // makes f's table the current one (new if need be)
  // After a solve: drops the least recently used other solved tables while all hold
  // more than max_states positions.
  void trim();

  const MoveTables* tables_;
  std::size_t max_states_;
  std::vector<Table> kept_;
  Table* current_ = nullptr;
  std::uint64_t clock_ = 0;
  bool overflow_ = false;  // set during a solve that ran out of room
  std::array<int, 16> free_cells_{};
  int free_count_ = 0;
  std::uint64_t solves_ = 0;
  std::uint64_t overflows_ = 0;
};

}  // namespace puzzlelab::game2048
