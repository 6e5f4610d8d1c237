// `puzzlelab 2048 ai`: the expectimax AI plays, full screen on a terminal, one line a
// move through a pipe.
#include <fmt/format.h>

#include <chrono>
#include <memory>

#include "app/commands.h"
#include "app/game2048_play.h"
#include "app/game2048_verbs.h"
#include "core/wording.h"
#include "game2048/players.h"

namespace puzzlelab::app {

namespace {

using game2048::Game;
namespace view = game2048_view;

struct WatchOptions {
  Game2048AiOptions ai;
  double speed = 20;
};

}  // namespace

void run_game2048_watch(Context& ctx, const game2048::MoveTables& tables, const Game2048WatchOptions& options) {
  using Clock = std::chrono::steady_clock;
  const std::uint64_t seed = ctx.opts.seed.value_or(fresh_seed());
  Game game = Game::start(tables, 4, core::Rng(seed));
  // Figures over the last moves: moves per second and evaluated moves per second.
  std::uint64_t nodes = 0;
  double search_seconds = 0;
  int depth = 0;
  auto ai_step = [&] {
    return game2048::play_on(game, [&](const Game& g) {
      const auto t0 = Clock::now();
      const Game2048AiChoice c = options.player(g);
      search_seconds += std::chrono::duration<double>(Clock::now() - t0).count();
      nodes += c.nodes;
      depth = c.depth;
      return c.move;
    });
  };

  std::uint64_t game_seed = seed;
  auto final_line = [&] {
    return fmt::format("final score {} · top tile {} · {} · seed {}\n", game.score(),
                       game2048::tile_value(game.max_exponent()), core::counted(game.moves(), "move"), game_seed);
  };

  if (!(ctx.in_tty && ctx.out_tty)) {
    // No terminal: one line a move (moves, direction, score), then the final board.
    while (!game.over() && !ctx.cancelled()) {
      if (!ai_step()) break;
      ctx.out << fmt::format("{} score {} depth {}\n", game.moves(), game.score(), depth);
    }
    ctx.out << view::render_board_text(game.grid(), ctx.color());
    ctx.out << final_line();
    if (ctx.cancelled()) ctx.exit_code = kExitInterrupted;
    return;
  }

  const view::Style style = game2048_screen_style(ctx);
  bool paused = false;
  bool interrupted = false;
  double speed = options.speed;
  {
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
        draw_game2048_screen(term, screen, style);
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
        game_seed = fresh_seed();
        game = Game::start(tables, 4, core::Rng(game_seed));
        started = Clock::now();
        nodes = 0;
        search_seconds = 0;
      }
    }
  }
  // The screen is gone (the terminal is restored): the game's result stays in the scrollback.
  ctx.out << view::render_board_text(game.grid(), ctx.color());
  ctx.out << final_line();
  if (interrupted) ctx.exit_code = kExitInterrupted;
}

void add_game2048_watch(CLI::App* game, Context& ctx) {
  auto* cmd = game->add_subcommand("ai", "Watch the expectimax AI play, full screen");
  auto opts = std::make_shared<WatchOptions>();
  add_game2048_ai_options(cmd, opts->ai);
  cmd->add_option("--speed", opts->speed, "Moves per second (0: as fast as the AI goes)")
      ->check(number_in(0.0, 100000.0))
      ->capture_default_str();
  cmd->footer(R"(Shows the score, moves per second, search depth and evaluated moves per second.
Keys: space pauses, + and - change the speed, n starts a new game, q quits.
Without a terminal it prints one line a move and the final board.

Examples:
  puzzlelab 2048 ai
  puzzlelab 2048 ai --level strong --speed 0
  puzzlelab 2048 ai --level fast --seed 7 > game.log)");
  ctx.no_json(cmd);
  ctx.on_run(cmd, [&ctx, opts] {
    const auto settings = game2048_ai_settings(opts->ai, ctx.threads());
    if (!settings) return ctx.fail(settings.error().message);
    const game2048::MoveTables tables;
    game2048::Ai ai(tables, *settings);
    Game2048WatchOptions w;
    w.speed = opts->speed;
    w.level = opts->ai.depth         ? fmt::format("depth {}", *opts->ai.depth)
              : opts->ai.ms_per_move ? fmt::format("{} ms per move", *opts->ai.ms_per_move)
                                     : opts->ai.level;
    w.player = [&ai](const Game& g) {
      game2048::SearchStats stats;
      int depth = 0;
      Game2048AiChoice c;
      c.move = game2048::ai_move(ai, g, &stats, &depth);
      c.depth = depth;
      c.nodes = stats.moves;
      return c;
    };
    run_game2048_watch(ctx, tables, w);
  });
}

}  // namespace puzzlelab::app
