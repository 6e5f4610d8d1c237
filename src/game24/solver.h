#pragma once
// The exact solver: every distinct solution (form.h) of a hand of 1 to 8 numbers for
// any rational target, with Countdown's options (numbers may be left unused; every
// intermediate a positive integer; the closest reachable value).
#include <atomic>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "game24/form.h"
#include "game24/rational.h"

namespace puzzlelab::game24 {

inline constexpr std::size_t kMaxNumbers = 8;

enum class SolveMode {
  Decide,  // only whether the target is reachable
  One,     // one solution (stops at the first)
  All,     // every distinct solution
};

enum class IntegerRule {
  None,              // any rational intermediate (the 24 game)
  Integers,          // every intermediate an integer (zero and negatives allowed)
  PositiveIntegers,  // every intermediate a positive integer (Countdown)
};

struct SolveOptions {
  Rational target{24};
  SolveMode mode = SolveMode::All;
  IntegerRule rule = IntegerRule::None;
  bool subset = false;   // numbers may be left unused (Countdown)
  bool closest = false;  // when the target is unreachable, solve for the nearest reachable value
  PrintStyle style;
  const std::atomic<bool>* cancel = nullptr;
  // Refuse (with an error) rather than build more canonical forms than this: the
  // number of distinct solutions grows explosively with 7 or 8 numbers.
  std::size_t max_forms = 4'000'000;
};

struct Solution {
  std::string text;
  FormShape shape;
};

struct SolveResult {
  bool exact = false;               // the target itself is reachable
  bool found = false;               // solutions were found (exact, or the closest value)
  WideRational reached;             // the value of the solutions (the target unless closest)
  std::vector<Solution> solutions;  // One: one; All: every distinct solution, sorted by text
  bool wide = false;                // 128-bit arithmetic was needed
};

// Solves a hand. Errors: a bad hand or options (too many numbers, a negative number,
// --integers with a fraction), "out of range" when even 128-bit arithmetic overflows,
// too many forms, or cancellation.
core::Result<SolveResult> solve(std::span<const Rational> hand, const SolveOptions& options);

// solve() within a time limit: a watchdog raises the solver's cancel flag after
// `seconds` (0: no limit) or as soon as options.cancel is raised, whichever comes first.
// `timed_out` tells the limit apart from a cancellation (both end in an error).
struct TimedSolve {
  core::Result<SolveResult> result;
  bool timed_out = false;
};
TimedSolve solve_within(std::span<const Rational> hand, const SolveOptions& options, double seconds);

// A hand as a person writes it: 1 to kMaxNumbers numbers (whole, decimal or fraction),
// none negative. The error names the number or the count.
core::Result<std::vector<Rational>> parse_hand(std::span<const std::string> words);
// The words of a hand typed on one line: the numbers between spaces, tabs and commas
// ("3 3 8 8", "3,3,8,8"; a Windows line's CR is a separator too).
std::vector<std::string> split_hand_line(std::string_view line);
// How solutions print the hand's numbers as the person wrote them: a number written as
// a decimal (3.5) stays 3.5 instead of becoming (7/2). `words` are what parse_hand read.
std::vector<LeafText> written_leaf_texts(std::span<const Rational> hand, std::span<const std::string> words);

// Whether the hand reaches the target (all numbers, rational intermediates): the fast
// path for bulk statistics. Errors as for solve().
core::Result<bool> solvable(std::span<const Rational> hand, Rational target = Rational(24));

// A reusable solver: keeps its tables between hands, so bulk work allocates little.
class Solver {
 public:
  Solver();
  ~Solver();
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;
  Solver(Solver&&) noexcept;
  Solver& operator=(Solver&&) noexcept;

  core::Result<SolveResult> solve(std::span<const Rational> hand, const SolveOptions& options);
  // Number of distinct solutions only (no printing): for statistics and the bench.
  core::Result<std::uint64_t> count(std::span<const Rational> hand, const SolveOptions& options);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The multisets of `count` numbers from lo..hi in lexicographic order (1 1 1 1,
// 1 1 1 2, ...): the hands of `24 stats`.
std::vector<std::vector<Rational>> all_hands(std::int64_t lo, std::int64_t hi, int count);

}  // namespace puzzlelab::game24
