#include "app/handle_session.h"

#include <ctime>

#include <fmt/format.h>

#include "handle/calendar.h"

namespace puzzlelab::app {

core::Result<std::unique_ptr<handle::Engine>> make_handle_engine(const Context& ctx, handle::GameData& data,
                                                                 const HandleAiOptions& o) {
  auto options = handle::engine_options(o);
  if (!options) return core::Error{"--" + options.error().message};
  options->threads = ctx.threads();
  return std::make_unique<handle::Engine>(data.table(), *options);
}

handle::OpenerReport find_handle_opener(Context& ctx, handle::Engine& engine, bool recompute) {
  const auto store = ctx.state();
  handle::OpenerReport report = engine.find_opener(store ? &*store : nullptr, recompute);
  for (const auto& w : report.warnings) ctx.warn(w);
  return report;
}

namespace {

// Today's day number by the local calendar.
int today_day_number() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  return handle::day_of_date(local.tm_year + 1900, static_cast<unsigned>(local.tm_mon + 1),
                             static_cast<unsigned>(local.tm_mday));
}

}  // namespace

std::variant<ChosenAnswer, AnswerError> choose_answer(const handle::Lexicon& lexicon, const AnswerChoice& choice,
                                                      bool chinese) {
  const int given = (choice.day ? 1 : 0) + (choice.word ? 1 : 0) + (choice.seed ? 1 : 0);
  if (given > 1) return AnswerError{"give at most one of --day, --word and --seed"};
  const int today = choice.day ? 0 : today_day_number();
  auto chosen = handle::choose_puzzle(lexicon, choice, today, chinese);
  if (auto* answer = std::get_if<handle::ChosenPuzzle>(&chosen)) return std::move(*answer);
  const auto& e = std::get<handle::PuzzleChoiceError>(chosen);
  switch (e.kind) {
    case handle::PuzzleChoiceError::Kind::BadWord:
      return AnswerError{"--word: " + e.message};
    case handle::PuzzleChoiceError::Kind::DayBeforeStart:
      return AnswerError{fmt::format("--day {}: {}", choice.day.value_or(today), e.message)};
    case handle::PuzzleChoiceError::Kind::NoPuzzle:
      break;
  }
  return AnswerError{e.message, kExitFailure};
}

}  // namespace puzzlelab::app
