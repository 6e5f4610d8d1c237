#pragma once
// The checkpoints of a 2048 simulation (`2048 sim --checkpoint DIR`): each game of an
// expectimax run saves its position to DIR/game-<index>.json every --checkpoint-every
// moves (written aside, then renamed over the old file) and when the run is
// interrupted. A run of the same command with the same DIR goes on from there: the
// search keeps nothing between moves, so the game is the one an uninterrupted run
// plays, move for move. The file also carries the evaluated moves and the CPU time
// spent so far, so the figures cover the whole game.
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>

#include "core/result.h"
#include "core/sim.h"
#include "game2048/game.h"

namespace puzzlelab::game2048 {

inline constexpr const char* kCheckpointFormat = "puzzlelab-2048-checkpoint/1";

struct Checkpoint {
  Snapshot position;
  std::uint64_t nodes = 0;
  double cpu_seconds = 0;
};

// DIR/game-<index>.json
std::filesystem::path checkpoint_path(const std::string& dir, std::uint64_t index);

// The file's text for game `index` of the run whose fingerprint is `run`.
std::string checkpoint_text(const std::string& run, std::uint64_t index, const Checkpoint& c);

// Checks a checkpoint's text: the format, that it belongs to this run and game, the
// figures, and a position the game can have reached on a size×size board (not on or
// past the --stop-at tile, since checkpoints are saved before a move is searched).
// The error says what is wrong with it.
core::Result<Checkpoint> parse_checkpoint(const MoveTables& tables, const std::string& text, const std::string& run,
                                          std::uint64_t index, int size, std::optional<int> stop_at_exponent);

// Reads and checks one checkpoint file.
core::Result<Checkpoint> read_checkpoint(const MoveTables& tables, const std::filesystem::path& path,
                                         const std::string& run, std::uint64_t index, int size,
                                         std::optional<int> stop_at_exponent);

// The checkpoints of this run's games (this shard's, "K/N" or none), checked before
// anything is played; the folder is made when missing. The error names the file and
// what to do.
core::Result<std::map<std::uint64_t, Checkpoint>> load_checkpoints(const MoveTables& tables, const std::string& dir,
                                                                   const core::SimSpec& spec,
                                                                   const std::optional<std::string>& shard_text,
                                                                   int size, std::optional<int> stop_at_exponent);

// Checkpoint writes that fail (a full disk, a folder made read-only). The first failure
// is reported at once, with its reason, and the run goes on; kCheckpointFailuresToStop
// failures in a row (no checkpoint of any game written in between) stop the run, which
// would otherwise play on for hours with nothing saved to go on from. Five: a passing
// hiccup (a file briefly locked, space freed a moment later) does not end a long run,
// while a disk that stays full stops it within five saves.
inline constexpr std::uint64_t kCheckpointFailuresToStop = 5;

class CheckpointWrites {
 public:
  // `warn` receives the first failure's message; it is called on the thread of the game
  // that failed, under this object's lock.
  explicit CheckpointWrites(std::function<void(const std::string&)> warn) : warn_(std::move(warn)) {}

  void failed(std::uint64_t index, const std::string& message);
  void succeeded();
  // True once the run must stop: games end where they are, unfinished and uncounted.
  [[nodiscard]] bool stopped() const { return stop_.load(); }
  [[nodiscard]] std::uint64_t count() const;
  [[nodiscard]] std::string first() const;
  [[nodiscard]] std::string last() const;

 private:
  std::function<void(const std::string&)> warn_;
  mutable std::mutex mutex_;
  std::uint64_t count_ = 0;
  std::uint64_t in_a_row_ = 0;
  std::string first_;
  std::string last_;
  std::atomic<bool> stop_{false};
};

}  // namespace puzzlelab::game2048
