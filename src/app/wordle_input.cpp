#include "app/wordle_input.h"

#include <istream>
#include <ostream>

#include <fmt/format.h>

#include "core/utf8.h"

namespace puzzlelab::app {

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
