#include "app/menu.h"

#include <fmt/format.h>

#include "app/line_input.h"
#include "core/terminal.h"
#include "core/utf8.h"

namespace puzzlelab::app {

const std::vector<MenuEntry>& menu_entries() {
  static const std::vector<MenuEntry> entries = {
      {"Wordle", "Play", {"wordle", "play"}},
      {"Wordle", "Play in hard mode", {"wordle", "play", "--hard"}},
      {"Wordle", "Assistant for the daily game", {"wordle", "assist"}},
      {"Wordle", "Watch the AI play", {"wordle", "watch"}},
      {"Wordle", "Simulate every answer (entropy player)", {"wordle", "sim", "--player", "entropy", "--games", "all"}},
      {"汉兜 Handle", "Play", {"handle", "play"}},
      {"汉兜 Handle", "Assistant for the daily game", {"handle", "assist"}},
      {"汉兜 Handle", "Watch the AI play", {"handle", "watch"}},
      {"汉兜 Handle", "Simulate every answer (entropy player)", {"handle", "sim", "--player", "entropy", "--games", "all"}},
      {"24", "Play", {"24", "play"}},
      {"24", "Solve a hand", {"24", "solve"}},
      {"24", "Statistics of every hand of 1..13", {"24", "stats"}},
      {"2048", "Play", {"2048", "play"}},
      {"2048", "Watch the AI play", {"2048", "ai"}},
      {"2048", "Simulate the AI (10 games, fast level)", {"2048", "sim", "--player", "expectimax", "--level", "fast", "--games", "10"}},
  };
  return entries;
}

std::string render_menu(std::size_t selected, bool color, int width) {
  const auto& entries = menu_entries();
  std::string out;
  const int inner = std::max(40, std::min(width, 72) - 2);
  auto line = [&](const std::string& text) { out += text + "\n"; };
  line(color ? "\x1b[1mpuzzlelab\x1b[0m — choose a game and a mode" : "puzzlelab — choose a game and a mode");
  line(std::string(static_cast<std::size_t>(inner), '-'));
  std::string section;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const MenuEntry& e = entries[i];
    if (e.game != section) {
      if (!section.empty()) line("");
      section = e.game;
      line(color ? "\x1b[1;36m" + e.game + "\x1b[0m" : e.game);
    }
    const bool sel = i == selected;
    std::string text = fmt::format("{} {}", sel ? ">" : " ", core::pad_right(e.label, inner - 4));
    if (sel && color) text = "\x1b[7m" + text + "\x1b[0m";
    line("  " + text);
  }
  line(std::string(static_cast<std::size_t>(inner), '-'));
  line("↑/↓ or j/k move · Enter start · q quit");
  return out;
}

int run_main_menu(Context& ctx, const std::function<int(const std::vector<std::string>&)>& run_command) {
  const auto& entries = menu_entries();
  std::size_t selected = 0;
  const bool color = ctx.color();
  for (;;) {
    std::optional<MenuEntry> chosen;
    {
      core::RawTerminal term({0, 1, true});
      if (!term.active()) return kExitFailure;
      bool redraw = true;
      while (!chosen) {
        if (redraw || term.resized()) {
          const int width = core::terminal_size(1).value_or(core::TermSize{}).cols;
          std::string screen = std::string(core::ansi::kHome) + std::string(core::ansi::kClearToEnd);
          // Raw mode keeps output post-processing, so "\n" still returns the carriage.
          screen += render_menu(selected, color, width);
          term.write(screen);
          redraw = false;
        }
        const auto key = term.read_key(250);
        if (!key) {
          if (term.eof()) return kExitOk;
          continue;
        }
        redraw = true;
        switch (key->code) {
          case core::KeyCode::Up: selected = (selected + entries.size() - 1) % entries.size(); break;
          case core::KeyCode::Down:
          case core::KeyCode::Tab: selected = (selected + 1) % entries.size(); break;
          case core::KeyCode::Enter: chosen = entries[selected]; break;
          // Raw mode reads Ctrl-C as a key: it is still an interruption (status 130).
          case core::KeyCode::CtrlC: return kExitInterrupted;
          case core::KeyCode::Escape:
          case core::KeyCode::CtrlD: return kExitOk;
          case core::KeyCode::Char:
            if (key->ch == 'q') return kExitOk;
            if (key->ch == 'k') selected = (selected + entries.size() - 1) % entries.size();
            if (key->ch == 'j') selected = (selected + 1) % entries.size();
            break;
          default: break;
        }
      }
    }
    // The terminal is back to normal here; the command may take it over again.
    const int code = run_command(chosen->args);
    if (code == kExitInterrupted) return code;
    ctx.out << '\n';
    LineInput input(ctx);
    const auto entry = input.read("[press Enter to return to the menu]");
    if (entry.status == LineInput::Status::Interrupted) return kExitInterrupted;
    if (entry.status != LineInput::Status::Line) return kExitOk;
  }
}

}  // namespace puzzlelab::app
