#pragma once
// Wordle's feedback rule and the pattern code every module shares.
//
// The rule (as the NYT game scores): greens first; then, left to right, a
// guess letter is yellow while the secret still has an unmatched copy of it (copies
// matched by greens or by earlier yellows do not count); otherwise gray. The code is
// sum d_i * 3^i with green 2, yellow 1, gray 0 and position 0 least significant, so
// five letters give codes 0..242 and "all green" is 242. Text form: G, Y and '.'.
#include <cstdint>
#include <string>
#include <string_view>

#include "core/result.h"
#include "guess/game.h"

namespace puzzlelab::wordle {

using guess::Pattern;

inline constexpr int kMinLength = 4;
inline constexpr int kMaxLength = 8;

enum class Mark : std::uint8_t { Gray = 0, Yellow = 1, Green = 2 };

constexpr std::uint32_t pow3(int n) {
  std::uint32_t p = 1;
  for (int i = 0; i < n; ++i) p *= 3;
  return p;
}
// Number of distinct codes for words of `length` letters (243 for five).
constexpr std::uint32_t pattern_count(int length) {
  return pow3(length);
}
// The code of an all-green row.
constexpr Pattern solved_pattern(int length) {
  return pow3(length) - 1;
}

constexpr Mark mark_at(Pattern p, int position) {
  return static_cast<Mark>(p / pow3(position) % 3);
}

// The feedback `guess` gets against `secret`. Both are lower-case a-z of the same
// length (at most kMaxLength); callers validate first.
Pattern score(std::string_view secret, std::string_view guess);

// "G.Y.." (G green, Y yellow, '.' gray).
std::string pattern_text(Pattern pattern, int length);

// Reads the colours of a row as a person types them: one character a letter, in any
// of the common spellings — G/Y/. as printed here, letters such as "bbygb" (b, x, w,
// '-' or '_' gray; y yellow; g green; any case) or digits "00102" (0 gray, 1 yellow,
// 2 green). The error says which character is wrong.
core::Result<Pattern> parse_pattern(std::string_view text, int length);

// Checks a typed word: letters a-z (upper case is folded), `length` letters when
// length > 0, else kMinLength..kMaxLength. Returns the lower-case word.
core::Result<std::string> normalize_word(std::string_view text, int length = 0);

}  // namespace puzzlelab::wordle
