#pragma once
// What every Handle front-end needs around one game: the data loaded once (the lexicon,
// and the idioms compiled for the fast feedback when first needed), the puzzle of a round
// (a day, a word of the player's own, or one drawn with a seed), the AI player a setting
// names, and one AI game replayed the way the game page shows it.
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/data_source.h"
#include "core/result.h"
#include "core/rng.h"
#include "handle/assistant.h"
#include "handle/engine.h"
#include "handle/game.h"
#include "handle/lexicon.h"
#include "handle/session.h"

namespace puzzlelab::handle {

// The lexicon and its compiled idioms, shared by every caller (one command of the
// terminal, every request of the server). Building the table (~0.1 s) is done on first
// use; compiling a typed word writes to the table's part cache, so it is done under the
// same lock; feedback, filtering and ranking only read the table.
class GameData {
 public:
  // Loads the data (the built-in copy or a data folder); the error names the file and line.
  static core::Result<std::unique_ptr<GameData>> load(const core::DataSource& data);
  GameData(const GameData&) = delete;
  GameData& operator=(const GameData&) = delete;

  [[nodiscard]] const Lexicon& lexicon() const { return lexicon_; }
  // Every idiom compiled (built on the first call). Safe to call from several threads.
  const IdiomTable& table();
  // parse_assist_entry (assistant.h) against table(), safe from several threads.
  ParsedAssistEntry parse_assist_entry(std::string_view idiom, std::string_view marks);

 private:
  explicit GameData(Lexicon lexicon) : lexicon_(std::move(lexicon)) {}
  IdiomTable& table_locked();
  Lexicon lexicon_;
  std::mutex mutex_;
  std::unique_ptr<IdiomTable> table_;
};

// The idiom of the guess list typed as `text` (a variant character is taken when the
// idiom's simplified form is in the list, as the game reads it), by its index; else why
// not, in the player's language.
core::Result<std::uint32_t> parse_idiom(const Lexicon& lexicon, std::string_view text, bool chinese);

// How a round's puzzle is chosen: a day by the game's calendar, a word of the player's
// own, or an answer drawn with a seed; with none of them, today's puzzle (`today`, the
// day number of the player's local date, which the caller reads from its clock).
struct PuzzleChoice {
  std::optional<int> day;
  std::optional<std::string> word;
  std::optional<std::uint64_t> seed;
};

// The puzzle and where it came from, in the player's language: "day 123 (2022-05-03)",
// "custom word", "random answer (seed 7)" (or 第 123 天（2022-05-03）…).
struct ChosenPuzzle {
  Puzzle puzzle;  // the day is set for daily answers
  std::string label;
};

// Why no puzzle was chosen. BadWord and DayBeforeStart are the caller's input (the message
// then says what is wrong without naming the option); NoPuzzle is a day the game has no
// puzzle for (its own words for the empty placeholder, with the day and date).
struct PuzzleChoiceError {
  enum class Kind { BadWord, DayBeforeStart, NoPuzzle };
  Kind kind = Kind::BadWord;
  std::string message;
};

// The puzzle `choice` names; the first of word, seed and day that is given counts.
std::variant<ChosenPuzzle, PuzzleChoiceError> choose_puzzle(const Lexicon& lexicon, const PuzzleChoice& choice,
                                                            int today, bool chinese);

// The puzzle whose answer is `word` when it is one of the daily answers (with that day's
// hint, as a practice game: no day), else nullopt.
std::optional<Puzzle> answer_puzzle(const Lexicon& lexicon, const Word& word);

// An AI player's setting by name, as the front-ends take it; an empty name takes the
// engine's default (EngineOptions).
struct EngineChoice {
  std::string player = "entropy";   // random | frequency | entropy
  std::string secrets = "answers";  // answers | idioms
  std::string candidates;           // answers | idioms
  std::string prior;                // uniform | common
};
// The options those names give; the error names the setting ("player 'x': choose ...").
core::Result<EngineOptions> engine_options(const EngineChoice& choice);

// One AI game replayed through a PlaySession: each guess read against the answer and
// marked as the game page draws it, with the candidates the player had before and after.
struct WatchedTurn {
  Turn turn;
  std::uint32_t left_before = 0;
  std::uint32_t left_after = 0;
};
struct WatchedGame {
  bool answer_assumed = false;  // the answer is among the candidates the player starts from
  std::vector<WatchedTurn> turns;
  bool won = false;
  int tries = 0;
  ParsedWord answer;  // the answer read as the game shows it
  Word answer_word;
};
// Why the AI players cannot play `puzzle` (they guess among idioms only, so its answer
// must be one), or nullopt when they can: a front-end asks before building an engine.
std::optional<core::Error> unwatchable(const Lexicon& lexicon, const Puzzle& puzzle);
// Plays `puzzle` (whose answer must be one of the engine's secrets: else an error) with
// the engine's player, drawing with `rng`.
core::Result<WatchedGame> watch_game(const Lexicon& lexicon, const Engine& engine, const Puzzle& puzzle,
                                     core::Rng& rng);

}  // namespace puzzlelab::handle
