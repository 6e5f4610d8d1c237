#include "guess/player.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "guess/entry_stack.h"
#include "guess/simulation.h"
#include "toy_games.h"

namespace puzzlelab::guess {
namespace {

using testing::all_secrets;
using testing::ScatteredGame;
using testing::ToyWordGame;

// Only even-numbered guesses, plus every guess that is still consistent with the
// history (a stand-in for a game's own rule such as Wordle's hard mode).
class EvenGuesses : public GuessFilter {
 public:
  explicit EvenGuesses(const Game& game) : game_(&game) {}
  void allowed(std::span<const Observation>, std::vector<GuessIndex>& out) const override {
    out.clear();
    for (GuessIndex g = 0; g < game_->guess_count(); g += 2) out.push_back(g);
  }

 private:
  const Game* game_;
};

std::uint64_t total_guesses(const Analyzer& a, const Player& p, DecisionCache* cache, std::uint64_t seed) {
  Workspace ws(a);
  const auto all = all_secrets(a.game());
  std::uint64_t total = 0;
  for (SecretIndex s = 0; s < a.game().secret_count(); ++s) {
    core::Rng rng(core::mix(seed, s));
    PlayOptions options;
    options.cache = cache;
    const GameRecord r = play_game(a, p, s, all, ws, rng, options);
    EXPECT_TRUE(r.solved) << "secret " << s;
    EXPECT_EQ(r.turns.back().guess, a.game().guess_of_secret(s));
    total += r.guesses();
  }
  return total;
}

TEST(Players, EverySecretIsSolved) {
  const ToyWordGame toy(4, 4, 2);
  const Analyzer a(toy, TableOptions{});
  const RandomPlayer random(a);
  const ScoringPlayer entropy(a, Scoring::Entropy);
  const ScoringPlayer parts(a, Scoring::Classes);
  const ScoringPlayer remaining(a, Scoring::ExpectedRemaining);
  for (const Player* p : {static_cast<const Player*>(&random), static_cast<const Player*>(&entropy),
                          static_cast<const Player*>(&parts), static_cast<const Player*>(&remaining)}) {
    const std::uint64_t total = total_guesses(a, *p, nullptr, 1);
    EXPECT_GT(total, toy.secret_count());
    EXPECT_LT(total, 8u * toy.secret_count());
  }
  // Greedy information beats random guessing among candidates on this game.
  EXPECT_LT(total_guesses(a, entropy, nullptr, 1), total_guesses(a, random, nullptr, 1));
}

TEST(Players, RandomIsReproducibleBySeed) {
  const ToyWordGame toy(4, 4, 2);
  const Analyzer a(toy);
  const RandomPlayer random(a);
  EXPECT_EQ(total_guesses(a, random, nullptr, 7), total_guesses(a, random, nullptr, 7));
  EXPECT_FALSE(random.deterministic());
}

TEST(Players, OneOrTwoCandidatesGuessTheFirst) {
  const ToyWordGame toy(4, 4, 2);
  const Analyzer a(toy);
  Workspace ws(a);
  core::Rng rng(1);
  const ScoringPlayer entropy(a, Scoring::Entropy);
  const std::vector<SecretIndex> two = {5, 9};
  EXPECT_EQ(entropy.choose(Position{two, {}}, ws, rng), toy.guess_of_secret(5));
  const std::vector<SecretIndex> one = {9};
  EXPECT_EQ(entropy.choose(Position{one, {}}, ws, rng), toy.guess_of_secret(9));
  EXPECT_EQ(entropy.choose(Position{{}, {}}, ws, rng), kNoGuess);
}

TEST(Players, FilterRestrictsScoredGuesses) {
  const ToyWordGame toy(4, 4, 3);
  const Analyzer a(toy, TableOptions{});
  const EvenGuesses even(toy);
  const ScoringPlayer entropy(a, Scoring::Entropy, &even);
  Workspace ws(a);
  const auto all = all_secrets(toy);
  for (SecretIndex s = 0; s < toy.secret_count(); ++s) {
    core::Rng rng(s);
    const GameRecord r = play_game(a, entropy, s, all, ws, rng);
    ASSERT_TRUE(r.solved);
    for (const TurnRecord& t : r.turns) {
      // Scored guesses are even; a guess of the first of 1-2 candidates may be odd.
      if (t.candidates_before > 2) {
        ASSERT_EQ(t.guess % 2, 0u);
      }
    }
  }
}

TEST(Players, HashedCountingPlaysTheSameGames) {
  const ToyWordGame toy(4, 4, 2);
  const ScatteredGame scattered(toy);
  const Analyzer dense(toy, TableOptions{});
  const Analyzer hashed(scattered);
  const ScoringPlayer a(dense, Scoring::Entropy), b(hashed, Scoring::Entropy);
  Workspace wa(dense), wb(hashed);
  const auto all = all_secrets(toy);
  for (SecretIndex s = 0; s < toy.secret_count(); ++s) {
    core::Rng r1(0), r2(0);
    const GameRecord x = play_game(dense, a, s, all, wa, r1);
    const GameRecord y = play_game(hashed, b, s, all, wb, r2);
    ASSERT_EQ(x.guesses(), y.guesses());
    for (std::size_t t = 0; t < x.turns.size(); ++t) ASSERT_EQ(x.turns[t].guess, y.turns[t].guess);
  }
}

TEST(Simulation, CachePlaysTheSameGamesAndFillsUp) {
  const ToyWordGame toy(4, 4, 2);
  const Analyzer a(toy, TableOptions{});
  const ScoringPlayer entropy(a, Scoring::Entropy);
  DecisionCache cache;
  const std::uint64_t without = total_guesses(a, entropy, nullptr, 0);
  const std::uint64_t with = total_guesses(a, entropy, &cache, 0);
  EXPECT_EQ(with, without);
  EXPECT_GT(cache.size(), 1u);
  const std::size_t filled = cache.size();
  EXPECT_EQ(total_guesses(a, entropy, &cache, 0), without);
  EXPECT_EQ(cache.size(), filled);  // the second pass only reads
}

TEST(Simulation, CacheComputesEachPositionOnce) {
  DecisionCache cache;
  std::atomic<int> computed{0};
  const std::vector<Observation> history = {{3, 4}, {5, 6}};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&] {
      const GuessIndex g = cache.get_or_compute(history, [&] {
        ++computed;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        return GuessIndex{42};
      });
      EXPECT_EQ(g, 42u);
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(computed.load(), 1);
  cache.put({}, 7);
  EXPECT_EQ(cache.get_or_compute({}, [] { return GuessIndex{1}; }), 7u);
  EXPECT_EQ(cache.size(), 2u);
}

TEST(Simulation, SecretOutsideStartStopsUnsolved) {
  const ToyWordGame toy(3, 3, 1);
  const Analyzer a(toy);
  const ScoringPlayer entropy(a, Scoring::Entropy);
  Workspace ws(a);
  core::Rng rng(0);
  const std::vector<SecretIndex> start = {0, 1, 2};  // the secret is 20
  const GameRecord r = play_game(a, entropy, 20, start, ws, rng);
  EXPECT_FALSE(r.solved);
  EXPECT_LE(r.guesses(), 3u);
  EXPECT_EQ(r.turns.back().candidates_after, 0u);
}

TEST(Simulation, RecordsCandidateCounts) {
  const ToyWordGame toy(4, 4, 2);
  const Analyzer a(toy);
  const ScoringPlayer parts(a, Scoring::Classes);
  Workspace ws(a);
  core::Rng rng(0);
  const auto all = all_secrets(toy);
  const GameRecord r = play_game(a, parts, 17, all, ws, rng);
  ASSERT_TRUE(r.solved);
  EXPECT_EQ(r.turns.front().candidates_before, toy.secret_count());
  for (std::size_t t = 1; t < r.turns.size(); ++t)
    EXPECT_EQ(r.turns[t].candidates_before, r.turns[t - 1].candidates_after);
  EXPECT_EQ(r.turns.back().candidates_after, 1u);
}

// An assistant's entries: each one taken narrows the candidates, and undo gives back
// exactly the candidates before it, down to the start.
TEST(EntryStack, UndoGivesBackTheCandidatesBeforeEachEntry) {
  EntryStack<int> stack({1, 2, 3, 4, 5});
  EXPECT_TRUE(stack.empty());
  EXPECT_FALSE(stack.undo());
  stack.push(10, {2, 4, 5});
  stack.push(20, {4});
  EXPECT_EQ(stack.entries(), (std::vector<int>{10, 20}));
  EXPECT_EQ(std::vector<SecretIndex>(stack.candidates().begin(), stack.candidates().end()),
            (std::vector<SecretIndex>{4}));
  EXPECT_TRUE(stack.undo());
  EXPECT_EQ(std::vector<SecretIndex>(stack.candidates().begin(), stack.candidates().end()),
            (std::vector<SecretIndex>{2, 4, 5}));
  EXPECT_TRUE(stack.undo());
  EXPECT_TRUE(stack.empty());
  EXPECT_EQ(stack.candidates().size(), 5u);
  EXPECT_FALSE(stack.undo());
}

}  // namespace
}  // namespace puzzlelab::guess
