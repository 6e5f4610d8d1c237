#include "handle/game_data.h"

#include <algorithm>

#include <fmt/format.h>

#include "core/utf8.h"
#include "handle/calendar.h"

namespace puzzlelab::handle {

core::Result<std::unique_ptr<GameData>> GameData::load(const core::DataSource& data) {
  auto lexicon = Lexicon::load(data);
  if (!lexicon) return lexicon.error();
  return std::unique_ptr<GameData>(new GameData(std::move(*lexicon)));
}

IdiomTable& GameData::table_locked() {
  if (!table_) table_ = std::make_unique<IdiomTable>(lexicon_);
  return *table_;
}

const IdiomTable& GameData::table() {
  std::lock_guard lock(mutex_);
  return table_locked();
}

ParsedAssistEntry GameData::parse_assist_entry(std::string_view idiom, std::string_view marks) {
  std::lock_guard lock(mutex_);
  return handle::parse_assist_entry(table_locked(), idiom, marks);
}

core::Result<std::uint32_t> parse_idiom(const Lexicon& lexicon, std::string_view text, bool chinese) {
  const auto checked = check_guess(lexicon, text, false);
  if (!checked.word) return core::Error{describe_input_error(checked.error, chinese)};
  if (const auto i = lexicon.find(*checked.word)) return *i;
  if (const auto i = lexicon.find(lexicon.simplify(*checked.word))) return *i;
  return core::Error{fmt::format("'{}' is not an idiom of the guess list", core::printable(text))};
}

std::variant<ChosenPuzzle, PuzzleChoiceError> choose_puzzle(const Lexicon& lexicon, const PuzzleChoice& choice,
                                                            int today, bool chinese) {
  using Kind = PuzzleChoiceError::Kind;
  ChosenPuzzle out;
  if (choice.word) {
    const auto checked = check_guess(lexicon, *choice.word, false);
    if (!checked.word) return PuzzleChoiceError{Kind::BadWord, describe_input_error(checked.error, chinese)};
    out.puzzle = custom_puzzle(*checked.word);
    out.label = chinese ? "自定义词" : "custom word";
    return out;
  }
  if (choice.seed) {
    core::Rng rng(*choice.seed);
    out.puzzle = random_puzzle(lexicon, rng);
    out.label = chinese ? fmt::format("随机题目（种子 {}）", *choice.seed)
                        : fmt::format("random answer (seed {})", *choice.seed);
    return out;
  }
  const int day = choice.day.value_or(today);
  if (day < 1) return PuzzleChoiceError{Kind::DayBeforeStart, "days start at 1 (2022-01-01)"};
  auto puzzle = daily_puzzle(lexicon, day);
  const CivilDate date = date_of_day(day);
  const std::string when = fmt::format("{:04}-{:02}-{:02}", date.year, date.month, date.day);
  if (!puzzle) {
    // The game's page for the empty placeholder (App.vue).
    return PuzzleChoiceError{
        Kind::NoPuzzle,
        chinese ? fmt::format("啊抱歉！这天的题目还没出好！（第 {} 天，{}）", day, when)
                : fmt::format("啊抱歉！这天的题目还没出好！ — the game has no puzzle for day {} ({})", day, when)};
  }
  out.puzzle = std::move(*puzzle);
  out.label = chinese ? fmt::format("第 {} 天（{}）", day, when) : fmt::format("day {} ({})", day, when);
  return out;
}

std::optional<Puzzle> answer_puzzle(const Lexicon& lexicon, const Word& word) {
  const auto& answers = lexicon.answers();
  const auto at = std::find(answers.begin(), answers.end(), word);
  if (at == answers.end()) return std::nullopt;
  return Puzzle{*at, lexicon.hints()[static_cast<std::size_t>(at - answers.begin())], std::nullopt};
}

core::Result<EngineOptions> engine_options(const EngineChoice& choice) {
  EngineOptions options;
  const auto player = parse_player(choice.player);
  if (!player) return core::Error{fmt::format("player '{}': choose {}", choice.player, kPlayerNames)};
  options.player = *player;
  const auto secrets = parse_word_set(choice.secrets);
  if (!secrets) return core::Error{fmt::format("secrets '{}': choose answers or idioms", choice.secrets)};
  options.secrets = *secrets;
  if (!choice.candidates.empty()) {
    options.candidates = parse_word_set(choice.candidates);
    if (!options.candidates) {
      return core::Error{fmt::format("candidates '{}': choose answers or idioms", choice.candidates)};
    }
  }
  if (!choice.prior.empty()) {
    options.prior = parse_prior(choice.prior);
    if (!options.prior) return core::Error{fmt::format("prior '{}': choose uniform or common", choice.prior)};
  }
  return options;
}

std::optional<core::Error> unwatchable(const Lexicon& lexicon, const Puzzle& puzzle) {
  if (lexicon.find(puzzle.answer)) return std::nullopt;
  return core::Error{
      fmt::format("'{}' is not an idiom: the AI players guess among idioms only", core::utf8_encode(puzzle.answer))};
}

core::Result<WatchedGame> watch_game(const Lexicon& lexicon, const Engine& engine, const Puzzle& puzzle,
                                     core::Rng& rng) {
  if (auto error = unwatchable(lexicon, puzzle)) return *error;
  const auto idiom = lexicon.find(puzzle.answer);
  const auto secret = engine.game().secret_of_idiom(*idiom);
  if (!secret) return core::Error{"the answer is not one of the secrets the player's games are played against"};
  const guess::GameRecord record = engine.play(*secret, rng);
  PlaySession session(lexicon, puzzle);
  WatchedGame out;
  out.answer_assumed = std::binary_search(engine.start().begin(), engine.start().end(), *secret);
  for (const auto& t : record.turns) {
    const GuessOutcome played = session.submit(lexicon.idioms()[t.guess].word);
    if (!played.scored()) break;
    out.turns.push_back({*played.turn, t.candidates_before, t.candidates_after});
  }
  out.won = session.won();
  out.tries = session.tries();
  out.answer = session.answer_parsed();
  out.answer_word = session.answer();
  return out;
}

}  // namespace puzzlelab::handle
