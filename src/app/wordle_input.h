#pragma once
// One entry at a time from the user. From a pipe or a file: plain lines (so games can
// be scripted). On a terminal: a small line editor in raw mode — letters, Backspace,
// Ctrl-U, Enter — so that Ctrl-C ends the session at once instead of waiting for a
// line (the process's SIGINT handler only sets a flag).
#include <functional>
#include <memory>
#include <string>

#include "app/context.h"
#include "core/terminal.h"
#include "wordle/assistant.h"

namespace puzzlelab::app {

class LineInput {
 public:
  explicit LineInput(Context& ctx) : ctx_(&ctx) {}

  enum class Status { Line, End, Interrupted };
  struct Entry {
    Status status = Status::End;
    std::string text;
  };

  // The next line. The prompt is shown only on a terminal.
  Entry read(const std::string& prompt);
  [[nodiscard]] bool terminal() const { return ctx_->in_tty && ctx_->out_tty; }

 private:
  Context* ctx_;
  // Raw mode from the first read to the end of the session: switching it on per line
  // would discard what the user typed ahead while an answer was being computed.
  std::unique_ptr<core::RawTerminal> term_;
};

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
