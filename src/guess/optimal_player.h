#pragma once
// The optimal player: it plays a decision tree computed by the exact solver (or read
// from a file and verified). Positions the tree does not cover (a person played
// another guess) go to a fallback player when one is given.
#include <cstdint>
#include <functional>
#include <string>

#include "core/sim.h"
#include "guess/optimal_tree.h"
#include "guess/player.h"

namespace puzzlelab::guess {

class TreePlayer final : public Player {
 public:
  // `tree` must outlive the player; `fallback` may be nullptr (then a position off
  // the tree gets kNoGuess).
  explicit TreePlayer(const DecisionTree& tree, const Player* fallback = nullptr) : tree_(&tree), fallback_(fallback) {}
  [[nodiscard]] bool deterministic() const override { return fallback_ == nullptr || fallback_->deterministic(); }
  [[nodiscard]] GuessIndex choose(const Position& position, Workspace& ws, core::Rng& rng) const override;
  // The tree's guess after `history`, or nullopt when the history leaves the tree.
  [[nodiscard]] std::optional<GuessIndex> tree_guess(std::span<const Observation> history) const;

 private:
  const DecisionTree* tree_;
  const Player* fallback_;
};

// One game along `tree` against `secret` as the sim harness counts it (`sim --player
// optimal`): the guesses played as the primary figure, a win when the tree solves it
// within `max_guesses` (0: no limit), and with `word` the --jsonl detail {"secret",
// "guesses", "solved"} with the guesses named by `word`.
core::GameResult tree_game(const Game& game, const DecisionTree& tree, SecretIndex secret, std::uint32_t max_guesses,
                           const std::function<std::string(GuessIndex)>& word = {});

}  // namespace puzzlelab::guess
