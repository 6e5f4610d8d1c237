#pragma once
// `wordle tree`, and the optimal player of `wordle sim` and `wordle assist`,
// registered from add_wordle_commands (after `sim` and `assist`, which it extends).
#include <cstdint>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "app/context.h"
#include "app/optimal_command.h"
#include "app/wordle_setup.h"
#include "core/result.h"
#include "guess/game.h"

namespace puzzlelab::app {

void add_wordle_tree_commands(CLI::App* game, Context& ctx);

// Shared by `tree` (wordle_tree.cpp) and the optimal player of `sim` and `assist`
// (wordle_optimal.cpp).
// The first guess the optimal player opens with: --first, else SALET on the original
// lists, else none (the best is then proven over every guess).
core::Result<std::optional<guess::GuessIndex>> wordle_opener(const LoadedWordle& loaded,
                                                             const std::optional<std::string>& first);
// The optimal tree for the lists (cached in the state folder), from `first` or the best.
core::Result<OptimalTree> wordle_optimal_tree(Context& ctx, const LoadedWordle& loaded, bool hard,
                                              std::uint32_t max_guesses, std::optional<guess::GuessIndex> first,
                                              bool recompute);

}  // namespace puzzlelab::app
