#pragma once
// Wordle's best first guesses for the whole answer list, from the state folder's opener
// cache (guess::OpenerCache, "wordle-openers.json") when it has them for these lists.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/state_store.h"
#include "guess/analyzer.h"
#include "wordle/engine.h"

namespace puzzlelab::wordle {

struct Openers {
  std::vector<guess::GuessIndex> guesses;  // best first
  std::vector<std::string> warnings;       // cache problems: they only cost time
};

// The `top` best first guesses by `scoring` (hard mode only restricts later guesses, so
// the first is the same). Read from `store` (when given) under `checksum`, the lists'
// checksum, so other lists never reuse a stale answer; else computed with `threads`
// threads and saved (the best 10 at least, for a later, larger `top`).
Openers best_openers(const Engine& engine, std::uint64_t checksum, guess::Scoring scoring, std::size_t top,
                     const core::StateStore* store, unsigned threads);

}  // namespace puzzlelab::wordle
