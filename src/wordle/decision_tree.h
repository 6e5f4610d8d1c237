#pragma once
// Decision trees in Alex Selby's text format (data/wordle/trees, SOURCES.md): one line
// per secret, `word PATTERNk` pairs (PATTERN in B gray / Y yellow / G green, k the
// guess number), each line ending with the all-green pattern; leading blanks stand
// for the text of the line above up to that column (the line shares that branch).
//
//   salet BBBBB1 courd BBBBB2 nymph BBBBY3 whiff GGGGG4
//                                   BGYYB3 pygmy GGGGG4
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "guess/optimal_tree.h"
#include "wordle/engine.h"
#include "wordle/feedback.h"
#include "wordle/game.h"

namespace puzzlelab::wordle {

struct TreeTurn {
  std::string guess;
  Pattern pattern = 0;
};

// One line of a tree: the game played against one secret (the last guess).
struct TreeLine {
  std::size_t line_no = 0;
  std::vector<TreeTurn> turns;
};

// Parses the format above. Errors name the line and what is wrong (a bad pattern
// letter, a guess number out of sequence, a line not ending in all green, a
// continuation indented past the line above).
core::Result<std::vector<TreeLine>> parse_decision_tree(std::string_view text, int length);

struct TreeSummary {
  std::uint64_t games = 0;
  std::uint64_t total_guesses = 0;
  std::uint32_t max_guesses = 0;
  std::map<std::uint32_t, std::uint64_t> distribution;  // guesses -> games
};

// Replays a tree against the game's lists and rules: every guess must be an allowed
// guess, every pattern must be the feedback the line's secret gives, the same
// history must always lead to the same next guess (it is a tree), every answer must
// have exactly one line, and with `hard` every guess must obey hard mode. The error
// names the first offending line.
core::Result<TreeSummary> check_decision_tree(const WordleGame& game, const std::vector<TreeLine>& lines, bool hard);

// A decision tree as text in this format: branches in the order of their B/G/Y text,
// and the tokens a line shares with the line above replaced by blanks. Writing a parsed
// Selby tree gives back the file byte for byte.
std::string wordle_tree_text(const WordleGame& game, const guess::DecisionTree& tree,
                             std::span<const guess::SecretIndex> secrets);

// A tree file's text as a DecisionTree (the structure only; check_decision_tree and
// guess::verify_tree check it against the rules). Errors name the line.
core::Result<guess::DecisionTree> parse_wordle_tree(const WordleGame& game, std::string_view text);

// A tree file checked against the lists and rules (`wordle tree --check`): parsed,
// replayed line by line (check_decision_tree), held to `max_guesses` (0: no limit), and
// replayed a second, independent way through the solver's own tree type and verifier
// (guess::verify_tree), whose total must agree.
struct CheckedTreeFile {
  std::vector<TreeLine> lines;
  TreeSummary summary;
  guess::DecisionTree tree;  // the same tree in the solver's form
  // The first line (index into `lines`) that takes more than `max_guesses`; the check
  // stops there (`tree` is then empty).
  std::optional<std::size_t> over_limit;
};
// Errors name what is wrong with the text (and its line): it does not parse, has no tree
// lines, breaks a rule, or does not replay through the verifier.
core::Result<CheckedTreeFile> check_tree_file(const Engine& engine, std::string_view text, bool hard,
                                              std::uint32_t max_guesses);

}  // namespace puzzlelab::wordle
