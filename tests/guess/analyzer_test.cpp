#include "guess/analyzer.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <map>
#include <set>

#include "core/rng.h"
#include "toy_games.h"

namespace puzzlelab::guess {
namespace {

using testing::all_secrets;
using testing::MatrixGame;
using testing::ScatteredGame;
using testing::ToyWordGame;

// Class figures computed the slow, obvious way.
ClassStats brute_stats(const Game& game, GuessIndex g, const std::vector<SecretIndex>& candidates) {
  std::map<Pattern, std::uint32_t> sizes;
  for (const SecretIndex s : candidates) ++sizes[game.feedback(g, s)];
  ClassStats st;
  st.candidates = static_cast<std::uint32_t>(candidates.size());
  st.classes = static_cast<std::uint32_t>(sizes.size());
  const double n = static_cast<double>(candidates.size());
  for (const auto& [p, k] : sizes) {
    st.largest = std::max(st.largest, k);
    st.sum_squares += std::uint64_t{k} * k;
    st.entropy -= (k / n) * std::log2(k / n);
  }
  return st;
}

TEST(PatternTable, NarrowestWidth) {
  EXPECT_EQ(PatternTable::width_for(243), 1u);
  EXPECT_EQ(PatternTable::width_for(256), 1u);
  EXPECT_EQ(PatternTable::width_for(257), 2u);
  EXPECT_EQ(PatternTable::width_for(65536), 2u);
  EXPECT_EQ(PatternTable::width_for(43046721), 4u);
}

TEST(PatternTable, EqualsFeedbackForEveryPair) {
  const ToyWordGame toy(4, 4, 3);
  const ScatteredGame scattered(toy);
  for (const Game* game : {static_cast<const Game*>(&toy), static_cast<const Game*>(&scattered)}) {
    for (unsigned threads : {1u, 2u}) {
      const PatternTable table = PatternTable::build(*game, TableOptions{std::uint64_t{1} << 30, threads});
      ASSERT_FALSE(table.empty());
      EXPECT_EQ(table.width(), game == &toy ? 1u : 4u);
      for (GuessIndex g = 0; g < game->guess_count(); ++g) {
        for (SecretIndex s = 0; s < game->secret_count(); ++s) ASSERT_EQ(table.at(g, s), game->feedback(g, s));
      }
    }
  }
}

TEST(PatternTable, StaysEmptyOverBudget) {
  const ToyWordGame toy(4, 4, 3);
  const PatternTable table = PatternTable::build(toy, TableOptions{PatternTable::bytes_for(toy) - 1, 2});
  EXPECT_TRUE(table.empty());
  EXPECT_EQ(table.width(), 0u);
  EXPECT_FALSE(PatternTable::build(toy, TableOptions{PatternTable::bytes_for(toy), 2}).empty());
}

// Every way of computing class figures (table or not, array or hash counting) gives
// exactly the brute-force figures, on random candidate subsets.
TEST(Analyzer, ClassStatsMatchBruteForce) {
  const ToyWordGame toy(4, 4, 2);
  const ScatteredGame scattered(toy);
  const Analyzer with_table(toy, TableOptions{});
  const Analyzer without_table(toy);
  const Analyzer hashed(scattered, TableOptions{});
  const Analyzer hashed_no_table(scattered);
  ASSERT_FALSE(with_table.table().empty());
  ASSERT_TRUE(with_table.dense_counting());
  ASSERT_FALSE(hashed.dense_counting());
  std::vector<Workspace> ws;
  for (const Analyzer* a : {&with_table, &without_table, &hashed, &hashed_no_table}) ws.emplace_back(*a);
  core::Rng rng(5);
  for (int round = 0; round < 40; ++round) {
    std::vector<SecretIndex> candidates;
    for (SecretIndex s = 0; s < toy.secret_count(); ++s) {
      if (rng.chance(1 + static_cast<std::uint64_t>(round % 4), 4)) candidates.push_back(s);
    }
    for (GuessIndex g = 0; g < toy.guess_count(); g += 7) {
      const ClassStats want = brute_stats(toy, g, candidates);
      int k = 0;
      for (const Analyzer* a : {&with_table, &without_table, &hashed, &hashed_no_table}) {
        const ClassStats got = a->class_stats(g, candidates, ws[static_cast<std::size_t>(k++)]);
        ASSERT_EQ(got.candidates, want.candidates);
        ASSERT_EQ(got.classes, want.classes);
        ASSERT_EQ(got.largest, want.largest);
        ASSERT_EQ(got.sum_squares, want.sum_squares);
        ASSERT_NEAR(got.entropy, want.entropy, 1e-12);
      }
    }
  }
}

TEST(Analyzer, EmptyCandidates) {
  const ToyWordGame toy(3, 3, 1);
  const Analyzer a(toy);
  Workspace ws(a);
  const ClassStats st = a.class_stats(0, {}, ws);
  EXPECT_EQ(st.classes, 0u);
  EXPECT_EQ(st.entropy, 0.0);
  Partition p;
  a.partition(0, {}, ws, p);
  EXPECT_EQ(p.size(), 0u);
}

void expect_valid_partition(const Analyzer& a, GuessIndex g, const std::vector<SecretIndex>& candidates,
                            const Partition& p) {
  ASSERT_EQ(p.offsets.size(), p.size() + 1);
  ASSERT_EQ(p.offsets.back(), candidates.size());
  ASSERT_TRUE(std::is_sorted(p.patterns.begin(), p.patterns.end()));
  ASSERT_EQ(std::adjacent_find(p.patterns.begin(), p.patterns.end()), p.patterns.end());
  std::vector<SecretIndex> all;
  for (std::size_t k = 0; k < p.size(); ++k) {
    const auto members = p.members_of(k);
    ASSERT_FALSE(members.empty());
    ASSERT_TRUE(std::is_sorted(members.begin(), members.end()));
    for (const SecretIndex s : members) ASSERT_EQ(a.feedback(g, s), p.patterns[k]);
    all.insert(all.end(), members.begin(), members.end());
  }
  std::sort(all.begin(), all.end());
  ASSERT_EQ(all, candidates);
}

TEST(Analyzer, PartitionsAreExactAndAgreeAcrossCounters) {
  const ToyWordGame toy(4, 4, 2);
  const ScatteredGame scattered(toy);
  const Analyzer dense(toy, TableOptions{});
  const Analyzer hashed(scattered);
  Workspace wd(dense), wh(hashed);
  Partition pd, ph;
  const auto all = all_secrets(toy);
  for (GuessIndex g = 0; g < toy.guess_count(); g += 5) {
    dense.partition(g, all, wd, pd);
    hashed.partition(g, all, wh, ph);
    expect_valid_partition(dense, g, all, pd);
    expect_valid_partition(hashed, g, all, ph);
    // The same classes (codes differ by the scatter map, so compare member lists).
    std::set<std::vector<SecretIndex>> a, b;
    for (std::size_t k = 0; k < pd.size(); ++k) a.emplace(pd.members_of(k).begin(), pd.members_of(k).end());
    for (std::size_t k = 0; k < ph.size(); ++k) b.emplace(ph.members_of(k).begin(), ph.members_of(k).end());
    ASSERT_EQ(a, b);
  }
}

// Property: filtering by the secret's own feedback keeps the secret, and keeps
// exactly the candidates consistent with the observation.
RC_GTEST_PROP(AnalyzerProperty, FilterKeepsSecretAndOnlyConsistent, ()) {
  static const ToyWordGame toy(4, 4, 2);
  static const Analyzer analyzer(toy, TableOptions{});
  const auto secret = *rc::gen::inRange<SecretIndex>(0, toy.secret_count());
  const auto guesses = *rc::gen::container<std::vector<GuessIndex>>(rc::gen::inRange<GuessIndex>(0, toy.guess_count()));
  std::vector<SecretIndex> candidates = all_secrets(toy), next;
  for (const GuessIndex g : guesses) {
    const Observation seen{g, toy.feedback(g, secret)};
    analyzer.filter(candidates, seen, next);
    RC_ASSERT(std::binary_search(next.begin(), next.end(), secret));
    for (const SecretIndex s : candidates) {
      const bool kept = std::binary_search(next.begin(), next.end(), s);
      RC_ASSERT(kept == (toy.feedback(g, s) == seen.pattern));
    }
    candidates.swap(next);
  }
}

TEST(Analyzer, ScoresDoNotDependOnThreads) {
  const ToyWordGame toy(5, 4, 3);  // 1,024 guesses x 342 secrets: above the parallel threshold
  const Analyzer a(toy);
  Workspace ws(a);
  const auto all = all_secrets(toy);
  std::vector<ClassStats> one, two;
  a.score_guesses(a.all_guesses(), all, ws, 1, one);
  a.score_guesses(a.all_guesses(), all, ws, 2, two);
  ASSERT_EQ(one.size(), two.size());
  for (std::size_t i = 0; i < one.size(); ++i) {
    ASSERT_EQ(one[i].classes, two[i].classes);
    ASSERT_EQ(one[i].sum_squares, two[i].sum_squares);
    ASSERT_EQ(one[i].entropy, two[i].entropy);  // bit-identical
  }
  EXPECT_EQ(a.best_guess(Scoring::Entropy, a.all_guesses(), all, ws, 1),
            a.best_guess(Scoring::Entropy, a.all_guesses(), all, ws, 2));
}

// Without a table, a large question is answered from rows built for just the
// candidates (when the game offers secret rows): the figures are the same as pair by
// pair and as with the full table, for any thread count.
TEST(Analyzer, CandidateRowsGiveTheSameScores) {
  const ToyWordGame plain(6, 4, 3);  // 4,096 guesses x 1,366 secrets
  const testing::ToyWordGameWithRows rows(6, 4, 3);
  const Analyzer pairwise(plain);
  const Analyzer from_rows(rows);
  const Analyzer tabled(rows, TableOptions{});
  ASSERT_TRUE(from_rows.table().empty());
  ASSERT_FALSE(tabled.table().empty());
  std::vector<SecretIndex> candidates;
  for (SecretIndex s = 0; s < plain.secret_count(); s += 2) candidates.push_back(s);
  Workspace w1(pairwise), w2(from_rows), w3(tabled);
  std::vector<ClassStats> a, b, c, d;
  pairwise.score_guesses(pairwise.all_guesses(), candidates, w1, 1, a);
  from_rows.score_guesses(from_rows.all_guesses(), candidates, w2, 1, b);
  from_rows.score_guesses(from_rows.all_guesses(), candidates, w2, 2, c);
  tabled.score_guesses(tabled.all_guesses(), candidates, w3, 2, d);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    for (const auto* other : {&b, &c, &d}) {
      ASSERT_EQ(a[i].classes, (*other)[i].classes) << i;
      ASSERT_EQ(a[i].sum_squares, (*other)[i].sum_squares) << i;
      ASSERT_EQ(a[i].largest, (*other)[i].largest) << i;
      ASSERT_EQ(a[i].entropy, (*other)[i].entropy) << i;
    }
  }
}

// Tie rule: best score first; among equal scores (entropy within 1e-9) a
// guess that is a candidate; then the lowest guess index.
TEST(Analyzer, TieRulePrefersCandidateThenLowestIndex) {
  // Four secrets; secret k is guess k + 2 (guesses 0 and 1 are never secrets).
  // Patterns: 9 means solved. Guess 0 and guess 3 both split into {a}{b}{c,d}-like
  // shapes of sizes 2,1,1 (entropy 1.5); guess 1 splits 1,1,1,1 (entropy 2, best).
  const std::vector<GuessIndex> secret_to_guess = {2, 3, 4, 5};
  std::vector<std::vector<Pattern>> rows = {
      {0, 0, 1, 2},  // guess 0: sizes 2,1,1, not a candidate
      {0, 1, 2, 3},  // guess 1: sizes 1,1,1,1, not a candidate
      {9, 0, 0, 0},  // guess 2 = secret 0: sizes 1,3
      {1, 9, 1, 2},  // guess 3 = secret 1: sizes 2,1,1 (same entropy as guess 0)
      {0, 0, 9, 0},  // guess 4 = secret 2: sizes 3,1
      {0, 0, 0, 9},  // guess 5 = secret 3
  };
  const MatrixGame game(rows, secret_to_guess, 9);
  const Analyzer a(game);
  Workspace ws(a);
  const std::vector<SecretIndex> all = {0, 1, 2, 3};
  // Entropy: guess 1 is strictly best although it is no candidate.
  EXPECT_EQ(a.best_guess(Scoring::Entropy, a.all_guesses(), all, ws), 1u);
  // Without guess 1: guesses 0 and 3 tie; 3 is a candidate, so it wins over 0.
  const std::vector<GuessIndex> without1 = {0, 2, 3, 4, 5};
  EXPECT_EQ(a.best_guess(Scoring::Entropy, without1, all, ws), 3u);
  EXPECT_EQ(a.best_guess(Scoring::Classes, without1, all, ws), 3u);
  EXPECT_EQ(a.best_guess(Scoring::ExpectedRemaining, without1, all, ws), 3u);
  // Only non-candidates tie: the lowest index.
  const std::vector<GuessIndex> noncandidates = {0};
  EXPECT_EQ(a.best_guess(Scoring::Entropy, noncandidates, all, ws), 0u);
  // Candidates {0, 2}: guesses 0, 1, 2 and 4 all split them 1 + 1; guesses 2 and 4
  // are the candidates, so guess 2 wins over the lower-index guesses 0 and 1.
  const std::vector<SecretIndex> two = {0, 2};
  EXPECT_EQ(a.best_guess(Scoring::Entropy, a.all_guesses(), two, ws), 2u);
  EXPECT_EQ(a.best_guess(Scoring::Classes, a.all_guesses(), two, ws), 2u);
  // Marks are cleared after each call.
  for (const auto m : ws.candidate_mark) EXPECT_EQ(m, 0);
  EXPECT_EQ(a.best_guess(Scoring::Entropy, {}, all, ws), kNoGuess);
}

TEST(Analyzer, RankStartsWithBestAndFollowsTheRule) {
  const ToyWordGame toy(4, 4, 2);
  const Analyzer a(toy, TableOptions{});
  Workspace ws(a);
  const auto all = all_secrets(toy);
  for (const Scoring scoring : {Scoring::Entropy, Scoring::Classes, Scoring::ExpectedRemaining}) {
    const auto ranked = a.rank_guesses(scoring, a.all_guesses(), all, 10, ws);
    ASSERT_EQ(ranked.size(), 10u);
    EXPECT_EQ(ranked[0].guess, a.best_guess(scoring, a.all_guesses(), all, ws));
    std::set<GuessIndex> distinct;
    for (std::size_t i = 0; i < ranked.size(); ++i) {
      distinct.insert(ranked[i].guess);
      if (i == 0) continue;
      switch (scoring) {
        case Scoring::Entropy:
          EXPECT_LE(ranked[i].stats.entropy, ranked[i - 1].stats.entropy + kEntropyTie);
          break;
        case Scoring::Classes:
          EXPECT_LE(ranked[i].stats.classes, ranked[i - 1].stats.classes);
          break;
        case Scoring::ExpectedRemaining:
          EXPECT_GE(ranked[i].stats.sum_squares, ranked[i - 1].stats.sum_squares);
          break;
      }
    }
    EXPECT_EQ(distinct.size(), 10u);
  }
  EXPECT_EQ(a.rank_guesses(Scoring::Entropy, a.all_guesses(), all, 100000, ws).size(), toy.guess_count());
}

}  // namespace
}  // namespace puzzlelab::guess
