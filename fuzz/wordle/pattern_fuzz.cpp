// Fuzz: the colours and the words a person types in Wordle (`play`, `assist`, `score`).
// The first byte picks the word length (4..8); the rest is the typed text. A pattern
// that parses must be in range and print as text that parses back to the same code; a
// word that is accepted must be lower-case a-z of the right length and stay the same
// when checked again.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "wordle/feedback.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace w = puzzlelab::wordle;
  if (size == 0) return 0;
  const int length = w::kMinLength + data[0] % (w::kMaxLength - w::kMinLength + 1);
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);

  auto pattern = w::parse_pattern(text, length);
  if (pattern) {
    if (*pattern >= w::pattern_count(length)) std::abort();
    const std::string printed = w::pattern_text(*pattern, length);
    auto again = w::parse_pattern(printed, length);
    if (!again || *again != *pattern) std::abort();
  } else if (pattern.error().message.empty()) {
    std::abort();
  }

  for (const int want : {0, length}) {
    auto word = w::normalize_word(text, want);
    if (!word) {
      if (word.error().message.empty()) std::abort();
      continue;
    }
    const auto n = static_cast<int>(word->size());
    if (n < w::kMinLength || n > w::kMaxLength || (want > 0 && n != want)) std::abort();
    for (const char c : *word) {
      if (c < 'a' || c > 'z') std::abort();
    }
    auto again = w::normalize_word(*word, want);
    if (!again || *again != *word) std::abort();
  }
  return 0;
}
