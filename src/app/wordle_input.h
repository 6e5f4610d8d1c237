#pragma once
// What the Wordle assistants share: reading entries (LineInput, app/line_input.h) and the
// interactive loop over them.
#include <functional>
#include <string>

#include "app/context.h"
#include "app/line_input.h"
#include "wordle/assistant.h"

namespace puzzlelab::app {

// The text without the blanks (spaces, tabs) around it, as the assistants read entries.
std::string trim_blanks(std::string text);

// The interactive loop both Wordle assistants share: one `guess colours` entry a line,
// `undo`, `quit`/`exit`, and `help`/`?` when there is a help text. Refused entries are
// echoed printably and cost nothing. `entry_line` draws an accepted entry; `show_state`
// prints the state after each change and returns false to end the session (an error).
struct AssistLoop {
  std::string help;
  std::function<std::string(const wordle::AssistEntry&)> entry_line;
  std::function<bool()> show_state;
};
void run_assist_loop(Context& ctx, LineInput& input, const wordle::WordleGame& game, wordle::Assistant& assistant,
                     const AssistLoop& loop);

}  // namespace puzzlelab::app
