#include "handle/game.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "guess/simulation.h"
#include "handle/weighted_player.h"
#include "test_lexicon.h"

namespace puzzlelab::handle {
namespace {

IdiomTable& table() {
  static IdiomTable t(test_lexicon());
  return t;
}

TEST(HandleGame, GuessOrderIsCodePointOrder) {
  const auto& idioms = test_lexicon().idioms();
  EXPECT_TRUE(
      std::is_sorted(idioms.begin(), idioms.end(), [](const Idiom& a, const Idiom& b) { return a.word < b.word; }));
  HandleGame answers(table(), WordSet::Answers);
  EXPECT_EQ(answers.guess_count(), 29760u);
  EXPECT_EQ(answers.secret_count(), 424u);
  for (guess::SecretIndex s = 1; s < answers.secret_count(); ++s) {
    EXPECT_LT(answers.guess_of_secret(s - 1), answers.guess_of_secret(s));
  }
  EXPECT_EQ(answers.answer_secrets().size(), 424u);
  HandleGame idioms_game(table(), WordSet::Idioms);
  EXPECT_EQ(idioms_game.secret_count(), 29760u);
  EXPECT_EQ(idioms_game.secret_of_idiom(5), 5u);
  EXPECT_FALSE(answers.secret_of_idiom(0).has_value() && answers.guess_of_secret(*answers.secret_of_idiom(0)) != 0);
}

TEST(HandleGame, FeedbackIsTheGamesFeedback) {
  HandleGame game(table(), WordSet::Answers);
  const Lexicon& lex = test_lexicon();
  for (guess::SecretIndex s = 0; s < game.secret_count(); s += 37) {
    for (guess::GuessIndex g = 0; g < game.guess_count(); g += 997) {
      EXPECT_EQ(game.feedback(g, s),
                encode(score_words(lex, lex.idioms()[game.guess_of_secret(s)].word, lex.idioms()[g].word)));
    }
  }
  std::vector<guess::SecretIndex> secrets{0, 5, 9};
  std::vector<guess::Pattern> row(3);
  game.feedback_row(123, secrets, row);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(row[i], game.feedback(123, secrets[i]));
}

// The known result: with the 424 answers as secrets and candidates and every idiom
// as a guess, the entropy player opens 补过拾遗 (407 classes) and needs 865 guesses.
TEST(Players, EntropyOnTheAnswersTotals865) {
  HandleGame game(table(), WordSet::Answers);
  guess::Analyzer analyzer(game);
  guess::Workspace ws(analyzer);
  std::vector<guess::SecretIndex> start(analyzer.all_secrets().begin(), analyzer.all_secrets().end());
  const guess::GuessIndex opener = analyzer.best_guess(guess::Scoring::Entropy, analyzer.all_guesses(), start, ws, 2);
  EXPECT_EQ(test_lexicon().idioms()[opener].word, w("补过拾遗"));
  EXPECT_EQ(analyzer.class_stats(opener, start, ws).classes, 407u);
  guess::ScoringPlayer player(analyzer, guess::Scoring::Entropy);
  guess::DecisionCache cache;
  cache.put({}, opener);
  guess::PlayOptions po;
  po.cache = &cache;
  core::Rng rng(0);
  std::uint32_t total = 0;
  for (const auto s : game.answer_secrets()) {
    const auto rec = guess::play_game(analyzer, player, s, start, ws, rng, po);
    EXPECT_TRUE(rec.solved);
    total += rec.guesses();
  }
  EXPECT_EQ(total, 865u);
}

TEST(Players, FrequencyPlayerRule) {
  HandleGame game(table(), WordSet::Answers);
  guess::Analyzer analyzer(game);
  guess::Workspace ws(analyzer);
  FrequencyPlayer player(game);
  core::Rng rng(0);
  std::vector<guess::SecretIndex> start(analyzer.all_secrets().begin(), analyzer.all_secrets().end());
  const auto first = player.choose(guess::Position{start, {}}, ws, rng);
  // Deterministic, a candidate, and the same whatever the rng.
  core::Rng other(99);
  EXPECT_EQ(player.choose(guess::Position{start, {}}, ws, other), first);
  EXPECT_TRUE(game.secret_of_idiom(first).has_value());
  EXPECT_EQ(test_lexicon().idioms()[first].word, w("有心无力"));
  // One or two candidates: the first.
  std::vector<guess::SecretIndex> two{7, 3};
  EXPECT_EQ(player.choose(guess::Position{two, {}}, ws, rng), game.guess_of_secret(7));
}

TEST(Players, WeightedPlayerPrefersTheHeavierOfTwo) {
  HandleGame game(table(), WordSet::Answers);
  guess::Analyzer analyzer(game);
  guess::Workspace ws(analyzer);
  std::vector<double> weights(game.secret_count(), 1.0);
  weights[10] = 5;
  WeightedEntropyPlayer player(analyzer, weights);
  core::Rng rng(0);
  std::vector<guess::SecretIndex> two{3, 10};
  EXPECT_EQ(player.choose(guess::Position{two, {}}, ws, rng), game.guess_of_secret(10));
  // Three candidates: E prefers a candidate that splits the other two (solved next turn).
  std::vector<guess::SecretIndex> three{3, 10, 20};
  const auto g = player.choose(guess::Position{three, {}}, ws, rng);
  std::vector<WeightedEntropyPlayer::Score> scores;
  const std::vector<guess::GuessIndex> one{g};
  player.score(one, three, scores, 1);
  EXPECT_EQ(scores[0].classes, 3u);
  EXPECT_TRUE(scores[0].candidate);
  EXPECT_EQ(g, game.guess_of_secret(10));
}

TEST(Players, CommonPriorCountsTheRarestCharacter) {
  HandleGame game(table(), WordSet::Idioms);
  const auto weights = common_prior(game);
  const Lexicon& lex = test_lexicon();
  const auto yi = *lex.find(w("一心一意"));
  EXPECT_GT(weights[yi], 100.0);
  for (const double x : weights) EXPECT_GE(x, 1.0);
}

}  // namespace
}  // namespace puzzlelab::handle
