#pragma once
// What the 2048 tests share: one set of move tables (built once for the whole test
// program), boards written as people type them ("0 2 2 4 / 0 0 4 8 / ..."), and a fresh
// folder for a test's files.
#include <unistd.h>

#include <filesystem>
#include <string>

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

// An empty folder for the running test, named after the process and the test so that
// parallel runs and tests never share one; the test removes it when it is done.
inline std::filesystem::path fresh_test_dir(const std::string& prefix) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / (prefix + "-" + std::to_string(::getpid()) + "-" +
                                                ::testing::UnitTest::GetInstance()->current_test_info()->name());
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

}  // namespace puzzlelab::game2048::fixtures
