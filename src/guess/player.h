#pragma once
// Players, written once against guess::Game: each turn a player sees the candidates
// still possible and the turns so far, and names a guess. The generic ones live here
// (random candidate, best entropy, most classes, fewest expected remaining); a game
// adds its own (Wordle's letter-frequency player) by implementing Player, and its own
// guess restriction (Wordle's hard mode) by implementing GuessFilter.
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "core/rng.h"
#include "guess/analyzer.h"
#include "guess/game.h"

namespace puzzlelab::guess {

// What a player knows at its turn.
struct Position {
  std::span<const SecretIndex> candidates;  // sorted; the secrets still consistent
  std::span<const Observation> history;     // earlier turns, oldest first
};

// A game-specific rule on which guesses may be played after a history (Wordle's hard
// mode). Scoring players score only the allowed guesses.
class GuessFilter {
 public:
  virtual ~GuessFilter() = default;
  // The guesses allowed after `history`, ascending, into `out` (replacing its content).
  virtual void allowed(std::span<const Observation> history, std::vector<GuessIndex>& out) const = 0;
};

class Player {
 public:
  virtual ~Player() = default;
  // True when choose() depends on the position alone (never on rng), so decisions
  // may be cached by history (see DecisionCache).
  [[nodiscard]] virtual bool deterministic() const { return true; }
  // The guess to play, or kNoGuess when the player has none (no candidates left).
  // Must be safe to call from several threads at once, each with its own Workspace.
  [[nodiscard]] virtual GuessIndex choose(const Position& position, Workspace& ws, core::Rng& rng) const = 0;
};

// A uniformly random remaining candidate (one rng draw a turn).
class RandomPlayer final : public Player {
 public:
  explicit RandomPlayer(const Analyzer& analyzer) : analyzer_(&analyzer) {}
  [[nodiscard]] bool deterministic() const override { return false; }
  [[nodiscard]] GuessIndex choose(const Position& position, Workspace& ws, core::Rng& rng) const override;

 private:
  const Analyzer* analyzer_;
};

// The greedy players: with one or two candidates left, the candidate first in
// guess order; otherwise the best allowed guess by `scoring` (Analyzer::best_guess's
// tie rule).
// `threads` is how many threads one decision may use (1 inside a simulation, which
// is already parallel over games).
class ScoringPlayer final : public Player {
 public:
  ScoringPlayer(const Analyzer& analyzer, Scoring scoring, const GuessFilter* filter = nullptr, unsigned threads = 1)
      : analyzer_(&analyzer), scoring_(scoring), filter_(filter), threads_(threads) {}
  [[nodiscard]] GuessIndex choose(const Position& position, Workspace& ws, core::Rng& rng) const override;
  [[nodiscard]] Scoring scoring() const { return scoring_; }

 private:
  const Analyzer* analyzer_;
  Scoring scoring_;
  const GuessFilter* filter_;
  unsigned threads_;
};

// The guesses a filter allows after `history` (all guesses without a filter), in ws.allowed.
std::span<const GuessIndex> allowed_guesses(const Analyzer& analyzer, const GuessFilter* filter,
                                            std::span<const Observation> history, Workspace& ws);

}  // namespace puzzlelab::guess
