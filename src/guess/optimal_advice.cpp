#include "guess/optimal_advice.h"

#include <algorithm>
#include <vector>

namespace puzzlelab::guess {

core::Result<SolvedTree> solve_optimal_tree(const Game& game, std::span<const SecretIndex> secrets,
                                            OptimalOptions options, std::optional<GuessIndex> first) {
  const GuessFilter* hard_mode = options.hard_mode;
  const std::uint32_t max_guesses = options.max_guesses;
  auto solver = OptimalSolver::create(game, secrets, std::move(options));
  if (!solver) return solver.error();
  SolvedTree result;
  if (first) {
    auto value = (*solver)->value_of_first(*first);
    if (!value) return value.error();
    result.first = *first;
  } else {
    auto best = (*solver)->best_first();
    if (!best) return best.error();
    result.first = best->guess;
    result.proven_all = true;
  }
  // The memo holds every class's value by now: building the tree is a walk over it.
  auto tree = (*solver)->tree(result.first);
  if (!tree) return tree.error();
  result.tree = std::move(*tree);
  result.counters = (*solver)->counters();
  if (result.tree.empty()) return result;  // no strategy within the limit
  const TreeCheck check = verify_tree(game, result.tree, secrets, hard_mode, max_guesses);
  if (check.defect) return core::Error{"internal error: the computed tree does not replay"};
  result.summary = check.summary;
  return result;
}

core::Result<OptimalAdvice> optimal_advice(const Game& game, const DecisionTree* tree,
                                           std::span<const Observation> history,
                                           std::span<const SecretIndex> candidates, const AdviceOptions& options) {
  if (candidates.empty()) return core::Error{"no secret is left"};
  OptimalAdvice a;
  if (const auto node = tree != nullptr ? tree->node_after(history) : std::nullopt) {
    a.guess = tree->node(*node).guess;
    a.on_tree = true;
    for (const SecretIndex s : candidates) {
      const std::size_t n = play_along(game, *tree, s).size() - history.size();
      a.total += n;
      a.max = std::max(a.max, static_cast<std::uint32_t>(n));
    }
    return a;
  }
  OptimalOptions solver_options;
  solver_options.hard_mode = options.hard_mode;
  solver_options.history.assign(history.begin(), history.end());
  solver_options.threads = options.threads;
  solver_options.cancel = options.cancel;
  solver_options.progress = options.progress;
  // Within the game's limit while that is still possible, else without a limit.
  const bool limited = options.game_max_guesses != 0 && history.size() < options.game_max_guesses;
  solver_options.max_guesses = limited ? options.game_max_guesses : 0;
  auto solver = OptimalSolver::create(game, candidates, solver_options);
  if (!solver) return solver.error();
  auto best = (*solver)->best_first();
  if (!best) return best.error();
  if (best->total == kInfeasible && solver_options.max_guesses != 0) {
    solver_options.max_guesses = 0;
    solver = OptimalSolver::create(game, candidates, solver_options);
    if (!solver) return solver.error();
    best = (*solver)->best_first();
    if (!best) return best.error();
  }
  auto sub = (*solver)->tree(best->guess);
  if (!sub) return sub.error();
  a.guess = best->guess;
  a.total = best->total;
  for (const SecretIndex s : candidates) {
    a.max = std::max(a.max, static_cast<std::uint32_t>(play_along(game, *sub, s).size()));
  }
  return a;
}

}  // namespace puzzlelab::guess
