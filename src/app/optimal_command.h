#pragma once
// What the `tree` commands and the optimal players of the guess games share on the
// terminal: the solver's progress on stderr and Ctrl-C around the library's optimal tree
// and its cache (guess/tree_cache.h), the `--top` ranking and the proof over every first
// guess (guess/first_guess_proof.h, guess/proof_results.h; optimal_proof.cpp), and their
// summaries as text or JSON. The games' own files (wordle_tree.cpp, handle_tree.cpp) add
// the options, the words and the file names.
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
#include "guess/first_guess_proof.h"
#include "guess/optimal.h"
#include "guess/optimal_tree.h"
#include "guess/tree_cache.h"

namespace puzzlelab::app {

double seconds_since(std::chrono::steady_clock::time_point start);

// A solver error as the command's failure ("interrupted", exit 130, when cancelled).
void fail_solver(Context& ctx, const core::Error& error);

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

using OptimalTree = guess::OptimalTree;

// An optimal tree for this command: `compute` (guess::cached_optimal_tree, or a game's
// own function over it) is handed the command's run options (threads, Ctrl-C, the
// progress meter on stderr) and the state folder's tree cache for `key` (its warnings on
// stderr; without a state folder the tree is computed and not kept).
using TreeComputation =
    std::function<core::Result<OptimalTree>(guess::OptimalOptions run, const guess::TreeCacheOptions& cache)>;
core::Result<OptimalTree> optimal_tree(Context& ctx, const guess::TreeCacheKey& key, bool recompute,
                                       const TreeComputation& compute);

// `tree --top`: guess::rank_first_guesses with the command's threads, Ctrl-C and
// progress meter.
using RankedFirst = guess::RankedFirst;
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
