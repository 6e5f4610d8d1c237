#pragma once
// What the Wordle commands share: the --answers/--guesses options, loading the lists
// into an Engine (errors reported through the context), and the cache of best first
// guesses in the state folder (keyed by the lists' checksum, so other lists never
// reuse a stale answer).
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "app/context.h"
#include "guess/analyzer.h"
#include "wordle/engine.h"

namespace puzzlelab::app {

struct WordleListOptions {
  std::optional<std::string> answers_file;
  std::optional<std::string> guesses_file;
};

void add_wordle_list_options(CLI::App* cmd, WordleListOptions& options);

struct LoadedWordle {
  std::unique_ptr<wordle::Engine> engine;
  std::uint64_t checksum = 0;  // of both lists' text
  bool builtin = true;         // the shipped lists
};

// Reads the lists (files, --data-dir or the built-in copy) and builds the engine.
// On error prints it (ctx.fail, exit 1) and returns an empty engine.
LoadedWordle load_wordle(Context& ctx, const WordleListOptions& lists, const guess::TableOptions& table);

// The `top` best first guesses for the whole answer list by `scoring` (hard mode only
// restricts later guesses, so the first is the same), from the state folder's cache
// when it has them for these lists, else computed with all threads and saved. Cache
// problems only cost time: they are reported as warnings.
std::vector<guess::GuessIndex> wordle_openers(Context& ctx, const LoadedWordle& loaded, guess::Scoring scoring,
                                              std::size_t top);

// Resolves --word W / --day N / the seed to an answer. `what` names the command for
// messages. On error prints it (usage error) and returns nullopt.
std::optional<guess::SecretIndex> choose_wordle_secret(Context& ctx, const wordle::WordleGame& game,
                                                       const std::optional<std::string>& word,
                                                       const std::optional<std::uint64_t>& day);

}  // namespace puzzlelab::app
