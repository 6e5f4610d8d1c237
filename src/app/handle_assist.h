#pragma once
// `handle assist`: help with a real game. Each entry is a guess and the sixteen marks the
// game showed for it; the assistant keeps the candidates that would have shown exactly
// those marks and ranks the next guesses. Interactive (with undo) or one-shot.
#include <string>
#include <vector>

#include "app/context.h"
#include "app/handle_session.h"

namespace puzzlelab::app {

struct HandleAssistOptions {
  std::vector<std::string> entries;  // one-shot form: the command-line words
  HandleAiOptions ai;                // candidates / prior of the ranking
  std::size_t top = 5;
  std::size_t show = 10;  // candidates listed
};
void run_handle_assist(Context& ctx, const HandleAssistOptions& options);

}  // namespace puzzlelab::app
