#pragma once
// `handle play` (a person plays) and `handle watch` (an AI player plays one game, drawn
// the same way).
#include <string>

#include "app/context.h"
#include "app/handle_session.h"

namespace puzzlelab::app {

struct HandlePlayOptions {
  AnswerChoice answer;
  bool strict = false;
  bool hard = false;  // 禁用提示: no hints
};
void run_handle_play(Context& ctx, const HandlePlayOptions& options);

struct HandleWatchOptions {
  AnswerChoice answer;
  HandleAiOptions ai;
  int delay_ms = -1;  // pause between guesses; -1: 700 ms on a terminal, else none
};
void run_handle_watch(Context& ctx, const HandleWatchOptions& options);

// The share text of a finished game: a title line and one row of squares per try
// (the characters' marks: 🟩 exact, 🟧 misplaced, ⬜ none).
std::string handle_share_text(const handle::PlaySession& game, const std::string& label);

}  // namespace puzzlelab::app
