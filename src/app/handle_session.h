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
#include "handle/engine.h"
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

// The AI players' options as the command line gives them (--player, --secrets,
// --candidates, --prior, --recompute); an empty string takes the engine's default.
struct HandleAiOptions {
  std::string player = "entropy";   // random | frequency | entropy
  std::string secrets = "answers";  // answers | idioms
  std::string candidates;           // answers | idioms
  std::string prior;                // uniform | common
  bool recompute = false;           // ignore a cached opener
};

// The engine those options name (an error for a value no player knows: a usage error).
core::Result<std::unique_ptr<handle::Engine>> make_handle_engine(const Context& ctx, HandleSession& session,
                                                                 const HandleAiOptions& options);
// The engine's opener, from the state folder's cache when it has it; the cache's
// warnings go to ctx.
handle::OpenerReport find_handle_opener(Context& ctx, handle::Engine& engine, bool recompute);

// "'abc' is not ..." in English, or in Chinese when the locale is zh.
using handle::describe_input_error;

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
