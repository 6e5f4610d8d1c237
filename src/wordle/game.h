#pragma once
// Wordle as a guess::Game: the answer list (secrets) and the allowed guesses, with the
// feedback rule of feedback.h computed on packed letters.
//
// Both lists are kept sorted, so index order is alphabetical order — the tie order of
// the players ("the alphabetically first candidate", "then alphabetical").
// The answer file's own order is kept as list_order() for `--games all`; the original
// game's day order (`--day N`) is set apart with set_day_order().
#include <array>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "guess/game.h"
#include "wordle/feedback.h"

namespace puzzlelab::wordle {

using guess::GuessIndex;
using guess::SecretIndex;

namespace detail {
// A word's distinct letters and each one's positions (bit i: position i), for the
// feedback kernel of guesses that repeat a letter (game.cpp).
struct LetterGroups {
  std::uint8_t count = 0;
  std::array<std::uint8_t, kMaxLength> letter{};
  std::array<std::uint8_t, kMaxLength> positions{};
};
}  // namespace detail

// A day number as the NYT writes it in the title and the share text: "1,234".
std::string day_number_text(std::uint64_t day);

class WordleGame final : public guess::Game {
 public:
  // `answers` in the list's order, `guesses` in any order; words validated by
  // parse_word_list. The lists must have one word length. Answers missing from the
  // guesses are added to them (an answer is always a valid guess).
  static core::Result<std::unique_ptr<WordleGame>> create(const std::vector<std::string>& answers,
                                                          const std::vector<std::string>& guesses);

  [[nodiscard]] int length() const { return length_; }
  [[nodiscard]] const std::string& guess_word(GuessIndex g) const { return guesses_[g]; }
  [[nodiscard]] const std::string& secret_word(SecretIndex s) const { return secrets_[s]; }
  [[nodiscard]] const std::vector<std::string>& guess_words() const { return guesses_; }
  [[nodiscard]] const std::vector<std::string>& secret_words() const { return secrets_; }
  [[nodiscard]] std::optional<GuessIndex> find_guess(std::string_view word) const;
  [[nodiscard]] std::optional<SecretIndex> find_secret(std::string_view word) const;
  // Secrets in the answer list's own order (day 1 is list_order()[0]).
  [[nodiscard]] std::span<const SecretIndex> list_order() const { return list_order_; }
  // The original game's day order (data/wordle/answers-by-day.txt): day 0 was
  // 2021-06-19 (CIGAR), day 1 REBUT, ... Every word must be one of the answers, each
  // at most once. Without it (a user's own answer list) no game has a day number.
  [[nodiscard]] std::optional<core::Error> set_day_order(const std::vector<std::string>& words_by_day);
  [[nodiscard]] bool has_days() const { return !day_order_.empty(); }
  // Days 0 .. day_count() - 1 exist.
  [[nodiscard]] std::uint64_t day_count() const { return day_order_.size(); }
  // The day an answer was the daily puzzle; nullopt without a day order or when the
  // answer is not in it.
  [[nodiscard]] std::optional<std::uint64_t> day_of(SecretIndex s) const;
  // Day `day`'s answer; nullopt from day_count() on (and without a day order).
  [[nodiscard]] std::optional<SecretIndex> secret_of_day(std::uint64_t day) const;
  // Guesses that were only in the answer list (added to the guesses).
  [[nodiscard]] std::size_t answers_added_to_guesses() const { return added_; }

  // guess::Game
  [[nodiscard]] std::uint32_t guess_count() const override { return static_cast<std::uint32_t>(guesses_.size()); }
  [[nodiscard]] std::uint32_t secret_count() const override { return static_cast<std::uint32_t>(secrets_.size()); }
  [[nodiscard]] std::uint64_t pattern_bound() const override { return pattern_count(length_); }
  [[nodiscard]] bool is_solved(Pattern p) const override { return p == solved_pattern(length_); }
  [[nodiscard]] GuessIndex guess_of_secret(SecretIndex s) const override { return secret_to_guess_[s]; }
  [[nodiscard]] Pattern feedback(GuessIndex g, SecretIndex s) const override;
  void feedback_row(GuessIndex g, std::span<const SecretIndex> secrets, std::span<Pattern> out) const override;
  bool feedback_secret_row(SecretIndex s, std::span<Pattern> out) const override;

 private:
  WordleGame() = default;
  using Packed = std::array<std::uint8_t, kMaxLength>;  // letters 0..25

  int length_ = 0;
  std::vector<std::string> guesses_;
  std::vector<std::string> secrets_;
  std::vector<Packed> guess_packed_;
  std::vector<std::uint8_t> guess_repeats_;   // 1 when the guess repeats a letter
  std::vector<GuessIndex> distinct_guesses_;  // the guesses without, ascending
  std::vector<GuessIndex> repeat_guesses_;    // the guesses with, ascending
  std::vector<detail::LetterGroups> guess_groups_;
  std::vector<std::int8_t> guess_letters_;  // [position * letter_stride_ + guess]
  std::size_t letter_stride_ = 0;
  std::vector<std::uint8_t> secret_masks_;  // [secret * 26 + letter]: positions of letter in secret
  std::vector<GuessIndex> secret_to_guess_;
  std::vector<SecretIndex> list_order_;
  std::vector<SecretIndex> day_order_;                    // day -> secret
  std::vector<std::uint32_t> day_of_secret_;              // secret -> day, kNoDay when none
  std::size_t added_ = 0;
};

// The answer of a game to play: `word` (one of the answers), else the original game's
// `day`, else answer number `seed` draws from the list order (core::Rng). Giving both
// word and day is an error, as is a word that is not an answer or a day the list lacks;
// the message names --word or --day, as the front-ends call them.
core::Result<SecretIndex> choose_secret(const WordleGame& game, const std::optional<std::string>& word,
                                        const std::optional<std::uint64_t>& day, std::uint64_t seed);

}  // namespace puzzlelab::wordle
