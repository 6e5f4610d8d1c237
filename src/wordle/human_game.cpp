#include "wordle/human_game.h"

#include <algorithm>

#include <fmt/format.h>

namespace puzzlelab::wordle {

HumanGame::HumanGame(const WordleGame& game, SecretIndex secret, bool hard, std::uint32_t max_guesses)
    : game_(&game), secret_(secret), hard_(hard), max_guesses_(max_guesses), rule_(game.length()) {}

std::optional<std::string> HumanGame::submit(std::string_view typed) {
  if (status_ != GameStatus::Playing) return std::string("the game is over");
  while (!typed.empty() && (typed.front() == ' ' || typed.front() == '\t')) typed.remove_prefix(1);
  while (!typed.empty() && (typed.back() == ' ' || typed.back() == '\t' || typed.back() == '\r'))
    typed.remove_suffix(1);
  const int length = game_->length();
  auto word = normalize_word(typed, 0);
  if (!word) {
    if (typed.size() < static_cast<std::size_t>(length)) return std::string("not enough letters");
    return word.error().message;
  }
  if (static_cast<int>(word->size()) < length) return std::string("not enough letters");
  if (static_cast<int>(word->size()) > length) return fmt::format("too many letters (a guess has {})", length);
  if (!game_->find_guess(*word)) return std::string("not in word list");
  if (hard_) {
    if (auto why = rule_.violation(*word)) return *why;
  }
  const Pattern p = score(secret(), *word);
  rows_.push_back(PlayedRow{*word, p});
  rule_.add(*word, p);
  if (p == solved_pattern(length)) {
    status_ = GameStatus::Won;
  } else if (rows_.size() >= max_guesses_) {
    status_ = GameStatus::Lost;
  }
  return std::nullopt;
}

std::vector<LetterStatus> HumanGame::letter_status() const {
  std::vector<LetterStatus> status(26, LetterStatus::Unknown);
  for (const auto& row : rows_) {
    for (int i = 0; i < length(); ++i) {
      const auto x = static_cast<std::size_t>(row.guess[static_cast<std::size_t>(i)] - 'a');
      LetterStatus s = LetterStatus::Absent;
      switch (mark_at(row.pattern, i)) {
        case Mark::Green:
          s = LetterStatus::Correct;
          break;
        case Mark::Yellow:
          s = LetterStatus::Present;
          break;
        case Mark::Gray:
          s = LetterStatus::Absent;
          break;
      }
      status[x] = std::max(status[x], s);
    }
  }
  return status;
}

}  // namespace puzzlelab::wordle
