#include "wordle/hard_mode.h"

#include <gtest/gtest.h>

#include "real_lists.h"

namespace puzzlelab::wordle {
namespace {

HardModeRule rule_after(std::initializer_list<std::pair<const char*, const char*>> turns) {
  HardModeRule rule(5);
  for (const auto& [guess, secret] : turns) rule.add(guess, score(secret, guess));
  return rule;
}

TEST(HardMode, GreensStayInPlace) {
  const auto rule = rule_after({{"crane", "elder"}});
  EXPECT_EQ(pattern_text(score("elder", "crane"), 5), ".Y..Y");
  const auto rule2 = rule_after({{"elfin", "elder"}});  // GG...
  EXPECT_EQ(rule2.violation("shore"), "1st letter must be E");
  EXPECT_EQ(rule2.violation("eaves"), "2nd letter must be L");
  EXPECT_TRUE(rule2.allows("elder"));
  EXPECT_EQ(rule.violation("shout"), "guess must contain R");
}

TEST(HardMode, OrdinalsAndCounts) {
  // "rarer" against "error" shows R three times (Y, G, G) and E once.
  const auto rule = rule_after({{"rarer", "error"}});
  EXPECT_EQ(pattern_text(score("error", "rarer"), 5), "Y.GYG");
  EXPECT_EQ(rule.violation("xxxxx"), "3rd letter must be R");
  EXPECT_EQ(rule.violation("xxrxr"), "guess must contain three R");
  EXPECT_EQ(rule.violation("rxrxr"), "guess must contain E");
  EXPECT_TRUE(rule.allows("error"));
  const auto two = rule_after({{"geese", "those"}});  // ...GG: S green at 3, E green at 4 only
  EXPECT_EQ(pattern_text(score("those", "geese"), 5), "...GG");
  EXPECT_EQ(two.violation("abcde"), "4th letter must be S");
  EXPECT_EQ(two.violation("abcsx"), "5th letter must be E");
  const auto doubles = rule_after({{"added", "dread"}});  // YY.YG: D shown 3x, A once, E once
  EXPECT_EQ(pattern_text(score("dread", "added"), 5), "YY.YG");
  // Letters in the order they were revealed: A (1st letter), D, E.
  EXPECT_EQ(doubles.violation("xxxxd"), "guess must contain A");
  EXPECT_EQ(doubles.violation("axxxd"), "guess must contain two D");
  EXPECT_EQ(doubles.violation("adxxd"), "guess must contain E");
}

TEST(HardMode, MaximumOverAnyOneGuessNotSum) {
  // Two guesses that each show one E: the rule needs one E, not two.
  HardModeRule rule(5);
  rule.add("eerie", score("beach", "eerie"));
  EXPECT_EQ(pattern_text(score("beach", "eerie"), 5), ".G...");
  rule.add("sewer", score("beach", "sewer"));
  EXPECT_TRUE(rule.allows("bebop"));
  EXPECT_EQ(rule.min_count('e' - 'a'), 1);
}

// The filter's fast mask checks equal the rule, guess by guess, on real histories.
TEST(HardMode, FilterEqualsRuleOnRealLists) {
  const Engine& engine = testing::real_engine();
  const WordleGame& game = engine.game();
  const HardModeFilter& filter = engine.hard_filter();
  const std::vector<std::vector<std::pair<std::string, std::string>>> histories = {
      {},
      {{"soare", "error"}},
      {{"rarer", "error"}},
      {{"added", "dread"}},
      {{"soare", "mamma"}, {"mamma", "mamma"}},
      {{"eerie", "geese"}, {"tepee", "geese"}},
      {{"salet", "llama"}, {"allay", "llama"}},
  };
  std::vector<GuessIndex> allowed;
  for (const auto& turns : histories) {
    std::vector<guess::Observation> history;
    HardModeRule rule(5);
    for (const auto& [guess, secret] : turns) {
      const Pattern p = score(secret, guess);
      history.push_back({*game.find_guess(guess), p});
      rule.add(guess, p);
    }
    filter.allowed(history, allowed);
    std::vector<GuessIndex> want;
    for (GuessIndex g = 0; g < game.guess_count(); ++g) {
      if (rule.allows(game.guess_word(g))) want.push_back(g);
    }
    EXPECT_EQ(allowed, want);
    if (turns.empty()) {
      EXPECT_EQ(allowed.size(), game.guess_count());
    }
  }
}

}  // namespace
}  // namespace puzzlelab::wordle
