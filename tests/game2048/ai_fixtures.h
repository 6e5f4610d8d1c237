#pragma once
// What the AI tests share: one set of move tables, and boards written as people type
// them ("0 2 2 4 / 0 0 4 8 / ...").
#include <gtest/gtest.h>

#include "game2048/board_text.h"
#include "game2048/grid.h"
#include "game2048/move_tables.h"

namespace puzzlelab::game2048::fixtures {

inline const MoveTables& tables() {
  static const MoveTables t;
  return t;
}

inline Board board(const char* text) {
  const auto g = parse_grid(text, 4);
  EXPECT_TRUE(g.ok()) << text;
  return *board_from_grid(*g);
}

}  // namespace puzzlelab::game2048::fixtures
