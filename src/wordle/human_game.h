#pragma once
// A game played by a person: the rules of the real game around the feedback —
// six tries, guesses must be in the word list, hard mode refuses guesses that break
// it — and neither refusal costs a turn. Pure state: the app draws it and feeds it.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "wordle/feedback.h"
#include "wordle/game.h"
#include "wordle/hard_mode.h"

namespace puzzlelab::wordle {

struct PlayedRow {
  std::string guess;
  Pattern pattern = 0;
};

enum class GameStatus { Playing, Won, Lost };

// Best knowledge of a letter over the rows so far, in the real keyboard's order of
// precedence: green > yellow > gray > unknown.
enum class LetterStatus : std::uint8_t { Unknown, Absent, Present, Correct };

class HumanGame {
 public:
  HumanGame(const WordleGame& game, SecretIndex secret, bool hard, std::uint32_t max_guesses = 6);

  // Plays `typed` (any case, surrounding blanks ignored). When the guess is refused —
  // wrong length, not a word of the list, or (hard mode) breaking the rule — returns
  // the reason ("not in word list", "4th letter must be E") and nothing changes.
  std::optional<std::string> submit(std::string_view typed);

  [[nodiscard]] GameStatus status() const { return status_; }
  [[nodiscard]] const std::vector<PlayedRow>& rows() const { return rows_; }
  [[nodiscard]] const std::string& secret() const { return game_->secret_word(secret_); }
  [[nodiscard]] SecretIndex secret_index() const { return secret_; }
  [[nodiscard]] bool hard() const { return hard_; }
  [[nodiscard]] std::uint32_t max_guesses() const { return max_guesses_; }
  [[nodiscard]] int length() const { return game_->length(); }
  // Per letter a..z, the best status shown so far (for the keyboard strip).
  [[nodiscard]] std::vector<LetterStatus> letter_status() const;

 private:
  const WordleGame* game_;
  SecretIndex secret_;
  bool hard_;
  std::uint32_t max_guesses_;
  std::vector<PlayedRow> rows_;
  HardModeRule rule_;
  GameStatus status_ = GameStatus::Playing;
};

}  // namespace puzzlelab::wordle
