#include "app/wordle_input.h"

#include <istream>
#include <ostream>

#include <fmt/format.h>

#include "core/terminal.h"
#include "core/utf8.h"

namespace puzzlelab::app {

LineInput::Entry LineInput::read(const std::string& prompt) {
  Entry entry;
  if (!terminal()) {
    if (ctx_->cancelled()) return Entry{Status::Interrupted, {}};
    if (!std::getline(ctx_->in, entry.text)) return Entry{Status::End, {}};
    if (!entry.text.empty() && entry.text.back() == '\r') entry.text.pop_back();
    entry.status = ctx_->cancelled() ? Status::Interrupted : Status::Line;
    return entry;
  }
  ctx_->out << std::flush;
  if (!term_) term_ = std::make_unique<core::RawTerminal>(core::RawTerminal::Options{0, 1, false});
  core::RawTerminal& term = *term_;
  if (!term.active()) {
    // Not a usable terminal after all: fall back to plain lines.
    if (!std::getline(ctx_->in, entry.text)) return Entry{Status::End, {}};
    entry.status = Status::Line;
    return entry;
  }
  term.write(prompt);
  std::u32string line;
  for (;;) {
    if (ctx_->cancelled()) {
      term.write("\n");
      return Entry{Status::Interrupted, {}};
    }
    const auto key = term.read_key(200);
    if (!key) {
      if (term.eof()) {
        term.write("\n");
        return Entry{Status::End, {}};
      }
      continue;
    }
    switch (key->code) {
      case core::KeyCode::Enter:
        term.write("\n");
        return Entry{Status::Line, core::utf8_encode(line)};
      case core::KeyCode::CtrlC:
        term.write("^C\n");
        return Entry{Status::Interrupted, {}};
      case core::KeyCode::CtrlD:
        if (line.empty()) {
          term.write("\n");
          return Entry{Status::End, {}};
        }
        break;
      case core::KeyCode::Backspace:
        if (!line.empty()) {
          const int w = core::display_width(line.back());
          line.pop_back();
          for (int i = 0; i < w; ++i) term.write("\b \b");
        }
        break;
      case core::KeyCode::Ctrl:
        if (key->ch == 'u' || key->ch == 'U') {
          for (const char32_t c : line) {
            for (int i = 0; i < core::display_width(c); ++i) term.write("\b \b");
          }
          line.clear();
        }
        break;
      case core::KeyCode::Char:
        if (line.size() < 200 && key->ch >= 0x20) {
          line.push_back(key->ch);
          term.write(core::utf8_encode(key->ch));
        }
        break;
      default:
        break;
    }
  }
}

std::string trim_blanks(std::string text) {
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.pop_back();
  const auto first = text.find_first_not_of(" \t");
  return first == std::string::npos ? std::string() : text.substr(first);
}

void run_assist_loop(Context& ctx, LineInput& input, const wordle::WordleGame& game, wordle::Assistant& assistant,
                     const AssistLoop& loop) {
  for (;;) {
    const auto entry = input.read(fmt::format("[{}] guess colours> ", assistant.entries().size() + 1));
    if (entry.status == LineInput::Status::Interrupted) {
      ctx.exit_code = kExitInterrupted;
      return;
    }
    if (entry.status == LineInput::Status::End) return;
    const std::string text = trim_blanks(entry.text);
    if (text.empty()) continue;
    if (text == "quit" || text == "exit") return;
    if (!loop.help.empty() && (text == "help" || text == "?")) {
      ctx.out << loop.help;
      continue;
    }
    if (text == "undo") {
      if (!assistant.undo()) {
        ctx.out << "Nothing to undo.\n";
        continue;
      }
      ctx.out << fmt::format("Took back entry {}.\n", assistant.entries().size() + 1);
    } else {
      auto parsed = wordle::parse_assist_entry(game, text);
      if (!parsed) {
        ctx.out << fmt::format("Not taken: {}\n", core::printable(parsed.error().message));
        continue;
      }
      if (auto refused = assistant.add(*parsed)) {
        ctx.out << fmt::format("Not taken: {}\n", core::printable(*refused));
        continue;
      }
      ctx.out << loop.entry_line(*parsed);
    }
    if (!loop.show_state()) return;
    if (assistant.solved()) return;
  }
}

}  // namespace puzzlelab::app
