// `puzzlelab 2048 play`: a person plays a PlaySession, full screen on a terminal or one
// command a line from a pipe; the session holds the game, this file keys and screens.
#include "app/game2048_play.h"

#include <memory>

#include <fmt/format.h>

#include "app/game2048_save_slot.h"
#include "app/game2048_verbs.h"
#include "app/game2048_view.h"
#include "core/terminal.h"
#include "core/utf8.h"
#include "core/wording.h"
#include "game2048/board_text.h"
#include "game2048/session.h"

namespace puzzlelab::app {

namespace {

using game2048::Game;
using game2048::Move;
using game2048::PlaySession;
using game2048::Status;
namespace view = game2048_view;

// The seed of the next game: replayable after --seed (drawn from the finished game's
// random state), fresh otherwise.
std::uint64_t next_seed(const Context& ctx, const PlaySession& s) {
  return ctx.opts.seed ? s.next_seed() : fresh_seed();
}

std::string status_words(const Game& g) {
  switch (g.status()) {
    case Status::Won:
      return "You win! Type 'keep' to keep going or 'new' for a new game.";
    case Status::Over:
      return fmt::format("Game over! Final score {}. Type 'new' or 'undo'.", g.score());
    case Status::Playing:
      break;
  }
  return {};
}

// ---- piped: one command a line ------------------------------------------------

void run_piped(Context& ctx, const game2048::MoveTables& tables, const Game2048PlayOptions& o,
               game2048::SaveSlot& store) {
  std::optional<PlaySession> session;
  if (!o.fresh && !ctx.opts.seed) {
    session = store.load_game(tables);
    if (session) {
      ctx.err << fmt::format("Resuming the saved game (score {}, {}); start a fresh one with --new.\n",
                             session->game().score(), core::counted(session->game().moves(), "move"));
    }
  }
  for (const auto& m : store.take_messages()) ctx.warn(m);
  if (!session) {
    session = PlaySession::start(tables, o.size, ctx.opts.seed.value_or(fresh_seed()));
    if (auto e = store.save(*session)) ctx.warn(*e);
  }
  const bool color = ctx.color();
  auto show = [&](const std::string& head) {
    const Game& g = session->game();
    ctx.out << fmt::format("{} · score {} · moves {} · best {}{}\n", head, g.score(), g.moves(),
                           std::max(store.best(), session->record_score()), session->assisted() ? " · assisted" : "");
    ctx.out << view::render_board_text(g.grid(), color);
    if (const std::string w = status_words(g); !w.empty()) ctx.out << w << '\n';
  };
  show(fmt::format("2048 {}×{}{}", o.size, o.size,
                   session->seed() ? fmt::format(" · seed {}", *session->seed()) : std::string{}));
  std::string line;
  int line_no = 0;
  bool bad = false;
  while (!ctx.cancelled() && std::getline(ctx.in, line)) {
    ++line_no;
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    const std::string cmd = line.substr(first, line.find_last_not_of(" \t\r") - first + 1);
    std::string head;
    if (const auto m = game2048::parse_move(cmd)) {
      const game2048::MoveOutcome r = session->play(*m);
      switch (r.outcome) {
        case game2048::Outcome::WaitingToKeepGoing:
          head = fmt::format("{}: the game is won; type 'keep' to keep going", game2048::move_name(*m));
          break;
        case game2048::Outcome::Over:
          head = fmt::format("{}: the game is over", game2048::move_name(*m));
          break;
        case game2048::Outcome::NotMoved:
          head = fmt::format("{}: nothing moves", game2048::move_name(*m));
          break;
        case game2048::Outcome::Moved:
        case game2048::Outcome::Won:
        case game2048::Outcome::Lost:
          head = fmt::format("{}: +{}", game2048::move_name(*m), r.step.gained);
          break;
      }
    } else if (cmd == "undo" || cmd == "u") {
      head = session->undo() ? "undo" : "undo: nothing to undo";
    } else if (cmd == "keep" || cmd == "keep going" || cmd == "continue") {
      session->keep_going();
      head = "keep going";
    } else if (cmd == "new" || cmd == "n") {
      if (auto e = store.finish(*session)) ctx.warn(*e);
      session = PlaySession::start(tables, o.size, next_seed(ctx, *session));
      head = fmt::format(
          "new game{}", session->seed() && ctx.opts.seed ? fmt::format(" · seed {}", *session->seed()) : std::string{});
    } else if (cmd == "hint" || cmd == "i") {
      if (!o.hint) {
        head = "hint: not available";
      } else {
        const auto lines = game2048::hint_lines(session->hint(*o.hint));
        head = "hint";
        for (const auto& l : lines) ctx.out << l << '\n';
      }
    } else if (cmd == "quit" || cmd == "q") {
      break;
    } else {
      ctx.err << fmt::format(
          "error: line {}: unknown command '{}' (up, down, left, right, w/a/s/d, h/j/k/l, undo, keep, new, hint, "
          "quit)\n",
          line_no, core::printable(cmd));
      bad = true;
      continue;
    }
    if (auto e = store.save(*session)) ctx.warn(*e);
    show(head);
  }
  if (auto e = store.close(*session)) ctx.warn(*e);
  if (const auto w = game2048_quit_words(store, *session)) ctx.err << *w << '\n';
  if (bad) ctx.exit_code = kExitFailure;
}

// ---- full screen ----------------------------------------------------------------

std::optional<Move> key_move(const core::Key& k) {
  switch (k.code) {
    case core::KeyCode::Up:
      return Move::Up;
    case core::KeyCode::Down:
      return Move::Down;
    case core::KeyCode::Left:
      return Move::Left;
    case core::KeyCode::Right:
      return Move::Right;
    case core::KeyCode::Char:
      if (k.ch < 128) return game2048::parse_move(std::string(1, static_cast<char>(k.ch)));
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

constexpr const char* kPlayKeys = "←↑↓→ wasd hjkl move · u undo · i hint · n new · q quit · ? help";

void run_full_screen(Context& ctx, const game2048::MoveTables& tables, const Game2048PlayOptions& o,
                     game2048::SaveSlot& store) {
  std::optional<PlaySession> saved;
  if (!o.fresh && !ctx.opts.seed) saved = store.load_game(tables);
  std::vector<std::string> notes = store.take_messages();
  // Problems with the save go to stderr too, where they stay after the screen closes.
  for (const auto& m : notes) ctx.warn(m);
  PlaySession session = saved ? *saved : PlaySession::start(tables, o.size, ctx.opts.seed.value_or(fresh_seed()));

  view::Screen screen;
  view::Overlay overlay = saved ? view::Overlay::Resume : view::Overlay::None;
  std::vector<std::string> info = notes;
  const view::Style style = game2048_screen_style(ctx);
  bool interrupted = false;
  {
    core::RawTerminal term({0, 1, true});
    if (!term.active()) return ctx.fail("the terminal could not be put in raw mode");
    bool dirty = true;
    auto persist = [&] {
      if (auto e = store.save(session)) info = {*e};
    };
    if (!saved) persist();
    for (;;) {
      if (term.resized()) dirty = true;
      if (dirty) {
        const Game& g = session.game();
        if (overlay == view::Overlay::None || overlay == view::Overlay::Won || overlay == view::Overlay::Over) {
          overlay = g.status() == Status::Won    ? view::Overlay::Won
                    : g.status() == Status::Over ? view::Overlay::Over
                                                 : view::Overlay::None;
        }
        screen.grid = g.grid();
        screen.score = g.score();
        screen.best = std::max(store.best(), session.record_score());
        screen.moves = g.moves();
        screen.assisted = session.assisted();
        screen.overlay = overlay;
        screen.resume_score = g.score();
        screen.resume_moves = g.moves();
        screen.info = info;
        screen.keys = kPlayKeys;
        draw_game2048_screen(term, screen, style);
        dirty = false;
      }
      // Woken at least every 250 ms, so that a resize whose signal came while drawing (not
      // during the wait, which it would cut short) is still drawn: the loop's resized() check.
      const auto key = term.read_key(250);
      if (!key) {
        if (term.eof()) break;
        continue;
      }
      dirty = true;
      if (key->code == core::KeyCode::CtrlC) {
        interrupted = true;
        break;
      }
      const bool is_char = key->code == core::KeyCode::Char;
      const char32_t ch = is_char ? key->ch : 0;
      const core::TermSize now = core::terminal_size(1).value_or(core::TermSize{});
      const core::TermSize need = view::minimum_size(o.size);
      if (now.cols < need.cols || now.rows < need.rows) {
        // The board is not on screen: no blind moves, only quitting.
        if (ch == 'q' || key->code == core::KeyCode::CtrlD) break;
        continue;
      }
      if (overlay == view::Overlay::Resume) {
        if (ch == 'q') break;
        if (ch == 'n' || ch == 'N') {
          if (auto e = store.finish(session)) ctx.warn(*e);
          session = PlaySession::start(tables, o.size, fresh_seed());
          persist();
        }
        overlay = view::Overlay::None;
        continue;
      }
      if (overlay == view::Overlay::Help) {
        overlay = view::Overlay::None;
        if (ch != 'q') continue;
      }
      if (overlay == view::Overlay::ConfirmNew) {
        overlay = view::Overlay::None;
        if (ch == 'y' || ch == 'Y') {
          if (auto e = store.finish(session)) info = {*e};
          session = PlaySession::start(tables, o.size, next_seed(ctx, session));
          info.clear();
          persist();
        }
        continue;
      }
      if (ch == 'q' || key->code == core::KeyCode::CtrlD) break;
      if (ch == '?') {
        overlay = view::Overlay::Help;
        continue;
      }
      if (ch == 'n') {
        // Only a game the save would offer again is worth a question before it goes.
        if (!session.resumable()) {
          if (auto e = store.finish(session)) info = {*e};
          session = PlaySession::start(tables, o.size, next_seed(ctx, session));
          info.clear();
          persist();
        } else {
          overlay = view::Overlay::ConfirmNew;
        }
        continue;
      }
      if (ch == 'u') {
        info = {session.undo() ? "Undone (this game now counts as assisted)." : "Nothing to undo."};
        overlay = view::Overlay::None;
        persist();
        continue;
      }
      if (ch == 'i') {
        if (!o.hint) {
          info = {"Hints are not available."};
        } else {
          info = game2048::hint_lines(session.hint(*o.hint));
          persist();
        }
        continue;
      }
      if (session.status() == Status::Won && (key->code == core::KeyCode::Enter || ch == 'c')) {
        session.keep_going();
        overlay = view::Overlay::None;
        persist();
        continue;
      }
      if (const auto m = key_move(*key)) {
        if (session.play(*m).moved()) {
          info.clear();
          persist();
        }
      }
    }
  }
  if (auto e = store.close(session)) ctx.warn(*e);
  // The screen is gone: say where the game went.
  if (const auto w = game2048_quit_words(store, session)) ctx.err << *w << '\n';
  if (interrupted) ctx.exit_code = kExitInterrupted;
}

}  // namespace

view::Style game2048_screen_style(const Context& ctx) {
  view::Style st;
  st.color = ctx.color();
  const auto ct = ctx.getenv("COLORTERM");
  st.truecolor = ct && (*ct == "truecolor" || *ct == "24bit");
  return st;
}

// One frame in place: home, each line cleared to its end, the rest of the screen
// cleared (no full clear, so the picture does not flicker).
void draw_game2048_screen(core::RawTerminal& term, const view::Screen& screen, const view::Style& style) {
  const core::TermSize size = core::terminal_size(1).value_or(core::TermSize{});
  std::string frame = std::string(core::ansi::kHome);
  for (const char ch : view::render_screen(screen, size, style)) {
    frame += ch == '\n' ? std::string("\x1b[K\r\n") : std::string(1, ch);
  }
  frame += "\x1b[K";
  frame += core::ansi::kClearToEnd;
  term.write(frame);
}

void run_game2048_play(Context& ctx, const game2048::MoveTables& tables, const Game2048PlayOptions& options) {
  Game2048SlotLock lock;
  game2048::SaveSlot store = open_game2048_save_slot(ctx, options.size, lock);
  if (ctx.in_tty && ctx.out_tty) return run_full_screen(ctx, tables, options, store);
  run_piped(ctx, tables, options, store);
}

void add_game2048_play(CLI::App* game, Context& ctx) {
  auto* cmd = game->add_subcommand("play", "Play 2048 full screen (or one command a line from a pipe)");
  auto opts = std::make_shared<Game2048PlayOptions>();
  cmd->add_option("--size", opts->size, "Board size, 3 to 8")->check(CLI::Range(3, 8))->capture_default_str();
  cmd->add_flag("--new", opts->fresh, "Start a new game instead of offering the saved one");
  cmd->footer(R"(Keys: arrows, w/a/s/d or h/j/k/l move; u undo (the game then counts as assisted);
i hint; n new game; q quit; ? help. After 2048: Enter keeps going.
Your game is saved after every move and offered again at the next start; --seed S
starts a game whose tiles replay exactly.

From a pipe, each line is a command: up, down, left, right (or w/a/s/d, h/j/k/l),
undo, keep, new, hint, quit; the board is printed after each.

Examples:
  puzzlelab 2048 play
  puzzlelab 2048 play --size 5 --new
  printf 'left\nup\nright\n' | puzzlelab 2048 play --seed 7 --new)");
  ctx.no_json(cmd);
  ctx.on_run(cmd, [&ctx, opts] {
    const game2048::MoveTables tables;
    Game2048PlayOptions o = *opts;
    // The `i` key: the normal level's advice on all threads (the AI plays 4×4 boards).
    if (o.size == 4) o.hint = game2048_ai_settings(Game2048AiOptions{}, ctx.threads()).value();
    run_game2048_play(ctx, tables, o);
  });
}

}  // namespace puzzlelab::app
