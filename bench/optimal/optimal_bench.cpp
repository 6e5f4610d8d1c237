// Benchmarks of the exact solver (not pass/fail). See docs/optimal.md for figures.
#include <benchmark/benchmark.h>

#include "guess/optimal.h"
#include "word_games.h"

namespace {

using namespace puzzlelab::guess;

const testing::WordListGame& wordle() {
  static const testing::WordListGame game(
      testing::read_words(std::string(PUZZLELAB_SOURCE_DIR) + "/data/wordle/answers.txt"),
      testing::read_words(std::string(PUZZLELAB_SOURCE_DIR) + "/data/wordle/guesses.txt"));
  return game;
}

std::vector<SecretIndex> all_secrets(const Game& game) {
  std::vector<SecretIndex> all(game.secret_count());
  for (SecretIndex s = 0; s < all.size(); ++s) all[s] = s;
  return all;
}

}  // namespace

BENCHMARK_MAIN();
