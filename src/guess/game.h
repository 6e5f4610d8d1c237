#pragma once
// A "guess game" as the players see it: a list of guesses, a list of secrets, and a
// feedback function that turns (guess, secret) into a pattern code. Wordle (codes
// 0..242) and Handle (codes below 3^16) plug in here; nothing below this interface
// knows about letters, pinyin or any particular rule.
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <span>

namespace puzzlelab::guess {

using Pattern = std::uint32_t;      // a feedback code, below Game::pattern_bound()
using GuessIndex = std::uint32_t;   // position in the guess list
using SecretIndex = std::uint32_t;  // position in the secret list

// "This secret is not in the guess list" (Game::guess_of_secret).
inline constexpr GuessIndex kNoGuess = ~GuessIndex{0};

// One turn as the player saw it.
struct Observation {
  GuessIndex guess = 0;
  Pattern pattern = 0;
  friend bool operator==(const Observation&, const Observation&) = default;
};

// The game's side of the contract. Implementations must be immutable after
// construction (feedback is called from several threads at once) and must keep
// both lists in the order that ties are broken by (Wordle: alphabetical; Handle:
// code-point order): players prefer the lowest index among equal choices.
class Game {
 public:
  virtual ~Game() = default;

  [[nodiscard]] virtual std::uint32_t guess_count() const = 0;
  [[nodiscard]] virtual std::uint32_t secret_count() const = 0;
  // Every code feedback() returns is below this bound (the number of distinct codes,
  // or an upper bound on it). At most 2^32 - 1: the code 0xffffffff is reserved.
  [[nodiscard]] virtual std::uint64_t pattern_bound() const = 0;
  // True for the pattern that means "the guess is the secret".
  [[nodiscard]] virtual bool is_solved(Pattern pattern) const = 0;
  // The index of secret `secret` in the guess list, or kNoGuess when it is not a guess.
  [[nodiscard]] virtual GuessIndex guess_of_secret(SecretIndex secret) const = 0;
  [[nodiscard]] virtual Pattern feedback(GuessIndex guess, SecretIndex secret) const = 0;
  // out[i] = feedback(guess, secrets[i]) for every i. Games override this with a
  // tight loop: it is the hot path when no pattern table is kept.
  virtual void feedback_row(GuessIndex guess, std::span<const SecretIndex> secrets, std::span<Pattern> out) const {
    assert(out.size() >= secrets.size());
    for (std::size_t i = 0; i < secrets.size(); ++i) out[i] = feedback(guess, secrets[i]);
  }
};

}  // namespace puzzlelab::guess
