#pragma once
// The Wordle verbs in files of their own (play, assist, watch), registered by
// wordle_commands.cpp.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "app/context.h"
#include "app/sim_report.h"
#include "app/wordle_render.h"
#include "app/wordle_setup.h"
#include "core/terminal.h"
#include "wordle/player_stats.h"
#include "wordle/session.h"

namespace puzzlelab::app {

struct WordlePlayOptions {
  bool hard = false;
  std::optional<std::string> word;
  std::optional<std::uint64_t> day;
  std::string palette = "normal";
  WordleListOptions lists;
};
void run_wordle_play(Context& ctx, const WordlePlayOptions& options);

struct WordleAssistOptions {
  std::vector<std::string> entries;  // one-shot: "crane:..Y.G" ...
  bool hard = false;
  std::size_t top = 5;
  std::string player = "entropy";  // entropy | parts | optimal
  WordleListOptions lists;
  std::optional<std::string> first;  // --player optimal: the tree's first guess
};
void run_wordle_assist(Context& ctx, const WordleAssistOptions& options);
// `wordle assist --player optimal` (wordle_optimal.cpp).
void run_wordle_optimal_assist(Context& ctx, const WordleAssistOptions& options);

struct WordleSimOptions {
  std::string player = "entropy";  // random | frequency | entropy | parts | optimal
  bool hard = false;
  SimCliOptions sim;
  WordleListOptions lists;
  std::optional<std::string> first;  // --player optimal: the tree's first guess
};
// `wordle sim --player optimal` (wordle_optimal.cpp).
void run_wordle_optimal_sim(Context& ctx, const WordleSimOptions& options);

// The screen of the full-screen game for a terminal of `size`: title, board, keyboard,
// message, and once the game is over the result. Every line fits size.cols columns and
// there are fewer than size.rows lines (the last ends in "\n"); a terminal too small for
// the board and keyboard gets a request to enlarge it instead.
std::string render_wordle_play_screen(const wordle::PlaySession& game, const std::string& typed,
                                      const std::string& message, const WordleStyle& style,
                                      core::TermSize size = {});
// The smallest terminal the full-screen game fits in.
core::TermSize wordle_play_minimum_size(const wordle::PlaySession& game, const WordleStyle& style);
// The end of a game: the praise or the answer, the keyboard, the share grid, stats. The
// keyboard starts with `indent`, the board rows' own, so its keys sit in the tiles' columns.
std::string render_wordle_game_end(const wordle::PlaySession& game, const WordleStyle& style,
                                   const std::optional<wordle::PlayerStats>& stats, const std::string& indent = "  ");

// `wordle watch` (wordle_watch.cpp), registered by add_wordle_commands.
void add_wordle_watch_command(CLI::App* game, Context& ctx);
// A --day-like option's check: a plain whole number that fits 64 bits (CLI11 would
// read "-1" as 2^64-1 and saturate larger numbers).
CLI::Validator whole_number();

}  // namespace puzzlelab::app
