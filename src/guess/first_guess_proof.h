#pragma once
// The proof of the best first guess over every allowed guess: the exact solver's value of
// each first guess, most promising first, each evaluated only as far as it must be to
// show that it is worse than the best found so far (a proven lower bound above it), or
// exactly when it is as good. One first guess is one task, so a run can be shared among
// the ranks of a cluster (core/distributed.h: the best total travels with every task
// handed out, so every rank prunes against the latest) and resumed from the results an
// earlier run recorded: an exact total stays exact and a lower bound stays a bound, so
// nothing recorded needs doing again.
#include <atomic>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "core/cluster.h"
#include "core/result.h"
#include "guess/optimal.h"

namespace puzzlelab::guess {

struct FirstGuessResult {
  GuessIndex guess = kNoGuess;
  std::uint64_t total = kInfeasible;  // exact, or a proven lower bound when not `exact`
  bool exact = true;
  double seconds = 0;  // wall time the rank spent on it
};

struct ProofOptions {
  // Prove the `top` best first guesses exactly (with any tied at the last place).
  std::size_t top = 1;
  core::Cluster* cluster = nullptr;  // share the first guesses among these ranks
  const std::atomic<bool>* cancel = nullptr;
  // On the calling thread of rank 0, about every 100 ms: first guesses settled of all.
  std::function<void(std::uint64_t done, std::uint64_t total)> progress;
  // Rank 0: each first guess as it is settled, in the order results come back (to record
  // it, so that a stopped run can go on).
  std::function<void(const FirstGuessResult&)> on_result;
};

struct Proof {
  bool complete = false;  // every first guess settled (false when cancelled, and on ranks other than 0)
  // The `top` best, exact, best first (ties in the solver's order), more when tied.
  std::vector<FirstGuessResult> best;
  std::uint64_t first_guesses = 0;  // first guesses that split the secrets (the others are worse by construction)
  std::uint64_t settled = 0;        // of those, settled (the known ones included)
  std::uint64_t exact = 0;          // of those, with an exact total
  std::uint64_t known = 0;          // of those, taken from `known`
  double worker_cpu_seconds = 0;    // CPU time of the ranks other than 0
};

// Proves the best first guesses of `solver`'s secrets. `known`: results an earlier run of
// the same problem recorded (guesses the solver would not try are ignored).
core::Result<Proof> prove_best_first(OptimalSolver& solver, std::span<const FirstGuessResult> known,
                                     const ProofOptions& options);

// The exact totals of the `top` first guesses the solver tries first (its ordering
// heuristic), best first; equal totals keep the solver's order. A quick look at the best
// openers without the proof. `progress` is called before each: first guesses done of all.
// Errors: those of the solver (cancelled, solver limits).
struct RankedFirst {
  GuessIndex guess = 0;
  std::uint64_t total = 0;  // kInfeasible: no strategy within the limit
  double seconds = 0;       // to evaluate it
};
core::Result<std::vector<RankedFirst>> rank_first_guesses(
    const Game& game, std::span<const SecretIndex> secrets, OptimalOptions options, std::size_t top,
    const std::function<void(std::uint64_t done, std::uint64_t total)>& progress = {});

}  // namespace puzzlelab::guess
