// The Wordle assistant: entries, undo, suggestions and the hard-mode rule on entries.
#include "wordle/assistant.h"

#include <gtest/gtest.h>

#include "real_lists.h"

namespace puzzlelab::wordle {
namespace {

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
