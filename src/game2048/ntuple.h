#pragma once
// A learned evaluation: an n-tuple network valuing afterstates (the board after a move,
// before the spawn), trained by temporal-difference learning from self-play. The idea
// is Szubert and Jaśkowski's ("Temporal difference learning of n-tuple networks for the
// game 2048", 2014); the shape, code and training loop here are our own.
//
// The network looks at four 6-cell patterns of the board (in row-major cell numbers:
// {0-5}, {4-9}, {0,1,2,4,5,6}, {4,5,6,8,9,10}), each under the 8 symmetries of the
// square, and sums one weight per look: 32 table reads a board, from 4 tables of 16^6
// weights (the pattern's six exponents index its table). Symmetric boards are worth the
// same by construction.
//
// Training (TD(0) on afterstates): the player picks the move maximising
// reward + V(afterstate); the previous afterstate's value is then moved toward
// reward + V(new afterstate), and the last afterstate of a game toward 0. V thus learns
// the expected score still to come. Training is single-threaded and deterministic for
// a seed, a game count and a start network.
//
// A network can hold several stages (weight sets): a board is valued by the stage its
// largest tile selects (stage_of), so the late game can learn its own weights.
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/result.h"
#include "game2048/board.h"
#include "game2048/move_tables.h"

namespace puzzlelab::game2048 {

class NTupleNetwork {
 public:
  static constexpr int kTuples = 4;
  static constexpr int kTupleCells = 6;
  static constexpr std::size_t kTableSize = std::size_t{1} << (4 * kTupleCells);
  static constexpr int kLooks = 8 * kTuples;  // weights read a board

  // stage_from: the largest-tile exponents at which stages 1, 2, ... begin (empty: one
  // stage). All weights start at 0.
  explicit NTupleNetwork(std::vector<int> stage_from = {});

  [[nodiscard]] int stages() const { return static_cast<int>(stage_from_.size()) + 1; }
  [[nodiscard]] const std::vector<int>& stage_from() const { return stage_from_; }
  [[nodiscard]] int stage_of(Board b) const;

  // The value of an afterstate: the expected score still to come, as learnt.
  [[nodiscard]] float value(Board b) const;
  // Adds delta to every weight b reads (each of the kLooks reads once).
  void update(Board b, float delta);
  // The positions in weights() of the kLooks weights b reads.
  [[nodiscard]] std::array<std::uint32_t, kLooks> looks(Board b) const;
  [[nodiscard]] float* mutable_weights() { return w_.data(); }

  // The file: a header (magic, version, shape, stages), the weights as little-endian
  // floats and a checksum. load() checks each and says what is wrong with a bad file.
  [[nodiscard]] core::Result<bool> save(const std::string& path) const;
  static core::Result<NTupleNetwork> load(const std::string& path);

  // Games trained into these weights (kept in the file).
  std::uint64_t trained_games = 0;

  // A network with these stages whose every stage starts as this one's weights (which
  // must have one stage): the later stages then learn from a working evaluation.
  [[nodiscard]] NTupleNetwork promoted(std::vector<int> stage_from) const;

  [[nodiscard]] const std::vector<float>& weights() const { return w_; }
  bool operator==(const NTupleNetwork&) const = default;

 private:
  std::vector<int> stage_from_;
  std::vector<float> w_;
};

struct TrainSettings {
  std::uint64_t games = 100000;
  std::uint64_t seed = 1;
  float alpha = 0.1f;  // learning rate of a whole value (each of the kLooks weights gets alpha / kLooks)
  // Temporal coherence (Beal and Smith's adaptive rates, as Jaśkowski used them for
  // 2048): each weight's step is alpha / kLooks times |sum of its errors| / sum of
  // |its errors| (1 before any error), so weights whose errors keep one sign learn
  // fast and those that oscillate slow down. Costs two more tables while training.
  bool coherence = false;
  std::uint64_t report_every = 10000;
  // Positions to start the games from, in turn (game i from starts[i mod size]); empty:
  // the game's own start (two spawns on an empty board). Late positions let a late
  // stage learn without first playing the whole game to it.
  std::vector<Board> starts;
  // Restarts: the positions where games first reach each tile of 2^restart_from and
  // more, below 32768 (the bitboard cannot make the next one), are kept (the last
  // kRestartPool of each), and this share of the games starts
  // from one of them (a tile drawn uniformly among those with positions, then a
  // position) instead of the beginning. The learner then spends its time at the
  // frontier of what it can reach, which a whole game reaches rarely.
  double restart_share = 0;
  int restart_from = 13;
  static constexpr std::size_t kRestartPool = 1024;
  // From this exponent of the top tile on (0: never), the moves of the games are chosen
  // by a look one spawn and one move further: each move's reward plus the expectation,
  // over every spawn, of the best reply's reward and afterstate value. It costs over ten
  // times the time of a greedy move, and plays much better, so a late stage
  // learns from positions that greedy play rarely reaches. Learning is unchanged: each
  // afterstate moves toward the reward and value of the move actually played next.
  int lookahead_from = 0;
};

// What the games of one report window did (the greedy 1-ply player while learning):
// the games from the beginning (or from the given starts) and, apart, the restarts.
struct TrainReport {
  std::uint64_t games = 0;  // total games trained so far (this run)
  std::uint64_t moves = 0;  // total moves so far (this run)
  std::uint64_t window = 0;
  double mean_score = 0;
  std::array<std::uint64_t, 16> reached{};  // games of the window whose top tile reached 2^k
  // The window's restarted games (not in the figures above): how many, their mean
  // score from the restart on, and how many reached each tile.
  std::uint64_t restarted = 0;
  double restarted_mean_score = 0;
  std::array<std::uint64_t, 16> restarted_reached{};
  // By the tile k of the pool a restart was drawn from (its position had just made
  // 2^k): how many, and how many of those went on to make 2^(k+1).
  std::array<std::uint64_t, 16> restarted_from{};
  std::array<std::uint64_t, 16> restarted_doubled{};
  double seconds = 0;
};

// Temporal coherence's tables (TrainSettings::coherence): per weight, the sum of its
// errors and of their sizes. Kept beside the network (`<network>.coherence`) so that a
// training stopped and started again goes on exactly where it was.
struct CoherenceState {
  std::vector<float> error_sum;
  std::vector<float> error_size;
  [[nodiscard]] core::Result<bool> save(const std::string& path) const;
  // weights: the network's weight count, which the file must match.
  static core::Result<CoherenceState> load(const std::string& path, std::size_t weights);
};

// Trains net in place for settings.games games (or until cancel). report is called
// every report_every games and at the end. Returns the games played.
// With settings.coherence, `coherence` holds the rates' tables (empty ones are made
// to size: a fresh start), and is updated.
std::uint64_t train(NTupleNetwork& net, const MoveTables& tables, const TrainSettings& settings,
                    const std::function<void(const TrainReport&)>& report, const std::atomic<bool>* cancel = nullptr,
                    CoherenceState* coherence = nullptr);

}  // namespace puzzlelab::game2048
