#pragma once
// The entropy player for a large candidate set whose members are not equally likely.
//
// With all 29,760 idioms as candidates but the daily answers as the secrets, the player
// knows more than "any idiom": puzzle setters choose well-known idioms, and well-known
// idioms are made of common characters. This player therefore weights each candidate by a
// prior — by default (common_prior) the number of idioms that contain its rarest character —
// and plays greedily on the weighted partition:
//   * more than `exact_limit` candidates: weighted entropy estimated on an evenly spaced
//     sample of `sample_size` candidates for every guess, then the `rescore` best guesses
//     re-scored exactly (the "sampled scoring" that makes the opener search cheap);
//   * more than `endgame` candidates: the largest weighted entropy
//     H = sum_c (W_c / W) log2(W / W_c) over the classes c of the partition;
//   * otherwise the smallest estimated number of guesses still needed,
//     E = 1 + sum over classes c other than the winning one of (2 W_c - w_max(c)) / W,
//     which assumes a class of one is solved next turn and a larger class within two turns
//     by guessing its heaviest member first (so it rewards guessing a likely candidate).
// Ties (within 1e-9) go to the larger weighted entropy, then to a candidate, then to the
// lower guess index (code-point order). With uniform weights and the answers as candidates
// use guess::ScoringPlayer instead: that is the plain entropy player of the issue.
#include <cstdint>
#include <span>
#include <vector>

#include "guess/analyzer.h"
#include "guess/player.h"
#include "handle/game.h"

namespace puzzlelab::handle {

// Weight of every secret of `game`: the number of idioms of the table containing the
// secret's rarest character (counted once per idiom).
std::vector<double> common_prior(const HandleGame& game);

struct WeightedPlayerOptions {
  std::uint32_t endgame = 64;        // candidates at or below which E decides
  std::uint32_t exact_limit = 4096;  // candidates above which scoring is sampled
  std::uint32_t sample_size = 2048;
  std::uint32_t rescore = 32;
  unsigned threads = 1;  // threads one decision may use
};

class WeightedEntropyPlayer final : public guess::Player {
 public:
  // weights[s] > 0 for every secret s of the analyzer's game.
  WeightedEntropyPlayer(const guess::Analyzer& analyzer, std::vector<double> weights,
                        WeightedPlayerOptions options = {});
  [[nodiscard]] guess::GuessIndex choose(const guess::Position& position, guess::Workspace& ws,
                                         core::Rng& rng) const override;

  struct Score {
    double entropy = 0;   // weighted, bits
    double expected = 0;  // E above
    std::uint32_t classes = 0;
    bool candidate = false;
  };
  // The scores of each guess against the candidates (threads as in the options).
  void score(std::span<const guess::GuessIndex> guesses, std::span<const guess::SecretIndex> candidates,
             std::vector<Score>& out, unsigned threads) const;
  // The `top` best guesses by this player's rule, best first.
  [[nodiscard]] std::vector<guess::GuessIndex> rank(std::span<const guess::SecretIndex> candidates, std::size_t top,
                                                    unsigned threads) const;

 private:
  [[nodiscard]] Score score_one(guess::GuessIndex g, std::span<const guess::SecretIndex> candidates, double total,
                                std::vector<guess::Pattern>& codes) const;
  const guess::Analyzer* analyzer_;
  std::vector<double> weights_;
  WeightedPlayerOptions options_;
};

}  // namespace puzzlelab::handle
