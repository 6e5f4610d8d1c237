#pragma once
// The exact solver: the strategy that minimises the total number of guesses over a
// set of equally likely secrets (equivalently the expected number), for any guess
// game, in normal mode or under a game-supplied hard-mode rule, optionally within a
// maximum number of guesses. The result is proven optimal, not estimated.
//
// cost(S) for the candidate set S is |S| (every candidate spends this guess) plus the
// cost of every pattern class the guess leaves unsolved; the solver minimises that
// over every allowed guess at every node, by branch and bound:
//   - lower bounds: a set of n needs at least 2n - 1 (one secret can be solved by the
//     first guess, the others need two at least), 2n when no candidate splits the
//     others into singletons, and for a guess the sum of its classes' bounds
//     (3n - 2s - m for m unsolved classes and s = 1 when the guess is a candidate);
//   - closed forms: a candidate that splits the rest into singletons gives 2n - 1, a
//     candidate leaving one pair (or a non-candidate splitting all) gives 2n;
//   - guesses tried in the order of that bound and the sum of squared class sizes,
//     each evaluated with the budget left by the best so far (solve(S, beta) returns
//     the exact cost when it is below beta, else a proven lower bound >= beta);
//   - guesses that do not split a set cannot split its subsets and are dropped for
//     the subtree; guesses with the same partition as one tried before are skipped;
//   - a memo of exact costs and proven lower bounds keyed by a 128-bit hash of the
//     candidate set (plus the hard-mode state and the guesses left when those apply);
//   - the classes of the first guess solved in parallel.
// The ideas follow Alex Selby's Wordle solver (github.com/alex1770/wordle, MIT; see
// docs/optimal.md). The tree is deterministic: at each node the first guess in the
// fixed order that reaches the minimum is chosen, whatever the thread count or the
// memo's contents.
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "guess/game.h"
#include "guess/optimal_tree.h"
#include "guess/player.h"

namespace puzzlelab::guess {

// A cost that cannot be reached (no strategy within the guess limit).
inline constexpr std::uint64_t kInfeasible = ~std::uint64_t{0};

struct OptimalOptions {
  // The hard-mode rule, or nullptr for normal mode. The solver relies on two
  // properties of the rule, both true of Wordle's (NYT) rule: a candidate secret is
  // always allowed, and each turn restricts on its own, so the guesses allowed after
  // a history are those allowed after each of its turns alone (this makes the set of
  // allowed guesses the whole state of the rule).
  const GuessFilter* hard_mode = nullptr;
  // Turns already played (the candidates passed in must be those still consistent).
  std::vector<Observation> history;
  // At most this many guesses in all, counting `history` (0 = no limit).
  std::uint32_t max_guesses = 0;
  unsigned threads = 1;  // the front-end resolves "all cores" to a count
  // Bytes for the solver's own guesses x candidates table.
  std::uint64_t table_budget = std::uint64_t{2} << 30;
  // Bytes for the memo of solved sets; when it is full the oldest half is dropped.
  std::uint64_t memo_budget = std::uint64_t{3} << 30;
  const std::atomic<bool>* cancel = nullptr;
  // Called on the calling thread about every 100 ms while a search runs: how many of
  // the first guess's classes (or first guesses) are done out of how many.
  std::function<void(std::uint64_t done, std::uint64_t total)> progress;
};

struct OptimalCounters {
  std::uint64_t nodes = 0;        // sets searched past the closed forms and the memo
  std::uint64_t scans = 0;        // full passes over the guess list
  std::uint64_t evaluations = 0;  // guesses evaluated at some node
  std::uint64_t memo_hits = 0;
  std::uint64_t memo_entries = 0;
};

// A first guess and its exact total (or a lower bound when `exact` is false).
struct FirstGuessValue {
  GuessIndex guess = 0;
  std::uint64_t total = kInfeasible;
  bool exact = true;
};

class OptimalSolver {
 public:
  // The solver for `candidates` (the secrets still possible, equally likely). Fails
  // when the table does not fit the budget, when there are more than 65,535
  // candidates, or when the game breaks the solver's assumptions (a candidate that is
  // not a guess, or the solved pattern shown for a guess that is not the secret).
  static core::Result<std::unique_ptr<OptimalSolver>> create(const Game& game, std::span<const SecretIndex> candidates,
                                                             OptimalOptions options);
  ~OptimalSolver();
  OptimalSolver(const OptimalSolver&) = delete;
  OptimalSolver& operator=(const OptimalSolver&) = delete;

  // The least total when `first` is played first (kInfeasible when no strategy
  // solves every candidate within the limit). Errors: cancelled, or `first` not
  // allowed.
  core::Result<std::uint64_t> value_of_first(GuessIndex first);
  // As value_of_first, but only exact below `bound`; at or above it the figure is a
  // proven lower bound (exact = false).
  core::Result<FirstGuessValue> value_of_first(GuessIndex first, std::uint64_t bound);
  // The best first guess over every allowed guess and its total (exact). Proving this
  // for Wordle's 12,972 guesses takes about 15 CPU-minutes.
  core::Result<FirstGuessValue> best_first();
  // The optimum over every first guess by the one-thread search, exact below `bound`
  // (guess and total), else a proven lower bound >= bound (exact = false). The same
  // search as at every inner node; best_first parallelises the root instead.
  core::Result<FirstGuessValue> value_below(std::uint64_t bound);
  // The `top` first guesses the solver would try first (its ordering heuristic:
  // fewest classes' lower bound, then smallest sum of squared class sizes).
  [[nodiscard]] std::vector<GuessIndex> first_guesses_by_heuristic(std::size_t top);
  // The optimal tree with `first` at the root (the memo makes this cheap after
  // value_of_first). Empty when infeasible.
  core::Result<DecisionTree> tree(GuessIndex first);

  // Sharing what was proven between solvers of the same problem (the ranks of a
  // cluster, each with its own memo): while recording is on, every cost or bound the
  // search proves is also kept; take_memo_record() hands over what was kept since it was
  // last called, as bytes, and learn_memo() on another solver of the same game, secrets
  // and options stores them there, as if it had proven them itself. learn_memo() is
  // false when the bytes are not whole entries (nothing after the damage is stored).
  void record_memo(bool on);
  std::string take_memo_record();
  bool learn_memo(std::string_view bytes);

  [[nodiscard]] OptimalCounters counters() const;
  [[nodiscard]] std::span<const SecretIndex> candidates() const;

  struct Impl;  // the search's shared state, defined in optimal.cpp

 private:
  explicit OptimalSolver(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace puzzlelab::guess
