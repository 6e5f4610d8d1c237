// The exact solver against brute force on small games, its trees replayed by the
// verifier, hard-mode legality, the guess limit, and independence from the thread count.
#include "guess/optimal.h"

#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <string>
#include <vector>

#include "brute_force.h"
#include "word_games.h"

namespace puzzlelab::guess {
namespace {

using testing::all_secrets;
using testing::BruteForce;
using testing::WordHardRule;
using testing::WordListGame;

const std::vector<std::string>& wordle_answers() {
  static const auto words = testing::read_words(std::string(PUZZLELAB_SOURCE_DIR) + "/data/wordle/answers.txt");
  return words;
}
const std::vector<std::string>& wordle_guesses() {
  static const auto words = testing::read_words(std::string(PUZZLELAB_SOURCE_DIR) + "/data/wordle/guesses.txt");
  return words;
}

// A small game from the real lists: `answers` answers, and `extra` other guesses.
WordListGame wordle_sample(std::size_t answers, std::size_t extra, std::uint64_t seed) {
  std::vector<std::string> a = testing::sample(wordle_answers(), answers, seed);
  std::vector<std::string> g = testing::sample(wordle_guesses(), extra, seed + 1000);
  g.insert(g.end(), a.begin(), a.end());
  std::sort(g.begin(), g.end());
  g.erase(std::unique(g.begin(), g.end()), g.end());
  return WordListGame(a, g);
}

// Three-letter words over a four-letter alphabet (64 guesses), some of them secrets.
WordListGame toy_game(std::size_t secrets, std::uint64_t seed) {
  const auto words = testing::all_words(3, 4);
  return WordListGame(testing::sample(words, secrets, seed), words);
}

struct Mode {
  bool hard = false;
  std::uint32_t max_guesses = 0;
};

// After `first`, each class as a game of its own (the history carries the rule's
// state and the guesses used): the one-thread search with a budget one above the
// brute-force optimum is exact, and with the optimum itself proves a lower bound.
// Tight budgets at the root of a search are where a bound that is too high shows.
void check_classes_with_tight_budgets(const Game& game, const GuessFilter* filter, std::uint32_t max_guesses,
                                      BruteForce& brute, GuessIndex first) {
  std::map<Pattern, std::vector<SecretIndex>> classes;
  for (SecretIndex s = 0; s < game.secret_count(); ++s) classes[game.feedback(first, s)].push_back(s);
  for (const auto& [pattern, members] : classes) {
    if (members.size() < 3 || game.is_solved(pattern)) continue;
    const std::vector<Observation> history{Observation{first, pattern}};
    const std::uint64_t expected = brute.best_after(members, history);
    if (expected == BruteForce::kNone) continue;
    OptimalOptions options;
    options.hard_mode = filter;
    options.max_guesses = max_guesses;
    options.history = history;
    options.threads = 1;
    auto solver = OptimalSolver::create(game, members, options);
    ASSERT_TRUE(solver);
    auto above = (*solver)->value_below(expected + 1);
    ASSERT_TRUE(above);
    EXPECT_TRUE(above->exact) << "first guess " << first << ", class of " << members.size();
    EXPECT_EQ(above->total, expected) << "first guess " << first << ", class of " << members.size();
    auto at = (*solver)->value_below(expected);
    ASSERT_TRUE(at);
    EXPECT_FALSE(at->exact);
    EXPECT_EQ(at->total, expected);
  }
}

// Every first guess's exact value, and the best, equal brute force; each tree
// replays to its value and obeys the rule and the limit.
void check_against_brute_force(const Game& game, const GuessFilter* filter, Mode mode) {
  SCOPED_TRACE(::testing::Message() << "hard " << mode.hard << " max " << mode.max_guesses);
  OptimalOptions options;
  options.hard_mode = filter;
  options.max_guesses = mode.max_guesses;
  options.threads = 2;
  const auto secrets = all_secrets(game);
  auto solver = OptimalSolver::create(game, secrets, options);
  ASSERT_TRUE(solver) << solver.error().message;
  BruteForce brute(game, filter, mode.max_guesses);
  std::uint64_t best = BruteForce::kNone;
  for (GuessIndex g = 0; g < game.guess_count(); ++g) {
    const std::uint64_t expected = brute.value_of_first(secrets, g);
    best = std::min(best, expected);
    auto got = (*solver)->value_of_first(g);
    ASSERT_TRUE(got);
    ASSERT_EQ(*got == kInfeasible ? BruteForce::kNone : *got, expected) << "first guess " << g;
    if (expected == BruteForce::kNone) continue;
    // Tight budgets: exact just above the value; at or below it, a lower bound that
    // is at least the budget and never above the value.
    auto above = (*solver)->value_of_first(g, expected + 1);
    ASSERT_TRUE(above);
    EXPECT_TRUE(above->exact);
    EXPECT_EQ(above->total, expected);
    for (const std::uint64_t bound : {expected, expected - 1, expected - 3}) {
      auto below = (*solver)->value_of_first(g, bound);
      ASSERT_TRUE(below);
      EXPECT_FALSE(below->exact);
      EXPECT_GE(below->total, bound);
      EXPECT_LE(below->total, expected);
    }
    check_classes_with_tight_budgets(game, filter, mode.max_guesses, brute, g);
    auto tree = (*solver)->tree(g);
    ASSERT_TRUE(tree);
    const TreeCheck check = verify_tree(game, *tree, secrets, filter, mode.max_guesses);
    ASSERT_FALSE(check.defect) << "tree of " << g;
    EXPECT_EQ(check.summary.total, expected) << "tree of " << g;
  }
  EXPECT_EQ(best, brute.best(secrets));
  // The one-thread search from the root, with tight budgets.
  if (best != BruteForce::kNone && best > 3) {
    auto exact = (*solver)->value_below(best + 1);
    ASSERT_TRUE(exact);
    ASSERT_TRUE(exact->exact);
    EXPECT_EQ(exact->total, best);
    EXPECT_EQ(brute.value_of_first(secrets, exact->guess), best);
    for (const std::uint64_t bound : {best, best - 1, best - 3}) {
      auto below = (*solver)->value_below(bound);
      ASSERT_TRUE(below);
      EXPECT_FALSE(below->exact);
      EXPECT_GE(below->total, bound);
      EXPECT_LE(below->total, best);
    }
  }
  auto top = (*solver)->best_first();
  ASSERT_TRUE(top);
  EXPECT_EQ(top->total == kInfeasible ? BruteForce::kNone : top->total, best);
  if (best != BruteForce::kNone) {
    ASSERT_LT(top->guess, game.guess_count());
    EXPECT_EQ(brute.value_of_first(secrets, top->guess), best);
  }
}

void check_against_brute_force(const WordListGame& game, Mode mode) {
  WordHardRule rule(game);
  check_against_brute_force(game, mode.hard ? &rule : nullptr, mode);
}

TEST(Optimal, ToyGamesMatchBruteForce) {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const WordListGame game = toy_game(6 + seed, seed);
    check_against_brute_force(game, {false, 0});
  }
}

TEST(Optimal, ToyGamesHardModeMatchBruteForce) {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const WordListGame game = toy_game(6 + seed, seed);
    check_against_brute_force(game, {true, 0});
  }
}

TEST(Optimal, ToyGamesWithGuessLimitMatchBruteForce) {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const WordListGame game = toy_game(10 + seed, seed + 20);
    for (const std::uint32_t limit : {2u, 3u, 4u}) {
      check_against_brute_force(game, {false, limit});
      check_against_brute_force(game, {true, limit});
    }
  }
}

// Larger sets with few guesses: classes of three and more that the closed forms do
// not settle, so the bounds and the pruning decide.
TEST(Optimal, DenseToyGamesMatchBruteForce) {
  const auto words = testing::all_words(4, 3);
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const auto secrets = testing::sample(words, 24 + 4 * seed, seed);
    auto guesses = testing::sample(words, 14, seed + 50);
    guesses.insert(guesses.end(), secrets.begin(), secrets.end());
    std::sort(guesses.begin(), guesses.end());
    guesses.erase(std::unique(guesses.begin(), guesses.end()), guesses.end());
    const WordListGame game(secrets, guesses);
    check_against_brute_force(game, {false, 0});
    check_against_brute_force(game, {true, 0});
    check_against_brute_force(game, {false, 3});
  }
}

// Many small classes at their lower bound, as in the real game: a bound that is one
// too high anywhere shows here.
TEST(Optimal, WordleMediumListsMatchBruteForce) {
  for (const std::uint64_t seed : {77, 78}) {
    const WordListGame game = wordle_sample(80, 30, seed);
    check_against_brute_force(game, {false, 0});
  }
}

// Real words over few letters: large classes that share letters, where many guesses
// come within one of each other and the closed forms rarely settle a set.
WordListGame wordle_letters(const std::string& letters, std::size_t answers, std::size_t extra, std::uint64_t seed) {
  const auto within = [&](const std::vector<std::string>& from) {
    std::vector<std::string> out;
    for (const std::string& w : from) {
      if (std::all_of(w.begin(), w.end(), [&](char c) { return letters.find(c) != std::string::npos; }))
        out.push_back(w);
    }
    return out;
  };
  std::vector<std::string> a = testing::sample(within(wordle_answers()), answers, seed);
  std::vector<std::string> g = testing::sample(within(wordle_guesses()), extra, seed + 1);
  g.insert(g.end(), a.begin(), a.end());
  std::sort(g.begin(), g.end());
  g.erase(std::unique(g.begin(), g.end()), g.end());
  return WordListGame(a, g);
}

TEST(Optimal, WordleFewLettersMatchBruteForce) {
  const WordListGame game = wordle_letters("aeinrst", 40, 30, 5);
  check_against_brute_force(game, {false, 0});
  check_against_brute_force(game, {true, 0});
  check_against_brute_force(game, {false, 3});
  check_against_brute_force(game, {true, 4});
}

// Coarse feedback (only the number of letters in place): few classes a guess, deep
// trees, so a guess limit binds and the same set is met with different numbers of
// guesses left (after one guess here, after two there) at different costs.
TEST(Optimal, CoarseFeedbackWithGuessLimitsMatchesBruteForce) {
  const auto words = testing::all_words(4, 3);
  for (std::uint64_t seed = 1; seed <= 2; ++seed) {
    const testing::GreensGame game(testing::sample(words, 18, seed), words);
    for (const std::uint32_t limit : {3u, 4u, 0u}) check_against_brute_force(game, nullptr, {false, limit});
  }
}

// Another guess that also wins (a variant spelling) with its own solved pattern.
TEST(Optimal, VariantSpellingsThatAlsoWinMatchBruteForce) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const WordListGame inner = wordle_letters("aeinrst", 30, 10, seed);
    std::vector<SecretIndex> aliased;
    for (SecretIndex s = 0; s < inner.secret_count(); s += 3) aliased.push_back(s);
    const testing::AliasGame game(inner, aliased);
    check_against_brute_force(game, nullptr, {false, 0});
    check_against_brute_force(game, nullptr, {false, 3});
  }
}

TEST(Optimal, WordleSubListsMatchBruteForce) {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const WordListGame game = wordle_sample(14, 16, seed);
    check_against_brute_force(game, {false, 0});
    check_against_brute_force(game, {true, 0});
    check_against_brute_force(game, {true, 3});
  }
}

// Bigger sub-lists with the full guess list: the tree (not only the value) is the
// same for one thread and two, and replays to the solver's value.
TEST(Optimal, TreeDoesNotDependOnThreads) {
  const WordListGame game(testing::sample(wordle_answers(), 400, 11), wordle_guesses());
  WordHardRule rule(game);
  const auto secrets = all_secrets(game);
  for (const bool hard : {false, true}) {
    OptimalOptions one;
    one.threads = 1;
    one.hard_mode = hard ? &rule : nullptr;
    one.max_guesses = 6;
    OptimalOptions two = one;
    two.threads = 2;
    auto a = OptimalSolver::create(game, secrets, one);
    auto b = OptimalSolver::create(game, secrets, two);
    ASSERT_TRUE(a && b);
    const GuessIndex first = game.find_guess("salet");
    auto va = (*a)->value_of_first(first);
    auto vb = (*b)->value_of_first(first);
    ASSERT_TRUE(va && vb);
    EXPECT_EQ(*va, *vb);
    auto ta = (*a)->tree(first);
    auto tb = (*b)->tree(first);
    ASSERT_TRUE(ta && tb);
    EXPECT_TRUE(*ta == *tb);
    const TreeCheck check = verify_tree(game, *ta, secrets, hard ? &rule : nullptr, 6);
    ASSERT_FALSE(check.defect);
    EXPECT_EQ(check.summary.total, *va);
  }
}

// The solver keys hard-mode positions by the set of allowed guesses, which is sound
// when each turn restricts on its own (optimal.h); the NYT rule has that property.
TEST(Optimal, HardRuleRestrictsTurnByTurn) {
  const WordListGame game = wordle_sample(60, 300, 5);
  WordHardRule rule(game);
  core::Rng rng(3);
  for (int trial = 0; trial < 50; ++trial) {
    std::vector<Observation> history;
    for (int turn = 0; turn < 3; ++turn) {
      const GuessIndex g = static_cast<GuessIndex>(rng.below(game.guess_count()));
      const SecretIndex s = static_cast<SecretIndex>(rng.below(game.secret_count()));
      history.push_back(Observation{g, game.feedback(g, s)});
    }
    std::vector<GuessIndex> together;
    rule.allowed(history, together);
    std::vector<GuessIndex> each;
    rule.allowed(std::span<const Observation>(history).first(1), each);
    for (std::size_t i = 1; i < history.size(); ++i) {
      std::vector<GuessIndex> more;
      rule.allowed(std::span<const Observation>(history).subspan(i, 1), more);
      std::vector<GuessIndex> both;
      std::set_intersection(each.begin(), each.end(), more.begin(), more.end(), std::back_inserter(both));
      each = both;
    }
    EXPECT_EQ(together, each);
  }
}

TEST(Optimal, StartsFromAHistory) {
  const WordListGame game = wordle_sample(30, 40, 9);
  WordHardRule rule(game);
  const GuessIndex opener = 0;
  const SecretIndex secret = 3;
  const Observation turn{opener, game.feedback(opener, secret)};
  std::vector<SecretIndex> left;
  for (SecretIndex s = 0; s < game.secret_count(); ++s) {
    if (game.feedback(opener, s) == turn.pattern) left.push_back(s);
  }
  OptimalOptions options;
  options.hard_mode = &rule;
  options.history = {turn};
  options.max_guesses = 6;
  auto solver = OptimalSolver::create(game, left, options);
  ASSERT_TRUE(solver);
  auto best = (*solver)->best_first();
  ASSERT_TRUE(best);
  BruteForce brute(game, &rule, 6);
  EXPECT_EQ(best->total, brute.best_after(left, {turn}));
  auto tree = (*solver)->tree(best->guess);
  ASSERT_TRUE(tree);
  EXPECT_EQ(tree->node(0).guess, best->guess);
}

TEST(Optimal, EmptyAndTinySets) {
  const WordListGame game = toy_game(5, 2);
  OptimalOptions options;
  auto none = OptimalSolver::create(game, {}, options);
  ASSERT_TRUE(none);
  auto v = (*none)->value_of_first(0);
  ASSERT_TRUE(v);
  EXPECT_EQ(*v, 0u);
  const std::vector<SecretIndex> one{2};
  auto single = OptimalSolver::create(game, one, options);
  ASSERT_TRUE(single);
  auto b = (*single)->best_first();
  ASSERT_TRUE(b);
  EXPECT_EQ(b->total, 1u);
  EXPECT_EQ(b->guess, game.guess_of_secret(2));
}

TEST(Optimal, InfeasibleWithinTheLimit) {
  const WordListGame game = toy_game(20, 4);
  OptimalOptions options;
  options.max_guesses = 1;
  auto solver = OptimalSolver::create(game, all_secrets(game), options);
  ASSERT_TRUE(solver);
  auto v = (*solver)->value_of_first(0);
  ASSERT_TRUE(v);
  EXPECT_EQ(*v, kInfeasible);
  auto tree = (*solver)->tree(0);
  ASSERT_TRUE(tree);
  EXPECT_TRUE(tree->empty());
}

TEST(Optimal, RejectsGamesOutsideItsAssumptions) {
  // A secret that is not a guess.
  class NoGuessGame final : public Game {
   public:
    std::uint32_t guess_count() const override { return 2; }
    std::uint32_t secret_count() const override { return 2; }
    std::uint64_t pattern_bound() const override { return 3; }
    bool is_solved(Pattern p) const override { return p == 2; }
    GuessIndex guess_of_secret(SecretIndex s) const override { return s == 0 ? 0 : kNoGuess; }
    Pattern feedback(GuessIndex g, SecretIndex s) const override { return g == s ? 2 : 0; }
  } game;
  const std::vector<SecretIndex> both{0, 1};
  auto r = OptimalSolver::create(game, both, {});
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("guess"), std::string::npos);
}

TEST(Optimal, CancelStops) {
  const WordListGame game(testing::sample(wordle_answers(), 500, 2), wordle_guesses());
  std::atomic<bool> cancel{true};
  OptimalOptions options;
  options.cancel = &cancel;
  auto solver = OptimalSolver::create(game, all_secrets(game), options);
  ASSERT_TRUE(solver);
  auto v = (*solver)->value_of_first(game.find_guess("salet"));
  ASSERT_FALSE(v);
  EXPECT_EQ(v.error().message, "cancelled");
}

}  // namespace
}  // namespace puzzlelab::guess
