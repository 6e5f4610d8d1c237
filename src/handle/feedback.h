#pragma once
// Feedback of one guess (antfu/handle src/logic/utils.ts `testAnswer`; docs/rules/handle.md
// §1.4): per position a mark for the character, the initial, the final and the tone, each
// exact / misplaced / none, with Wordle-style duplicate counting in each channel, one pool
// shared by initials and finals, and an empty guess initial always exact.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/result.h"
#include "handle/lexicon.h"
#include "handle/reading.h"

namespace puzzlelab::handle {

enum class Mark : std::uint8_t { None = 0, Misplaced = 1, Exact = 2 };

// The order of the four marks of a position everywhere in this project (the printed
// groups, the pattern code): character, initial, final, tone.
enum class Channel : std::uint8_t { Char = 0, Initial = 1, Final = 2, Tone = 3 };
inline constexpr int kPositions = 4;
inline constexpr int kChannels = 4;

// A feedback result packed as a pattern code for src/guess: sixteen base-3 digits,
// digit 4 * position + channel (position 0 least significant), each the Mark value
// (none 0, misplaced 1, exact 2) — the same convention as Wordle's code.
using Pattern = std::uint32_t;
inline constexpr Pattern kPatternCount = 43046721;  // 3^16
inline constexpr Pattern kAllExact = kPatternCount - 1;

struct Feedback {
  std::array<std::array<Mark, kChannels>, kPositions> marks{};  // [position][channel]

  [[nodiscard]] Mark at(int position, Channel c) const { return marks[position][static_cast<int>(c)]; }
  // `checkPass`: the game is won when all four characters are exact (the parts may still
  // differ, e.g. 青红皁白 against 青红皂白).
  [[nodiscard]] bool win() const;
  friend bool operator==(const Feedback&, const Feedback&) = default;
};

[[nodiscard]] Pattern encode(const Feedback& f);
[[nodiscard]] Feedback decode(Pattern p);
// The win rule on a pattern code: the four character digits are all exact.
[[nodiscard]] bool pattern_wins(Pattern p);

// "MMME MMME EEEE NEEN": four groups, one per position, letters in channel order.
[[nodiscard]] std::string format_feedback(const Feedback& f);
// Reads that form: sixteen letters E/M/N (either case), optionally grouped by spaces into
// four groups of four. The error says what is wrong.
core::Result<Feedback> parse_feedback(std::string_view text);

// `testAnswer(guess, answer)` on parsed words (four characters each), written as close to
// the game's code as possible; the reference the fast path is checked against.
[[nodiscard]] Feedback score(const Lexicon& lexicon, const ParsedWord& guess, const ParsedWord& answer);
// Both parses per the round's rules, then score.
[[nodiscard]] Feedback score_words(const Lexicon& lexicon, std::u32string_view answer, std::u32string_view guess);

}  // namespace puzzlelab::handle
