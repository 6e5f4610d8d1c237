#pragma once
// The optimal tree of a guess game, loaded from a cache in the state folder or computed
// by the exact solver and saved there. Computing one takes seconds (a fixed first guess)
// to minutes (the best first guess proven over every guess), and the tree never changes
// for the same data and setting, so the `tree` commands and the optimal players keep
// them. One file per game ("wordle-optimal.json", "handle-optimal.json"):
//   {"data": "<checksum of the data>", "trees": {"<variant>": {"total", "proven_all",
//    "seconds", "tree"}}}
// with the tree in tree_to_json's form. Other data drops every tree of the file (a new
// checksum starts it afresh). A cached tree is trusted only when it replays through
// verify_tree to its recorded total: a damaged or stale entry is computed again and
// replaced. Cache problems only cost time, so they are warnings, not errors.
#include <functional>
#include <optional>
#include <span>
#include <string>

#include "core/result.h"
#include "core/state_store.h"
#include "guess/optimal.h"
#include "guess/optimal_tree.h"

namespace puzzlelab::guess {

// Which tree, in which file.
struct TreeCacheKey {
  std::string game;     // "wordle" or "handle": the cache file is <game>-optimal.json
  std::string data;     // checksum of the data (hex); a change of data drops the cache
  std::string variant;  // mode, limit and first guess, e.g. "hard/max=6/first=salet"
};

// The cache file's name in the state folder for `game`.
std::string tree_cache_file(const std::string& game);

struct OptimalTree {
  DecisionTree tree;  // empty when no strategy meets the guess limit
  GuessIndex first = kNoGuess;
  TreeSummary summary;
  bool proven_all = false;  // optimal over every first guess (else: for `first`)
  bool cached = false;      // loaded from the cache
  double seconds = 0;       // to compute it (for a cached tree: when it was computed)
  OptimalCounters counters;
};

struct TreeCacheOptions {
  const core::StateStore* store = nullptr;  // nullptr: neither read nor written
  TreeCacheKey key;
  bool recompute = false;  // ignore a cached tree (and replace it)
  // Each cache problem as it happens (unreadable or damaged file, a tree that does not
  // replay, a failed save), worded for a person.
  std::function<void(const std::string&)> warn;
};

// The optimal tree for `secrets` (all equally likely) with `first` fixed, or the best
// first guess proven over all allowed guesses (guess::solve_optimal_tree with `options`:
// its threads, cancel flag and progress callback are used only when the tree is
// computed). Errors: those of the solver (cancelled, solver limits).
core::Result<OptimalTree> cached_optimal_tree(const Game& game, std::span<const SecretIndex> secrets,
                                              OptimalOptions options, std::optional<GuessIndex> first,
                                              const TreeCacheOptions& cache);

}  // namespace puzzlelab::guess
