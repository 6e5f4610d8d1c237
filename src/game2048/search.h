#pragma once
// The expectimax player. Max nodes try the four moves; chance nodes average over every
// empty cell × each tile of the spawn law (game2048/spawn.h, the original game's); leaves
// are the row-table heuristic (game2048/heuristic.h). A branch whose cumulative
// probability falls below a cut-off becomes a leaf, so unlikely spawn sequences are
// not searched deep. Chance nodes are cached in a transposition table.
//
// Determinism: each root move is searched on its own with a fresh table generation,
// so a move's value does not depend on which worker searched it or what it searched
// before. The root is split across workers (root parallelism); results, node counts
// included, are the same for any number of threads. Only --ms-per-move (a wall-clock
// budget) depends on the machine.
#include <array>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/result.h"
#include "game2048/board.h"
#include "game2048/endgame.h"
#include "game2048/grid.h"
#include "game2048/heuristic.h"
#include "game2048/move_tables.h"
#include "game2048/ntuple.h"

namespace puzzlelab::game2048 {

struct SearchParams {
  int depth = 3;              // spawn layers below the root move (the public depth_limit)
  float prob_cutoff = 1e-4f;  // chance nodes reached with less probability are leaves
  // Forward pruning at the max nodes below the root (0: none): a move whose board,
  // valued by the heuristic as it stands, is worth more than this less than the best
  // such move's is not searched, unless the moves searched turn out worth less than it
  // looks (docs/game2048.md, "Pruning hopeless moves").
  float prune_margin = 0;
};

struct SearchStats {
  std::uint64_t moves = 0;    // moves executed at max nodes (four per node): "evaluated moves"
  std::uint64_t evals = 0;    // heuristic evaluations (leaves)
  std::uint64_t tt_hits = 0;  // chance nodes answered by the table
  std::uint64_t pruned = 0;   // moves not searched (SearchParams::prune_margin)
  std::uint64_t rescued = 0;  // moves pruned, then searched after all: the others fell short
  void add(const SearchStats& o) {
    moves += o.moves;
    evals += o.evals;
    tt_hits += o.tt_hits;
    pruned += o.pruned;
    rescued += o.rescued;
  }
};

// One worker: a search with its own transposition table.
class Searcher {
 public:
  Searcher(const MoveTables& tables, const Heuristic& heuristic, int tt_bits);

  // The expected value of playing m on b, or nullopt when m changes nothing.
  std::optional<float> value_of_move(Board b, Move m, const SearchParams& p, SearchStats& stats);
  // The table the leaves are valued with from the next search on.
  void use(const Heuristic& heuristic) { heuristic_ = &heuristic; }
  // A learned evaluation instead (nullptr: the heuristic). It values the expected
  // score still to come, so the search then adds each move's score along the way.
  void use(const NTupleNetwork* network) { network_ = network; }
  // A one-corner evaluation instead of the heuristic (nullptr: the heuristic).
  void use(const CornerHeuristic* corner) { corner_ = corner; }

 private:
  struct Entry {
    Board key = 0;
    float value = 0;
    std::uint32_t tag = 0;  // generation << 8 | remaining depth; generation 0 = empty
  };

  float max_node(Board b, Board t, int depth, float prob);
  float chance_node(Board b, Board t, int depth, float prob);
  void next_generation();
  [[nodiscard]] Entry& slot(Board b) const { return tt_[(b * 0x9E3779B97F4A7C15ULL) >> tt_shift_]; }

  struct TableMemory {
    void operator()(Entry* p) const;
    std::size_t bytes;
  };

  const MoveTables* tables_;
  const Heuristic* heuristic_;
  const NTupleNetwork* network_ = nullptr;
  const CornerHeuristic* corner_ = nullptr;
  std::unique_ptr<Entry[], TableMemory> tt_;
  std::size_t tt_size_;
  int tt_shift_;
  std::uint32_t generation_ = 0;
  float cutoff_ = 0;
  float prune_margin_ = 0;
  SearchStats stats_;
};

enum class Level { Fast, Normal, Strong };
std::optional<Level> parse_level(std::string_view text);
std::string_view level_name(Level level);

// How a level picks its search from the board: depth = distinct tiles - offset,
// clamped to [min_depth, max_depth], with the level's cut-off and table size. (More
// distinct tiles means a later, more delicate game: search deeper.)
struct LevelRule {
  int distinct_offset = 0;
  int min_depth = 1;
  int max_depth = 1;
  float prob_cutoff = 1e-4f;
  int tt_bits = 16;
  // While the top tile is below 2^this (0: never), the levels' weights are taken with
  // BaseRule::WorstRow, under which a lost game costs far more than any board is
  // worth: no risk of losing is accepted before then. From there on, their own rule.
  int careful_below_exponent = 0;
  // From a top tile of 2^this on, the endgame lookup checks the search's move in an
  // endgame formation (game2048/endgame.h; Ai::consult_endgame).
  int endgame_from = 14;
  // From that tile on, this cut-off instead of prob_cutoff (0: prob_cutoff throughout):
  // the late game, where the board is crowded and a spawn in the wrong cell loses it,
  // searched deeper.
  float late_prob_cutoff = 0;
  // SearchParams::prune_margin (0: every move searched).
  float prune_margin = 0;
};
LevelRule level_rule(Level level);
int depth_for(Board b, const LevelRule& rule);

struct AiSettings {
  Level level = Level::Normal;
  std::optional<int> depth;                 // a fixed depth (spawn layers) instead of the level's rule
  std::optional<double> ms_per_move;        // deepen while the budget allows (wall clock)
  unsigned threads = 1;                     // root-parallel workers
  std::optional<HeuristicWeights> weights;  // nullopt: HeuristicWeights::for_depth(depth)
  // The endgame lookup (game2048/endgame.h), from the level's LevelRule::endgame_from
  // on; false: the search alone.
  bool endgame = true;
  std::optional<int> endgame_from;  // overrides the level's LevelRule::endgame_from
  std::optional<int> chain_from;    // a chain (Formation::chain) from 2^this on (nullopt: as endgame_from)
  // The lookup's room: positions a solve may store (EndgameSolver; nullopt: its default).
  std::optional<std::size_t> endgame_states;
  // Overrides the level's LevelRule::late_prob_cutoff (from endgame_from on).
  std::optional<float> late_cutoff;
  // Overrides the level's LevelRule::prune_margin (0: no pruning).
  std::optional<float> prune_margin;
  // A learned evaluation (game2048/ntuple.h) for the leaves instead of the heuristic;
  // moves' scores are then added along each line (the network values what is to come).
  std::shared_ptr<const NTupleNetwork> network;
  // From a top tile of 2^this on, the leaves are valued with a CornerHeuristic (the
  // corner that values the root board best) instead of the weights (nullopt: never).
  std::optional<int> corner_from;
};

struct AiChoice {
  std::optional<Move> best;                      // nullopt: no move changes the board
  std::array<std::optional<float>, 4> values{};  // expected value of each legal move, by Move
  int depth = 0;
  SearchStats stats;
  // Set when the endgame lookup overrode the search's move (Ai::consult_endgame).
  struct Endgame {
    int goal = 0;                    // the exponent of the tile to build next to the block's smallest
    float probability = 0;           // the odds of building it with the move played
    Move searched = Move::Up;        // the search's move ...
    float searched_probability = 0;  // ... and its odds
    int chain_to = 0;                // a chain (Formation::chain): the exponent of the tile it then merges into; else 0
  };
  std::optional<Endgame> endgame;
};

// The player: settings, the heuristic table and the workers (threads kept between
// moves so a fast level does not pay for thread start-up).
class Ai {
 public:
  Ai(const MoveTables& tables, AiSettings settings);
  ~Ai();
  Ai(const Ai&) = delete;
  Ai& operator=(const Ai&) = delete;

  AiChoice choose(Board b);
  // For a board the bitboard cannot hold (a tile of 65536 or more): the AI sees every
  // tile above 32768 as 32768 (and never merges two of them), then the move is
  // checked against the exact rules by the caller.
  AiChoice choose(const Grid& g);
  [[nodiscard]] const AiSettings& settings() const { return settings_; }
  // The endgame lookup's solver (nullptr when it is off), for its counters.
  [[nodiscard]] const EndgameSolver* endgame_solver() const { return endgame_.get(); }

 private:
  AiChoice search(Board b, const SearchParams& p);
  AiChoice choose_by_search(Board b);
  void consult_endgame(Board b, AiChoice& c);
  void run_workers(const std::function<void(unsigned worker)>& job);

  const MoveTables* tables_;
  AiSettings settings_;
  Heuristic heuristic_;
  // The level's careful phase (LevelRule::careful_below_exponent), when it has one.
  std::optional<Heuristic> careful_heuristic_;
  int careful_below_exponent_ = 0;
  std::vector<std::unique_ptr<Searcher>> searchers_;
  std::unique_ptr<EndgameSolver> endgame_;
  // AiSettings::corner_from: the four corners' tables for each top tile met so far.
  std::map<int, std::array<std::unique_ptr<CornerHeuristic>, 4>> corners_;
  const CornerHeuristic* corner_for(Board b);

  // The helper threads (threads - 1; the caller is worker 0).
  std::vector<std::thread> helpers_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable done_;
  const std::function<void(unsigned)>* job_ = nullptr;
  std::uint64_t job_id_ = 0;
  unsigned running_ = 0;
  bool stopping_ = false;
};

}  // namespace puzzlelab::game2048
