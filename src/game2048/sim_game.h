#pragma once
// One game of a 2048 simulation, as every front-end's `sim` plays it (`puzzlelab 2048
// sim` and the browser's simulation jobs): the player is chosen once, by a typed value,
// and the game is played to its end (or to the --stop-at tile), with the AI's games in
// progress saved as checkpoints on the way when a folder is given (game2048/checkpoint.h).
#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/rng.h"
#include "core/sim.h"
#include "game2048/checkpoint.h"
#include "game2048/move_tables.h"
#include "game2048/search.h"

namespace puzzlelab::game2048 {

// The players a simulation can use: uniformly random moves, the move scoring most now,
// and the expectimax search (4×4 boards only).
enum class SimPlayer { Random, Greedy, Expectimax };

// "random", "greedy" or "expectimax"; nullopt for any other name.
std::optional<SimPlayer> parse_sim_player(std::string_view name);
std::string_view sim_player_name(SimPlayer p);

// A run of `games` games of `player` on size×size boards, as every front-end describes it
// to the harness (core::run_simulation): the largest tile as the primary figure, the score
// and the moves as metrics, the size in the configuration. The caller adds what it asks
// for beyond that (the AI's settings, the evaluated moves, a stop tile).
core::SimSpec sim_spec(SimPlayer player, std::uint64_t seed, std::uint64_t games, int size);

// One game of a run, as the harness (core::run_simulation) plays it, in parallel with
// others: the player's moves until the game ends, the largest tile reaches `stop`, or
// `cancel` becomes true. The result is game2048::sim_result's, plus the evaluated moves
// when the AI played (a "nodes" metric, read when the spec names it) and the final board
// as the detail (what `2048 hint` reads: where and how the game was lost).
struct SimGame {
  std::shared_ptr<const MoveTables> tables;
  SimPlayer player = SimPlayer::Expectimax;
  int size = 4;
  std::optional<int> stop;  // the exponent of the tile that ends a game
  const std::atomic<bool>* cancel = nullptr;
  AiSettings settings;  // the expectimax player's
  // Checkpoints (the AI only): the saved games to go on from (none: null) and the writes'
  // record (null: nothing is ever written and the run never stops for it).
  std::shared_ptr<const std::map<std::uint64_t, Checkpoint>> checkpoints;
  std::shared_ptr<CheckpointWrites> writes;
  std::string dir;            // the checkpoint folder; empty: no checkpoints are written
  std::int64_t every = 1000;  // moves between two saves of a game
  std::string run;            // the run's fingerprint, in every checkpoint

  core::GameResult operator()(std::uint64_t index, core::Rng& rng) const;
};

// The tiles a run's summary gives the share of games reaching, each with the games that
// reached it: from the smallest top tile seen (at most 2048) to the largest seen (at
// least 2048; for the AI at least 65536, the figures its benchmarks are judged by).
struct TileReach {
  std::int64_t tile = 0;
  std::uint64_t games = 0;
};
std::vector<TileReach> tile_reach(const core::SimSummary& s);

}  // namespace puzzlelab::game2048
