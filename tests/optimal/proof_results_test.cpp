// The results file of a proof of the best first guess (guess/proof_results.h): lines
// written are read back as they were; a run killed mid-write is resumed; every other
// damage is refused with the line it is on. And the `--top` ranking of first guesses.
#include "guess/proof_results.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <string>
#include <vector>

#include "guess/first_guess_proof.h"
#include "word_games.h"

namespace puzzlelab::guess {
namespace {

using testing::all_secrets;
using testing::WordListGame;

// Sorted, as WordListGame keeps them: index 1 is "abd", 3 is "bac".
const std::vector<std::string> kWords = {"abc", "abd", "acb", "bac", "bad", "bca", "cab", "cba", "dab", "dcb"};

ProofNaming naming_of(const WordListGame& game, const std::string& problem = "toy/0a/normal/max=6") {
  return ProofNaming{problem, [&game](GuessIndex g) { return game.guess_word(g); },
                     [&game](const std::string& w) -> std::optional<GuessIndex> {
                       const auto g = game.find_guess(w);
                       return g != kNoGuess ? std::optional<GuessIndex>(g) : std::nullopt;
                     }};
}

std::string error_of(std::string_view text, const ProofNaming& naming) {
  auto parsed = parse_proof_results(text, naming);
  return parsed ? std::string("(accepted)") : parsed.error().message;
}

TEST(ProofResults, LinesRoundTrip) {
  const WordListGame game(kWords, kWords);
  const ProofNaming naming = naming_of(game);
  const std::vector<FirstGuessResult> written = {{3, 17, true, 0.25}, {7, 19, false, 1.5}, {0, kInfeasible, true, 0}};
  std::string text;
  for (const auto& r : written) text += proof_result_line(naming, r);
  EXPECT_EQ(proof_result_line(naming, written[0]),
            "{\"exact\":true,\"guess\":\"bac\",\"problem\":\"toy/0a/normal/max=6\",\"seconds\":0.25,\"total\":17}\n");
  auto read = parse_proof_results(text, naming);
  ASSERT_TRUE(read) << read.error().message;
  ASSERT_EQ(read->size(), written.size());
  for (std::size_t i = 0; i < written.size(); ++i) {
    EXPECT_EQ((*read)[i].guess, written[i].guess);
    EXPECT_EQ((*read)[i].total, written[i].total);
    EXPECT_EQ((*read)[i].exact, written[i].exact);
    EXPECT_DOUBLE_EQ((*read)[i].seconds, written[i].seconds);
  }
}

TEST(ProofResults, SecondsAreKeptToTheMillisecond) {
  const WordListGame game(kWords, kWords);
  const ProofNaming naming = naming_of(game);
  auto read = parse_proof_results(proof_result_line(naming, {1, 20, true, 2.34567}), naming);
  ASSERT_TRUE(read);
  EXPECT_DOUBLE_EQ(read->front().seconds, 2.346);
}

// A killed run leaves its last line cut off: that line is dropped (evaluated again); the
// same damage anywhere else is refused.
TEST(ProofResults, ALastLineCutOffIsSkipped) {
  const WordListGame game(kWords, kWords);
  const ProofNaming naming = naming_of(game);
  // A result, an empty line and a line of blanks (both skipped), then the cut-off line 4.
  const std::string good = proof_result_line(naming, {1, 20, true, 0}) + "\n   \n";
  const std::string cut = proof_result_line(naming, {2, 21, true, 0}).substr(0, 30);
  auto read = parse_proof_results(good + cut, naming);
  ASSERT_TRUE(read) << read.error().message;
  ASSERT_EQ(read->size(), 1u);
  EXPECT_EQ(read->front().guess, 1u);
  EXPECT_EQ(error_of(good + cut + "\n", naming),
            "line 4: not a JSON object (expected the lines `tree --all --results` writes)");
}

TEST(ProofResults, DamageIsRefusedWithItsLine) {
  const WordListGame game(kWords, kWords);
  const ProofNaming naming = naming_of(game);
  const std::string first = proof_result_line(naming, {1, 20, true, 0});
  EXPECT_EQ(error_of(first + proof_result_line(naming_of(game, "toy/0b/hard/max=6"), {2, 20, true, 0}), naming),
            "line 2: the results of another problem (this one is toy/0a/normal/max=6); give another --results file");
  EXPECT_EQ(error_of(first + first, naming), "line 2: abd is given twice (first on line 1)");
  EXPECT_EQ(error_of(R"({"problem":"toy/0a/normal/max=6","guess":"zzz","total":3,"exact":true})"
                     "\n",
                     naming),
            "line 1: 'zzz' is not an allowed guess");
  EXPECT_EQ(error_of(R"({"problem":"toy/0a/normal/max=6","guess":"abc","total":-3,"exact":true})"
                     "\n",
                     naming),
            "line 1: no \"total\" (a whole number)");
  EXPECT_EQ(error_of(R"({"problem":"toy/0a/normal/max=6","guess":"abc","total":3,"exact":"yes"})"
                     "\n",
                     naming),
            "line 1: no \"exact\" (true or false)");
  EXPECT_EQ(error_of(R"({"problem":"toy/0a/normal/max=6","total":3,"exact":true})"
                     "\n",
                     naming),
            "line 1: no \"guess\"");
  EXPECT_EQ(error_of("[1, 2]\n", naming),
            "line 1: not a JSON object (expected the lines `tree --all --results` writes)");
}

TEST(ProofResults, AnEmptyFileIsANewRun) {
  const WordListGame game(kWords, kWords);
  auto read = parse_proof_results("", naming_of(game));
  ASSERT_TRUE(read);
  EXPECT_TRUE(read->empty());
}

// The ranking holds the solver's exact value of each first guess it names, best first.
TEST(RankFirstGuesses, ExactTotalsBestFirst) {
  const WordListGame game(kWords, kWords);
  auto solver = OptimalSolver::create(game, all_secrets(game), OptimalOptions{});
  ASSERT_TRUE(solver);
  const std::vector<GuessIndex> order = (*solver)->first_guesses_by_heuristic(5);
  ASSERT_GE(order.size(), 2u);
  std::vector<std::pair<std::uint64_t, std::uint64_t>> calls;
  auto ranked =
      rank_first_guesses(game, all_secrets(game), OptimalOptions{}, 5,
                         [&calls](std::uint64_t done, std::uint64_t total) { calls.emplace_back(done, total); });
  ASSERT_TRUE(ranked) << ranked.error().message;
  ASSERT_EQ(ranked->size(), order.size());
  ASSERT_EQ(calls.size(), order.size());
  EXPECT_EQ(calls.front(), std::make_pair(std::uint64_t{0}, std::uint64_t{order.size()}));
  EXPECT_EQ(calls.back(), std::make_pair(std::uint64_t{order.size() - 1}, std::uint64_t{order.size()}));
  for (std::size_t i = 0; i < ranked->size(); ++i) {
    const RankedFirst& r = (*ranked)[i];
    EXPECT_NE(std::find(order.begin(), order.end(), r.guess), order.end());
    EXPECT_EQ(r.total, *(*solver)->value_of_first(r.guess)) << game.guess_word(r.guess);
    if (i > 0) {
      EXPECT_LE((*ranked)[i - 1].total, r.total);
    }
  }
}

TEST(RankFirstGuesses, CancelledIsAnError) {
  const WordListGame game(kWords, kWords);
  const std::atomic<bool> cancel{true};
  OptimalOptions options;
  options.cancel = &cancel;
  EXPECT_FALSE(rank_first_guesses(game, all_secrets(game), options, 3));
}

}  // namespace
}  // namespace puzzlelab::guess
