#include "app/handle_session.h"

#include <ctime>

#include <fmt/format.h>

#include "core/rng.h"
#include "core/utf8.h"

namespace puzzlelab::app {

core::Result<std::unique_ptr<HandleSession>> HandleSession::load(const Context& ctx) {
  auto lexicon = handle::Lexicon::load(ctx.data());
  if (!lexicon) return lexicon.error();
  return std::unique_ptr<HandleSession>(new HandleSession(std::move(*lexicon)));
}

handle::IdiomTable& HandleSession::table() {
  if (!table_) table_ = std::make_unique<handle::IdiomTable>(lexicon_);
  return *table_;
}

core::Result<std::unique_ptr<handle::Engine>> make_handle_engine(const Context& ctx, HandleSession& session,
                                                                 const HandleAiOptions& o) {
  handle::EngineOptions options;
  const auto player = handle::parse_player(o.player);
  if (!player) return core::Error{fmt::format("--player '{}': choose {}", o.player, handle::kPlayerNames)};
  options.player = *player;
  const auto secrets = handle::parse_word_set(o.secrets);
  if (!secrets) return core::Error{fmt::format("--secrets '{}': choose answers or idioms", o.secrets)};
  options.secrets = *secrets;
  if (!o.candidates.empty()) {
    options.candidates = handle::parse_word_set(o.candidates);
    if (!options.candidates) {
      return core::Error{fmt::format("--candidates '{}': choose answers or idioms", o.candidates)};
    }
  }
  if (!o.prior.empty()) {
    options.prior = handle::parse_prior(o.prior);
    if (!options.prior) return core::Error{fmt::format("--prior '{}': choose uniform or common", o.prior)};
  }
  options.threads = ctx.threads();
  return std::make_unique<handle::Engine>(session.table(), options);
}

handle::OpenerReport find_handle_opener(Context& ctx, handle::Engine& engine, bool recompute) {
  const auto store = ctx.state();
  handle::OpenerReport report = engine.find_opener(store ? &*store : nullptr, recompute);
  for (const auto& w : report.warnings) ctx.warn(w);
  return report;
}

int today_day_number() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  return handle::day_of_date(local.tm_year + 1900, static_cast<unsigned>(local.tm_mon + 1),
                             static_cast<unsigned>(local.tm_mday));
}

std::variant<ChosenAnswer, AnswerError> choose_answer(const HandleSession& session, const AnswerChoice& choice,
                                                      bool chinese) {
  const handle::Lexicon& lex = session.lexicon();
  const int given = (choice.day ? 1 : 0) + (choice.word ? 1 : 0) + (choice.seed ? 1 : 0);
  if (given > 1) return AnswerError{"give at most one of --day, --word and --seed"};
  ChosenAnswer out;
  if (choice.word) {
    const auto checked = handle::check_guess(lex, *choice.word, false);
    if (!checked.word) return AnswerError{"--word: " + describe_input_error(checked.error, chinese)};
    out.puzzle = handle::custom_puzzle(*checked.word);
    out.label = chinese ? "自定义词" : "custom word";
    return out;
  }
  if (choice.seed) {
    core::Rng rng(*choice.seed);
    out.puzzle = handle::random_puzzle(lex, rng);
    out.label = chinese ? fmt::format("随机题目（种子 {}）", *choice.seed)
                        : fmt::format("random answer (seed {})", *choice.seed);
    return out;
  }
  const int day = choice.day ? *choice.day : today_day_number();
  if (day < 1) return AnswerError{fmt::format("--day {}: days start at 1 (2022-01-01)", day)};
  auto puzzle = handle::daily_puzzle(lex, day);
  const handle::CivilDate date = handle::date_of_day(day);
  const std::string when = fmt::format("{:04}-{:02}-{:02}", date.year, date.month, date.day);
  if (!puzzle) {
    // The game's page for the empty placeholder (App.vue).
    return AnswerError{
        chinese ? fmt::format("啊抱歉！这天的题目还没出好！（第 {} 天，{}）", day, when)
                : fmt::format("啊抱歉！这天的题目还没出好！ — the game has no puzzle for day {} ({})", day, when),
        kExitFailure};
  }
  out.puzzle = std::move(*puzzle);
  out.label = chinese ? fmt::format("第 {} 天（{}）", day, when) : fmt::format("day {} ({})", day, when);
  return out;
}

}  // namespace puzzlelab::app
