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

// "zh", "ong", "¹": the three pinyin parts as drawn (v shown as ü, the tone as a
// superscript digit, ⁰ for the neutral tone).
struct PinyinParts {
  std::string initial;
  std::string final;
  std::string tone;
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
