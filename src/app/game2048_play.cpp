#include "app/game2048_play.h"

#include <chrono>
#include <iostream>
#include <random>
#include <thread>

#include <fmt/format.h>

#include "app/game2048_view.h"
#include "app/player_store.h"
#include "core/state_store.h"
#include "core/terminal.h"
#include "core/utf8.h"
#include "game2048/board_text.h"
#include "game2048/session.h"

namespace puzzlelab::app {

namespace {

using game2048::Game;
using game2048::Move;
using game2048::PlaySession;
using game2048::Status;
namespace view = game2048_view;

std::uint64_t fresh_seed() {
  std::random_device rd;
  const auto t = static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  return (static_cast<std::uint64_t>(rd()) << 32) ^ rd() ^ t;
}

std::string size_key(int size) {
  return fmt::format("{}x{}", size, size);
}

// The saved game and the best score, in the player's store. Every problem becomes a
// message (a damaged save is set aside and the message says so); play goes on without
// saving rather than stopping. A game enters the history when it is left: over (won
// when it made 2048, else lost) or replaced by a new game before the end (abandoned:
// not counted as a loss, but its score can be the best).
class SaveSlot {
 public:
  SaveSlot(Context& ctx, int size) : size_(size), key_(game2048_save_key(size)) {
    store_ = player_store(ctx, "your game and best score are");
    if (store_ == nullptr) return;
    auto stats = store_->stats("2048", size_key(size_));
    if (stats) {
      best_ = stats->best_score;
    } else {
      messages_.push_back("cannot read the best score: " + stats.error().message);
    }
  }

  // The saved game, when there is one that is not over.
  std::optional<PlaySession> load_game(const game2048::MoveTables& tables) {
    if (store_ == nullptr) return std::nullopt;
    auto loaded = store_->load_save(key_);
    std::optional<std::string> problem;
    std::optional<PlaySession> session;
    if (!loaded) {
      problem = loaded.error().message;
    } else if (*loaded) {
      auto s = PlaySession::from_json(tables, **loaded);
      if (s) {
        session = std::move(*s);
      } else {
        problem = s.error().message;
      }
    }
    if (problem) {
      auto aside = store_->set_aside_save(key_, unix_now());
      messages_.push_back(
          aside ? fmt::format("the saved game was damaged ({}); it was kept aside as '{}'", *problem, *aside)
                : fmt::format("the saved game is damaged ({}) and could not be set aside: {}", *problem,
                              aside.error().message));
      return std::nullopt;
    }
    if (!session) return std::nullopt;
    if (session->game().over()) {
      finish(*session);  // an older version kept finished games saved
      return std::nullopt;
    }
    if (!session->assisted()) best_ = std::max(best_, session->game().score());
    return session;
  }

  // Saves in one transaction; the result is a message for the screen when it failed.
  std::optional<std::string> save(const PlaySession& s) {
    // The best score counts games without undo or hints only.
    if (!s.assisted()) best_ = std::max(best_, s.game().score());
    if (store_ == nullptr) return std::nullopt;
    if (auto e = store_->put_save(key_, "2048", s.to_json(), unix_now())) return "could not save: " + e->message;
    return std::nullopt;
  }

  // The game is left for a new one, or the program ends with it over: it goes into
  // the history. A game without a move is not a game.
  std::optional<std::string> finish(const PlaySession& s) {
    const Game& g = s.game();
    if (store_ == nullptr || g.moves() == 0) return std::nullopt;
    core::FinishedGame f;
    f.game = "2048";
    f.mode = size_key(size_);
    f.finished_at = unix_now();
    f.puzzle = s.seed() ? std::to_string(*s.seed()) : std::string();
    switch (s.ending()) {
      case game2048::Ending::Won:
        f.outcome = core::GameOutcome::Won;
        break;
      case game2048::Ending::Lost:
        f.outcome = core::GameOutcome::Lost;
        break;
      case game2048::Ending::Unfinished:
        f.outcome = core::GameOutcome::Abandoned;
        break;
    }
    f.score = g.score();
    f.tries = static_cast<std::int64_t>(g.moves());
    f.assisted = s.assisted();
    f.detail = {{"max_tile", game2048::tile_value(g.max_exponent())}};
    if (auto r = store_->record(f); !r) return "could not record the game: " + r.error().message;
    if (auto e = store_->remove_save(key_)) return "could not remove the finished game's save: " + e->message;
    return std::nullopt;
  }

  // At the end of the program: a finished game goes into the history, a game in
  // progress stays saved for next time.
  std::optional<std::string> close(const PlaySession& s) {
    if (s.game().over()) return finish(s);
    return std::nullopt;
  }

  [[nodiscard]] std::int64_t best() const { return best_; }
  // Problems met so far (shown once, then forgotten).
  std::vector<std::string> take_messages() { return std::exchange(messages_, {}); }

 private:
  int size_;
  std::string key_;
  core::GameStore* store_ = nullptr;
  std::int64_t best_ = 0;
  std::vector<std::string> messages_;
};

PlaySession new_session(const game2048::MoveTables& tables, int size, std::uint64_t seed) {
  return PlaySession::start(tables, size, seed);
}

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

void run_piped(Context& ctx, const game2048::MoveTables& tables, const Game2048PlayOptions& o, SaveSlot& store) {
  std::optional<PlaySession> session;
  if (!o.fresh && !ctx.opts.seed) {
    session = store.load_game(tables);
    if (session) {
      ctx.err << fmt::format("Resuming the saved game (score {}, {} moves); start a fresh one with --new.\n",
                             session->game().score(), session->game().moves());
    }
  }
  for (const auto& m : store.take_messages()) ctx.warn(m);
  if (!session) {
    session = new_session(tables, o.size, ctx.opts.seed.value_or(fresh_seed()));
    if (auto e = store.save(*session)) ctx.warn(*e);
  }
  const bool color = ctx.color();
  auto show = [&](const std::string& head) {
    const Game& g = session->game();
    ctx.out << fmt::format("{} · score {} · moves {} · best {}{}\n", head, g.score(), g.moves(),
                           std::max(store.best(), session->assisted() ? 0 : g.score()),
                           session->assisted() ? " · assisted" : "");
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
      session = new_session(tables, o.size, next_seed(ctx, *session));
      head = fmt::format(
          "new game{}", session->seed() && ctx.opts.seed ? fmt::format(" · seed {}", *session->seed()) : std::string{});
    } else if (cmd == "hint" || cmd == "i") {
      if (!o.hint) {
        head = "hint: not available";
      } else {
        const auto lines = o.hint(session->game());
        session->mark_assisted();
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
  if (bad) ctx.exit_code = kExitFailure;
}

// ---- full screen ----------------------------------------------------------------

view::Style screen_style(const Context& ctx) {
  view::Style st;
  st.color = ctx.color();
  const auto ct = ctx.getenv("COLORTERM");
  st.truecolor = ct && (*ct == "truecolor" || *ct == "24bit");
  return st;
}

// One frame in place: home, each line cleared to its end, the rest of the screen
// cleared (no full clear, so the picture does not flicker).
void draw(core::RawTerminal& term, const view::Screen& screen, const view::Style& style) {
  const core::TermSize size = core::terminal_size(1).value_or(core::TermSize{});
  std::string frame = std::string(core::ansi::kHome);
  for (const char ch : view::render_screen(screen, size, style)) {
    frame += ch == '\n' ? std::string("\x1b[K\r\n") : std::string(1, ch);
  }
  frame += "\x1b[K";
  frame += core::ansi::kClearToEnd;
  term.write(frame);
}

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

void run_full_screen(Context& ctx, const game2048::MoveTables& tables, const Game2048PlayOptions& o, SaveSlot& store) {
  std::optional<PlaySession> saved;
  if (!o.fresh && !ctx.opts.seed) saved = store.load_game(tables);
  std::vector<std::string> notes = store.take_messages();
  // Problems with the save go to stderr too, where they stay after the screen closes.
  for (const auto& m : notes) ctx.warn(m);
  PlaySession session = saved ? *saved : new_session(tables, o.size, ctx.opts.seed.value_or(fresh_seed()));

  view::Screen screen;
  view::Overlay overlay = saved ? view::Overlay::Resume : view::Overlay::None;
  std::vector<std::string> info = notes;
  const view::Style style = screen_style(ctx);
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
        screen.best = std::max(store.best(), session.assisted() ? 0 : g.score());
        screen.moves = g.moves();
        screen.assisted = session.assisted();
        screen.overlay = overlay;
        screen.resume_score = g.score();
        screen.resume_moves = g.moves();
        screen.info = info;
        screen.keys = kPlayKeys;
        draw(term, screen, style);
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
          session = new_session(tables, o.size, fresh_seed());
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
          session = new_session(tables, o.size, next_seed(ctx, session));
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
        const Game& g = session.game();
        if (g.over() || g.moves() == 0) {
          if (auto e = store.finish(session)) info = {*e};
          session = new_session(tables, o.size, next_seed(ctx, session));
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
          info = o.hint(session.game());
          if (!info.empty()) session.mark_assisted();
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
  if (interrupted) ctx.exit_code = kExitInterrupted;
}

}  // namespace

void run_game2048_play(Context& ctx, const game2048::MoveTables& tables, const Game2048PlayOptions& options) {
  SaveSlot store(ctx, options.size);
  if (ctx.in_tty && ctx.out_tty) return run_full_screen(ctx, tables, options, store);
  run_piped(ctx, tables, options, store);
}

void run_game2048_watch(Context& ctx, const game2048::MoveTables& tables, const Game2048WatchOptions& options) {
  using Clock = std::chrono::steady_clock;
  const std::uint64_t seed = ctx.opts.seed.value_or(fresh_seed());
  Game game = Game::start(tables, 4, core::Rng(seed));
  // Figures over the last moves: moves per second and evaluated moves per second.
  std::uint64_t nodes = 0;
  double search_seconds = 0;
  int depth = 0;
  auto ai_step = [&] {
    if (game.status() == Status::Won) game.keep_going();  // the AI always keeps going
    const auto t0 = Clock::now();
    const Game2048AiChoice c = options.player(game);
    search_seconds += std::chrono::duration<double>(Clock::now() - t0).count();
    nodes += c.nodes;
    depth = c.depth;
    if (!c.move) return false;
    return game.play(*c.move).moved;
  };

  if (!(ctx.in_tty && ctx.out_tty)) {
    // No terminal: one line a move (moves, direction, score), then the final board.
    while (!game.over() && !ctx.cancelled()) {
      if (!ai_step()) break;
      ctx.out << fmt::format("{} score {} depth {}\n", game.moves(), game.score(), depth);
    }
    ctx.out << view::render_board_text(game.grid(), ctx.color());
    ctx.out << fmt::format("final score {} · top tile {} · {} moves · seed {}\n", game.score(),
                           game2048::tile_value(game.max_exponent()), game.moves(), seed);
    if (ctx.cancelled()) ctx.exit_code = kExitInterrupted;
    return;
  }

  const view::Style style = screen_style(ctx);
  bool paused = false;
  bool interrupted = false;
  double speed = options.speed;
  core::RawTerminal term({0, 1, true});
  if (!term.active()) return ctx.fail("the terminal could not be put in raw mode");
  auto last_move = Clock::now();
  auto last_draw = Clock::time_point{};
  auto started = Clock::now();
  for (;;) {
    const auto now = Clock::now();
    const bool due = speed <= 0 || std::chrono::duration<double>(now - last_move).count() >= 1.0 / speed;
    bool moved = false;
    if (!paused && !game.over() && due) {
      moved = ai_step();
      last_move = Clock::now();
    }
    // Redraw at most 30 times a second when the AI outruns the eye.
    const bool redraw =
        term.resized() || !moved || std::chrono::duration<double>(Clock::now() - last_draw).count() > 1.0 / 30;
    if (redraw) {
      view::Screen screen;
      screen.title = fmt::format("2048 AI · {}", options.level);
      screen.grid = game.grid();
      screen.score = game.score();
      screen.best = game.score();
      screen.moves = game.moves();
      screen.overlay = game.over() ? view::Overlay::Over : view::Overlay::None;
      const double wall = std::chrono::duration<double>(Clock::now() - started).count();
      const double mps = wall > 0 ? static_cast<double>(game.moves()) / wall : 0;
      screen.info = {fmt::format("depth {} · {:.1f} M nodes/s · {:.1f} moves/s · top tile {}", depth,
                                 search_seconds > 0 ? static_cast<double>(nodes) / search_seconds / 1e6 : 0.0, mps,
                                 game2048::tile_value(game.max_exponent())),
                     paused ? "paused" : (speed > 0 ? fmt::format("speed {:g} moves/s", speed) : "full speed")};
      screen.keys = "space pause · + faster · - slower · n new game · q quit";
      draw(term, screen, style);
      last_draw = Clock::now();
    }
    int wait_ms = 0;
    if (paused || game.over()) {
      wait_ms = -1;
    } else if (speed > 0) {
      const double left = 1.0 / speed - std::chrono::duration<double>(Clock::now() - last_move).count();
      wait_ms = std::max(0, static_cast<int>(left * 1000));
    }
    const auto key = term.read_key(wait_ms);
    if (!key) {
      if (term.eof()) break;
      continue;
    }
    if (key->code == core::KeyCode::CtrlC) {
      interrupted = true;
      break;
    }
    const char32_t ch = key->code == core::KeyCode::Char ? key->ch : 0;
    if (ch == 'q' || key->code == core::KeyCode::CtrlD) break;
    if (ch == ' ') paused = !paused;
    if (ch == '+' || ch == '=') speed = speed <= 0 ? 0 : speed * 2;
    if (ch == '-') speed = speed <= 0 ? 64 : std::max(0.5, speed / 2);
    if (ch == 'n') {
      game = Game::start(tables, 4, core::Rng(fresh_seed()));
      started = Clock::now();
      nodes = 0;
      search_seconds = 0;
    }
  }
  if (interrupted) ctx.exit_code = kExitInterrupted;
}

}  // namespace puzzlelab::app
