#pragma once
// The `puzzlelab 24` verbs (solve, stats, play), each in its own file, registered with
// their options by game24_commands.cpp; plus the option parsing they share.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "app/context.h"
#include "core/result.h"

namespace puzzlelab::app {

struct Game24SolveOptions {
  std::vector<std::string> numbers;
  std::string target = "24";
  bool count = false;
  bool one = false;
  bool subset = false;
  bool integers = false;
  bool closest = false;
  bool pretty = false;
  double max_seconds = 60;  // per hand; 0: no limit
};
void run_game24_solve(Context& ctx, const Game24SolveOptions& so);

struct Game24StatsOptions {
  std::string range = "1..13";
  int numbers = 4;
  std::string target = "24";
  int top = 10;
};
void run_game24_stats(Context& ctx, const Game24StatsOptions& so);

struct Game24PlayOptions {
  std::string range = "1..13";
  std::string difficulty = "any";
  double time_limit = 0;
};
void run_game24_play(Context& ctx, const Game24PlayOptions& po);

// The --range of stats and play: "1..13" -> {1, 13}.
core::Result<std::pair<std::int64_t, std::int64_t>> parse_game24_range(const std::string& text);

}  // namespace puzzlelab::app
