#pragma once
// A Handle decision tree as text, what `handle tree --out` writes: one line a secret,
// `idiom MARKSk` for each guess k (MARKS the sixteen E/M/N marks of the feedback, four
// per character in channel order, without the group spaces). It is Selby's Wordle tree
// format made for idioms, except that every line is written in full: the blank-prefix
// compression of Selby's files does not line up with wide characters.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/result.h"
#include "guess/optimal_tree.h"
#include "guess/tree_cache.h"
#include "handle/game.h"

namespace puzzlelab::handle {

// Where the optimal tree over the daily answers is cached (guess/tree_cache.h): the
// lexicon's checksum (16 hex digits) as the data and the variant
// "answers/max=<K>/first=<idiom index or best>".
guess::TreeCacheKey optimal_tree_key(std::uint64_t lexicon_checksum, std::uint32_t max_guesses,
                                     std::optional<guess::GuessIndex> first);

// What a proof of the best first guess (`handle tree --all`) proves, as its results file
// names it on every line (guess/proof_results.h): "handle/<lexicon checksum>/answers/
// max=<K>". Results files of earlier runs depend on the exact form.
std::string proof_problem(std::uint64_t lexicon_checksum, std::uint32_t max_guesses);

// "NNNMNMMMNNNNNNNN": the 16 marks of a pattern (format_feedback without the spaces).
std::string pattern_marks(guess::Pattern pattern);

// The tree's games against `secrets`, one line each in the order of a depth-first walk
// (patterns by ascending code); secrets the tree does not solve are left out.
std::string handle_tree_text(const HandleGame& game, const guess::DecisionTree& tree,
                             std::span<const guess::SecretIndex> secrets);

// Reads that text back into a tree (idioms of the game's guess list; every line ends
// solved). Errors name the line: an unknown idiom, marks that do not read, turns out of
// number, two lines that play different guesses after the same turns, a line that goes on
// after a solved turn or ends unsolved, the same line twice. verify_tree checks the tree
// against the game.
core::Result<guess::DecisionTree> parse_handle_tree(const HandleGame& game, std::string_view text);

}  // namespace puzzlelab::handle
