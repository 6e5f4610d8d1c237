#pragma once
// One line at a time from the user, for every line-mode prompt (Handle, 24, the Wordle
// and Handle assistants, 24 solve, the menu). From a pipe or a file: plain lines read
// from the context's stream, exactly as std::getline (so games can be scripted). On a
// terminal (stdin and stdout both): libedit, the BSD line editor — Left/Right, Home/End,
// Backspace/Delete, Ctrl-U, Up/Down through this session's earlier lines, and UTF-8 with
// double-width characters (it reads them with the C library's wide-character support, so
// LC_CTYPE is set to a UTF-8 locale first).
//
// Ctrl-C still ends the session at once: the terminal sends SIGINT, whose handler only
// sets the context's flag, and the editor's reader watches that flag while it waits.
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "app/context.h"

namespace puzzlelab::app {

class LineInput {
 public:
  explicit LineInput(Context& ctx);
  ~LineInput();
  LineInput(const LineInput&) = delete;
  LineInput& operator=(const LineInput&) = delete;

  enum class Status {
    Line,         // `text` is the line, without its end
    End,          // end of input (Ctrl-D on an empty line, the end of a pipe)
    Interrupted,  // Ctrl-C (or another stop request)
    TimedOut,     // a live prompt said the time is up (see below)
  };
  struct Entry {
    Status status = Status::End;
    std::string text;
  };

  // The next line. The prompt is shown when stdin is a terminal.
  Entry read(const std::string& prompt);
  // The next line under a prompt that changes while the user types (a countdown): on a
  // terminal `prompt` is asked again every second and the line redrawn with it; when it
  // returns nullopt the wait ends with Status::TimedOut (what was typed is dropped).
  // From a pipe it is asked once, for the prompt shown when stdin is a terminal.
  Entry read(const std::function<std::optional<std::string>()>& prompt);

  // Whether lines are edited (stdin and stdout are terminals).
  [[nodiscard]] bool terminal() const { return ctx_->in_tty && ctx_->out_tty; }

 private:
  struct Editor;
  Entry read_plain(const std::string& prompt);

  Context* ctx_;
  std::unique_ptr<Editor> editor_;  // made on the first read from a terminal
  bool editor_failed_ = false;      // the terminal could not be edited: plain lines
};

}  // namespace puzzlelab::app
