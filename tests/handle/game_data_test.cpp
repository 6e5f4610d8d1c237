#include "handle/game_data.h"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "core/utf8.h"
#include "test_lexicon.h"

namespace puzzlelab::handle {
namespace {

GameData& data() {
  static const auto loaded = GameData::load(core::DataSource{});
  if (!loaded) throw std::runtime_error(loaded.error().message);
  return **loaded;
}

std::string text(const Word& word) {
  return core::utf8_encode(word);
}

PuzzleChoice choice(std::optional<int> day, std::optional<std::string> word, std::optional<std::uint64_t> seed) {
  PuzzleChoice c;
  c.day = day;
  c.word = std::move(word);
  c.seed = seed;
  return c;
}

EngineChoice names(std::string player, std::string secrets, std::string candidates, std::string prior) {
  EngineChoice c;
  c.player = std::move(player);
  c.secrets = std::move(secrets);
  c.candidates = std::move(candidates);
  c.prior = std::move(prior);
  return c;
}

TEST(HandleGameData, TableIsBuiltOnceForEveryThread) {
  std::vector<const IdiomTable*> seen(4, nullptr);
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < seen.size(); ++i) threads.emplace_back([&, i] { seen[i] = &data().table(); });
  for (auto& t : threads) t.join();
  for (const auto* t : seen) EXPECT_EQ(t, seen.front());
  EXPECT_EQ(seen.front()->idioms().size(), data().lexicon().idioms().size());
  EXPECT_EQ(&seen.front()->lexicon(), &data().lexicon());
}

TEST(HandleGameData, ParsesAssistEntriesAgainstItsTable) {
  const auto parsed = data().parse_assist_entry("补过拾遗", "NENE NNNN NNMN NEEN");
  ASSERT_TRUE(parsed.entry.has_value()) << parsed.marks_error;
  EXPECT_EQ(parsed.entry->word, w("补过拾遗"));
  const auto bad = data().parse_assist_entry("补过拾遗", "NENE");
  EXPECT_FALSE(bad.entry.has_value());
  EXPECT_FALSE(bad.marks_error.empty());
}

TEST(HandleParseIdiom, IdiomsOfTheGuessListAndTheirVariantForms) {
  const Lexicon& lex = test_lexicon();
  const auto plain = lex.find(w("义不容辞"));
  ASSERT_TRUE(plain.has_value());
  EXPECT_EQ(*parse_idiom(lex, "义不容辞", false), *plain);
  // 辭 is a variant of 辞 in the game's map: the typed form is not in the list itself.
  ASSERT_FALSE(lex.find(w("义不容辭")).has_value());
  EXPECT_EQ(*parse_idiom(lex, "义不容辭", false), *plain);
  EXPECT_EQ(parse_idiom(lex, "一帆风雨", false).error().message, "'一帆风雨' is not an idiom of the guess list");
  EXPECT_EQ(parse_idiom(lex, "一心", true).error().message,
            describe_input_error(check_guess(lex, "一心", false).error, true));
}

TEST(HandleChoosePuzzle, DayByTheCalendarWithItsDate) {
  const auto chosen = choose_puzzle(test_lexicon(), choice(1, std::nullopt, std::nullopt), 400, false);
  const auto& c = std::get<ChosenPuzzle>(chosen);
  EXPECT_EQ(c.label, "day 1 (2022-01-01)");
  EXPECT_EQ(c.puzzle.day, 1);
  EXPECT_EQ(c.puzzle.answer, daily_puzzle(test_lexicon(), 1)->answer);
  const auto zh = choose_puzzle(test_lexicon(), choice(1, std::nullopt, std::nullopt), 400, true);
  EXPECT_EQ(std::get<ChosenPuzzle>(zh).label, "第 1 天（2022-01-01）");
}

TEST(HandleChoosePuzzle, TodayWhenNothingIsGiven) {
  const auto chosen = choose_puzzle(test_lexicon(), {}, 33, false);
  const auto& c = std::get<ChosenPuzzle>(chosen);
  EXPECT_EQ(c.puzzle.day, 33);
  EXPECT_EQ(c.label, "day 33 (2022-02-02)");
}

TEST(HandleChoosePuzzle, DaysTheGameHasNoPuzzleFor) {
  const auto before = choose_puzzle(test_lexicon(), choice(0, std::nullopt, std::nullopt), 400, false);
  EXPECT_EQ(std::get<PuzzleChoiceError>(before).kind, PuzzleChoiceError::Kind::DayBeforeStart);
  const auto later = choose_puzzle(test_lexicon(), choice(507, std::nullopt, std::nullopt), 400, false);
  const auto& e = std::get<PuzzleChoiceError>(later);
  EXPECT_EQ(e.kind, PuzzleChoiceError::Kind::NoPuzzle);
  EXPECT_NE(e.message.find("还没出好"), std::string::npos);
  EXPECT_NE(e.message.find("day 507"), std::string::npos);
}

TEST(HandleChoosePuzzle, WordOfThePlayersOwn) {
  const auto chosen = choose_puzzle(test_lexicon(), choice(std::nullopt, "一心一意", std::nullopt), 400, false);
  const auto& c = std::get<ChosenPuzzle>(chosen);
  EXPECT_EQ(c.label, "custom word");
  EXPECT_EQ(c.puzzle.answer, w("一心一意"));
  EXPECT_FALSE(c.puzzle.day.has_value());
  const auto bad = choose_puzzle(test_lexicon(), choice(std::nullopt, "一心", std::nullopt), 400, false);
  const auto& e = std::get<PuzzleChoiceError>(bad);
  EXPECT_EQ(e.kind, PuzzleChoiceError::Kind::BadWord);
  EXPECT_EQ(e.message, describe_input_error(check_guess(test_lexicon(), "一心", false).error, false));
}

TEST(HandleChoosePuzzle, SeedDrawsAnAnswer) {
  const auto chosen = choose_puzzle(test_lexicon(), choice(std::nullopt, std::nullopt, 7), 400, false);
  const auto& c = std::get<ChosenPuzzle>(chosen);
  EXPECT_EQ(c.label, "random answer (seed 7)");
  core::Rng rng(7);
  EXPECT_EQ(c.puzzle.answer, random_puzzle(test_lexicon(), rng).answer);
  // The word comes first, then the seed, then the day.
  const auto both = choose_puzzle(test_lexicon(), choice(1, std::nullopt, 7), 400, false);
  EXPECT_EQ(std::get<ChosenPuzzle>(both).label, "random answer (seed 7)");
}

TEST(HandleAnswerPuzzle, OnlyDailyAnswersWithTheirHint) {
  const Lexicon& lex = test_lexicon();
  const auto third = answer_puzzle(lex, lex.answers()[2]);
  ASSERT_TRUE(third.has_value());
  EXPECT_EQ(third->answer, lex.answers()[2]);
  EXPECT_EQ(third->hint, lex.hints()[2]);
  EXPECT_FALSE(third->day.has_value());
  EXPECT_FALSE(answer_puzzle(lex, w("一帆风雨")).has_value());
}

TEST(HandleEngineOptions, NamesAndDefaults) {
  const auto defaults = engine_options({});
  ASSERT_TRUE(defaults);
  EXPECT_EQ(defaults->player, PlayerKind::Entropy);
  EXPECT_EQ(defaults->secrets, WordSet::Answers);
  EXPECT_FALSE(defaults->candidates.has_value());
  EXPECT_FALSE(defaults->prior.has_value());
  const auto set = engine_options(names("frequency", "idioms", "answers", "common"));
  ASSERT_TRUE(set);
  EXPECT_EQ(set->player, PlayerKind::Frequency);
  EXPECT_EQ(set->secrets, WordSet::Idioms);
  EXPECT_EQ(set->candidates, WordSet::Answers);
  EXPECT_EQ(set->prior, Prior::Common);
  EXPECT_EQ(engine_options(names("parts", "answers", "", "")).error().message,
            "player 'parts': choose random, frequency or entropy");
  EXPECT_EQ(engine_options(names("entropy", "words", "", "")).error().message,
            "secrets 'words': choose answers or idioms");
  EXPECT_EQ(engine_options(names("entropy", "answers", "x", "")).error().message,
            "candidates 'x': choose answers or idioms");
  EXPECT_EQ(engine_options(names("entropy", "answers", "", "y")).error().message,
            "prior 'y': choose uniform or common");
}

TEST(HandleWatchGame, TheAiGameReadAsThePageShowsIt) {
  EngineOptions options;
  options.player = PlayerKind::Frequency;
  const Engine engine(data().table(), options);
  const Puzzle puzzle = *daily_puzzle(data().lexicon(), 5);
  core::Rng rng(3);
  const auto game = watch_game(data().lexicon(), engine, puzzle, rng);
  ASSERT_TRUE(game) << game.error().message;
  EXPECT_TRUE(game->answer_assumed);
  ASSERT_TRUE(game->won);
  EXPECT_EQ(game->tries, static_cast<int>(game->turns.size()));
  EXPECT_EQ(game->answer_word, puzzle.answer);
  EXPECT_EQ(game->turns.back().turn.word, puzzle.answer);
  EXPECT_EQ(game->turns.front().left_before, data().lexicon().answers().size());
  EXPECT_EQ(game->turns.back().left_after, 1u);
  for (std::size_t i = 1; i < game->turns.size(); ++i) {
    EXPECT_EQ(game->turns[i].left_before, game->turns[i - 1].left_after);
  }
  // The same player and seed play the same game as the engine itself.
  core::Rng again(3);
  const auto record = engine.play(*engine.game().secret_of_idiom(*data().lexicon().find(puzzle.answer)), again);
  ASSERT_EQ(record.turns.size(), game->turns.size());
  for (std::size_t i = 0; i < record.turns.size(); ++i) {
    EXPECT_EQ(text(data().lexicon().idioms()[record.turns[i].guess].word), text(game->turns[i].turn.word));
  }
}

TEST(HandleWatchGame, AnswersTheAiCannotPlay) {
  const Puzzle custom = custom_puzzle(w("一心二意"));
  ASSERT_FALSE(data().lexicon().find(custom.answer).has_value());
  const auto why = unwatchable(data().lexicon(), custom);
  ASSERT_TRUE(why.has_value());
  EXPECT_EQ(why->message, "'一心二意' is not an idiom: the AI players guess among idioms only");
  EXPECT_FALSE(unwatchable(data().lexicon(), *daily_puzzle(data().lexicon(), 5)).has_value());
  const Engine engine(data().table(), EngineOptions{});
  core::Rng rng(1);
  EXPECT_FALSE(watch_game(data().lexicon(), engine, custom, rng));
}

}  // namespace
}  // namespace puzzlelab::handle
