#pragma once
// The results file of a proof of the best first guess (`tree --all --results FILE`): one
// JSON object a line, {"problem", "guess", "total", "exact", "seconds"}, appended (and
// flushed) as each first guess is settled, so that a stopped run given the same file goes
// on where it stopped (prove_best_first's `known`). "problem" names what is proven (game,
// data, mode, limit), so the results of one problem are never taken for another's.
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "guess/first_guess_proof.h"

namespace puzzlelab::guess {

// How a game names its guesses in the file.
struct ProofNaming {
  std::string problem;
  std::function<std::string(GuessIndex)> word;
  std::function<std::optional<GuessIndex>(const std::string&)> guess_of;  // nullopt: not an allowed guess
};

// One line of the file for `result`, with its newline (seconds rounded to the millisecond).
std::string proof_result_line(const ProofNaming& naming, const FirstGuessResult& result);

// The results in `text` (a file's whole content). A last line cut off mid-write (a killed
// run, no newline and not JSON) is skipped: that first guess is evaluated again. Anything
// else wrong (not JSON, another problem, a missing or mistyped field, a word that is not
// a guess, a guess given twice) is an error "line N: what".
core::Result<std::vector<FirstGuessResult>> parse_proof_results(std::string_view text, const ProofNaming& naming);

}  // namespace puzzlelab::guess
