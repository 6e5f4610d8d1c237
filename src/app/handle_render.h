#pragma once
// Drawing Handle as text: pure functions from game state to strings (tested against
// golden strings). Each character is a cell with its pinyin above it, every part coloured
// on its own as the real game does (teal exact, orange misplaced, grey none); without
// colour a third line spells the marks as E/M/N letters in the order character, initial,
// final, tone.
#include <string>

#include "handle/feedback.h"
#include "handle/reading.h"
#include "handle/session.h"

namespace puzzlelab::app {

inline constexpr int kHandleCellWidth = 8;

// The pinyin as drawn, with the tone as a mark over its vowel as handle.antfu.me shows
// it (handle::tone_marked: "zh" + "ōng", "j" + "ué", "l" + "ǜ"; no mark for the
// neutral tone). For colouring the tone apart, the final is also given in three
// pieces: its letters up to the marked one (`head`), the tone's combining accent
// (`accent`, "" for the neutral tone) and the rest (`tail`); head + accent + tail is
// the same text decomposed.
struct PinyinParts {
  std::string initial;
  std::string final;
  std::string head;
  std::string accent;
  std::string tail;
  [[nodiscard]] std::string text() const { return initial + final; }
};
PinyinParts pinyin_parts(const handle::Syllable& s);

// One guess with its feedback: the pinyin line and the character line (and the E/M/N line
// without colour), each line starting with two spaces.
std::string render_turn(const handle::ParsedWord& word, const handle::Feedback& feedback, bool color);
// A word without feedback (the revealed answer): pinyin and characters in plain colour.
std::string render_word(const handle::ParsedWord& word, bool color);
// The hint at the game's level (1: the sound with the character masked, 2: the character).
std::string render_hint(const handle::PlaySession& game, bool color, bool chinese);

}  // namespace puzzlelab::app
