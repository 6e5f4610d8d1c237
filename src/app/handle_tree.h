#pragma once
// `handle tree`, registered from add_handle_commands, and the optimal player of
// `handle sim`.
#include <CLI/CLI.hpp>

#include "app/context.h"
#include "app/handle_session.h"
#include "app/sim_report.h"

namespace puzzlelab::app {

void add_handle_tree_commands(CLI::App* game, Context& ctx);

struct HandleSimOptions {
  HandleAiOptions ai;  // --player random | frequency | entropy | optimal
  SimCliOptions sim;
};
// `handle sim --player optimal`: every game along the cached optimal tree.
void run_handle_optimal_sim(Context& ctx, const HandleSimOptions& options);

}  // namespace puzzlelab::app
