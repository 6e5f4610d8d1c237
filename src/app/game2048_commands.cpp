// `puzzlelab 2048 ...`: play, move, sim (and the AI's verbs), plus this game's part of
// `puzzlelab bench` and its lines in `sim` summaries.
#include <fmt/format.h>

#include <memory>
#include <sstream>

#include "app/commands.h"
#include "app/game2048_play.h"
#include "app/sim_report.h"
#include "core/sim.h"
#include "game2048/board_text.h"
#include "game2048/game.h"
#include "game2048/players.h"

namespace puzzlelab::app {

namespace {

using game2048::Game;
using game2048::Grid;
using game2048::Move;
using nlohmann::json;

// ---- move ------------------------------------------------------------------------

struct MoveOptions {
  bool from_stdin = false;
  std::vector<std::string> args;
};

// One request: "v v v ... v DIR" (the direction anywhere), or a JSON object with
// "before" (or "board") and "dir" like tests/data/2048_moves.jsonl.
core::Result<std::pair<Grid, Move>> parse_move_request(const std::string& line) {
  const auto first = line.find_first_not_of(" \t\r");
  if (first != std::string::npos && line[first] == '{') {
    const json j = json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object()) return core::Error{"not valid JSON"};
    const char* key = j.contains("before") ? "before" : "board";
    if (!j.contains(key) || !j.contains("dir") || !j.at("dir").is_string()) {
      return core::Error{"a JSON request needs \"before\" and \"dir\""};
    }
    auto g = game2048::parse_grid(j.at(key).dump());
    if (!g) return g.error();
    const auto m = game2048::parse_move(j.at("dir").get<std::string>());
    if (!m) return core::Error{fmt::format("unknown direction '{}'", j.at("dir").get<std::string>())};
    return std::pair{*g, *m};
  }
  std::istringstream words(line);
  std::string w;
  std::string numbers;
  std::optional<Move> m;
  while (words >> w) {
    if (w.find_first_of("0123456789") != std::string::npos || w == "/" || w == "[" || w == "]") {
      numbers += w + " ";
      continue;
    }
    const auto parsed = game2048::parse_move(w);
    if (!parsed) return core::Error{fmt::format("unknown direction '{}' (up, down, left or right)", w)};
    if (m) return core::Error{"more than one direction"};
    m = parsed;
  }
  if (!m) return core::Error{"no direction (up, down, left or right)"};
  auto g = game2048::parse_grid(numbers);
  if (!g) return g.error();
  return std::pair{*g, *m};
}

std::string move_output(const game2048::MoveResult& r, bool as_json) {
  if (as_json) {
    json after = json::array();
    for (int k = 0; k < r.after.area(); ++k)
      after.push_back(game2048::tile_value(r.after.cells[static_cast<std::size_t>(k)]));
    return json{{"after", after}, {"score", r.score}, {"moved", r.moved}, {"won", r.wins}}.dump();
  }
  return fmt::format("{} {} {}", game2048::grid_values_line(r.after), r.score, r.moved ? 1 : 0);
}

void run_move(Context& ctx, const MoveOptions& o) {
  const game2048::MoveTables tables;
  if (!o.from_stdin) {
    std::string line;
    for (const auto& a : o.args) line += a + " ";
    auto req = parse_move_request(line);
    if (!req) return ctx.fail(req.error().message, kExitUsage);
    ctx.out << move_output(game2048::exact_move(tables, req->first, req->second), ctx.opts.json) << '\n';
    return;
  }
  if (!o.args.empty()) return ctx.fail("give the board either as arguments or with --stdin, not both", kExitUsage);
  std::string line;
  std::uint64_t n = 0;
  bool bad = false;
  while (std::getline(ctx.in, line)) {
    ++n;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    auto req = parse_move_request(line);
    if (!req) {
      ctx.err << fmt::format("error: line {}: {}\n", n, req.error().message);
      bad = true;
      continue;
    }
    ctx.out << move_output(game2048::exact_move(tables, req->first, req->second), ctx.opts.json) << '\n';
  }
  if (bad) ctx.exit_code = kExitFailure;
}

// ---- sim -------------------------------------------------------------------------

struct SimOptions {
  SimCliOptions sim;
  std::string player = "expectimax";
  int size = 4;
  std::optional<std::int64_t> stop_at;
};

std::optional<int> stop_exponent(const SimOptions& o) {
  if (!o.stop_at) return std::nullopt;
  return game2048::exponent_of(*o.stop_at);
}

void run_sim(Context& ctx, const SimOptions& o) {
  auto games = parse_games(o.sim.games, std::nullopt);
  if (!games) return ctx.fail(games.error().message, kExitUsage);
  if (o.stop_at && (!stop_exponent(o) || *o.stop_at < 4)) {
    return ctx.fail(fmt::format("--stop-at {}: expected a tile value such as 2048", *o.stop_at), kExitUsage);
  }
  if (o.player != "random" && o.player != "greedy") {
    return ctx.fail(fmt::format("unknown player '{}' (random, greedy)", o.player), kExitUsage);
  }
  auto tables = std::make_shared<const game2048::MoveTables>();
  core::SimSpec spec;
  spec.game = "2048";
  spec.player = o.player;
  spec.seed = ctx.opts.seed.value_or(1);
  spec.games = *games;
  spec.primary = "max_tile";
  spec.metrics = {"score", "moves"};
  spec.config = json{{"size", o.size}};
  if (o.stop_at) spec.config["stop_at"] = *o.stop_at;
  const std::optional<int> stop = stop_exponent(o);
  const std::string player = o.player;
  const int size = o.size;
  const auto* cancel = ctx.interrupted;
  run_sim_command(
      ctx, spec,
      [tables, player, size, stop, cancel](std::uint64_t, core::Rng& rng) {
        const Game start = Game::start(*tables, size, core::Rng(rng.next()));
        core::Rng pick(rng.next());
        game2048::Chooser choose;
        if (player == "random") {
          choose = [&pick](const Game& g) { return game2048::random_move(g, pick); };
        } else {
          choose = [](const Game& g) { return game2048::greedy_move(g); };
        }
        const game2048::PlayedGame pg = game2048::play_to_end(start, choose, stop, cancel);
        core::GameResult r;
        r.win = pg.reached_2048;
        r.primary = game2048::tile_value(pg.max_exponent);
        r.metrics = {pg.score, pg.moves};
        return r;
      },
      o.sim);
}

}  // namespace

void add_game2048_commands(CLI::App& root, Context& ctx) {
  auto* game = root.add_subcommand("2048", "2048: the sliding-tile game, its AI and simulation");
  game->footer(R"(Examples:
  puzzlelab 2048 play                      full-screen game (arrows, wasd or hjkl)
  puzzlelab 2048 move "0 2 2 4 / 0 0 4 8 / 0 0 0 0 / 2 0 0 0" right
  puzzlelab 2048 sim --player greedy --games 1000)");

  // play
  {
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
    ctx.on_run(cmd, [&ctx, opts] {
      const game2048::MoveTables tables;
      run_game2048_play(ctx, tables, *opts);
    });
  }

  // move
  {
    auto* cmd = game->add_subcommand("move", "Apply one move to a board and print the result (no spawn)");
    auto opts = std::make_shared<MoveOptions>();
    cmd->add_flag("--stdin", opts->from_stdin, "Read one request a line from stdin");
    cmd->add_option("board", opts->args,
                    "16 tile values (row-major, 0 empty; '/' between rows allowed) and a direction");
    cmd->footer(R"(Prints the tiles after the move (before any spawn), the score gained and 1 or 0 for
"moved", on one line per request (--json: one JSON object a line, with "won").
A request is 16 numbers and up|down|left|right, or a JSON line with "before" and "dir".
With --stdin a bad line prints "error: line N: ..." on stderr and the exit status is 1.

Examples:
  puzzlelab 2048 move "2 2 2 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0" right
  echo "0 0 0 2 0 0 0 2 0 0 0 0 0 0 0 0 up" | puzzlelab 2048 move --stdin
  puzzlelab 2048 move --stdin --json < tests/data/2048_moves.jsonl)");
    ctx.on_run(cmd, [&ctx, opts] { run_move(ctx, *opts); });
  }

  // sim
  {
    auto* cmd = game->add_subcommand("sim", "Simulate many games with a player and summarise them");
    auto opts = std::make_shared<SimOptions>();
    add_sim_options(cmd, opts->sim, "100");
    cmd->add_option("--player", opts->player, "random, greedy or expectimax")->capture_default_str();
    cmd->add_option("--size", opts->size, "Board size for random and greedy, 3 to 8")->check(CLI::Range(3, 8));
    cmd->add_option("--stop-at", opts->stop_at, "Stop each game once this tile is made (e.g. 2048)");
    cmd->footer(R"(Each game i uses the seed mix(--seed, i), so results do not depend on --threads.
The summary gives the share of games reaching each tile, score, moves per game and speed.

Examples:
  puzzlelab 2048 sim --player random --games 10000
  puzzlelab 2048 sim --player greedy --games 1000 --seed 3 --json)");
    ctx.on_run(cmd, [&ctx, opts] { run_sim(ctx, *opts); });
  }
}

std::vector<BenchPart> game2048_bench_parts() {
  // The engine: 20,000 random games through the harness; the figure mixes every
  // game's score, moves and top tile in index order (thread-independent).
  return {{"2048: random play", [](const Context& ctx) {
             const game2048::MoveTables tables;
             core::SimSpec spec;
             spec.game = "bench";
             spec.player = "random";
             spec.seed = 2048;
             spec.games = 20000;
             std::uint64_t figure = 0;
             core::SimHooks hooks;
             hooks.on_game = [&figure](std::uint64_t index, const core::GameResult& r) {
               std::uint64_t s = figure ^ (index * 0x9e3779b97f4a7c15ULL) ^ static_cast<std::uint64_t>(r.primary);
               figure = core::splitmix64(s);
             };
             core::run_simulation(
                 spec, ctx.opts.threads,
                 [&tables](std::uint64_t, core::Rng& rng) {
                   core::Rng pick(rng.next());
                   const auto pg =
                       game2048::play_to_end(Game::start(tables, 4, core::Rng(rng.next())),
                                             [&pick](const Game& g) { return game2048::random_move(g, pick); });
                   core::GameResult r;
                   r.primary = pg.score * 1000003 + pg.moves * 31 + pg.max_exponent;
                   return r;
                 },
                 hooks);
             return figure % 1000000007ULL;
           }}};
}

std::vector<SimExtraLine> game2048_sim_extra_lines(const core::SimSummary& s) {
  std::vector<SimExtraLine> lines;
  if (s.games == 0) return lines;
  const core::Stats& tiles = s.primary;
  // Tiles from the smallest top tile seen (at most 2048) to the largest seen (at least
  // 2048; for the AI at least 65536, the figures its benchmarks are judged by).
  std::int64_t lo = std::min<std::int64_t>(tiles.min(), 2048);
  std::int64_t hi = std::max<std::int64_t>(tiles.max(), s.spec.player == "expectimax" ? 65536 : 2048);
  if (lo < 2) lo = 2;
  for (std::int64_t t = lo; t <= hi && t > 0; t *= 2) {
    const std::uint64_t n = tiles.count_at_least(t);
    lines.push_back({fmt::format("reached {}", t),
                     fmt::format("{:5.1f}% ({} of {})", 100.0 * static_cast<double>(n) / static_cast<double>(s.games),
                                 n, s.games)});
  }
  std::int64_t total_moves = 0;
  if (const core::Stats* score = s.metric("score")) {
    lines.push_back({"score", fmt::format("mean {:.1f}, median {:.1f}", score->mean(), score->median())});
  }
  if (const core::Stats* moves = s.metric("moves")) {
    total_moves = static_cast<std::int64_t>(moves->sum());
    lines.push_back({"moves per game", fmt::format("mean {:.1f}, median {:.1f}", moves->mean(), moves->median())});
    if (s.wall_seconds > 0) {
      lines.push_back(
          {"moves/s",
           fmt::format("{:.0f} (wall), {:.3g} CPU s per move", static_cast<double>(total_moves) / s.wall_seconds,
                       total_moves > 0 ? s.cpu_seconds / static_cast<double>(total_moves) : 0.0)});
    }
  }
  if (const core::Stats* nodes = s.metric("nodes")) {
    if (s.cpu_seconds > 0) {
      lines.push_back({"nodes/s", fmt::format("{:.1f} M evaluated moves per CPU second",
                                              static_cast<double>(nodes->sum()) / s.cpu_seconds / 1e6)});
    }
  }
  return lines;
}

}  // namespace puzzlelab::app
