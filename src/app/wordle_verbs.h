#pragma once
// The interactive Wordle verbs (play, assist), registered by wordle_commands.cpp.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/context.h"
#include "app/wordle_render.h"
#include "app/wordle_setup.h"
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
  std::string player = "entropy";
  WordleListOptions lists;
};
void run_wordle_assist(Context& ctx, const WordleAssistOptions& options);

// The screen of the full-screen game (and the end of a piped one): title, board,
// keyboard, message; once the game is over also the result, share grid and stats.
std::string render_wordle_play_screen(const wordle::PlaySession& game, const std::string& typed,
                                      const std::string& message, const WordleStyle& style);
// The end of a game: the praise or the answer, the keyboard, the share grid, stats.
std::string render_wordle_game_end(const wordle::PlaySession& game, const WordleStyle& style,
                                   const std::optional<wordle::PlayerStats>& stats);

}  // namespace puzzlelab::app
