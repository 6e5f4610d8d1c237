// `puzzlelab wordle play`: a human game. On a terminal, a full-screen board typed into
// key by key as in the real game; from a pipe, one guess a line with a plain-text
// transcript (so games can be scripted and compared with golden files).
#include <algorithm>
#include <cctype>
#include <chrono>
#include <ostream>

#include <fmt/format.h>

#include "app/player_store.h"
#include "app/wordle_input.h"
#include "app/wordle_verbs.h"
#include "core/terminal.h"
#include "core/utf8.h"
#include "core/wording.h"

namespace puzzlelab::app {

namespace {

// Records the finished game in the player's store and returns the statistics to show.
// Problems with the store are warnings: a game is never lost over its statistics. A
// daily puzzle (--day) is counted once; a replay says so.
std::optional<wordle::PlayerStats> record_game(Context& ctx, const wordle::PlaySession& game, double seconds) {
  const auto finished = game.finished_game(unix_now(), seconds);
  if (!finished) return std::nullopt;
  core::GameStore* store = player_store(ctx, "statistics");
  if (store == nullptr) return std::nullopt;
  auto recorded = store->record(*finished);
  if (!recorded) {
    ctx.warn(recorded.error().message + " (statistics not saved)");
    return std::nullopt;
  }
  if (*recorded == core::Recorded::DailyAlreadyCounted) {
    ctx.warn(fmt::format("day {} was already played; this replay is not counted again", *game.day()));
  }
  auto stats = store->stats("wordle");
  if (!stats) {
    ctx.warn(stats.error().message);
    return std::nullopt;
  }
  return wordle::PlayerStats::from_store(*stats);
}

// The game's day number only for the original game's day (--day); a practice game has none.
std::string title_line(const wordle::PlaySession& game) {
  return fmt::format("{}{} · guess the {}-letter word in {} tries", wordle_title(game.day()), game.hard() ? " · hard mode" : "",
                     game.length(), game.max_guesses());
}

// The full-screen game. Returns false when the player left before the end.
bool play_full_screen(Context& ctx, wordle::PlaySession& game, const WordleStyle& style) {
  core::RawTerminal term({0, 1, true});
  if (!term.active()) return false;
  std::string typed;
  std::string message = "type a word and press Enter · Backspace erases · Esc leaves";
  bool redraw = true;
  for (;;) {
    const core::TermSize size = core::terminal_size(1).value_or(core::TermSize{});
    if (redraw || term.resized()) {
      term.write(std::string(core::ansi::kHome) + std::string(core::ansi::kClearToEnd) +
                 render_wordle_play_screen(game, typed, message, style, size));
      redraw = false;
    }
    const core::TermSize need = wordle_play_minimum_size(game, style);
    const bool too_small = size.cols < need.cols || size.rows < need.rows;
    if (game.status() != wordle::GameStatus::Playing) {
      // Leave the final screen up until a key is pressed.
      const auto key = term.read_key(250);
      if (key || term.eof() || ctx.cancelled()) return true;
      continue;
    }
    if (ctx.cancelled()) return false;
    const auto key = term.read_key(250);
    if (!key) {
      if (term.eof()) return false;
      continue;
    }
    redraw = true;
    // The board is not on screen: no blind typing, only leaving.
    if (too_small && key->code != core::KeyCode::CtrlC && key->code != core::KeyCode::Escape &&
        key->code != core::KeyCode::CtrlD) {
      continue;
    }
    switch (key->code) {
      case core::KeyCode::CtrlC:
        // Raw mode reads Ctrl-C as a key: it is still an interruption (status 130).
        ctx.exit_code = kExitInterrupted;
        return false;
      case core::KeyCode::Escape:
      case core::KeyCode::CtrlD:
        return false;
      case core::KeyCode::Backspace:
        if (!typed.empty()) typed.pop_back();
        message.clear();
        break;
      case core::KeyCode::Enter:
        if (const auto played = game.submit(typed); played.rejected()) {
          message = played.message;
        } else {
          typed.clear();
          message.clear();
          if (game.status() != wordle::GameStatus::Playing) message = "press any key";
        }
        break;
      case core::KeyCode::Char:
        if (key->ch < 128 && std::isalpha(static_cast<int>(key->ch)) &&
            static_cast<int>(typed.size()) < game.length()) {
          typed += static_cast<char>(std::tolower(static_cast<int>(key->ch)));
          message.clear();
        }
        break;
      default:
        break;
    }
  }
}

}  // namespace

namespace {

// The parts of the play screen whose width does not depend on the terminal.
struct PlayScreenParts {
  std::vector<std::string> board;
  std::vector<std::string> keyboard;
  std::string short_title;
};

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    out.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return out;
}

PlayScreenParts play_screen_parts(const wordle::PlaySession& game, const std::string& typed, const WordleStyle& style) {
  const bool playing = game.status() == wordle::GameStatus::Playing;
  PlayScreenParts p;
  p.board = split_lines(
      render_wordle_board(game.rows(), game.length(), game.max_guesses(), style, "    ", playing ? &typed : nullptr));
  p.keyboard = split_lines(render_wordle_keyboard(game.letter_status(), style, "    "));
  p.short_title = fmt::format("{}{}", wordle_title(game.day()), game.hard() ? " · hard mode" : "");
  return p;
}

// Blank, title, blank; the board; blank; the keyboard; blank; two lines for the result
// and the message.
int play_screen_rows(const wordle::PlaySession& game) {
  return 3 + static_cast<int>(game.max_guesses()) + 1 + 3 + 1 + 2;
}

int widest(const std::vector<std::string>& lines) {
  int w = 0;
  for (const auto& l : lines) w = std::max(w, core::display_width(l));
  return w;
}

}  // namespace

core::TermSize wordle_play_minimum_size(const wordle::PlaySession& game, const WordleStyle& style) {
  // The widest board and keyboard there can be: every key and tile drawn in full.
  const PlayScreenParts p =
      play_screen_parts(game, std::string(static_cast<std::size_t>(game.length()), 'w'), style);
  const int cols = std::max({widest(p.board), widest(p.keyboard), 2 + core::display_width(p.short_title) + 6});
  // One more row than the lines: the cursor rests on the line after the last.
  return {cols, play_screen_rows(game) + 1};
}

std::string render_wordle_play_screen(const wordle::PlaySession& game, const std::string& typed,
                                      const std::string& message, const WordleStyle& style,
                                      core::TermSize size) {
  const core::TermSize need = wordle_play_minimum_size(game, style);
  if (size.cols < need.cols || size.rows < need.rows) {
    // Like the 2048 screen: no board cut in half or scrolled away, a request instead.
    std::vector<std::string> lines;
    for (const std::string& text :
         {std::string("Please enlarge the terminal"), fmt::format("to at least {}×{}", need.cols, need.rows),
          fmt::format("(now {}×{}).", size.cols, size.rows), std::string("Esc leaves")}) {
      for (auto& l : core::wrap_words(text, std::max(1, size.cols))) lines.push_back(std::move(l));
    }
    // Fewer lines than rows (the cursor rests below the last), centred.
    if (static_cast<int>(lines.size()) > size.rows - 1)
      lines.resize(static_cast<std::size_t>(std::max(0, size.rows - 1)));
    std::string out;
    const int top = std::max(0, (size.rows - 1 - static_cast<int>(lines.size())) / 2);
    for (int i = 0; i < top; ++i) out += "\n";
    for (const auto& l : lines) {
      out +=
          std::string(static_cast<std::size_t>(std::max(0, (size.cols - core::display_width(l)) / 2)), ' ') + l + "\n";
    }
    return out;
  }
  const PlayScreenParts p = play_screen_parts(game, typed, style);
  const int text_width = size.cols - 2;
  std::string title = title_line(game);
  if (core::display_width(title) > text_width) title = p.short_title;
  std::string out = "\n  " + title + "\n\n";
  for (const auto& l : p.board) out += l + "\n";
  out += "\n";
  for (const auto& l : p.keyboard) out += l + "\n";
  out += "\n";
  std::size_t message_lines = 2;
  if (game.status() != wordle::GameStatus::Playing) {
    out +=
        game.status() == wordle::GameStatus::Won
            ? fmt::format("  {}! Solved in {} of {}.\n", wordle_praise(static_cast<std::uint32_t>(game.rows().size())),
                          game.rows().size(), game.max_guesses())
            : fmt::format("  The answer was {}.\n", [&] {
                std::string w = game.secret();
                for (auto& c : w) c = static_cast<char>(c - 'a' + 'A');
                return w;
              }());
    message_lines = 1;
  }
  for (const auto& l : core::wrap_words(message, text_width, message_lines)) out += "  " + l + "\n";
  return out;
}

std::string render_wordle_game_end(const wordle::PlaySession& game, const WordleStyle& style,
                                   const std::optional<wordle::PlayerStats>& stats, const std::string& indent) {
  const bool won = game.status() == wordle::GameStatus::Won;
  const auto n = static_cast<std::uint32_t>(game.rows().size());
  std::string out;
  if (won) {
    out += fmt::format("{}! Solved in {} of {}.\n", wordle_praise(n), n, game.max_guesses());
  } else {
    std::string w = game.secret();
    for (auto& c : w) c = static_cast<char>(c - 'a' + 'A');
    out += fmt::format("The answer was {}.\n", w);
  }
  out += "\n" + render_wordle_keyboard(game.letter_status(), style, indent) + "\n";
  out += render_wordle_share(game.day(), game.rows(), won, game.hard(), game.max_guesses(), game.length(), style.palette);
  if (stats) out += "\n" + render_wordle_stats(*stats, won ? n : 0, style);
  return out;
}

void run_wordle_play(Context& ctx, const WordlePlayOptions& options) {
  WordleStyle style;
  style.color = ctx.color();
  style.palette = options.palette == "high-contrast" ? WordlePalette::HighContrast : WordlePalette::Normal;
  const LoadedWordle loaded = load_wordle(ctx, options.lists, guess::TableOptions{0, 1});
  if (!loaded.engine) return;
  const wordle::WordleGame& words = loaded.engine->game();
  const auto secret = choose_wordle_secret(ctx, words, options.word, options.day);
  if (!secret) return;
  wordle::PlaySession game(words, *secret, options.hard, wordle::kMaxGuesses, options.day);
  const auto started = std::chrono::steady_clock::now();

  LineInput input(ctx);
  // The board rows' indent: the full screen leaves them with two blanks, a pipe after
  // "3/6  ".
  std::string indent = "  ";
  if (input.terminal()) {
    if (!play_full_screen(ctx, game, style)) {
      game.abandon();
      ctx.out << "Game left unfinished; it is not counted.\n";
      if (ctx.cancelled()) ctx.exit_code = kExitInterrupted;
      return;
    }
    // The alternate screen is gone: leave the result in the scrollback.
    ctx.out << render_wordle_board(game.rows(), game.length(), static_cast<std::uint32_t>(game.rows().size()), style);
    ctx.out << '\n';
  } else {
    ctx.out << title_line(game) << '\n';
    indent = std::string(fmt::format("{}/{}  ", game.max_guesses(), game.max_guesses()).size(), ' ');
    while (game.status() == wordle::GameStatus::Playing) {
      const auto entry = input.read("");
      if (entry.status == LineInput::Status::Interrupted) {
        game.abandon();
        ctx.exit_code = kExitInterrupted;
        return;
      }
      if (entry.status == LineInput::Status::End || entry.text == "quit" || entry.text == "exit") {
        game.abandon();
        ctx.err << "The game ended before it was finished; it is not counted.\n";
        return;
      }
      if (entry.text.find_first_not_of(" \t\r") == std::string::npos) continue;
      const auto played = game.submit(entry.text);
      if (played.rejected()) {
        ctx.out << fmt::format("  {}: {}\n", core::printable(entry.text), core::printable(played.message));
        continue;
      }
      const auto& row = played.row;
      ctx.out << fmt::format("{}/{}  {}\n", game.rows().size(), game.max_guesses(),
                             render_wordle_row(row.guess, row.pattern, style));
    }
  }
  const auto stats =
      record_game(ctx, game, std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
  ctx.out << render_wordle_game_end(game, style, stats, indent);
}

}  // namespace puzzlelab::app
