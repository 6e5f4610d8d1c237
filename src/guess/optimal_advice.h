#pragma once
// The optimal player in a game under way, for any guess game: the optimal tree over
// every secret from a fixed first guess, and the next guess after some turns. Both
// front-ends (the terminal's `assist --player optimal` and the page's assistant) call
// these, so they give the same guess and the same figures.
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>

#include "core/result.h"
#include "guess/game.h"
#include "guess/optimal.h"
#include "guess/optimal_tree.h"
#include "guess/player.h"

namespace puzzlelab::guess {

// A tree computed by the exact solver and replayed through verify_tree.
struct SolvedTree {
  DecisionTree tree;  // empty when no strategy meets the guess limit
  GuessIndex first = kNoGuess;
  TreeSummary summary;
  bool proven_all = false;  // optimal over every first guess (else: for `first`)
  OptimalCounters counters;
};

// The optimal tree for `secrets` with `first` fixed, or with the best first guess proven
// over every allowed guess (about 15 CPU-minutes for Wordle's 12,972). Errors: cancelled, solver limits,
// a computed tree that does not replay.
core::Result<SolvedTree> solve_optimal_tree(const Game& game, std::span<const SecretIndex> secrets,
                                            OptimalOptions options, std::optional<GuessIndex> first);

// The next guess after some turns, with the guesses the secrets left still need (from
// that guess on) in all and at most.
struct OptimalAdvice {
  GuessIndex guess = kNoGuess;
  bool on_tree = false;  // from the tree; else solved for the secrets left
  std::uint64_t total = 0;
  std::uint32_t max = 0;
};

struct AdviceOptions {
  const GuessFilter* hard_mode = nullptr;  // the game's hard-mode rule, or nullptr
  std::uint32_t game_max_guesses = 0;      // the game's own limit (0: none)
  unsigned threads = 1;                    // the front-end resolves "all cores" to a count
  const std::atomic<bool>* cancel = nullptr;
  std::function<void(std::uint64_t done, std::uint64_t total)> progress;  // as OptimalOptions::progress
};

// The tree's guess while `history` follows `tree` (which may be nullptr); off the tree,
// the exact solver's best guess for `candidates` (the secrets consistent with `history`),
// within the game's limit when that is still possible, else without a limit. After one
// guess of Wordle this takes moments; with no history it is the full proof (minutes), so
// callers pass a tree for the start. `candidates` must not be empty.
core::Result<OptimalAdvice> optimal_advice(const Game& game, const DecisionTree* tree,
                                           std::span<const Observation> history,
                                           std::span<const SecretIndex> candidates, const AdviceOptions& options);

}  // namespace puzzlelab::guess
