// `puzzlelab 2048 move`: one move on a given board (no spawn), for people and scripts.
#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <sstream>

#include "app/game2048_verbs.h"
#include "core/utf8.h"
#include "game2048/board_text.h"
#include "game2048/game.h"

namespace puzzlelab::app {

namespace {

using game2048::Grid;
using game2048::Move;
using nlohmann::json;

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

// The move, or an error when its result has a tile no board of that size can hold
// (two 131072 tiles merging on 4×4): such a board is refused as input, so it is not
// printed either, and every board `move` prints it accepts again.
core::Result<game2048::MoveResult> checked_move(const game2048::MoveTables& tables, const Grid& g, Move m) {
  game2048::MoveResult r = game2048::exact_move(tables, g, m);
  const int most = g.size * g.size + 1;
  if (game2048::max_exponent(r.after) > most) {
    return core::Error{fmt::format(
        "moving {} makes a {} tile, more than a {}×{} board can hold (at most {}): no game reaches this board",
        game2048::move_name(m), game2048::tile_value(game2048::max_exponent(r.after)), g.size, g.size,
        game2048::tile_value(most))};
  }
  return r;
}

void run_move(Context& ctx, const MoveOptions& o) {
  const game2048::MoveTables tables;
  if (!o.from_stdin) {
    std::string line;
    for (const auto& a : o.args) line += a + " ";
    auto req = parse_move_request(line);
    if (!req) return ctx.fail(req.error().message, kExitUsage);
    const auto moved = checked_move(tables, req->first, req->second);
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
    auto req = parse_move_request(line);
    if (!req) {
      ctx.err << fmt::format("error: line {}: {}\n", n, core::printable(req.error().message));
      bad = true;
      continue;
    }
    const auto moved = checked_move(tables, req->first, req->second);
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
