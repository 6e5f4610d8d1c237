#pragma once
// One round of the game as a person plays it (antfu/handle src/state.ts, Play.vue,
// Hint.vue; docs/handle-rules.md §1.5): checking typed guesses, the turns so far, the
// ten-try limit after which one may keep trying or reveal, and the two hint levels.
// Pure logic: the app draws it and reads the keyboard.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "handle/feedback.h"
#include "handle/lexicon.h"
#include "handle/reading.h"

namespace puzzlelab::handle {

inline constexpr int kTriesLimit = 10;  // TRIES_LIMIT, src/logic/constants.ts

// Why typed text is not a guess (the app words the message in the user's language).
enum class InputProblem {
  NotText,   // not valid UTF-8
  NotHan,    // a character without Unified_Ideograph (`offending`)
  Length,    // not four characters (`count`)
  NotIdiom,  // strict mode: not in the idiom list (`getIdiom` misses)
};

struct InputError {
  InputProblem problem = InputProblem::NotText;
  std::string text;        // what was typed, trimmed
  char32_t offending = 0;  // NotHan
  std::size_t count = 0;   // Length
};

struct CheckedGuess {
  std::optional<Word> word;  // set when the text is a valid guess
  InputError error;          // otherwise
};

// Surrounding spaces (ASCII and U+3000) are ignored; the rest must be exactly four
// characters with the Unified_Ideograph property (core::is_han — what the game's input box
// keeps); in strict mode the word or its simplified form must be an idiom.
CheckedGuess check_guess(const Lexicon& lexicon, std::string_view text, bool strict);

struct Turn {
  Word word;
  ParsedWord parsed;  // the guess read against the answer (what the game draws)
  Feedback feedback;
};

class Round {
 public:
  Round(const Lexicon& lexicon, Word answer, char32_t hint);

  [[nodiscard]] const Word& answer() const { return answer_; }
  [[nodiscard]] const ParsedWord& answer_parsed() const { return answer_parsed_; }
  [[nodiscard]] const std::vector<Turn>& turns() const { return turns_; }
  [[nodiscard]] int tries() const { return static_cast<int>(turns_.size()); }

  // Plays a checked guess. Repeating a guess is allowed (the game does not block it).
  const Turn& play(const Word& guess);

  // `checkPass` on some turn: all four characters exact.
  [[nodiscard]] bool won() const { return won_; }
  // Ten tries without a win: the game offers to keep trying or to reveal the answer.
  [[nodiscard]] bool failed() const { return !won_ && tries() >= kTriesLimit; }
  [[nodiscard]] bool revealed() const { return revealed_; }
  void reveal() { revealed_ = true; }
  [[nodiscard]] bool finished() const { return won_ || revealed_; }
  // "N tries left" is shown once more than four tries were made, until the limit.
  [[nodiscard]] bool show_tries_left() const { return tries() > 4 && !failed() && !won_; }
  [[nodiscard]] int tries_left() const { return kTriesLimit - tries(); }

  // Hints: level 1 shows the hint character's initial, final and tone with the character
  // masked; level 2 the character. Asking marks the round as hinted.
  [[nodiscard]] int hint_level() const { return hint_level_; }
  void raise_hint() { hint_level_ = hint_level_ < 2 ? hint_level_ + 1 : 2; }
  // `parseWord(hint, answer)[0]`: the hint character with the answer's reading.
  [[nodiscard]] const ParsedChar& hint() const { return hint_; }

 private:
  const Lexicon* lexicon_;
  Word answer_;
  ParsedWord answer_parsed_;
  ParsedChar hint_;
  std::vector<Turn> turns_;
  bool won_ = false;
  bool revealed_ = false;
  int hint_level_ = 0;
};

}  // namespace puzzlelab::handle
