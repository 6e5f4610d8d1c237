#include "guess/pattern_table.h"

#include <algorithm>
#include <numeric>
#include <vector>

#include "core/parallel.h"

namespace puzzlelab::guess {

unsigned PatternTable::width_for(std::uint64_t pattern_bound) {
  if (pattern_bound <= 0x100) return 1;
  if (pattern_bound <= 0x10000) return 2;
  return 4;
}

std::uint64_t PatternTable::bytes_for(const Game& game) {
  return std::uint64_t{width_for(game.pattern_bound())} * game.guess_count() * game.secret_count();
}

namespace {

// Guesses computed together before their codes are written out (transposed) into
// the secret-major rows: 16 rows of codes stay in L2, and each secret's row gets 16
// contiguous cells at a time.
constexpr std::uint32_t kGuessBlock = 16;

// Fills the cells of secrets [begin, end) for every guess, narrowing codes to T.
// Each thread owns whole secret rows, so no two threads write the same cache line.
template <class T>
void fill_secrets(const Game& game, T* data, std::uint64_t begin, std::uint64_t end) {
  const std::uint32_t guesses = game.guess_count();
  if (begin < end) {
    // The game's own secret rows, when it has them.
    std::vector<Pattern> row(guesses);
    if (game.feedback_secret_row(static_cast<SecretIndex>(begin), row)) {
      for (std::uint64_t s = begin;;) {
        T* cell = data + s * guesses;
        for (std::uint32_t g = 0; g < guesses; ++g) cell[g] = static_cast<T>(row[g]);
        if (++s == end) return;
        game.feedback_secret_row(static_cast<SecretIndex>(s), row);
      }
    }
  }
  std::vector<SecretIndex> mine(end - begin);
  std::iota(mine.begin(), mine.end(), static_cast<SecretIndex>(begin));
  std::vector<Pattern> codes(std::size_t{kGuessBlock} * mine.size());
  for (std::uint32_t g0 = 0; g0 < guesses; g0 += kGuessBlock) {
    const std::uint32_t block = std::min(kGuessBlock, guesses - g0);
    for (std::uint32_t b = 0; b < block; ++b) {
      game.feedback_row(g0 + b, mine, std::span<Pattern>(codes).subspan(std::size_t{b} * mine.size(), mine.size()));
    }
    for (std::size_t j = 0; j < mine.size(); ++j) {
      T* cell = data + (begin + j) * guesses + g0;
      for (std::uint32_t b = 0; b < block; ++b) cell[b] = static_cast<T>(codes[std::size_t{b} * mine.size() + j]);
    }
  }
}

}  // namespace

PatternTable PatternTable::build(const Game& game, const TableOptions& options) {
  PatternTable table;
  const std::uint64_t bytes = bytes_for(game);
  if (bytes == 0 || bytes > options.memory_budget) return table;
  table.width_ = width_for(game.pattern_bound());
  table.guesses_ = game.guess_count();
  table.secrets_ = game.secret_count();
  const std::size_t cells = std::size_t{table.guesses_} * table.secrets_;
  // Uninitialised storage: every cell is written below, by the thread that owns its
  // row, so the pages are also first touched in parallel.
  const auto body = [&](std::uint64_t b, std::uint64_t e) {
    switch (table.width_) {
      case 1:
        fill_secrets(game, table.w8_.get(), b, e);
        break;
      case 2:
        fill_secrets(game, table.w16_.get(), b, e);
        break;
      default:
        fill_secrets(game, table.w32_.get(), b, e);
        break;
    }
  };
  switch (table.width_) {
    case 1:
      table.w8_ = std::make_unique_for_overwrite<std::uint8_t[]>(cells);
      break;
    case 2:
      table.w16_ = std::make_unique_for_overwrite<std::uint16_t[]>(cells);
      break;
    default:
      table.w32_ = std::make_unique_for_overwrite<std::uint32_t[]>(cells);
      break;
  }
  core::parallel_ranges(table.secrets_, std::max(1u, options.threads), body);
  return table;
}

}  // namespace puzzlelab::guess
