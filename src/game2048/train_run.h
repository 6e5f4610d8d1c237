#pragma once
// One run of `2048 train` (game2048/ntuple.h) apart from its progress lines: the stages
// asked for, the network to go on from (kept, or promoted from one stage to several),
// the start positions, temporal coherence's state carried over from the earlier run,
// and the saves (the output written first, every N games on the way, and at the end).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "game2048/board.h"
#include "game2048/move_tables.h"
#include "game2048/ntuple.h"

namespace puzzlelab::game2048 {

// The tile values at which the later stages begin (e.g. 8192,16384) as exponents; each
// must be a power of two from 4 to 32768, larger than the one before. The error names
// the first value that is not: "--stages V: expected rising tile values ...".
core::Result<std::vector<int>> stage_exponents(const std::vector<int>& tiles);

// The boards of a positions file: one a line, the 16 tile values after "board" (the
// "start N ... board ..." lines of the tuning tool) or the whole line; '#' comments.
// Each must be a 4×4 board the bitboard holds (no tile above 32768) with a move left.
core::Result<std::vector<Board>> read_start_boards(const MoveTables& tables, const std::string& path);

struct TrainRunOptions {
  std::string out;                    // where the network is written
  std::optional<std::string> from;    // the network to go on training
  std::vector<int> stages;            // tile values where the later stages begin
  std::optional<std::string> starts;  // a positions file to start the games from
  bool coherence = false;             // temporal coherence: its state goes to out + ".coherence"
  std::uint64_t save_every = 0;       // also save every N games (0: only first and last)
};

// Why a run cannot start: the options contradict each other or the --from network
// (a usage error), or a file cannot be read or written.
enum class TrainRunFailure { Usage, File };

class TrainRun {
 public:
  // Checks the options, loads what they name and writes the output once, so that a run
  // fails before hours of training, not after. `failure` receives the kind of the error.
  static core::Result<TrainRun> open(const MoveTables& tables, const TrainRunOptions& options,
                                     TrainRunFailure* failure = nullptr);

  NTupleNetwork& net() { return net_; }
  CoherenceState& coherence() { return coherence_; }
  // The start positions read from the options' file (empty: the game's own start).
  std::vector<Board> take_starts() { return std::move(starts_); }

  // The network, and the coherence state when there is one.
  [[nodiscard]] core::Result<bool> save() const;
  // At a progress report after `games` of `total` games: saves when --save-every games
  // have passed since the last save (not at the end, which saves anyway). The error of
  // a save that failed; the run goes on.
  std::optional<core::Error> save_if_due(std::uint64_t games, std::uint64_t total);

 private:
  TrainRun(TrainRunOptions options, NTupleNetwork net) : options_(std::move(options)), net_(std::move(net)) {}

  TrainRunOptions options_;
  NTupleNetwork net_;
  CoherenceState coherence_;
  std::vector<Board> starts_;
  std::uint64_t next_save_ = 0;
};

}  // namespace puzzlelab::game2048
