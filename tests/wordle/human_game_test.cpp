#include "wordle/human_game.h"

#include <gtest/gtest.h>

#include "real_lists.h"
#include "wordle/assistant.h"
#include "wordle/player_stats.h"

namespace puzzlelab::wordle {
namespace {

SecretIndex secret_of(const char* word) {
  return *testing::real_engine().game().find_secret(word);
}

TEST(HumanGame, RefusalsCostNoTurn) {
  HumanGame game(testing::real_engine().game(), secret_of("cigar"), false);
  EXPECT_EQ(game.submit("xyzzy"), "not in word list");
  EXPECT_EQ(game.submit("cra"), "not enough letters");
  EXPECT_EQ(game.submit("cranes"), "too many letters (a guess has 5)");
  EXPECT_TRUE(game.submit("cr4ne").has_value());
  EXPECT_TRUE(game.rows().empty());
  EXPECT_FALSE(game.submit("  CRANE ").has_value());
  ASSERT_EQ(game.rows().size(), 1u);
  EXPECT_EQ(game.rows()[0].guess, "crane");
  EXPECT_EQ(pattern_text(game.rows()[0].pattern, 5), "GYY..");
  EXPECT_EQ(game.status(), GameStatus::Playing);
  EXPECT_FALSE(game.submit("cigar").has_value());
  EXPECT_EQ(game.status(), GameStatus::Won);
  EXPECT_EQ(game.submit("crane"), "the game is over");
}

TEST(HumanGame, HardModeRefusesWithTheRule) {
  HumanGame game(testing::real_engine().game(), secret_of("aback"), true);
  EXPECT_FALSE(game.submit("crane").has_value());  // (C) R [A] N E
  EXPECT_EQ(game.submit("soare"), "guess must contain C");
  EXPECT_EQ(game.submit("mount"), "3rd letter must be A");
  EXPECT_EQ(game.rows().size(), 1u);
  HumanGame easy(testing::real_engine().game(), secret_of("aback"), false);
  EXPECT_FALSE(easy.submit("crane").has_value());
  EXPECT_FALSE(easy.submit("mount").has_value());
}

TEST(HumanGame, LostAfterSixAndKeyboardPrecedence) {
  HumanGame game(testing::real_engine().game(), secret_of("cigar"), false);
  for (const char* w : {"geese", "those", "quiet", "built", "doing"}) ASSERT_FALSE(game.submit(w).has_value());
  EXPECT_EQ(game.status(), GameStatus::Playing);
  ASSERT_FALSE(game.submit("fjord").has_value());
  EXPECT_EQ(game.status(), GameStatus::Lost);
  const auto status = game.letter_status();
  EXPECT_EQ(status['e' - 'a'], LetterStatus::Absent);
  EXPECT_EQ(status['i' - 'a'], LetterStatus::Present);  // yellow in quiet, built, doing
  EXPECT_EQ(status['g' - 'a'], LetterStatus::Present);  // gray in geese, yellow in doing
  EXPECT_EQ(status['r' - 'a'], LetterStatus::Present);
  EXPECT_EQ(status['z' - 'a'], LetterStatus::Unknown);
  HumanGame won(testing::real_engine().game(), secret_of("cigar"), false);
  ASSERT_FALSE(won.submit("doing").has_value());  // G yellow
  ASSERT_FALSE(won.submit("cigar").has_value());  // then green
  EXPECT_EQ(won.letter_status()['g' - 'a'], LetterStatus::Correct);
}

TEST(PlayerStats, RecordsStreaksAndDistribution) {
  PlayerStats s;
  s.record(true, 3);
  s.record(true, 4);
  s.record(false, 6);
  s.record(true, 3);
  EXPECT_EQ(s.played, 4u);
  EXPECT_EQ(s.wins, 3u);
  EXPECT_EQ(s.current_streak, 1u);
  EXPECT_EQ(s.max_streak, 2u);
  EXPECT_EQ(s.win_percent(), 75);
  EXPECT_EQ(s.distribution, (std::array<std::uint64_t, 6>{0, 0, 2, 1, 0, 0}));
  const auto back = PlayerStats::from_json(s.to_json());
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back->to_json(), s.to_json());
}

TEST(PlayerStats, RejectsInconsistentFiles) {
  EXPECT_FALSE(PlayerStats::from_json(nlohmann::json::array()).ok());
  auto j = PlayerStats{}.to_json();
  j["wins"] = 3;
  EXPECT_FALSE(PlayerStats::from_json(j).ok());
  j = PlayerStats{}.to_json();
  j["distribution"] = {1, 2};
  EXPECT_FALSE(PlayerStats::from_json(j).ok());
  j = PlayerStats{}.to_json();
  j["played"] = -1;
  EXPECT_FALSE(PlayerStats::from_json(j).ok());
}

TEST(Assistant, EntriesUndoAndImpossible) {
  const Engine& engine = testing::real_engine();
  Assistant a(engine, false);
  EXPECT_EQ(a.candidates().size(), 2315u);
  const auto soare = parse_assist_entry(engine.game(), "soare:YY..G");
  ASSERT_TRUE(soare.ok());
  EXPECT_FALSE(a.add(*soare).has_value());
  EXPECT_EQ(a.candidates().size(), 5u);
  const auto bad = parse_assist_entry(engine.game(), "crane GGGGG");
  ASSERT_TRUE(bad.ok());
  const auto why = a.add(*bad);
  ASSERT_TRUE(why.has_value());
  EXPECT_EQ(*why, "entry 2 (crane GGGGG): no answer fits it together with the entries before (5 answers fitted those)");
  EXPECT_EQ(a.entries().size(), 1u);
  EXPECT_TRUE(a.undo());
  EXPECT_FALSE(a.undo());
  EXPECT_EQ(a.candidates().size(), 2315u);
  // The suggestions' first is the entropy player's opener.
  const auto best = a.suggestions(guess::Scoring::Entropy, 3, 2);
  ASSERT_EQ(best.size(), 3u);
  EXPECT_EQ(engine.game().guess_word(best[0].guess), "soare");
}

// A first entry that leaves many answers (all gray, rare letters): the suggestions
// (no table: rows built for the candidates) equal the table engine's ranking.
TEST(Assistant, LargeAnswersWithoutTableMatchTheTable) {
  const Engine& tabled = testing::real_engine();
  const auto plain =
      Engine::create(tabled.game().secret_words(), tabled.game().guess_words(), guess::TableOptions{0, 1}).value();
  ASSERT_TRUE(plain->analyzer().table().empty());
  Assistant a(*plain, false);
  Assistant b(tabled, false);
  ASSERT_FALSE(a.add(*parse_assist_entry(plain->game(), "fuzzy .....")).has_value());
  ASSERT_FALSE(b.add(*parse_assist_entry(tabled.game(), "fuzzy .....")).has_value());
  EXPECT_GT(a.candidates().size(), 1000u);
  const auto x = a.suggestions(guess::Scoring::Entropy, 8, 2);
  const auto y = b.suggestions(guess::Scoring::Entropy, 8, 1);
  ASSERT_EQ(x.size(), y.size());
  for (std::size_t i = 0; i < x.size(); ++i) {
    EXPECT_EQ(x[i].guess, y[i].guess);
    EXPECT_EQ(x[i].stats.entropy, y[i].stats.entropy);
  }
}

TEST(Assistant, ParsesEntryForms) {
  const WordleGame& game = testing::real_engine().game();
  for (const char* text : {"crane ..Y.G", "crane:..Y.G", "CRANE bbybg", "crane 00102", "  crane   ..y.g "}) {
    const auto e = parse_assist_entry(game, text);
    ASSERT_TRUE(e.ok()) << text << ": " << e.error().message;
    EXPECT_EQ(game.guess_word(e->guess), "crane");
    EXPECT_EQ(pattern_text(e->pattern, 5), "..Y.G") << text;
  }
  EXPECT_FALSE(parse_assist_entry(game, "crane").ok());
  EXPECT_FALSE(parse_assist_entry(game, "crane ..Y.G extra").ok());
  EXPECT_FALSE(parse_assist_entry(game, "qqqqq .....").ok());
  EXPECT_FALSE(parse_assist_entry(game, "crane ..Y.").ok());
}

TEST(Assistant, HardModeRefusesEntriesThatBreakTheRule) {
  const Engine& engine = testing::real_engine();
  Assistant a(engine, true);
  ASSERT_FALSE(a.add(*parse_assist_entry(engine.game(), "crane .GY..")).has_value());
  const auto why = a.add(*parse_assist_entry(engine.game(), "slate ....."));
  ASSERT_TRUE(why.has_value());
  EXPECT_EQ(*why, "entry 2 (slate) breaks hard mode: 2nd letter must be R");
  for (const auto& s : a.suggestions(guess::Scoring::Entropy, 5, 1)) {
    const std::string& w = engine.game().guess_word(s.guess);
    EXPECT_EQ(w[1], 'r') << w;
    EXPECT_NE(w.find('a'), std::string::npos) << w;
  }
}

}  // namespace
}  // namespace puzzlelab::wordle
