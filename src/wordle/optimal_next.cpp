#include "wordle/optimal_next.h"

#include <vector>

#include <fmt/format.h>

namespace puzzlelab::wordle {

std::optional<GuessIndex> default_opener(const WordleGame& game, bool original_lists) {
  if (!original_lists) return std::nullopt;
  return game.find_guess(kOptimalOpener);
}

core::Result<GuessIndex> parse_guess(const WordleGame& game, std::string_view text) {
  auto word = normalize_word(text, game.length());
  if (!word) return word.error();
  const auto g = game.find_guess(*word);
  if (!g) return core::Error{fmt::format("'{}' is not an allowed guess", *word)};
  return *g;
}

core::Result<std::optional<GuessIndex>> optimal_opener(const WordleGame& game, bool original_lists,
                                                       const std::optional<std::string>& first) {
  if (!first) return default_opener(game, original_lists);
  auto g = parse_guess(game, *first);
  if (!g) return g.error();
  return std::optional<GuessIndex>(*g);
}

core::Result<guess::OptimalTree> optimal_tree(const Engine& engine, bool hard, std::uint32_t max_guesses,
                                              std::optional<GuessIndex> first, guess::OptimalOptions run,
                                              const guess::TreeCacheOptions& cache) {
  run.hard_mode = hard ? &engine.hard_filter() : nullptr;
  run.max_guesses = max_guesses;
  run.history.clear();
  return guess::cached_optimal_tree(engine.game(), engine.analyzer().all_secrets(), std::move(run), first, cache);
}

guess::TreeCacheKey optimal_tree_key(const WordleGame& game, std::uint64_t lists_checksum, bool hard,
                                     std::uint32_t max_guesses, std::optional<GuessIndex> first) {
  return guess::TreeCacheKey{"wordle", fmt::format("{:016x}", lists_checksum),
                             fmt::format("{}/max={}/first={}", hard ? "hard" : "normal", max_guesses,
                                         first ? game.guess_word(*first) : "best")};
}

std::string proof_problem(std::uint64_t lists_checksum, bool hard, std::uint32_t max_guesses) {
  return fmt::format("wordle/{:016x}/{}/max={}", lists_checksum, hard ? "hard" : "normal", max_guesses);
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
