#pragma once
// The simulation harness behind every game's `sim` verb: plays games in parallel with
// per-game seeds (mix(seed, index)), reduces results in index order (so the output is
// byte-identical for any thread count), and summarises them exactly, so that shard
// results of one run merge into exactly the summary of a single run.
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/cluster.h"
#include "core/result.h"
#include "core/rng.h"
#include "core/stats.h"

namespace puzzlelab::core {

// Shard K of N: the games whose index is congruent to K modulo N.
struct Shard {
  std::uint64_t index = 0;
  std::uint64_t count = 1;
  friend bool operator==(const Shard&, const Shard&) = default;
};
Result<Shard> parse_shard(std::string_view text);  // "K/N", 0 <= K < N

struct SimSpec {
  std::string game;    // "wordle", "handle", "2048"
  std::string player;  // "entropy", "expectimax", ...
  std::uint64_t seed = 0;
  std::uint64_t games = 0;  // games in the whole run (every shard together)
  Shard shard;
  std::string primary = "guesses";                   // the per-game figure whose distribution is drawn
  std::vector<std::string> metrics;                  // further per-game integer figures
  nlohmann::json config = nlohmann::json::object();  // settings, echoed in the output
  nlohmann::json extra = nlohmann::json::object();   // results known up front (first_guess)
};

struct GameResult {
  bool win = false;
  std::int64_t primary = 0;
  std::vector<std::int64_t> metrics;  // in SimSpec::metrics order
  nlohmann::json detail;              // optional per-game detail for --jsonl
  // false: the game was cut short by an interrupt. It is not counted (its score and
  // tiles are partial) and the run is marked incomplete.
  bool finished = true;
  // The game went on from a checkpoint an earlier run saved (2048 sim --checkpoint);
  // prior_cpu_seconds is the CPU time that run had spent on it, added to the summary's
  // CPU time so that per-move and per-node rates cover the whole game.
  bool continued = false;
  double prior_cpu_seconds = 0;
};

// A game's own checks of figures read from files, for what only the game knows (a 2048
// tile is a power of two its board can hold, a Wordle game takes at least one guess):
// one game of a --resume log, or the histograms of a shard file. Each returns what is
// wrong, naming the field, or nullopt.
using GameCheck = std::function<std::optional<std::string>(const SimSpec& spec, const GameResult& game)>;
struct SimSummary;
using SummaryCheck = std::function<std::optional<std::string>(const SimSummary& summary)>;

struct SimSummary {
  SimSpec spec;
  std::uint64_t games = 0;  // games actually played (this shard)
  std::uint64_t wins = 0;
  Stats primary;
  std::vector<Stats> metrics;
  double wall_seconds = 0;
  double cpu_seconds = 0;
  bool complete = true;  // false when the run was interrupted
  // Games taken from the log of an earlier run (--resume) instead of being played:
  // counted like the others, but their time is not in wall_seconds or cpu_seconds.
  std::uint64_t resumed = 0;
  // Games that went on from a checkpoint (GameResult::continued): their earlier CPU
  // time is in cpu_seconds, their earlier wall time is not.
  std::uint64_t continued = 0;
  // Processes that played the run (MPI ranks; 1 for one process). Their CPU time is all
  // in cpu_seconds.
  int ranks = 1;

  [[nodiscard]] double win_rate() const { return games ? static_cast<double>(wins) / static_cast<double>(games) : 0.0; }
  [[nodiscard]] const Stats* metric(std::string_view name) const;

  // The result document (`--json`). With exact = true it also carries the exact
  // histograms that `merge` needs (the shard-file form).
  [[nodiscard]] nlohmann::json to_json(bool exact) const;
  // Reads a shard file (a document written with exact = true), checked against what a
  // real run can produce: counts within the shard's games, every histogram adding up
  // to the games, totals that fit 64 bits, seconds finite and >= 0, and `check` (the
  // game's own). The error names the field.
  static Result<SimSummary> from_json(const nlohmann::json& j, const SummaryCheck& check = {});
};

struct SimHooks {
  // Called on the calling thread, in index order, for each finished game.
  std::function<void(std::uint64_t index, const GameResult&)> on_game;
  // Called about every 100 ms with games done (this shard) and the summary so far.
  std::function<void(std::uint64_t done, std::uint64_t total, const SimSummary&)> on_progress;
  const std::atomic<bool>* cancel = nullptr;
  // Games already played (by index), e.g. read from an interrupted run's --jsonl log:
  // they are not played again, and they enter the summary and on_game in index order
  // like the others, so the result is the one an uninterrupted run would give.
  const std::map<std::uint64_t, GameResult>* resumed = nullptr;
  // Play across the ranks of this cluster (core/distributed.h) when it has more than one.
  // Then only rank 0 gets on_game, on_progress and a summary; on the other ranks
  // run_simulation returns an incomplete summary with no games once the run is over.
  Cluster* cluster = nullptr;
  // Optional, under a cluster: games with equal keys are alike (say, they share their
  // positions after the first guess, which a player decides once per process), so they
  // are handed out together, in key order, and a rank meets few kinds of games. Results
  // still reach on_game and the summary in index order, so the output does not change.
  // Called on every rank for every index; it must not depend on the rank.
  std::function<std::uint64_t(std::uint64_t index)> group;
};

// play(index, rng) plays game `index` (0 <= index < spec.games) with rng seeded by
// mix(spec.seed, index). Only indices of spec.shard are played.
using PlayFn = std::function<GameResult(std::uint64_t index, Rng& rng)>;

SimSummary run_simulation(const SimSpec& spec, unsigned threads, const PlayFn& play, const SimHooks& hooks = {});

// Number of game indices in [0, games) that belong to the shard.
std::uint64_t shard_size(std::uint64_t games, const Shard& shard);

// Combines the shard results of one run into the summary of the whole run. Every
// shard must come from the same run (game, player, seed, games, config) and all N
// shards must be present exactly once; the error says which is missing or differs.
// With `allow_missing`, the shards given are summed even if some are missing or were
// interrupted (a long run still in progress): the result is then marked incomplete, and
// `missing` (if not null) receives the missing shard indices. Without it, a shard whose
// run was interrupted is refused. Totals that would overflow are an error.
Result<SimSummary> merge_summaries(const std::vector<SimSummary>& parts, bool allow_missing = false,
                                   std::vector<std::uint64_t>* missing = nullptr);

// A short fingerprint of the run (game, player, seed, games, settings, figures; not
// the shard): every --jsonl line carries it, so that --resume can refuse a log of
// another run.
std::string run_fingerprint(const SimSpec& spec);

// One --jsonl line for game `index` of the run; `fingerprint` is run_fingerprint(spec),
// computed once a run by the caller rather than once a line.
nlohmann::json game_log_line(const SimSpec& spec, const std::string& fingerprint, std::uint64_t index,
                             const GameResult& r);

// The games of a --jsonl log that belong to the run `spec` (and to its shard).
struct GameLog {
  std::map<std::uint64_t, GameResult> games;
  std::uint64_t other_shards = 0;  // lines for games outside spec.shard (skipped)
  bool truncated_tail = false;     // the last line was cut off mid-write (skipped)
};
// Errors name the line and the field: not JSON, a missing or mistyped figure, a figure
// outside 64 bits or refused by `check` (the game's own), totals that would overflow,
// an index outside the run, a game given twice, or a line of another run or without
// the run's fingerprint.
Result<GameLog> parse_game_log(std::string_view text, const SimSpec& spec, const GameCheck& check = {});

// Process CPU time in seconds (all threads).
double process_cpu_seconds();
// CPU time of the calling thread in seconds.
double thread_cpu_seconds();

}  // namespace puzzlelab::core
