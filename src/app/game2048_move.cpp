// `puzzlelab 2048 move`: one move on a given board (no spawn), for people and scripts.
#include <fmt/format.h>

#include <algorithm>
#include <memory>

#include "app/game2048_verbs.h"
#include "core/utf8.h"
#include "game2048/board_text.h"
#include "game2048/game.h"

namespace puzzlelab::app {

namespace {

using nlohmann::json;

struct MoveOptions {
  bool from_stdin = false;
  std::vector<std::string> args;
};

// --json: an object; --stdin: one line of the values, the score and 1/0 for moved (for
// scripts, the vectors' format); otherwise, for a person, the board a line a row.
std::string move_output(const game2048::MoveResult& r, bool as_json, bool one_line) {
  if (as_json) {
    json after = json::array();
    for (int k = 0; k < r.after.area(); ++k)
      after.push_back(game2048::tile_value(r.after.cells[static_cast<std::size_t>(k)]));
    return json{{"after", after}, {"score", r.score}, {"moved", r.moved}, {"won", r.wins}}.dump();
  }
  if (one_line) return fmt::format("{} {} {}", game2048::grid_values_line(r.after), r.score, r.moved ? 1 : 0);
  std::size_t width = 1;
  for (int k = 0; k < r.after.area(); ++k) {
    width = std::max(width, std::to_string(game2048::tile_value(r.after.cells[static_cast<std::size_t>(k)])).size());
  }
  std::string out;
  for (int row = 0; row < r.after.size; ++row) {
    for (int col = 0; col < r.after.size; ++col) {
      out += fmt::format("{}{:>{}}", col == 0 ? "" : " ", game2048::tile_value(r.after.at(row, col)), width);
    }
    out += '\n';
  }
  return out + fmt::format("score {} · {}", r.score, r.moved ? "moved" : "not moved: the board stays as it was");
}

void run_move(Context& ctx, const MoveOptions& o) {
  const game2048::MoveTables tables;
  if (!o.from_stdin) {
    std::string line;
    for (const auto& a : o.args) line += a + " ";
    auto req = game2048::parse_move_request(line);
    if (!req) return ctx.fail(req.error().message, kExitUsage);
    const auto moved = game2048::checked_move(tables, req->first, req->second);
    if (!moved) return ctx.fail(moved.error().message, kExitUsage);
    ctx.out << move_output(*moved, ctx.opts.json, false) << '\n';
    return;
  }
  if (!o.args.empty()) return ctx.fail("give the board either as arguments or with --stdin, not both", kExitUsage);
  std::string line;
  std::uint64_t n = 0;
  bool bad = false;
  while (std::getline(ctx.in, line)) {
    ++n;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    auto req = game2048::parse_move_request(line);
    if (!req) {
      ctx.err << fmt::format("error: line {}: {}\n", n, core::printable(req.error().message));
      bad = true;
      continue;
    }
    const auto moved = game2048::checked_move(tables, req->first, req->second);
    if (!moved) {
      ctx.err << fmt::format("error: line {}: {}\n", n, moved.error().message);
      bad = true;
      continue;
    }
    ctx.out << move_output(*moved, ctx.opts.json, true) << '\n';
  }
  if (bad) ctx.exit_code = kExitFailure;
}

}  // namespace

void add_game2048_move(CLI::App* game, Context& ctx) {
  auto* cmd = game->add_subcommand("move", "Apply one move to a board and print the result (no spawn)");
  auto opts = std::make_shared<MoveOptions>();
  cmd->add_flag("--stdin", opts->from_stdin, "Read one request a line from stdin");
  cmd->add_option("board", opts->args, "16 tile values (row-major, 0 empty; '/' between rows allowed) and a direction");
  cmd->footer(R"(Prints the board after the move (before any spawn), a line a row, then the score
gained and whether the tiles moved. With --stdin: one line per request, the 16 values,
the score and 1 or 0 for "moved" (--json: one JSON object a line, with "won").
A request is 16 numbers and up|down|left|right, or a JSON line with "before" and "dir".
With --stdin a bad line prints "error: line N: ..." on stderr and the exit status is 1.

Examples:
  puzzlelab 2048 move "2 2 2 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0" right
  echo "0 0 0 2 0 0 0 2 0 0 0 0 0 0 0 0 up" | puzzlelab 2048 move --stdin
  puzzlelab 2048 move --stdin --json < tests/data/2048_moves.jsonl)");
  ctx.on_run(cmd, [&ctx, opts] { run_move(ctx, *opts); });
}

}  // namespace puzzlelab::app
