#pragma once
// `handle tree` and the optimal player of `handle sim`, registered from
// add_handle_commands (after `sim`, which it extends).
#include <CLI/CLI.hpp>

#include "app/context.h"

namespace puzzlelab::app {

void add_handle_tree_commands(CLI::App* game, Context& ctx);

}  // namespace puzzlelab::app
