// The players' known results over all 2,315 answers, games never cut off at 6. The
// deterministic players must come out exactly; a miss means the tie rule or the
// feedback is wrong, not that a number needs tuning.
#include <set>

#include <gtest/gtest.h>

#include "core/sim.h"
#include "real_lists.h"
#include "wordle/engine.h"

namespace puzzlelab::wordle {
namespace {

struct Totals {
  std::string first;
  std::uint64_t total = 0;
  std::uint64_t over_six = 0;
  std::uint64_t max = 0;
  std::uint64_t games = 0;
};

// Every answer in list order, through the core harness on `threads` threads.
Totals play_all(PlayerKind kind, bool hard, unsigned threads, std::uint64_t seed = 0) {
  const Engine& engine = testing::real_engine();
  Simulator sim(engine, kind, hard);
  sim.opener(threads);
  core::SimSpec spec;
  spec.game = "wordle";
  spec.seed = seed;
  spec.games = engine.game().secret_count();
  Totals t;
  std::vector<std::string> firsts(spec.games);
  const core::SimSummary summary = core::run_simulation(spec, threads, [&](std::uint64_t index, core::Rng& rng) {
    const SecretIndex secret = engine.game().list_order()[index];
    const guess::GameRecord r = sim.play(secret, rng);
    EXPECT_TRUE(r.solved);
    firsts[index] = engine.game().guess_word(r.turns.front().guess);
    core::GameResult g;
    g.primary = r.guesses();
    g.win = r.solved && r.guesses() <= kMaxGuesses;
    return g;
  });
  t.games = summary.games;
  t.total = static_cast<std::uint64_t>(summary.primary.sum());
  t.over_six = summary.games - summary.wins;
  t.max = static_cast<std::uint64_t>(summary.primary.max());
  t.first = firsts[0];
  return t;
}

TEST(KnownTotals, EntropyOpensSoare8020) {
  const Totals t = play_all(PlayerKind::Entropy, false, 2);
  EXPECT_EQ(t.first, "soare");
  EXPECT_EQ(t.total, 8020u);
  EXPECT_EQ(t.max, 6u);
  EXPECT_EQ(t.over_six, 0u);
}

TEST(KnownTotals, PartsOpensTrace7949) {
  const Totals t = play_all(PlayerKind::Parts, false, 2);
  EXPECT_EQ(t.first, "trace");
  EXPECT_EQ(t.total, 7949u);
}

TEST(KnownTotals, FrequencyOpensStare8386With15OverSix) {
  const Totals t = play_all(PlayerKind::Frequency, false, 2);
  EXPECT_EQ(t.first, "stare");
  EXPECT_EQ(t.total, 8386u);
  EXPECT_EQ(t.over_six, 15u);
}

TEST(KnownTotals, EntropyHard8339With7OverSix) {
  const Totals t = play_all(PlayerKind::Entropy, true, 2);
  EXPECT_EQ(t.first, "soare");
  EXPECT_EQ(t.total, 8339u);
  EXPECT_EQ(t.over_six, 7u);
}

TEST(KnownTotals, FrequencyIsTheSameInHardMode) {
  EXPECT_EQ(play_all(PlayerKind::Frequency, true, 2).total, 8386u);
}

TEST(KnownTotals, RandomMeanInRange) {
  for (const std::uint64_t seed : {0u, 1u}) {
    const Totals t = play_all(PlayerKind::Random, false, 2, seed);
    const double mean = static_cast<double>(t.total) / static_cast<double>(t.games);
    EXPECT_GE(mean, 4.04);
    EXPECT_LE(mean, 4.14);
    // About 98.2% solved within six.
    EXPECT_LT(t.over_six, t.games * 4 / 100);
  }
}

// The harness reduces in index order: results are identical for any thread count.
TEST(KnownTotals, ThreadsDoNotChangeResults) {
  const Totals one = play_all(PlayerKind::Random, false, 1, 9);
  const Totals two = play_all(PlayerKind::Random, false, 2, 9);
  EXPECT_EQ(one.total, two.total);
  EXPECT_EQ(one.over_six, two.over_six);
}

// Hard-mode players only ever play hard-mode-valid guesses.
TEST(HardModePlayers, EveryGuessObeysTheRule) {
  const Engine& engine = testing::real_engine();
  for (const PlayerKind kind : {PlayerKind::Entropy, PlayerKind::Parts, PlayerKind::Random}) {
    Simulator sim(engine, kind, true);
    for (SecretIndex s = 0; s < engine.game().secret_count(); s += 7) {
      core::Rng rng(s);
      const guess::GameRecord r = sim.play(s, rng);
      HardModeRule rule(5);
      for (const auto& turn : r.turns) {
        const std::string& w = engine.game().guess_word(turn.guess);
        ASSERT_TRUE(rule.allows(w)) << w << ": " << *rule.violation(w);
        rule.add(w, turn.pattern);
      }
    }
  }
}

// A first guess found before (the front-ends' cache of openers) is played as given, and
// the player goes on from it as it would from its own.
TEST(Simulator, UsesAGivenOpener) {
  const Engine& engine = testing::real_engine();
  const WordleGame& game = engine.game();
  Simulator given(engine, PlayerKind::Entropy, false);
  given.use_opener(*game.find_guess("crane"));
  EXPECT_EQ(given.opener(1), *game.find_guess("crane"));
  Simulator own(engine, PlayerKind::Entropy, false);
  EXPECT_EQ(game.guess_word(own.opener(1)), "soare");
  Simulator same(engine, PlayerKind::Entropy, false);
  same.use_opener(own.opener(1));
  for (SecretIndex s = 0; s < game.secret_count(); s += 97) {
    core::Rng rng_a(s), rng_b(s), rng_c(s);
    const guess::GameRecord a = given.play(s, rng_a);
    ASSERT_FALSE(a.turns.empty());
    EXPECT_EQ(game.guess_word(a.turns.front().guess), "crane");
    EXPECT_TRUE(a.solved);
    const guess::GameRecord b = own.play(s, rng_b);
    const guess::GameRecord c = same.play(s, rng_c);
    ASSERT_EQ(b.turns.size(), c.turns.size());
    for (std::size_t i = 0; i < b.turns.size(); ++i) EXPECT_EQ(b.turns[i].guess, c.turns[i].guess);
  }
}

// A watched game is the Simulator's game drawing from mix(seed, secret): the same seed
// gives the same game (whichever front-end asks), and a given opener is played first.
TEST(WatchGame, OneSeedOneGameAndTheGivenOpenerFirst) {
  const Engine& engine = testing::real_engine();
  const WordleGame& game = engine.game();
  const SecretIndex cigar = *game.find_secret("cigar");
  const auto guesses = [&](const guess::GameRecord& r) {
    std::vector<std::string> words;
    for (const auto& t : r.turns) words.push_back(game.guess_word(t.guess));
    return words;
  };
  Simulator random(engine, PlayerKind::Random, false);
  std::set<std::vector<std::string>> games;
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const guess::GameRecord watched = watch_game(engine, PlayerKind::Random, false, cigar, seed);
    core::Rng rng(core::mix(seed, cigar));
    EXPECT_EQ(guesses(watched), guesses(random.play(cigar, rng))) << "seed " << seed;
    EXPECT_EQ(guesses(watch_game(engine, PlayerKind::Random, false, cigar, seed)), guesses(watched));
    EXPECT_TRUE(watched.solved);
    games.insert(guesses(watched));
  }
  EXPECT_GT(games.size(), 1u) << "the random player's game depends on the seed";
  const guess::GameRecord given = watch_game(engine, PlayerKind::Entropy, false, cigar, 0, *game.find_guess("crane"));
  ASSERT_FALSE(given.turns.empty());
  EXPECT_EQ(game.guess_word(given.turns.front().guess), "crane");
  EXPECT_EQ(guesses(watch_game(engine, PlayerKind::Entropy, false, cigar, 0)).front(), "soare");
}

TEST(Players, Names) {
  for (const PlayerKind k : {PlayerKind::Random, PlayerKind::Frequency, PlayerKind::Entropy, PlayerKind::Parts}) {
    EXPECT_EQ(parse_player(player_name(k)), k);
  }
  EXPECT_FALSE(parse_player("optimal").has_value());
}

}  // namespace
}  // namespace puzzlelab::wordle
