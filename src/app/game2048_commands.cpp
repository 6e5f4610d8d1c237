// `puzzlelab 2048 ...`: play, move, sim (and the AI's verbs), plus this game's part of
// `puzzlelab bench` and its lines in `sim` summaries.
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>

#include "app/commands.h"
#include "app/game2048_play.h"
#include "app/sim_report.h"
#include "core/sim.h"
#include "core/state_store.h"
#include "core/utf8.h"
#include "game2048/board_text.h"
#include "game2048/game.h"
#include "game2048/ntuple.h"
#include "game2048/players.h"
#include "game2048/search.h"
#include "game2048/session.h"
#include "game2048/sim_check.h"

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

// ---- sim -------------------------------------------------------------------------

// The AI's options, shared by sim, ai and hint.
struct AiOptions {
  std::string level = "normal";
  std::optional<int> depth;
  std::optional<double> ms_per_move;
  bool no_lookup = false;
  std::optional<std::string> network;
};

void add_ai_options(CLI::App* cmd, AiOptions& o) {
  cmd->add_option("--level", o.level, "Search level: fast, normal or strong")
      ->check(CLI::IsMember({"fast", "normal", "strong"}))
      ->capture_default_str();
  cmd->add_option("--depth", o.depth,
                  "Search D spawns deep: your move, then D times (spawn, best reply); overrides the level")
      ->check(CLI::Range(1, 12));
  cmd->add_option("--ms-per-move", o.ms_per_move, "Deepen while each move stays within T ms (depends on the machine)")
      ->check(CLI::Range(0.1, 600000.0));
  cmd->add_flag("--no-lookup", o.no_lookup,
                "Search only: no endgame lookup (exact odds of building the next big tile, from 16384 on)");
  cmd->add_option("--network", o.network,
                  "Value the search's leaves with this learned network (`2048 train`) instead of the heuristic "
                  "(experimental; give --depth 2 or 3: the levels' depths are far too deep for it)");
}

// The settings, with the --network file loaded (an error says what is wrong with it).
core::Result<game2048::AiSettings> ai_settings(const AiOptions& o, unsigned threads) {
  game2048::AiSettings s;
  if (o.network) {
    auto net = game2048::NTupleNetwork::load(*o.network);
    if (!net) return net.error();
    s.network = std::make_shared<const game2048::NTupleNetwork>(std::move(*net));
  }
  s.level = game2048::parse_level(o.level).value_or(game2048::Level::Normal);
  s.depth = o.depth;
  s.ms_per_move = o.ms_per_move;
  s.threads = threads;
  s.endgame = !o.no_lookup;
  return s;
}

json ai_config(const AiOptions& o) {
  json j{{"level", o.level}};
  if (o.depth) j["depth"] = *o.depth;
  if (o.ms_per_move) j["ms_per_move"] = *o.ms_per_move;
  if (o.no_lookup) j["lookup"] = false;
  if (o.network) j["network"] = std::filesystem::path(*o.network).filename().string();
  return j;
}

// The AI's move for a game: the bitboard search, checked against the exact rules
// (the AI sees tiles above 32768 as 32768; see game2048/search.h).
std::optional<Game::Preview> ai_move(game2048::Ai& ai, const Game& g, game2048::SearchStats* stats,
                                     int* depth = nullptr) {
  const auto board = g.bitboard();
  const game2048::AiChoice c = board ? ai.choose(*board) : ai.choose(g.grid());
  if (stats) stats->add(c.stats);
  if (depth) *depth = c.depth;
  if (c.best) {
    Game::Preview p = g.preview(*c.best);
    if (p.moved) return p;
  }
  for (const Move m : game2048::kMoves) {
    Game::Preview p = g.preview(m);
    if (p.moved) return p;
  }
  return std::nullopt;
}

// ---- hint ------------------------------------------------------------------------

struct HintOptions {
  AiOptions ai;
  std::vector<std::string> board;
};

struct Hint {
  std::optional<Move> best;
  std::array<std::optional<float>, 4> values{};
  int depth = 0;
  game2048::SearchStats stats;
  double seconds = 0;
  std::optional<game2048::AiChoice::Endgame> endgame;  // the endgame lookup chose the move
};

Hint compute_hint(const game2048::MoveTables& tables, const Grid& g, const game2048::AiSettings& settings) {
  game2048::Ai ai(tables, settings);
  const auto t0 = std::chrono::steady_clock::now();
  const auto board = game2048::board_from_grid(g);
  const game2048::AiChoice c = board ? ai.choose(*board) : ai.choose(g);
  Hint h;
  h.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  h.depth = c.depth;
  h.stats = c.stats;
  h.endgame = c.endgame;
  // Only moves the exact rules allow (the AI's view caps tiles at 32768).
  for (const Move m : game2048::kMoves) {
    const auto i = static_cast<std::size_t>(m);
    if (!game2048::exact_move(tables, g, m).moved) continue;
    h.values[i] = c.values[i];
    if (!h.values[i]) h.values[i] = 0.0f;  // legal only by a 32768 merge the AI cannot see
  }
  if (c.best && h.values[static_cast<std::size_t>(*c.best)]) h.best = c.best;
  for (const Move m : game2048::kMoves) {
    if (!h.best && h.values[static_cast<std::size_t>(m)]) h.best = m;
  }
  return h;
}

// Why the best move is not the search's: the endgame lookup's odds.
std::string endgame_line(const Hint& h) {
  const auto& e = *h.endgame;
  const auto tile = game2048::tile_value(e.goal);
  const std::string then =
      e.chain_to > 0 ? fmt::format(" (then the chain merges into {})", game2048::tile_value(e.chain_to)) : "";
  return fmt::format("Endgame lookup: {} makes a {} next to the big tiles' {}{} with probability {:.3f} ({}: {:.3f})",
                     game2048::move_name(*h.best), tile, tile, then, e.probability, game2048::move_name(e.searched),
                     e.searched_probability);
}

// Legal moves, best first.
std::vector<std::pair<Move, float>> ranked(const Hint& h) {
  std::vector<std::pair<Move, float>> out;
  for (const Move m : game2048::kMoves) {
    if (const auto v = h.values[static_cast<std::size_t>(m)]) out.emplace_back(m, *v);
  }
  std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  return out;
}

std::vector<std::string> hint_lines(const Hint& h) {
  if (!h.best) return {"Hint: no move changes the board."};
  std::string values;
  for (const auto& [m, v] : ranked(h)) {
    values += fmt::format("{}{} {:.0f}", values.empty() ? "" : " · ", game2048::move_name(m), v);
  }
  std::vector<std::string> out = {
      fmt::format("Hint: {} (depth {}, {:.1f} M moves searched)", game2048::move_name(*h.best), h.depth,
                  static_cast<double>(h.stats.moves) / 1e6),
      "Expected: " + values};
  if (h.endgame) out.push_back(endgame_line(h));
  return out;
}

void run_hint(Context& ctx, const HintOptions& o) {
  std::string text;
  for (const auto& a : o.board) text += a + " ";
  if (text.find_first_not_of(' ') == std::string::npos) {
    std::string line;
    while (std::getline(ctx.in, line)) text += line + "\n";
  }
  auto g = game2048::parse_grid(text, 4);
  if (!g) return ctx.fail(g.error().message + " (give 16 tile values, e.g. \"0 2 2 4 / 0 0 4 8 / ...\")", kExitUsage);
  // An empty board is no position of the game (it starts with two tiles), not a lost one.
  if (game2048::count_empty(*g) == g->area()) {
    return ctx.fail("the board has no tiles: give a position with at least one tile", kExitUsage);
  }
  const auto settings = ai_settings(o.ai, ctx.threads());
  if (!settings) return ctx.fail(settings.error().message);
  const game2048::MoveTables tables;
  const Hint h = compute_hint(tables, *g, *settings);
  if (ctx.opts.json) {
    json moves = json::object();
    for (const Move m : game2048::kMoves) {
      if (const auto v = h.values[static_cast<std::size_t>(m)]) moves[std::string(game2048::move_name(m))] = *v;
    }
    json out{{"moves", moves}, {"depth", h.depth}, {"evaluated_moves", h.stats.moves}, {"seconds", h.seconds}};
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
    for (const auto& [m, v] : ranked(h)) ctx.out << fmt::format("  {:<6} {:>14.1f}\n", game2048::move_name(m), v);
    if (h.endgame) ctx.out << endgame_line(h) << '\n';
    if (!ctx.opts.quiet) {
      ctx.err << fmt::format(
          "(expected heuristic value after the move and the search below it; depth {}, {} "
          "evaluated moves, {:.3f} s)\n",
          h.depth, h.stats.moves, h.seconds);
    }
  }
  if (!h.best) ctx.exit_code = kExitFailure;
}

struct WatchOptions {
  AiOptions ai;
  double speed = 20;
};

struct SimOptions {
  SimCliOptions sim;
  std::string player = "expectimax";
  int size = 4;
  std::optional<std::int64_t> stop_at;
  AiOptions ai;
  std::optional<std::string> checkpoint;  // folder of the games in progress
  std::int64_t checkpoint_every = 1000;   // moves between two saves of a game
};

// ---- sim checkpoints ----------------------------------------------------------------
// With --checkpoint DIR, each game of an expectimax run saves its position to
// DIR/game-<index>.json every --checkpoint-every moves (written aside, then renamed
// over the old file) and when the run is interrupted. A run of the same command with
// the same DIR goes on from there: the search keeps nothing between moves, so the game
// is the one an uninterrupted run plays, move for move. The file also carries the
// evaluated moves and the CPU time spent so far, so the figures cover the whole game.

constexpr const char* kCheckpointFormat = "puzzlelab-2048-checkpoint/1";

struct Checkpoint {
  game2048::Snapshot position;
  std::uint64_t nodes = 0;
  double cpu_seconds = 0;
};

std::filesystem::path checkpoint_path(const std::string& dir, std::uint64_t index) {
  return std::filesystem::path(dir) / fmt::format("game-{}.json", index);
}

std::string checkpoint_text(const std::string& run, std::uint64_t index, const Checkpoint& c) {
  const json j{{"format", kCheckpointFormat},
               {"run", run},
               {"index", index},
               {"position", game2048::snapshot_to_json(c.position)},
               {"nodes", c.nodes},
               {"cpu_seconds", c.cpu_seconds}};
  return j.dump(2) + "\n";
}

// Reads and checks one checkpoint of game `index` of the run `run`; the error says
// what is wrong with it.
core::Result<Checkpoint> read_checkpoint(const game2048::MoveTables& tables, const std::filesystem::path& path,
                                         const std::string& run, std::uint64_t index, int size,
                                         std::optional<int> stop_at_exponent) {
  auto read = core::read_file_capped(path, core::kStateFileCap);
  if (!read) return read.error();
  const json j = json::parse(*read, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return core::Error{"not a JSON object (a broken or foreign file)"};
  const auto field = [&j](const char* name) { return j.contains(name) ? &j.at(name) : nullptr; };
  const json* format = field("format");
  if (format == nullptr || !format->is_string() || *format != kCheckpointFormat) {
    return core::Error{fmt::format("not a checkpoint (expected \"format\": \"{}\")", kCheckpointFormat)};
  }
  const json* run_field = field("run");
  if (run_field == nullptr || !run_field->is_string() || *run_field != run) {
    return core::Error{"it was saved by another run (another seed, player, level or number of games)"};
  }
  const json* index_field = field("index");
  if (index_field == nullptr || !index_field->is_number_unsigned() || index_field->get<std::uint64_t>() != index) {
    return core::Error{fmt::format("it does not hold game {}", index)};
  }
  const json* nodes = field("nodes");
  const json* cpu = field("cpu_seconds");
  // Above 2^63 - 1 the game's evaluated moves would turn negative as a signed figure.
  if (nodes == nullptr || !nodes->is_number_unsigned() ||
      nodes->get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX)) {
    return core::Error{"'nodes' must be a whole number from 0 to 9223372036854775807"};
  }
  if (cpu == nullptr || !cpu->is_number() || !(cpu->get<double>() >= 0) || cpu->get<double>() > 1e12) {
    return core::Error{"'cpu_seconds' must be a number of seconds >= 0"};
  }
  const json* position = field("position");
  if (position == nullptr) return core::Error{"'position' is missing"};
  auto snapshot = game2048::snapshot_from_json(*position, size);
  if (!snapshot) return core::Error{"position: " + snapshot.error().message};
  if (auto g = Game::restore(tables, *snapshot); !g) return core::Error{"position: " + g.error().message};
  // A position the game can have reached: checkpoints are saved before a move is
  // searched, so never on or past the --stop-at tile either.
  if (auto e = game2048::check_position(snapshot->grid, snapshot->moves, snapshot->score, "board")) {
    return core::Error{"position: " + *e};
  }
  if (stop_at_exponent && game2048::max_exponent(snapshot->grid) >= *stop_at_exponent) {
    return core::Error{fmt::format("position: it holds a {} tile, but the game stops when it makes --stop-at {}",
                                   game2048::tile_value(game2048::max_exponent(snapshot->grid)),
                                   game2048::tile_value(*stop_at_exponent))};
  }
  return Checkpoint{*snapshot, nodes->get<std::uint64_t>(), cpu->get<double>()};
}

// The checkpoints of this run's games (this shard's), checked before anything is played.
core::Result<std::map<std::uint64_t, Checkpoint>> load_checkpoints(const game2048::MoveTables& tables,
                                                                   const std::string& dir, const core::SimSpec& spec,
                                                                   const std::optional<std::string>& shard_text,
                                                                   int size, std::optional<int> stop_at_exponent) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec || !std::filesystem::is_directory(dir, ec)) {
    return core::Error{fmt::format("--checkpoint {}: not a folder that can be made or used", dir)};
  }
  core::Shard shard;
  if (shard_text) {
    auto parsed = core::parse_shard(*shard_text);
    if (!parsed) return parsed.error();
    shard = *parsed;
  }
  const std::string run = core::run_fingerprint(spec);
  std::map<std::uint64_t, Checkpoint> found;
  for (std::uint64_t index = shard.index; index < spec.games; index += shard.count) {
    const auto path = checkpoint_path(dir, index);
    if (!std::filesystem::exists(path, ec)) continue;
    auto c = read_checkpoint(tables, path, run, index, size, stop_at_exponent);
    if (!c) {
      return core::Error{
          fmt::format("--checkpoint: {}: {}. Remove it to play game {} from the start, or give "
                      "another folder.",
                      path.string(), c.error().message, index)};
    }
    found.emplace(index, std::move(*c));
  }
  return found;
}

// Checkpoint writes that fail (a full disk, a folder made read-only). The first failure
// is reported at once, with its reason, and the run goes on; kCheckpointFailuresToStop
// failures in a row (no checkpoint of any game written in between) stop the run, which
// would otherwise play on for hours with nothing saved to go on from. Five: a passing
// hiccup (a file briefly locked, space freed a moment later) does not end a long run,
// while a disk that stays full stops it within five saves.
constexpr std::uint64_t kCheckpointFailuresToStop = 5;

class CheckpointWrites {
 public:
  // `warn` prints the first failure; it is called on the thread of the game that
  // failed, under this object's lock.
  explicit CheckpointWrites(std::function<void(const std::string&)> warn) : warn_(std::move(warn)) {}

  void failed(std::uint64_t index, const std::string& message) {
    const std::lock_guard lock(mutex_);
    if (count_++ == 0) {
      first_ = message;
      if (warn_) {
        warn_(fmt::format("cannot write checkpoint of game {}: {}; the run goes on, and stops if {} in a row fail",
                          index, message, kCheckpointFailuresToStop));
      }
    }
    last_ = message;
    if (++in_a_row_ >= kCheckpointFailuresToStop) stop_.store(true);
  }
  void succeeded() {
    const std::lock_guard lock(mutex_);
    in_a_row_ = 0;
  }
  // True once the run must stop: games end where they are, unfinished and uncounted.
  [[nodiscard]] bool stopped() const { return stop_.load(); }
  [[nodiscard]] std::uint64_t count() const {
    const std::lock_guard lock(mutex_);
    return count_;
  }
  [[nodiscard]] std::string first() const {
    const std::lock_guard lock(mutex_);
    return first_;
  }
  [[nodiscard]] std::string last() const {
    const std::lock_guard lock(mutex_);
    return last_;
  }

 private:
  std::function<void(const std::string&)> warn_;
  mutable std::mutex mutex_;
  std::uint64_t count_ = 0;
  std::uint64_t in_a_row_ = 0;
  std::string first_;
  std::string last_;
  std::atomic<bool> stop_{false};
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
  if (o.player != "random" && o.player != "greedy" && o.player != "expectimax") {
    return ctx.fail(fmt::format("unknown player '{}' (random, greedy, expectimax)", o.player), kExitUsage);
  }
  if (o.player == "expectimax" && o.size != 4) return ctx.fail("the expectimax player plays 4×4 boards", kExitUsage);
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
  const bool with_ai = o.player == "expectimax";
  if (with_ai) {
    spec.metrics.push_back("nodes");
    spec.config.update(ai_config(o.ai));
  }
  const std::optional<int> stop = stop_exponent(o);
  const std::string player = o.player;
  const int size = o.size;
  const auto* cancel = ctx.interrupted;
  // Games run in parallel; a game's search gets the threads left over (root
  // parallelism), which does not change any result.
  const unsigned threads = ctx.threads();
  const std::uint64_t planned = std::max<std::uint64_t>(1, *games);
  const unsigned search_threads =
      std::max(1u, threads / static_cast<unsigned>(std::min<std::uint64_t>(threads, planned)));
  const auto ai_loaded = with_ai ? ai_settings(o.ai, search_threads) : core::Result(game2048::AiSettings{});
  if (!ai_loaded) return ctx.fail(ai_loaded.error().message);
  const game2048::AiSettings& settings = *ai_loaded;

  // Checkpoints: only for the AI (other players finish a game in milliseconds), and
  // with one search thread a game, so that the game's own thread's CPU time is all of it.
  auto checkpoints = std::make_shared<std::map<std::uint64_t, Checkpoint>>();
  // ctx.err is std::cerr in the program, which may be written from any thread (the
  // standard streams are synchronised with stdio); the lock keeps the warning whole.
  auto checkpoint_writes =
      std::make_shared<CheckpointWrites>([&ctx](const std::string& message) { ctx.warn(message); });
  const std::string checkpoint_dir = o.checkpoint.value_or("");
  const std::int64_t every = o.checkpoint_every;
  if (o.checkpoint) {
    if (!with_ai)
      return ctx.fail("--checkpoint is for --player expectimax (other players' games take milliseconds)", kExitUsage);
    if (search_threads != 1) {
      return ctx.fail(fmt::format("--checkpoint counts each game's CPU time on its own thread: run one search thread "
                                  "a game (--threads at most --games, here {})",
                                  *games),
                      kExitUsage);
    }
    auto loaded = load_checkpoints(*tables, checkpoint_dir, spec, o.sim.shard, size, stop_exponent(o));
    if (!loaded) return ctx.fail(loaded.error().message);
    *checkpoints = std::move(*loaded);
    if (!checkpoints->empty() && !ctx.opts.quiet) {
      ctx.err << fmt::format("checkpoint: {} {} on from {}\n", checkpoints->size(),
                             checkpoints->size() == 1 ? "game goes" : "games go", checkpoint_dir);
    }
  }
  const std::string run = core::run_fingerprint(spec);
  run_sim_command(
      ctx, spec,
      [tables, player, size, stop, cancel, settings, checkpoints, checkpoint_writes, checkpoint_dir, every, run](
          std::uint64_t index, core::Rng& rng) {
        if (checkpoint_writes->stopped()) {
          core::GameResult not_played;
          not_played.finished = false;
          return not_played;
        }
        Game start = Game::start(*tables, size, core::Rng(rng.next()));
        core::Rng pick(rng.next());
        game2048::Chooser choose;
        std::unique_ptr<game2048::Ai> ai;
        game2048::SearchStats stats;
        const double cpu_start = core::thread_cpu_seconds();
        double prior_cpu = 0;
        bool continued = false;
        if (const auto it = checkpoints->find(index); it != checkpoints->end()) {
          start = *Game::restore(*tables, it->second.position);  // checked when loaded
          stats.moves = it->second.nodes;
          prior_cpu = it->second.cpu_seconds;
          continued = true;
        }
        // The position before the last search, with the figures before it: what an
        // interrupted game saves (the search of that move is done again).
        std::optional<Checkpoint> last;
        const auto save = [&](const Checkpoint& c) {
          const auto path = checkpoint_path(checkpoint_dir, index);
          if (auto e = core::write_file_atomic(path, checkpoint_text(run, index, c))) {
            checkpoint_writes->failed(index, e->message);
          } else {
            checkpoint_writes->succeeded();
          }
        };
        // Set when the game ends early because checkpoints cannot be written.
        bool abandoned = false;
        if (player == "random") {
          choose = [&pick](const Game& g) { return game2048::random_move(g, pick); };
        } else if (player == "greedy") {
          choose = [](const Game& g) { return game2048::greedy_move(g); };
        } else {
          ai = std::make_unique<game2048::Ai>(*tables, settings);
          choose = [&](const Game& g) -> std::optional<Game::Preview> {
            if (checkpoint_writes->stopped()) {
              abandoned = true;
              return std::nullopt;
            }
            if (!checkpoint_dir.empty()) {
              last = Checkpoint{g.snapshot(), stats.moves, prior_cpu + core::thread_cpu_seconds() - cpu_start};
              if (g.moves() % every == 0 && g.moves() != start.moves()) save(*last);
            }
            return ai_move(*ai, g, &stats);
          };
        }
        const game2048::PlayedGame pg = game2048::play_to_end(start, choose, stop, cancel);
        if (pg.cut_short && last) save(*last);
        core::GameResult r;
        r.win = pg.reached_2048;
        r.primary = game2048::tile_value(pg.max_exponent);
        r.metrics = {pg.score, pg.moves};
        if (ai) r.metrics.push_back(static_cast<std::int64_t>(stats.moves));
        // The board the game ended on, as `2048 hint` reads it (where and how it was lost).
        r.detail = json{{"board", game2048::grid_values_line(pg.final_grid)}};
        r.finished = !pg.cut_short && !abandoned;
        r.continued = continued;
        r.prior_cpu_seconds = prior_cpu;
        return r;
      },
      o.sim);
  if (checkpoint_writes->stopped()) {
    ctx.fail(
        fmt::format("checkpoint: no checkpoint could be written {} times in a row, so the run stopped; the last "
                    "error: {}",
                    kCheckpointFailuresToStop, checkpoint_writes->last()));
    ctx.err << fmt::format(
        "note: the summary covers the games finished before the stop; the games in progress were not saved. Make "
        "room or fix {}, then run the same command again to go on\n",
        core::printable(checkpoint_dir));
    return;
  }
  if (const std::uint64_t failed = checkpoint_writes->count(); failed > 0) {
    ctx.err << fmt::format("warning: {} checkpoint{} could not be written; the first: {}\n", failed,
                           failed == 1 ? "" : "s", checkpoint_writes->first());
    if (ctx.exit_code == kExitOk) ctx.exit_code = kExitFailure;
  }
}

// ---- train -----------------------------------------------------------------------

struct TrainOptions {
  std::uint64_t games = 100000;
  float alpha = 0.1f;
  std::string out;
  std::optional<std::string> from;
  std::vector<int> stages;  // tile values at which the later stages begin
  std::uint64_t report_every = 10000;
  std::optional<std::string> starts;
  std::uint64_t save_every = 0;
  double restart_share = 0;
  int restart_from = 8192;
  bool coherence = false;
  int lookahead_from = 0;
};

// The boards of a positions file: one a line, the 16 tile values after "board" (the
// "start N ... board ..." lines of the tuning tool) or the whole line; '#' comments.
core::Result<std::vector<game2048::Board>> read_start_boards(const game2048::MoveTables& tables,
                                                             const std::string& path) {
  auto file = core::read_file_capped(path, core::kDataFileCap);
  if (!file) return file.error();
  std::istringstream in(*file);
  std::vector<game2048::Board> out;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.find_first_not_of(" \t\r") == std::string::npos || line[line.find_first_not_of(" \t")] == '#') continue;
    const auto at = line.find("board ");
    const std::string text = at == std::string::npos ? line : line.substr(at + 6);
    auto g = game2048::parse_grid(text, 4);
    if (!g) return core::Error{fmt::format("{}: line {}: {}", path, n, g.error().message)};
    const auto b = game2048::board_from_grid(*g);
    if (!b) return core::Error{fmt::format("{}: line {}: a tile above 32768", path, n)};
    if (std::none_of(game2048::kMoves.begin(), game2048::kMoves.end(),
                     [&](Move m) { return tables.move(*b, m) != *b; })) {
      return core::Error{fmt::format("{}: line {}: no move is left in this position", path, n)};
    }
    out.push_back(*b);
  }
  if (out.empty()) return core::Error{fmt::format("{}: no positions", path)};
  return out;
}

void run_train(Context& ctx, const TrainOptions& o) {
  std::vector<int> from_exponent;
  for (const int tile : o.stages) {
    const int e = std::countr_zero(static_cast<unsigned>(tile));
    if (tile < 4 || std::popcount(static_cast<unsigned>(tile)) != 1 || e > game2048::kMaxNibbleExponent ||
        (!from_exponent.empty() && e <= from_exponent.back())) {
      return ctx.fail(fmt::format("--stages {}: expected rising tile values such as 8192,16384", tile), kExitUsage);
    }
    from_exponent.push_back(e);
  }
  std::optional<game2048::NTupleNetwork> net;
  bool promoted = false;
  if (o.from) {
    auto loaded = game2048::NTupleNetwork::load(*o.from);
    if (!loaded) return ctx.fail(loaded.error().message);
    if (!o.stages.empty() && loaded->stage_from() != from_exponent) {
      if (loaded->stages() != 1) {
        return ctx.fail(fmt::format("--stages differs from the stages of {}", *o.from), kExitUsage);
      }
      // One stage becomes several, each starting from its weights.
      net.emplace(loaded->promoted(from_exponent));
      promoted = true;
    } else {
      net.emplace(std::move(*loaded));
    }
  } else {
    net.emplace(from_exponent);
  }
  const game2048::MoveTables tables;
  std::vector<game2048::Board> starts;
  if (o.starts) {
    auto read = read_start_boards(tables, *o.starts);
    if (!read) return ctx.fail(read.error().message);
    starts = std::move(*read);
  }
  // Temporal coherence's rates go on from those of --from (its .coherence file, when
  // there is one), unless its stages were just made: promotion starts them afresh.
  game2048::CoherenceState coherence;
  const std::string coherence_out = o.out + ".coherence";
  if (o.coherence && o.from && !promoted && std::filesystem::exists(*o.from + ".coherence")) {
    auto c = game2048::CoherenceState::load(*o.from + ".coherence", net->weights().size());
    if (!c) return ctx.fail(c.error().message);
    coherence = std::move(*c);
  }
  auto save_all = [&]() -> core::Result<bool> {
    if (auto saved = net->save(o.out); !saved) return saved;
    if (o.coherence && !coherence.error_sum.empty()) return coherence.save(coherence_out);
    return true;
  };
  // Fail before hours of training, not after: the output must be writable now.
  if (auto saved = net->save(o.out); !saved) return ctx.fail(saved.error().message);
  game2048::TrainSettings s;
  s.games = o.games;
  s.seed = ctx.opts.seed.value_or(1);
  s.alpha = o.alpha;
  s.report_every = o.report_every;
  s.starts = std::move(starts);
  s.restart_share = o.restart_share;
  s.coherence = o.coherence;
  s.restart_from = std::countr_zero(static_cast<unsigned>(o.restart_from));
  s.lookahead_from = o.lookahead_from > 0 ? std::countr_zero(static_cast<unsigned>(o.lookahead_from)) : 0;
  const std::uint64_t before = net->trained_games;
  std::uint64_t next_save = o.save_every;
  const std::uint64_t played = game2048::train(
      *net, tables, s,
      [&](const game2048::TrainReport& r) {
        if (o.save_every > 0 && r.games >= next_save && r.games < s.games) {
          next_save = r.games + o.save_every;
          if (auto saved = save_all(); !saved) ctx.err << "warning: " << saved.error().message << '\n';
        }
        std::string reach;
        for (int e = 11; e <= 15; ++e) {
          reach += fmt::format(
              "  {} {:.1f}%", game2048::tile_value(e),
              100.0 * static_cast<double>(r.reached[static_cast<std::size_t>(e)]) / static_cast<double>(r.window));
        }
        std::string restarts;
        if (r.restarted > 0) {
          restarts = fmt::format("  | {} restarts: mean score {:.0f} from there", r.restarted, r.restarted_mean_score);
          for (int e = 0; e < 16; ++e) {
            const auto from = r.restarted_from[static_cast<std::size_t>(e)];
            if (from == 0) continue;
            restarts += fmt::format("; {} from {}: {:.1f}% made {}", from, game2048::tile_value(e),
                                    100.0 * static_cast<double>(r.restarted_doubled[static_cast<std::size_t>(e)]) /
                                        static_cast<double>(from),
                                    game2048::tile_value(e + 1));
          }
        }
        ctx.err << fmt::format("games {} ({} in all)  {:.2f} M moves/s  last {} games: mean score {:.0f}{}{}\n",
                               r.games, before + r.games, static_cast<double>(r.moves) / r.seconds / 1e6, r.window,
                               r.mean_score, reach, restarts);
        ctx.err.flush();
      },
      ctx.interrupted, &coherence);
  if (auto saved = save_all(); !saved) return ctx.fail(saved.error().message);
  ctx.out << fmt::format("{}: {} games trained ({} in all), seed {}, alpha {}\n", o.out, played, net->trained_games,
                         s.seed, s.alpha);
  if (played < o.games) ctx.fail(fmt::format("interrupted after {} games (saved)", played), kExitInterrupted);
}

}  // namespace

void add_game2048_commands(CLI::App& root, Context& ctx) {
  auto* game = root.add_subcommand("2048", "2048: the sliding-tile game, its AI and simulation");
  game->footer(R"(Examples:
  puzzlelab 2048 play                      full-screen game (arrows, wasd or hjkl)
  puzzlelab 2048 move "0 2 2 4 / 0 0 4 8 / 0 0 0 0 / 2 0 0 0" right
  puzzlelab 2048 ai --level fast
  puzzlelab 2048 hint "0 2 2 4 / 0 0 4 8 / 0 0 0 16 / 2 0 0 32"
  puzzlelab 2048 sim --player expectimax --level fast --games 20)");

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
    ctx.no_json(cmd);
    ctx.on_run(cmd, [&ctx, opts] {
      const game2048::MoveTables tables;
      Game2048PlayOptions o = *opts;
      if (o.size == 4) {
        // The `i` key: the normal level's advice on all threads.
        game2048::AiSettings settings = ai_settings(AiOptions{}, ctx.threads()).value();
        o.hint = [&tables, settings](const Game& g) { return hint_lines(compute_hint(tables, g.grid(), settings)); };
      }
      run_game2048_play(ctx, tables, o);
    });
  }

  // move
  {
    auto* cmd = game->add_subcommand("move", "Apply one move to a board and print the result (no spawn)");
    auto opts = std::make_shared<MoveOptions>();
    cmd->add_flag("--stdin", opts->from_stdin, "Read one request a line from stdin");
    cmd->add_option("board", opts->args,
                    "16 tile values (row-major, 0 empty; '/' between rows allowed) and a direction");
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

  // hint
  {
    auto* cmd = game->add_subcommand("hint", "The AI's best move for a board and each legal move's expected value");
    auto opts = std::make_shared<HintOptions>();
    cmd->add_option("board", opts->board, "16 tile values, row-major ('/' between rows allowed); stdin when absent");
    add_ai_options(cmd, opts->ai);
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

  // ai
  {
    auto* cmd = game->add_subcommand("ai", "Watch the expectimax AI play, full screen");
    auto opts = std::make_shared<WatchOptions>();
    add_ai_options(cmd, opts->ai);
    cmd->add_option("--speed", opts->speed, "Moves per second (0: as fast as the AI goes)")
        ->check(CLI::Range(0.0, 100000.0))
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
      const auto settings = ai_settings(opts->ai, ctx.threads());
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
        if (const auto p = ai_move(ai, g, &stats, &depth)) c.move = p->move;
        c.depth = depth;
        c.nodes = stats.moves;
        return c;
      };
      run_game2048_watch(ctx, tables, w);
    });
  }

  // train
  {
    auto* cmd = game->add_subcommand("train", "Train the learned evaluation (an n-tuple network) by self-play");
    auto opts = std::make_shared<TrainOptions>();
    cmd->add_option("--games", opts->games, "Games of self-play to learn from")
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40))
        ->capture_default_str();
    cmd->add_option("--alpha", opts->alpha, "Learning rate")->check(CLI::Range(1e-6, 1.0))->capture_default_str();
    cmd->add_option("--out", opts->out, "Write the network to this file (also written first, and when interrupted)")
        ->required();
    cmd->add_option("--from", opts->from,
                    "Go on training this network (its stages are kept; a one-stage network given --stages starts "
                    "each stage from its weights)");
    cmd->add_option("--starts", opts->starts,
                    "Start the games from these positions in turn (one board a line, e.g. late positions)");
    cmd->add_option("--stages", opts->stages, "Tiles from which a separate weight set is used, e.g. 8192,16384")
        ->delimiter(',');
    cmd->add_flag("--coherence", opts->coherence,
                  "Temporal coherence: each weight's own rate, from the consistency of its errors (use --alpha 1)");
    cmd->add_option("--restart-share", opts->restart_share,
                    "Start this share of the games from where earlier games first made a tile of --restart-from "
                    "or more")
        ->check(CLI::Range(0.0, 1.0));
    cmd->add_option("--restart-from", opts->restart_from, "The smallest tile whose positions are kept for restarts")
        ->check(CLI::IsMember({256, 512, 1024, 2048, 4096, 8192, 16384, 32768}))
        ->capture_default_str();
    cmd->add_option("--lookahead-from", opts->lookahead_from,
                    "Once a game holds this tile, choose its moves one spawn and one move further (over ten times "
                    "slower a move; a late stage learns from better play)")
        ->check(CLI::IsMember({2048, 4096, 8192, 16384, 32768}));
    cmd->add_option("--save-every", opts->save_every,
                    "Also write --out every N games (at the first progress line after each N)")
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
    cmd->add_option("--report-every", opts->report_every, "Games between two progress lines (stderr)")
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40))
        ->capture_default_str();
    cmd->footer(R"(Self-play by TD(0) learning on afterstates (docs/game2048.md). One thread; the result
depends only on --seed, --games, --alpha and the --from network. The file holds
4 x 16^6 weights a stage (256 MiB each). Ctrl-C stops and saves the games so far
(--save-every also saves on the way). --stages gives the late game its own weights;
--starts starts the games from given (late) positions, so such a stage can learn;
--lookahead-from plays the late game one spawn and one move deeper, so it learns from
better play (over ten times the time a move).

Examples:
  puzzlelab 2048 train --games 200000 --seed 1 --out net.bin
  puzzlelab 2048 train --games 100000 --seed 2 --alpha 0.01 --from net.bin --out net2.bin
  puzzlelab 2048 train --games 50000 --from net.bin --stages 16384 --starts late.txt --out staged.bin)");
    ctx.no_json(cmd);
    ctx.on_run(cmd, [&ctx, opts] { run_train(ctx, *opts); });
  }

  // sim
  {
    auto* cmd = game->add_subcommand("sim", "Simulate many games with a player and summarise them");
    auto opts = std::make_shared<SimOptions>();
    add_sim_options(cmd, opts->sim, "100");
    cmd->add_option("--player", opts->player, "random, greedy or expectimax")
        ->check(CLI::IsMember({"random", "greedy", "expectimax"}))
        ->capture_default_str();
    cmd->add_option("--size", opts->size, "Board size for random and greedy, 3 to 8")->check(CLI::Range(3, 8));
    cmd->add_option("--stop-at", opts->stop_at, "Stop each game once this tile is made (e.g. 2048)");
    add_ai_options(cmd, opts->ai);
    auto* checkpoint = cmd->add_option("--checkpoint", opts->checkpoint,
                                       "Save each AI game in progress in this folder; the same command with the same "
                                       "folder goes on from there");
    cmd->add_option("--checkpoint-every", opts->checkpoint_every, "Moves between two saves of a game")
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{1} << 40))
        ->needs(checkpoint)
        ->capture_default_str();
    cmd->footer(R"(Each game i uses the seed mix(--seed, i), so results do not depend on --threads
(except with --ms-per-move, a wall-clock budget). The summary gives the share of games
reaching each tile, score, moves per game, moves/s, and for the AI evaluated moves per
CPU second. A game stops at its end, or at the --stop-at tile.

A long AI run can be stopped and started again without losing anything: --jsonl
--resume keeps the finished games, and --checkpoint DIR the games in progress (each
saved every --checkpoint-every moves and when interrupted; the same command with the
same DIR goes on from there, with the same moves). Their CPU time and evaluated moves
carry over; the wall-clock rate is then not measured. A checkpoint that cannot be written
is reported at once; 5 failures in a row stop the run (exit status 1, with the summary).

Examples:
  puzzlelab 2048 sim --player random --games 10000
  puzzlelab 2048 sim --player greedy --games 1000 --seed 3 --json
  puzzlelab 2048 sim --player expectimax --level fast --games 20 --seed 1
  puzzlelab 2048 sim --player expectimax --depth 2 --games 10 --stop-at 2048
  puzzlelab 2048 sim --player expectimax --level strong --games 20 --jsonl > strong.jsonl
  puzzlelab 2048 sim --player expectimax --level strong --games 20 --shard 3/20 --threads 1 \
      --checkpoint strong.ckpt --out strong-3.json)");
    ctx.on_run(cmd, [&ctx, opts] { run_sim(ctx, *opts); });
  }
}

std::vector<BenchPart> game2048_bench_parts() {
  std::vector<BenchPart> parts;
  // The engine: 20,000 random games through the harness; the figure mixes every
  // game's score, moves and top tile in index order (thread-independent).
  parts.push_back({"2048: random play", [](const Context& ctx) {
                     const game2048::MoveTables tables;
                     core::SimSpec spec;
                     spec.game = "bench";
                     spec.player = "random";
                     spec.seed = 2048;
                     spec.games = 20000;
                     std::uint64_t figure = 0;
                     core::SimHooks hooks;
                     hooks.on_game = [&figure](std::uint64_t index, const core::GameResult& r) {
                       std::uint64_t s =
                           figure ^ (index * 0x9e3779b97f4a7c15ULL) ^ static_cast<std::uint64_t>(r.primary);
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
                   }});
  // The search: a seeded game played at depth 1 for 1,200 moves gives 12 positions
  // (every 100th); each is searched at depth 3 with the normal level's cut-off. The
  // figure is the total of evaluated moves, which any change to the search, the
  // shallow weights (the depth-1 game) or the tables moves (root-parallel on --threads,
  // same count). A count of nodes does not depend on the leaves' values, so the levels'
  // weights leave it unchanged.
  parts.push_back({"2048: expectimax nodes", [](const Context& ctx) {
                     const game2048::MoveTables tables;
                     std::vector<game2048::Board> boards;
                     {
                       game2048::AiSettings s;
                       s.depth = 1;
                       game2048::Ai ai(tables, s);
                       Game g = Game::start(tables, 4, core::Rng(2048));
                       while (!g.over() && g.moves() < 1200 && g.bitboard()) {
                         if (g.status() == game2048::Status::Won) g.keep_going();
                         if (g.moves() % 100 == 0) boards.push_back(*g.bitboard());
                         const auto c = ai.choose(*g.bitboard());
                         if (!c.best) break;
                         g.play(*c.best);
                       }
                     }
                     game2048::AiSettings s;
                     s.level = game2048::Level::Normal;
                     s.depth = 3;
                     s.threads = ctx.threads();
                     game2048::Ai ai(tables, s);
                     std::uint64_t nodes = 0;
                     for (const game2048::Board b : boards) nodes += ai.choose(b).stats.moves;
                     return nodes;
                   }});
  return parts;
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
    if (s.resumed > 0) {
      // The resumed games' time is not known: no rate would be honest.
      lines.push_back({"moves/s", fmt::format("not measured ({} games resumed from a log)", s.resumed)});
    } else if (s.continued > 0) {
      // Their CPU time before the checkpoint is known, their wall time is not.
      lines.push_back(
          {"moves/s",
           fmt::format("wall rate not measured ({} games went on from a checkpoint), {:.3g} CPU "
                       "s per move",
                       s.continued, total_moves > 0 ? s.cpu_seconds / static_cast<double>(total_moves) : 0.0)});
    } else if (s.wall_seconds > 0) {
      lines.push_back(
          {"moves/s",
           fmt::format("{:.0f} (wall), {:.3g} CPU s per move", static_cast<double>(total_moves) / s.wall_seconds,
                       total_moves > 0 ? s.cpu_seconds / static_cast<double>(total_moves) : 0.0)});
    }
  }
  if (const core::Stats* nodes = s.metric("nodes")) {
    if (s.cpu_seconds > 0 && s.resumed == 0) {
      lines.push_back({"nodes/s", fmt::format("{:.1f} M evaluated moves per CPU second",
                                              static_cast<double>(nodes->sum()) / s.cpu_seconds / 1e6)});
    }
  }
  return lines;
}

}  // namespace puzzlelab::app
