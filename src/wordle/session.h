#pragma once
// One game of Wordle in progress, as a person plays it: the rules of the real game
// around the feedback — six tries, guesses must be in the word list, hard mode refuses
// guesses that break it, and no refusal costs a turn — as a state machine. A guess goes
// in, an outcome comes out as data (accepted with its pattern, won, lost, or rejected
// with the reason in the real game's words); the player may give up. The state saves
// to JSON and is restored by replaying the saved guesses, so a save file can never
// hold a board the rules would not produce. Front-ends draw it and feed it keys; they
// hold no rule of their own.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/game_store.h"
#include "core/result.h"
#include "wordle/feedback.h"
#include "wordle/game.h"
#include "wordle/hard_mode.h"

namespace puzzlelab::wordle {

struct PlayedRow {
  std::string guess;
  Pattern pattern = 0;
};

// Abandoned: the player gave up before the end (the real game does not count it).
enum class GameStatus { Playing, Won, Lost, Abandoned };

// Best knowledge of a letter over the rows so far, in the real keyboard's order of
// precedence: green > yellow > gray > unknown.
enum class LetterStatus : std::uint8_t { Unknown, Absent, Present, Correct };

// Why a guess was not played.
enum class Rejection {
  GameOver,       // the game already ended
  NotLetters,     // something other than the letters a..z
  TooShort,       // fewer letters than the word length
  TooLong,        // more letters than the word length
  NotInWordList,  // not one of the allowed guesses
  HardMode,       // breaks the hard-mode rule (message: NYT's words)
};

// What one submitted guess did. `row` is the scored guess unless the guess was
// rejected; `message` is the reason shown to the player when it was.
struct GuessOutcome {
  enum class Kind { Accepted, Won, Lost, Rejected };
  Kind kind = Kind::Rejected;
  PlayedRow row;
  Rejection rejection = Rejection::GameOver;
  std::string message;

  [[nodiscard]] bool rejected() const { return kind == Kind::Rejected; }
};

class PlaySession {
 public:
  // `day`: the daily puzzle's number when this is the daily game (a daily game is
  // counted once in the player's statistics); nullopt for a practice game.
  PlaySession(const WordleGame& game, SecretIndex secret, bool hard, std::uint32_t max_guesses = 6,
              std::optional<std::uint64_t> day = std::nullopt);

  // Plays `typed` (any case, surrounding blanks ignored). A rejected guess changes
  // nothing: "not in word list", "4th letter must be E", ...
  GuessOutcome submit(std::string_view typed);
  // The player gives up: a game still in play ends as Abandoned. False when it was over.
  bool abandon();

  [[nodiscard]] GameStatus status() const { return status_; }
  [[nodiscard]] bool playing() const { return status_ == GameStatus::Playing; }
  [[nodiscard]] const std::vector<PlayedRow>& rows() const { return rows_; }
  [[nodiscard]] const std::string& secret() const { return game_->secret_word(secret_); }
  [[nodiscard]] SecretIndex secret_index() const { return secret_; }
  [[nodiscard]] bool hard() const { return hard_; }
  [[nodiscard]] std::uint32_t max_guesses() const { return max_guesses_; }
  [[nodiscard]] std::optional<std::uint64_t> day() const { return day_; }
  [[nodiscard]] int length() const { return game_->length(); }
  // Per letter a..z, the best status shown so far (for the keyboard strip).
  [[nodiscard]] std::vector<LetterStatus> letter_status() const;

  // The finished game for the player's history: won or lost, with the guesses and
  // `seconds` of play, finished at Unix time `now` (passed in: the library reads no
  // clock). nullopt while playing and for an abandoned game, which Wordle does not count.
  [[nodiscard]] std::optional<core::FinishedGame> finished_game(std::int64_t now, double seconds) const;

  // {"format": "puzzlelab-wordle-session/1", "secret", "hard", "max_guesses", "day"
  // (daily games only), "rows": [{"guess", "pattern"}], "abandoned"}.
  [[nodiscard]] nlohmann::json to_json() const;
  // Rebuilds a session from to_json()'s document by replaying its guesses under the
  // rules: an unknown secret or guess, a wrong length, a guess hard mode refuses, more
  // rows than tries, a row after the end, or a stored pattern that is not what the
  // guess scores against the secret is an error saying which.
  static core::Result<PlaySession> from_json(const WordleGame& game, const nlohmann::json& j);

 private:
  GuessOutcome reject(Rejection why, std::string message) const;

  const WordleGame* game_;
  SecretIndex secret_;
  bool hard_;
  std::uint32_t max_guesses_;
  std::optional<std::uint64_t> day_;
  std::vector<PlayedRow> rows_;
  HardModeRule rule_;
  GameStatus status_ = GameStatus::Playing;
};

}  // namespace puzzlelab::wordle
