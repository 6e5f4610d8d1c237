// Fuzz: 2048 boards as typed for `2048 move` / `2048 hint` ("0 2 2 4 / 0 0 4 8 / ...")
// and move names. A board that parses must have a size in 3..8, exponents that fit, and
// print as a line that parses back to the same board; a move on it must keep it valid.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string_view>

#include "game2048/board.h"
#include "game2048/board_text.h"
#include "game2048/grid.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace g = puzzlelab::game2048;
  const std::string_view text(reinterpret_cast<const char*>(data), size);

  if (auto m = g::parse_move(text)) {
    auto again = g::parse_move(g::move_name(*m));
    if (!again || *again != *m) std::abort();
  }

  for (const std::optional<int> want : {std::optional<int>{}, std::optional<int>{4}}) {
    auto grid = g::parse_grid(text, want);
    if (!grid) {
      if (grid.error().message.empty()) std::abort();
      continue;
    }
    if (grid->size < g::kMinSize || grid->size > g::kMaxSize || (want && grid->size != *want)) std::abort();
    const auto line = g::grid_values_line(*grid);
    auto again = g::parse_grid(line, grid->size);
    if (!again || !(*again == *grid)) std::abort();
    for (const auto m : g::kMoves) {
      g::Grid moved = *grid;
      const auto step = g::move_grid(moved, m);
      if (step.score < 0 || (!step.moved && !(moved == *grid))) std::abort();
    }
    (void)g::has_moves(*grid);
    if (grid->size == 4) (void)g::board_from_grid(*grid);
  }
  return 0;
}
