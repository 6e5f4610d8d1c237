#include "app/menu.h"

#include <optional>

#include <fmt/format.h>

#include "core/terminal.h"
#include "core/utf8.h"
#include "core/wording.h"

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
      {"汉兜 Handle",
       "Simulate every answer (entropy player)",
       {"handle", "sim", "--player", "entropy", "--games", "all"}},
      {"24", "Play", {"24", "play"}},
      {"24", "Solve a hand", {"24", "solve"}},
      {"24", "Statistics of every hand of 1..13", {"24", "stats"}},
      {"2048", "Play", {"2048", "play"}},
      {"2048", "Watch the AI play", {"2048", "ai"}},
      {"2048",
       "Simulate the AI (10 games, fast level)",
       {"2048", "sim", "--player", "expectimax", "--level", "fast", "--games", "10"}},
  };
  return entries;
}

namespace {

// The menu's rows between its header and its footer: the game headings and entries, and
// which row holds the selected entry.
struct MenuBody {
  std::vector<std::string> rows;
  std::size_t selected_row = 0;
};

MenuBody menu_body(std::size_t selected, bool color, int inner) {
  const auto& entries = menu_entries();
  MenuBody body;
  std::string section;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const MenuEntry& e = entries[i];
    if (e.game != section) {
      section = e.game;
      body.rows.push_back(color ? "\x1b[1;36m" + e.game + "\x1b[0m" : e.game);
    }
    const bool sel = i == selected;
    std::string text = fmt::format("{} {}", sel ? ">" : " ", core::pad_right(e.label, inner - 4));
    if (sel && color) text = "\x1b[7m" + text + "\x1b[0m";
    if (sel) body.selected_row = body.rows.size();
    body.rows.push_back("  " + text);
  }
  return body;
}

}  // namespace

std::string render_menu(std::size_t selected, bool color, int width, int height) {
  std::string out;
  if (width < kMenuMinCols || height < kMenuMinRows) {
    // Lines wider than the terminal wrap and push the title and the selection off the
    // screen; as the game screens do, ask for room instead, broken between words.
    std::vector<std::string> lines;
    for (const std::string& text :
         {std::string("Please enlarge the terminal"), fmt::format("to at least {}×{}", kMenuMinCols, kMenuMinRows),
          fmt::format("(now {}×{}).", width, height), std::string("q quits")}) {
      for (auto& l : core::wrap_words(text, std::max(1, width))) lines.push_back(std::move(l));
    }
    if (static_cast<int>(lines.size()) > height - 1) lines.resize(static_cast<std::size_t>(std::max(1, height - 1)));
    for (const auto& l : lines) out += l + "\n";
    return out;
  }
  const int inner = std::max(40, std::min(width, 72) - 2);
  auto line = [&](const std::string& text) { out += text + "\n"; };
  const std::string rule(static_cast<std::size_t>(inner), '-');
  MenuBody body = menu_body(selected, color, inner);
  // Header (title, rule) and footer (rule, keys) take four rows, and the cursor rests on
  // the row after the last line: the entries get the rest. When they do not all fit,
  // a window of them that keeps the selection in view.
  const auto room = static_cast<std::size_t>(std::max(3, height - 5));
  if (body.rows.size() > room) {
    std::size_t first = body.selected_row >= room / 2 ? body.selected_row - room / 2 : 0;
    first = std::min(first, body.rows.size() - room);
    body.rows = std::vector<std::string>(body.rows.begin() + static_cast<std::ptrdiff_t>(first),
                                         body.rows.begin() + static_cast<std::ptrdiff_t>(first + room));
  }
  line(color ? "\x1b[1mpuzzlelab\x1b[0m — choose a game and a mode" : "puzzlelab — choose a game and a mode");
  line(rule);
  for (const auto& r : body.rows) line(r);
  line(rule);
  line("↑↓ jk Home End move · Enter start · q quit");
  return out;
}

namespace {

// After a command: the player reads its output, then goes back to the menu (Enter or
// Esc) or leaves (q). Returns the exit code to leave with, or nullopt for the menu.
std::optional<int> after_command(Context& ctx) {
  ctx.out << "\n[Enter or Esc: back to the menu · q: quit]" << std::flush;
  core::RawTerminal term({0, 1, false});
  if (!term.active()) return kExitFailure;
  for (;;) {
    const auto key = term.read_key(250);
    if (!key) {
      if (term.eof()) return kExitOk;
      continue;
    }
    switch (key->code) {
      case core::KeyCode::Enter:
      case core::KeyCode::Escape:
        return std::nullopt;
      case core::KeyCode::CtrlC:
        return kExitInterrupted;
      case core::KeyCode::CtrlD:
        return kExitOk;
      case core::KeyCode::Char:
        if (key->ch == 'q' || key->ch == 'Q') return kExitOk;
        break;
      default:
        break;
    }
  }
}

}  // namespace

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
          const core::TermSize size = core::terminal_size(1).value_or(core::TermSize{});
          std::string screen = std::string(core::ansi::kHome) + std::string(core::ansi::kClearToEnd);
          // Raw mode keeps output post-processing, so "\n" still returns the carriage.
          screen += render_menu(selected, color, size.cols, size.rows);
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
          case core::KeyCode::Up:
            selected = (selected + entries.size() - 1) % entries.size();
            break;
          case core::KeyCode::Down:
          case core::KeyCode::Tab:
            selected = (selected + 1) % entries.size();
            break;
          case core::KeyCode::Home:
          case core::KeyCode::PageUp:
            selected = 0;
            break;
          case core::KeyCode::End:
          case core::KeyCode::PageDown:
            selected = entries.size() - 1;
            break;
          case core::KeyCode::Enter: {
            // Nothing starts from a screen that does not show what is selected.
            const core::TermSize size = core::terminal_size(1).value_or(core::TermSize{});
            if (size.cols >= kMenuMinCols && size.rows >= kMenuMinRows) chosen = entries[selected];
            break;
          }
          // Raw mode reads Ctrl-C as a key: it is still an interruption (status 130).
          case core::KeyCode::CtrlC:
            return kExitInterrupted;
          case core::KeyCode::Escape:
          case core::KeyCode::CtrlD:
            return kExitOk;
          case core::KeyCode::Char:
            if (key->ch == 'q') return kExitOk;
            if (key->ch == 'k') selected = (selected + entries.size() - 1) % entries.size();
            if (key->ch == 'j') selected = (selected + 1) % entries.size();
            if (key->ch == 'g') selected = 0;
            if (key->ch == 'G') selected = entries.size() - 1;
            break;
          default:
            break;
        }
      }
    }
    // The terminal is back to normal here; the command starts on a clear screen (not
    // under the previous one's output) and may take the terminal over again.
    ctx.out << core::ansi::kClear << std::flush;
    const int code = run_command(chosen->args);
    if (code == kExitInterrupted) return code;
    if (const auto leave = after_command(ctx)) return *leave;
  }
}

}  // namespace puzzlelab::app
