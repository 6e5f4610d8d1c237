#pragma once
// `wordle tree`, and the optimal player of `wordle sim` and `wordle assist`,
// registered from add_wordle_commands (after `sim` and `assist`, which it extends).
#include <CLI/CLI.hpp>

#include "app/context.h"

namespace puzzlelab::app {

void add_wordle_tree_commands(CLI::App* game, Context& ctx);

}  // namespace puzzlelab::app
