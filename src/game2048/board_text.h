#pragma once
// Boards and moves as people type them: "0 2 2 4 / 0 0 4 8 / ..." (rows split by '/',
// ';' or new lines, or just n×n numbers), and the text form printed by `move`.
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "core/result.h"
#include "game2048/grid.h"

namespace puzzlelab::game2048 {

// Tile values row-major; the size follows from the count (9, 16, ..., 64 numbers), or
// must equal `size` when given. Every value must be 0 or a power of two from 2 up.
core::Result<Grid> parse_grid(std::string_view text, std::optional<int> size = std::nullopt);

// "v v v ... v" row-major on one line.
std::string grid_values_line(const Grid& g);

// One move request, as `2048 move` reads it: the tile values and a direction word
// anywhere among them ("0 2 2 4 / ... right"), or a JSON object with "before" (or
// "board") and "dir", the format of the move vectors (tests/data/2048_moves.jsonl).
// The error says what is missing or wrong.
core::Result<std::pair<Grid, Move>> parse_move_request(const std::string& line);

}  // namespace puzzlelab::game2048
