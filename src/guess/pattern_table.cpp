#include "guess/pattern_table.h"

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

// Fills rows [begin, end) of `data` (secrets codes a row), one feedback_row call a
// guess so the game's tight loop does the work; codes are narrowed to T.
template <class T>
void fill_rows(const Game& game, T* data, std::uint64_t begin, std::uint64_t end) {
  const std::uint32_t secrets = game.secret_count();
  std::vector<SecretIndex> all(secrets);
  std::iota(all.begin(), all.end(), SecretIndex{0});
  std::vector<Pattern> codes(secrets);
  for (std::uint64_t g = begin; g < end; ++g) {
    game.feedback_row(static_cast<GuessIndex>(g), all, codes);
    T* row = data + g * secrets;
    for (std::uint32_t s = 0; s < secrets; ++s) row[s] = static_cast<T>(codes[s]);
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
        fill_rows(game, table.w8_.get(), b, e);
        break;
      case 2:
        fill_rows(game, table.w16_.get(), b, e);
        break;
      default:
        fill_rows(game, table.w32_.get(), b, e);
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
  core::parallel_ranges(table.guesses_, core::resolve_threads(options.threads), body);
  return table;
}

}  // namespace puzzlelab::guess
