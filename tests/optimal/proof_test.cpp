// guess::prove_best_first against every first guess evaluated exactly: the proof's best
// (with the top N and ties) must be exactly the best of that list, however it is split
// among ranks and whatever an earlier run already recorded.
#include "guess/first_guess_proof.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <vector>

#include <gtest/gtest.h>

#include "../core/thread_cluster.h"
#include "word_games.h"

namespace puzzlelab::guess {
namespace {

using testing::all_secrets;
using testing::WordListGame;

WordListGame sample_game(std::size_t answers, std::size_t extra, std::uint64_t seed) {
  const auto a_all = testing::read_words(std::string(PUZZLELAB_SOURCE_DIR) + "/data/wordle/answers.txt");
  const auto g_all = testing::read_words(std::string(PUZZLELAB_SOURCE_DIR) + "/data/wordle/guesses.txt");
  std::vector<std::string> a = testing::sample(a_all, answers, seed);
  std::vector<std::string> g = testing::sample(g_all, extra, seed + 1000);
  g.insert(g.end(), a.begin(), a.end());
  std::sort(g.begin(), g.end());
  g.erase(std::unique(g.begin(), g.end()), g.end());
  return WordListGame(a, g);
}

std::unique_ptr<OptimalSolver> make_solver(const Game& game, const GuessFilter* hard, unsigned threads = 1) {
  OptimalOptions o;
  o.hard_mode = hard;
  o.threads = threads;
  o.table_budget = std::uint64_t{64} << 20;
  o.memo_budget = std::uint64_t{64} << 20;
  auto solver = OptimalSolver::create(game, all_secrets(game), o);
  EXPECT_TRUE(solver) << solver.error().message;
  return std::move(*solver);
}

// The expected top: every first guess's exact total (by value_of_first, one at a time),
// the `top` smallest with ties at the last place, in the solver's order on ties.
std::vector<std::pair<GuessIndex, std::uint64_t>> expected_best(OptimalSolver& solver, std::size_t top) {
  std::vector<std::pair<GuessIndex, std::uint64_t>> all;
  for (const GuessIndex g : solver.first_guesses_by_heuristic(100000)) {
    auto v = solver.value_of_first(g);
    EXPECT_TRUE(v);
    all.emplace_back(g, *v);
  }
  std::stable_sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
  const std::uint64_t threshold = all[std::min(top, all.size()) - 1].second;
  std::vector<std::pair<GuessIndex, std::uint64_t>> best;
  for (const auto& e : all) {
    if (e.second <= threshold) best.push_back(e);
  }
  return best;
}

std::vector<std::pair<GuessIndex, std::uint64_t>> best_of(const Proof& p) {
  std::vector<std::pair<GuessIndex, std::uint64_t>> out;
  for (const auto& r : p.best) {
    EXPECT_TRUE(r.exact);
    out.emplace_back(r.guess, r.total);
  }
  return out;
}

TEST(FirstGuessProof, FindsTheBestOfEveryFirstGuess) {
  for (const std::uint64_t seed : {3, 4}) {
    const WordListGame game = sample_game(40, 60, seed);
    const testing::WordHardRule hard(game);
    for (const GuessFilter* rule : {static_cast<const GuessFilter*>(nullptr), static_cast<const GuessFilter*>(&hard)}) {
      for (const std::size_t top : {1, 4}) {
        auto reference = make_solver(game, rule);
        const auto expected = expected_best(*reference, top);
        auto solver = make_solver(game, rule);
        ProofOptions o;
        o.top = top;
        auto proof = prove_best_first(*solver, {}, o);
        ASSERT_TRUE(proof);
        EXPECT_TRUE(proof->complete);
        EXPECT_EQ(proof->settled, proof->first_guesses);
        EXPECT_EQ(best_of(*proof), expected) << "seed " << seed << " top " << top << (rule ? " hard" : "");
        // The pruning is the point: most first guesses are only bounded.
        EXPECT_LT(proof->exact, proof->first_guesses);
      }
    }
  }
}

// value_of_first below a bound, against the exact value from another solver: exact (and
// equal) below the bound, else a proven lower bound at or above the bound and at most the
// exact value. Bounds just below, at and above each value, and far below it, so that the
// search stops at every stage (static bounds, a partial round, several rounds).
TEST(FirstGuessProof, BoundedValuesAreExactBelowTheBoundAndTrueLowerBoundsAbove) {
  for (const std::uint64_t seed : {11, 12}) {
    const WordListGame game = sample_game(200, 300, seed);
    const testing::WordHardRule hard(game);
    for (const GuessFilter* rule : {static_cast<const GuessFilter*>(nullptr), static_cast<const GuessFilter*>(&hard)}) {
      auto reference = make_solver(game, rule);
      const auto firsts = reference->first_guesses_by_heuristic(40);
      std::map<GuessIndex, std::uint64_t> exact;
      for (const GuessIndex g : firsts) exact[g] = *reference->value_of_first(g);
      std::size_t bounded = 0;
      for (const std::int64_t offset : {-40, -12, -3, -1, 0, 1, 5}) {
        // A fresh solver for each offset: no exact value in its memo from another bound.
        auto solver = make_solver(game, rule, 2);
        for (const GuessIndex g : firsts) {
          ASSERT_LT(exact[g], kInfeasible);  // no guess limit: every first guess finishes
          const std::uint64_t bound = static_cast<std::uint64_t>(std::max<std::int64_t>(1, std::int64_t(exact[g]) + offset));
          auto v = solver->value_of_first(g, bound);
          ASSERT_TRUE(v);
          if (v->exact) {
            EXPECT_EQ(v->total, exact[g]) << "seed " << seed << " guess " << g << " bound " << bound;
            EXPECT_LT(v->total, bound);
          } else {
            ++bounded;
            EXPECT_GE(v->total, bound) << "seed " << seed << " guess " << g;
            EXPECT_LE(v->total, exact[g]) << "seed " << seed << " guess " << g << " bound " << bound;
          }
        }
      }
      EXPECT_GT(bounded, firsts.size());  // most bounds at or below the value stop early
    }
  }
}

TEST(FirstGuessProof, GoesOnFromTheResultsOfAnEarlierRun) {
  const WordListGame game = sample_game(40, 60, 5);
  auto solver = make_solver(game, nullptr);
  std::vector<FirstGuessResult> recorded;
  ProofOptions o;
  o.top = 3;
  o.on_result = [&](const FirstGuessResult& r) { recorded.push_back(r); };
  auto whole = prove_best_first(*solver, {}, o);
  ASSERT_TRUE(whole && whole->complete);
  ASSERT_EQ(recorded.size(), whole->first_guesses);
  // A run stopped after half its first guesses, then started again with what it recorded.
  const std::vector<FirstGuessResult> half(recorded.begin(), recorded.begin() + recorded.size() / 2);
  std::size_t again = 0;
  o.on_result = [&](const FirstGuessResult&) { ++again; };
  auto fresh = make_solver(game, nullptr);
  auto resumed = prove_best_first(*fresh, half, o);
  ASSERT_TRUE(resumed && resumed->complete);
  EXPECT_EQ(resumed->known, half.size());
  EXPECT_EQ(again, recorded.size() - half.size());  // nothing settled is done again
  EXPECT_EQ(best_of(*resumed), best_of(*whole));
}

TEST(FirstGuessProof, TheSameOnRanksOfACluster) {
  const WordListGame game = sample_game(40, 60, 6);
  auto alone_solver = make_solver(game, nullptr);
  ProofOptions o;
  o.top = 2;
  auto alone = prove_best_first(*alone_solver, {}, o);
  ASSERT_TRUE(alone && alone->complete);
  Proof together;
  std::mutex mutex;
  core::testing::on_ranks(3, [&](core::Cluster& c) {
    auto solver = make_solver(game, nullptr);
    ProofOptions ro;
    ro.top = 2;
    ro.cluster = &c;
    auto p = prove_best_first(*solver, {}, ro);
    ASSERT_TRUE(p);
    std::lock_guard lock(mutex);
    if (c.rank() == 0) together = std::move(*p);
    else EXPECT_FALSE(p->complete);
  });
  EXPECT_TRUE(together.complete);
  EXPECT_EQ(best_of(together), best_of(*alone));
  EXPECT_EQ(together.settled, alone->settled);
}

TEST(FirstGuessProof, WhatOneSolverProvedSparesAnotherTheSearch) {
  // Ranks pass what their searches proved to each other: a solver given another's record
  // finds the same value without searching the sets again.
  const WordListGame game = sample_game(60, 100, 8);
  auto first = make_solver(game, nullptr);
  EXPECT_TRUE(first->take_memo_record().empty());  // nothing is recorded unless asked
  first->record_memo(true);
  const GuessIndex g = first->first_guesses_by_heuristic(5).back();
  const auto value = first->value_of_first(g, kInfeasible);
  ASSERT_TRUE(value && value->exact);
  const std::string record = first->take_memo_record();
  ASSERT_FALSE(record.empty());
  EXPECT_TRUE(first->take_memo_record().empty());  // taken once
  ASSERT_GT(first->counters().nodes, 0u);

  auto second = make_solver(game, nullptr);
  EXPECT_FALSE(second->learn_memo(std::string_view(record).substr(1)));  // not whole entries
  auto third = make_solver(game, nullptr);
  ASSERT_TRUE(third->learn_memo(record));
  third->record_memo(true);
  const auto again = third->value_of_first(g, kInfeasible);
  ASSERT_TRUE(again && again->exact);
  EXPECT_EQ(again->total, value->total);
  EXPECT_EQ(third->counters().nodes, 0u);
  EXPECT_TRUE(third->take_memo_record().empty());  // learned entries are not passed on again
  // A fresh solver searches as the first did.
  const auto fresh = second->value_of_first(g, kInfeasible);
  ASSERT_TRUE(fresh);
  EXPECT_EQ(fresh->total, value->total);
  EXPECT_EQ(second->counters().nodes, first->counters().nodes);
}

TEST(FirstGuessProof, ACancelledRunIsIncomplete) {
  const WordListGame game = sample_game(60, 100, 7);
  std::atomic<bool> cancel{true};
  OptimalOptions so;
  so.cancel = &cancel;
  so.threads = 1;
  so.table_budget = std::uint64_t{64} << 20;
  so.memo_budget = std::uint64_t{64} << 20;
  auto solver = OptimalSolver::create(game, all_secrets(game), so);
  ASSERT_TRUE(solver);
  ProofOptions o;
  o.cancel = &cancel;
  auto proof = prove_best_first(**solver, {}, o);
  ASSERT_TRUE(proof);
  EXPECT_FALSE(proof->complete);
  EXPECT_LT(proof->settled, proof->first_guesses);
}

}  // namespace
}  // namespace puzzlelab::guess
