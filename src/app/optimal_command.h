#pragma once
// What the `tree` commands and the optimal players of the guess games share:
// computing an optimal tree with the exact solver (progress on stderr, Ctrl-C), the
// tree cache in the state folder keyed by the data's checksum, the summary and the
// `--top` ranking as text or JSON, and the proof over every first guess
// (optimal_proof.cpp). The games' own files (wordle_tree.cpp, handle_tree.cpp) add the
// words, the rules and the file formats.
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "app/context.h"
#include "app/sim_report.h"
#include "core/progress.h"
#include "guess/optimal.h"
#include "guess/optimal_tree.h"

namespace puzzlelab::app {

double seconds_since(std::chrono::steady_clock::time_point start);

// The solver's progress (classes or first guesses done) as core::Progress lines; a new
// line when the stage (its total) changes.
class SolverProgress {
 public:
  SolverProgress(Context& ctx, std::string label) : ctx_(ctx), label_(std::move(label)) {}
  void update(std::uint64_t done, std::uint64_t total);
  void finish();

 private:
  Context& ctx_;
  std::string label_;
  std::uint64_t total_ = 0;
  std::unique_ptr<core::Progress> progress_;
};

// Which tree, for the cache.
struct TreeKey {
  std::string game;        // "wordle" or "handle": the cache file is <game>-optimal.json
  std::string data;        // checksum of the lists (hex); a change of data drops the cache
  std::string variant;     // mode, limit and first guess, e.g. "hard/max=6/first=salet"
  bool use_cache = true;   // read and write the cache
  bool recompute = false;  // ignore a cached tree (and replace it)
};

struct OptimalTree {
  guess::DecisionTree tree;  // empty when no strategy meets the guess limit
  guess::GuessIndex first = guess::kNoGuess;
  guess::TreeSummary summary;
  bool proven_all = false;  // optimal over every first guess (else: for `first`)
  bool cached = false;
  double seconds = 0;
  guess::OptimalCounters counters;
};

// The optimal tree for `secrets` (all equally likely): with `first` fixed, or the best
// first guess proven over all allowed guesses. Loaded from the cache when it is there
// and replays correctly (verify_tree), else computed and saved. Errors: cancelled
// (ctx.cancelled()), solver limits, state folder problems are warnings only.
core::Result<OptimalTree> optimal_tree(Context& ctx, const guess::Game& game,
                                       std::span<const guess::SecretIndex> secrets, guess::OptimalOptions options,
                                       std::optional<guess::GuessIndex> first, const TreeKey& key);

// The exact totals of the `top` first guesses the solver tries first, best first
// (ties: the solver's order).
struct RankedFirst {
  guess::GuessIndex guess = 0;
  std::uint64_t total = 0;
  double seconds = 0;
};
core::Result<std::vector<RankedFirst>> rank_first_guesses(Context& ctx, const guess::Game& game,
                                                          std::span<const guess::SecretIndex> secrets,
                                                          guess::OptimalOptions options, std::size_t top);

// `tree --all`: the best first guess proven over every allowed guess
// (guess::prove_best_first), in one process or on the MPI ranks of ctx.cluster. With
// `results`, every settled first guess is appended to that file as it comes (rank 0), and
// a run given the file of an earlier one goes on where it stopped. `problem` names what
// is proven (game, data, mode, limit): the file's lines must carry it. `word` names a
// guess, `guess_of` reads one back.
struct ProofRequest {
  std::size_t top = 1;
  std::optional<std::string> results;
  std::string problem;
  std::function<std::string(guess::GuessIndex)> word;
  std::function<std::optional<guess::GuessIndex>(const std::string&)> guess_of;
};
void run_first_guess_proof(Context& ctx, const guess::Game& game, std::span<const guess::SecretIndex> secrets,
                           guess::OptimalOptions options, const ProofRequest& request);

// Prints a tree's summary (text, or one JSON object with --json). `word` names a guess.
void print_tree_summary(Context& ctx, const OptimalTree& result,
                        const std::function<std::string(guess::GuessIndex)>& word,
                        const std::optional<std::string>& written_to);
void print_ranking(Context& ctx, const std::vector<RankedFirst>& ranked, std::size_t secrets,
                   const std::function<std::string(guess::GuessIndex)>& word);

}  // namespace puzzlelab::app
