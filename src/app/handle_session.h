#pragma once
// What the Handle commands share: the game data loaded once per command, the compiled
// idiom table when a command needs it, the messages for rejected input in the user's
// language, and choosing the answer of a round (day, custom word or seed).
#include <memory>
#include <optional>
#include <string>
#include <variant>

#include "app/context.h"
#include "handle/calendar.h"
#include "handle/game.h"
#include "handle/lexicon.h"
#include "handle/session.h"

namespace puzzlelab::app {

class HandleSession {
 public:
  // Loads the data (the built-in copy or --data-dir); the error names the file and line.
  static core::Result<std::unique_ptr<HandleSession>> load(const Context& ctx);

  [[nodiscard]] const handle::Lexicon& lexicon() const { return lexicon_; }
  // Every idiom compiled for the fast feedback (done on first use, ~0.1 s).
  handle::IdiomTable& table();

 private:
  explicit HandleSession(handle::Lexicon lexicon) : lexicon_(std::move(lexicon)) {}
  handle::Lexicon lexicon_;
  std::unique_ptr<handle::IdiomTable> table_;
};

// "'abc' is not ..." in English, or in Chinese when the locale is zh.
std::string describe_input_error(const handle::InputError& error, bool chinese);

// The puzzle of a game and where it came from.
struct ChosenAnswer {
  handle::Puzzle puzzle;  // the day is set for daily answers
  std::string label;      // "day 123 (2022-05-03)", "custom word", "random answer (seed 7)"
};

// --day N, --word W, the global --seed, or today's answer by the game's calendar (local
// date). Errors: a usage problem (exit 2) or a day without a puzzle (exit 1).
struct AnswerChoice {
  std::optional<int> day;
  std::optional<std::string> word;
  std::optional<std::uint64_t> seed;
};
struct AnswerError {
  std::string message;
  int exit_code = kExitUsage;
};
std::variant<ChosenAnswer, AnswerError> choose_answer(const HandleSession& session, const AnswerChoice& choice,
                                                      bool chinese);

// Today's day number by the local calendar.
int today_day_number();

}  // namespace puzzlelab::app
