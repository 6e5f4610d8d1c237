#pragma once
// One game of Handle (汉兜) in progress, as a person plays it (antfu/handle src/state.ts,
// Play.vue, Hint.vue; docs/rules/handle.md §1.5), as a state machine: typed guesses are
// checked (four Chinese characters; in strict mode an idiom), scored and kept; after ten
// tries without a win the player may keep trying or reveal the answer; two levels of hint
// unless hints are off; the player may leave. Every input gives its outcome as data, and
// the state saves to JSON and is restored by replaying the saved guesses. Front-ends draw
// it and map keys to it; what counts as a win, a loss or a game left unfinished is
// decided here.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/game_store.h"
#include "core/result.h"
#include "core/rng.h"
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

// Spaces (ASCII and U+3000) around and between the characters are ignored; the rest must be exactly four
// characters with the Unified_Ideograph property (core::is_han — what the game's input box
// keeps); in strict mode the word or its simplified form must be an idiom.
CheckedGuess check_guess(const Lexicon& lexicon, std::string_view text, bool strict);

// Why a guess was refused, for the player: "'a' is not a Chinese character: type four
// Chinese characters (汉字)" in English, or in Chinese. The typed text is shown escaped
// where it holds control characters.
std::string describe_input_error(const InputError& error, bool chinese);

struct Turn {
  Word word;
  ParsedWord parsed;  // the guess read against the answer (what the game draws)
  Feedback feedback;
};

// The answer and hint a game is played with, and its number when it is a daily puzzle
// (a daily puzzle is counted once in the statistics).
struct Puzzle {
  Word answer;
  char32_t hint = 0;
  std::optional<int> day;
};

// Day `day`'s puzzle by the game's calendar (calendar.h); nullopt for a day before day 1
// or one the game has no puzzle for (its placeholder).
std::optional<Puzzle> daily_puzzle(const Lexicon& lexicon, int day);
// A word of the player's own (checked by the caller): the game derives its hint (`getHint`).
Puzzle custom_puzzle(Word word);
// An answer of the list drawn with `rng`, with its hint.
Puzzle random_puzzle(const Lexicon& lexicon, core::Rng& rng);

// The game's two switches: 严格模式 (strict: guesses must be idioms) and 禁用提示 (hard:
// no hints).
struct PlayModes {
  bool strict = false;
  bool hard = false;
};

// Revealed: the player saw the answer after the tenth try (a loss). Abandoned: the
// player left before the end.
enum class GameStatus { Playing, Won, Revealed, Abandoned };

// What one submitted guess did.
struct GuessOutcome {
  enum class Kind {
    Accepted,     // scored; the game goes on
    TriesUsedUp,  // scored; that was the tenth try without a win: keep trying or reveal
    Won,          // scored: all four characters exact
    Rejected,     // not a guess (`error` says why); no try is used
    GameOver,     // the game has ended; nothing changes
  };
  Kind kind = Kind::GameOver;
  std::optional<Turn> turn;  // the scored guess (Accepted, TriesUsedUp, Won)
  InputError error;          // Rejected

  [[nodiscard]] bool scored() const { return turn.has_value(); }
};

enum class HintOutcome {
  Shown,    // the hint level went up (or stayed at its last level)
  Off,      // hints are off in this game (hard mode)
  GameOver  // the game has ended
};

enum class RevealOutcome {
  Revealed,  // the answer is shown and the game is lost
  TooEarly,  // only after ten tries (the player can leave instead)
  GameOver   // the game has ended
};

class PlaySession {
 public:
  // `hint`: the hint character (one of the answer's). `day`: the daily puzzle's number
  // when this is the daily game (counted once in the statistics); nullopt otherwise.
  PlaySession(const Lexicon& lexicon, Word answer, char32_t hint, PlayModes modes = {},
              std::optional<int> day = std::nullopt);
  PlaySession(const Lexicon& lexicon, const Puzzle& puzzle, PlayModes modes = {})
      : PlaySession(lexicon, puzzle.answer, puzzle.hint, modes, puzzle.day) {}

  // Checks typed text and plays it. Repeating a guess is allowed (the game does not
  // block it), and so is guessing on after the tenth try.
  GuessOutcome submit(std::string_view text);
  // Plays a word (an AI player's guess) under the same checks.
  GuessOutcome submit(const Word& word);
  // Hints: level 1 shows the hint character's initial, final and tone with the character
  // masked; level 2 the character. Asking marks the game as hinted.
  HintOutcome ask_hint();
  RevealOutcome reveal();
  // The player leaves: a game still in play ends as Abandoned. False when it was over.
  bool abandon();

  [[nodiscard]] GameStatus status() const { return status_; }
  [[nodiscard]] bool finished() const { return status_ != GameStatus::Playing; }
  [[nodiscard]] bool won() const { return status_ == GameStatus::Won; }
  [[nodiscard]] bool revealed() const { return status_ == GameStatus::Revealed; }
  // Ten tries without a win: the game offers to keep trying or to reveal the answer.
  [[nodiscard]] bool failed() const { return !won() && tries() >= kTriesLimit; }
  // "N tries left" is shown once more than four tries were made, until the limit.
  [[nodiscard]] bool show_tries_left() const { return tries() > 4 && !failed() && !won(); }
  [[nodiscard]] int tries_left() const { return kTriesLimit - tries(); }

  [[nodiscard]] const Word& answer() const { return answer_; }
  [[nodiscard]] const ParsedWord& answer_parsed() const { return answer_parsed_; }
  [[nodiscard]] const std::vector<Turn>& turns() const { return turns_; }
  [[nodiscard]] int tries() const { return static_cast<int>(turns_.size()); }
  [[nodiscard]] const PlayModes& modes() const { return modes_; }
  [[nodiscard]] std::optional<int> day() const { return day_; }
  [[nodiscard]] int hint_level() const { return hint_level_; }
  [[nodiscard]] bool hinted() const { return hint_level_ > 0; }
  // `parseWord(hint, answer)[0]`: the hint character with the answer's reading.
  [[nodiscard]] const ParsedChar& hint() const { return hint_; }

  // How the game counts in the player's statistics, as the original counts it: won;
  // lost when revealed, or left after all ten tries; left earlier, abandoned (kept in
  // the history, not a loss). nullopt while playing, and for a game left before any
  // guess (not recorded at all).
  [[nodiscard]] std::optional<core::GameOutcome> counted_outcome() const;
  // The finished game for the player's history, finished at Unix time `now` (passed
  // in: the library reads no clock); nullopt when counted_outcome() is.
  [[nodiscard]] std::optional<core::FinishedGame> finished_game(std::int64_t now) const;

  // {"format": "puzzlelab-handle-session/1", "answer", "hint", "strict", "hard", "day"
  // (daily games only), "guesses", "hint_level", "revealed", "abandoned"}.
  [[nodiscard]] nlohmann::json to_json() const;
  // Rebuilds a session from to_json()'s document by replaying its guesses under the
  // rules. An answer that is not four characters, a hint that is not one of them, a day
  // whose answer is another, a guess the modes refuse, a guess after the win, a hint in
  // hard mode, a reveal before ten tries: each is an error saying which.
  static core::Result<PlaySession> from_json(const Lexicon& lexicon, const nlohmann::json& j);

 private:
  const Lexicon* lexicon_;
  Word answer_;
  ParsedWord answer_parsed_;
  ParsedChar hint_;
  PlayModes modes_;
  std::optional<int> day_;
  std::vector<Turn> turns_;
  GameStatus status_ = GameStatus::Playing;
  int hint_level_ = 0;
};

}  // namespace puzzlelab::handle
