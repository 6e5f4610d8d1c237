// `puzzlelab 2048 hint`: the AI's advice for a given board (game2048/hint.h).
#include <fmt/format.h>

#include <chrono>
#include <memory>

#include "app/game2048_verbs.h"
#include "game2048/board_text.h"
#include "game2048/hint.h"

namespace puzzlelab::app {

namespace {

using game2048::Move;
using nlohmann::json;

struct HintOptions {
  Game2048AiOptions ai;
  std::vector<std::string> board;
};

void run_hint(Context& ctx, const HintOptions& o) {
  std::string text;
  for (const auto& a : o.board) text += a + " ";
  if (text.find_first_not_of(' ') == std::string::npos) {
    std::string line;
    while (std::getline(ctx.in, line)) text += line + "\n";
  }
  auto g = game2048::parse_grid(text, 4);
  if (!g) return ctx.fail(g.error().message + " (give 16 tile values, e.g. \"0 2 2 4 / 0 0 4 8 / ...\")", kExitUsage);
  if (const auto problem = game2048::hint_board_problem(*g)) return ctx.fail(*problem, kExitUsage);
  const auto settings = game2048_ai_settings(o.ai, ctx.threads());
  if (!settings) return ctx.fail(settings.error().message);
  const game2048::MoveTables tables;
  game2048::Ai ai(tables, *settings);
  // The search's time only (the clock is the front-end's to read).
  const auto t0 = std::chrono::steady_clock::now();
  const game2048::Hint h = game2048::compute_hint(tables, ai, *g);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (ctx.opts.json) {
    json moves = json::object();
    for (const Move m : game2048::kMoves) {
      if (const auto v = h.advice(m).value) moves[std::string(game2048::move_name(m))] = *v;
    }
    json out{{"moves", moves}, {"depth", h.depth}, {"evaluated_moves", h.stats.moves}, {"seconds", seconds}};
    out["best"] = h.best ? json(std::string(game2048::move_name(*h.best))) : json(nullptr);
    if (h.endgame) {
      out["endgame"] = {{"goal", game2048::tile_value(h.endgame->goal)},
                        {"probability", h.endgame->probability},
                        {"searched", std::string(game2048::move_name(h.endgame->searched))},
                        {"searched_probability", h.endgame->searched_probability}};
      if (h.endgame->chain_to > 0) out["endgame"]["chain_to"] = game2048::tile_value(h.endgame->chain_to);
    }
    ctx.out << out.dump(2) << '\n';
  } else if (!h.best) {
    ctx.out << "no move changes the board: the game is over\n";
  } else {
    ctx.out << fmt::format("best move: {}\n", game2048::move_name(*h.best));
    for (const auto& [m, v] : game2048::ranked_moves(h))
      ctx.out << fmt::format("  {:<6} {:>14.1f}\n", game2048::move_name(m), v);
    if (h.endgame) ctx.out << game2048::endgame_line(h) << '\n';
    if (!ctx.opts.quiet) {
      ctx.err << fmt::format(
          "(expected heuristic value after the move and the search below it; depth {}, {} "
          "evaluated moves, {:.3f} s)\n",
          h.depth, h.stats.moves, seconds);
    }
  }
  if (!h.best) ctx.exit_code = kExitFailure;
}

}  // namespace

void add_game2048_hint(CLI::App* game, Context& ctx) {
  auto* cmd = game->add_subcommand("hint", "The AI's best move for a board and each legal move's expected value");
  auto opts = std::make_shared<HintOptions>();
  cmd->add_option("board", opts->board, "16 tile values, row-major ('/' between rows allowed); stdin when absent");
  add_game2048_ai_options(cmd, opts->ai);
  cmd->footer(R"(Prints the best move, then every legal move with its expected value: the heuristic's
value after the move, averaged over the spawns and the best replies the search looked
at (larger is better; the scale is the heuristic's, not the game score).
The search is deterministic for a board and settings (except with --ms-per-move).

Examples:
  puzzlelab 2048 hint "0 2 2 4 / 0 0 4 8 / 0 0 0 16 / 2 0 0 32"
  puzzlelab 2048 hint --level strong --json "2 4 8 16 32 64 128 256 0 0 0 0 0 0 0 2"
  echo "0 2 2 4 0 0 4 8 0 0 0 16 2 0 0 32" | puzzlelab 2048 hint --depth 3)");
  ctx.on_run(cmd, [&ctx, opts] { run_hint(ctx, *opts); });
}

}  // namespace puzzlelab::app
