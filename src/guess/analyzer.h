#pragma once
// Candidate sets and how guesses split them, for any guess game: filtering by an
// observed (guess, pattern), the partition of candidates by pattern, and the scores
// every player is built from (entropy, number of classes, expected remaining
// candidates), computed over all allowed guesses in parallel.
//
// Candidate sets are sorted vectors of secret indices. The hot paths (class counting,
// partitions) run on a caller-owned Workspace and allocate nothing: with a small
// pattern bound (Wordle: 243) classes are counted in an array indexed by code, with a
// large one (Handle: up to 3^16) in an open-addressing hash sized by the number of
// secrets, so memory never depends on the bound.
#include <cstdint>
#include <span>
#include <vector>

#include "guess/game.h"
#include "guess/pattern_table.h"

namespace puzzlelab::guess {

// How a guess splits n candidates, summarised.
struct ClassStats {
  std::uint32_t candidates = 0;   // n
  std::uint32_t classes = 0;      // non-empty pattern classes
  std::uint32_t largest = 0;      // size of the largest class
  std::uint64_t sum_squares = 0;  // sum of squared class sizes
  double entropy = 0;             // bits: sum over classes of (k/n) log2(n/k)

  // Expected number of candidates left after the guess (secrets uniform): sum k^2 / n.
  [[nodiscard]] double expected_remaining() const {
    return candidates ? static_cast<double>(sum_squares) / candidates : 0.0;
  }
};

// What a scoring player maximises: information, number of classes ("parts"), or the
// negated expected number of remaining candidates.
enum class Scoring { Entropy, Classes, ExpectedRemaining };

// Entropies within 1e-9 of each other are equal (floating-point sums of the
// same class sizes in a different order differ in the last bits).
inline constexpr double kEntropyTie = 1e-9;

// Codes below this bound are counted in a direct array (256 KiB of counts at most).
inline constexpr std::uint64_t kDenseCountingBound = std::uint64_t{1} << 16;

// The candidates split by the pattern a guess gives: class k has pattern patterns[k]
// (ascending) and members members[offsets[k] .. offsets[k+1]) in candidate order.
struct Partition {
  std::vector<Pattern> patterns;
  std::vector<std::uint32_t> offsets;
  std::vector<SecretIndex> members;

  [[nodiscard]] std::size_t size() const { return patterns.size(); }
  [[nodiscard]] std::span<const SecretIndex> members_of(std::size_t k) const {
    return std::span<const SecretIndex>(members).subspan(offsets[k], offsets[k + 1] - offsets[k]);
  }
};

// A guess with its scores, for listings (the assistant's "best next guesses").
struct RankedGuess {
  GuessIndex guess = 0;
  ClassStats stats;
  bool candidate = false;  // the guess could itself be the secret
};

class Analyzer;

namespace detail {
// Running class figures (see analyzer.cpp): sum_q is sum k log2 k in 2^-40 units.
struct Accumulated {
  std::uint32_t classes = 0;
  std::uint32_t largest = 0;
  std::uint64_t sum_squares = 0;
  std::int64_t sum_q = 0;
};
}  // namespace detail

// Scratch memory for one thread's calls into an Analyzer (and for players). Sized
// once for the analyzer's game; reusing it keeps the hot paths allocation-free.
struct Workspace {
  explicit Workspace(const Analyzer& analyzer);

  std::vector<Pattern> codes;                            // one row of feedback codes (no table)
  std::vector<std::size_t> row_offsets;                  // the candidates' code rows when scoring
  std::vector<std::uint32_t> counts;                     // per code (dense) or per hash slot
  std::vector<Pattern> keys;                             // hash slots' codes (kEmptySlot when free)
  std::vector<std::uint32_t> touched;                    // codes (dense) or slots (hash) in use
  std::uint32_t hash_shift = 32;                         // 32 - log2(hash slots)
  std::vector<std::uint8_t> candidate_mark;              // per guess: 1 when it is a candidate
  std::vector<ClassStats> stats;                         // per scored guess
  std::vector<std::pair<Pattern, std::uint32_t>> order;  // partition: classes by code
  std::vector<GuessIndex> allowed;                       // for players: this turn's allowed guesses
  std::vector<SecretIndex> scratch;                      // for players: any candidate list

  static constexpr Pattern kEmptySlot = ~Pattern{0};
};

class Analyzer {
 public:
  // Feedback computed on the fly by the game.
  explicit Analyzer(const Game& game);
  // With the pattern table, when it fits options.memory_budget.
  Analyzer(const Game& game, const TableOptions& options);
  Analyzer(const Game& game, PatternTable table);

  [[nodiscard]] const Game& game() const { return *game_; }
  [[nodiscard]] const PatternTable& table() const { return table_; }
  [[nodiscard]] bool dense_counting() const { return game_->pattern_bound() <= kDenseCountingBound; }
  [[nodiscard]] std::span<const GuessIndex> all_guesses() const { return all_guesses_; }
  [[nodiscard]] std::span<const SecretIndex> all_secrets() const { return all_secrets_; }

  [[nodiscard]] Pattern feedback(GuessIndex g, SecretIndex s) const {
    return table_.empty() ? game_->feedback(g, s) : table_.at(g, s);
  }

  // The candidates (in order) that would have shown `seen.pattern` for `seen.guess`.
  void filter(std::span<const SecretIndex> candidates, Observation seen, std::vector<SecretIndex>& out) const;

  // How guess g splits the candidates.
  [[nodiscard]] ClassStats class_stats(GuessIndex g, std::span<const SecretIndex> candidates, Workspace& ws) const;

  // The partition of the candidates by g's pattern (classes by ascending code).
  void partition(GuessIndex g, std::span<const SecretIndex> candidates, Workspace& ws, Partition& out) const;

  // out[i] = class_stats(guesses[i], candidates) for every i, split over `threads`
  // threads (0 = all cores) when the work is large enough. The figures do not depend
  // on the thread count.
  void score_guesses(std::span<const GuessIndex> guesses, std::span<const SecretIndex> candidates, Workspace& ws,
                     unsigned threads, std::vector<ClassStats>& out) const;

  // The best of `guesses` for the candidates by `scoring`, with the tie rule:
  // among guesses whose score equals the best (entropy: within kEntropyTie of the
  // maximum), prefer one that is a candidate, then the lowest guess index
  // (alphabetical for Wordle). kNoGuess when `guesses` is empty.
  [[nodiscard]] GuessIndex best_guess(Scoring scoring, std::span<const GuessIndex> guesses,
                                      std::span<const SecretIndex> candidates, Workspace& ws,
                                      unsigned threads = 1) const;

  // The `top` best guesses in order, each chosen from the rest by best_guess's rule
  // (so element 0 is best_guess's answer).
  [[nodiscard]] std::vector<RankedGuess> rank_guesses(Scoring scoring, std::span<const GuessIndex> guesses,
                                                      std::span<const SecretIndex> candidates, std::size_t top,
                                                      Workspace& ws, unsigned threads = 1) const;

  // Marks the guesses that are candidates in ws.candidate_mark (clear_candidate_marks
  // undoes it; both cost O(candidates)).
  void mark_candidates(std::span<const SecretIndex> candidates, Workspace& ws) const;
  void clear_candidate_marks(std::span<const SecretIndex> candidates, Workspace& ws) const;

 private:
  friend struct Workspace;
  [[nodiscard]] ClassStats finish_stats(std::size_t n, const detail::Accumulated& a) const;
  // Codes laid out as rows: candidate j's row starts at offsets[j] (width 0: none).
  struct CodeRows {
    unsigned width = 0;
    const void* base = nullptr;
    const std::size_t* offsets = nullptr;
  };
  void score_range(std::span<const GuessIndex> guesses, std::size_t b, std::size_t e,
                   std::span<const SecretIndex> candidates, Workspace& ws, const CodeRows& rows, ClassStats* out) const;
  template <class F>
  decltype(auto) visit_codes(GuessIndex g, std::span<const SecretIndex> candidates, Workspace& ws, F&& f) const;

  const Game* game_;
  PatternTable table_;
  std::vector<GuessIndex> all_guesses_;
  std::vector<SecretIndex> all_secrets_;
  // q_[k] = k log2 k in units of kQuantum (see class_stats); dq_[k] = q_[k+1] - q_[k].
  static constexpr double kQuantum = 0x1p-40;
  std::vector<std::int64_t> q_;
  std::vector<std::int64_t> dq_;
};

}  // namespace puzzlelab::guess
