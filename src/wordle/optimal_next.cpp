#include "wordle/optimal_next.h"

#include <vector>

namespace puzzlelab::wordle {

std::optional<GuessIndex> default_opener(const WordleGame& game, bool original_lists) {
  if (!original_lists) return std::nullopt;
  return game.find_guess(kOptimalOpener);
}

core::Result<guess::OptimalAdvice> optimal_next(const Engine& engine, const Assistant& assistant,
                                                const guess::DecisionTree* tree, guess::AdviceOptions options) {
  if (assistant.solved()) return core::Error{"the puzzle is solved"};
  std::vector<guess::Observation> history;
  for (const AssistEntry& e : assistant.entries()) history.push_back({e.guess, e.pattern});
  options.hard_mode = assistant.hard() ? &engine.hard_filter() : nullptr;
  options.game_max_guesses = kMaxGuesses;
  return guess::optimal_advice(engine.game(), tree, history, assistant.candidates(), options);
}

}  // namespace puzzlelab::wordle
