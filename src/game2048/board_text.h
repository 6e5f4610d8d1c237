#pragma once
// Boards and moves as people type them: "0 2 2 4 / 0 0 4 8 / ..." (rows split by '/',
// ';' or new lines, or just n×n numbers), and the text form printed by `move`.
#include <optional>
#include <string>
#include <string_view>

#include "core/result.h"
#include "game2048/grid.h"

namespace puzzlelab::game2048 {

// Tile values row-major; the size follows from the count (9, 16, ..., 64 numbers), or
// must equal `size` when given. Every value must be 0 or a power of two from 2 up.
core::Result<Grid> parse_grid(std::string_view text, std::optional<int> size = std::nullopt);

// "v v v ... v" row-major on one line.
std::string grid_values_line(const Grid& g);

}  // namespace puzzlelab::game2048
