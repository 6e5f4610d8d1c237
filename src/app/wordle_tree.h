#pragma once
// `wordle tree`, and the optimal player of `wordle sim` and `wordle assist`,
// registered from add_wordle_commands (after `sim` and `assist`, which it extends).
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "app/context.h"
#include "core/result.h"
#include "guess/optimal_tree.h"
#include "wordle/game.h"

namespace puzzlelab::app {

void add_wordle_tree_commands(CLI::App* game, Context& ctx);

// A decision tree as text in Alex Selby's format (data/wordle/trees/SOURCES.md): one
// line a secret, `word PATTERNk` pairs, branches in the order of their B/G/Y text,
// and the tokens a line shares with the line above replaced by blanks. Writing a
// parsed Selby tree gives back the file byte for byte.
std::string wordle_tree_text(const wordle::WordleGame& game, const guess::DecisionTree& tree,
                             std::span<const guess::SecretIndex> secrets);

// A tree file's text as a DecisionTree (the structure only; wordle::check_decision_tree
// and guess::verify_tree check it against the rules). Errors name the line.
core::Result<guess::DecisionTree> parse_wordle_tree(const wordle::WordleGame& game, std::string_view text);

}  // namespace puzzlelab::app
