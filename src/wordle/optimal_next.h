#pragma once
// The optimal player in a real game of Wordle, for the terminal's `wordle assist
// --player optimal` and the page's assistant: the optimal tree from the opener while
// the entries follow it, the exact solver for the answers left once they leave it.
#include <optional>
#include <string>
#include <string_view>

#include "core/result.h"
#include "guess/optimal_advice.h"
#include "guess/tree_cache.h"
#include "wordle/assistant.h"
#include "wordle/engine.h"

namespace puzzlelab::wordle {

// SALET, proven the best first guess over all 12,972 by Alex Selby (7,920 guesses over
// the 2,315 answers; github.com/alex1770/wordle) and again here (`wordle tree --all`,
// about 15 CPU-minutes); evaluating it takes seconds.
inline constexpr std::string_view kOptimalOpener = "salet";

// The optimal player's first guess when none is chosen: SALET on the original lists,
// else none (the best must then be proven over every guess).
std::optional<GuessIndex> default_opener(const WordleGame& game, bool original_lists);

// A guess typed by a person (letters in either case): its index in the guess
// list. Errors: what is wrong with the word, or "'word' is not an allowed guess".
core::Result<GuessIndex> parse_guess(const WordleGame& game, std::string_view text);

// The optimal player's first guess: `first` when one is typed (parse_guess), else
// default_opener.
core::Result<std::optional<GuessIndex>> optimal_opener(const WordleGame& game, bool original_lists,
                                                       const std::optional<std::string>& first);

// The optimal next guess after the assistant's entries, in the assistant's mode, within
// the game's six guesses while that is possible. `tree` is the optimal tree over every
// answer from the opener (nullptr: none; the entries are then solved for directly, which
// with no entries at all is the full proof, minutes). `options` gives the threads, the
// cancel flag and the progress callback; the mode and the limit are set here. Errors:
// cancelled, solver limits, a solved or empty assistant.
// The optimal tree over every answer (all equally likely) from `first`, or from the best
// first guess proven over every guess when none: the exact solver in `hard` mode (the NYT
// rule) or not, every answer within `max_guesses` (0: no limit). `run` gives the threads,
// the cancel flag and the progress callback (the mode and the limit are set here);
// `cache` where the tree is kept (without a store it is computed every time). The terminal's `wordle tree`
// and optimal players and the page's assistant all take their trees from here.
core::Result<guess::OptimalTree> optimal_tree(const Engine& engine, bool hard, std::uint32_t max_guesses,
                                              std::optional<GuessIndex> first, guess::OptimalOptions run,
                                              const guess::TreeCacheOptions& cache);

// Where that tree is cached: the lists' checksum (16 hex digits) as the data, and the
// variant "<normal|hard>/max=<K>/first=<word or best>".
guess::TreeCacheKey optimal_tree_key(const WordleGame& game, std::uint64_t lists_checksum, bool hard,
                                     std::uint32_t max_guesses, std::optional<GuessIndex> first);

// What a proof of the best first guess (`wordle tree --all`) proves, as its results file
// names it on every line (guess/proof_results.h): "wordle/<lists' checksum>/<normal|hard>/
// max=<K>". Results files of earlier runs depend on the exact form.
std::string proof_problem(std::uint64_t lists_checksum, bool hard, std::uint32_t max_guesses);

core::Result<guess::OptimalAdvice> optimal_next(const Engine& engine, const Assistant& assistant,
                                                const guess::DecisionTree* tree, guess::AdviceOptions options);

}  // namespace puzzlelab::wordle
