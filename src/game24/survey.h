#pragma once
// The survey behind `puzzlelab 24 stats`: every hand of a range solved, with how many
// are solvable, how many distinct solutions they have, which need fractions, which are
// hardest by the difficulty rating, and how well that rating agrees with the human
// solve rates of 4nums.com. Data only: the front-end formats it.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/cluster.h"
#include "core/result.h"
#include "game24/difficulty.h"
#include "game24/rational.h"

namespace puzzlelab::game24 {

struct SurveyOptions {
  std::int64_t lo = 1;  // the numbers lo..hi
  std::int64_t hi = 13;
  int numbers = 4;  // numbers in a hand
  Rational target{24};
  std::size_t top = 10;  // how many hardest hands to keep
  unsigned threads = 1;
  const std::atomic<bool>* cancel = nullptr;     // stop early when it becomes true
  std::function<void(std::uint64_t done)> tick;  // hands done so far, on the calling thread
  // Share the hands among these MPI ranks (core/distributed.h) when there is more than
  // one: rank 0 gets the survey, the others an incomplete one once their share is done.
  core::Cluster* cluster = nullptr;
};

// One hand of the survey.
struct HandSurvey {
  std::uint64_t count = 0;       // distinct solutions
  bool needs_fractions = false;  // solvable, but not with whole intermediate values
  double rating = 0;             // difficulty rating (solvable hands)
  std::string example;           // the easiest solution
};

struct Survey {
  bool complete = true;                      // false when cancelled: then nothing else is filled in
  std::vector<std::vector<Rational>> hands;  // every hand, in the order of all_hands
  std::vector<HandSurvey> stats;             // one per hand
  std::uint64_t solvable = 0;
  std::uint64_t total = 0;                           // distinct solutions of all hands
  std::map<std::uint64_t, std::uint64_t> histogram;  // distinct solutions -> hands
  std::vector<std::size_t> fraction_only;            // hands (indices) that need fractions
  std::vector<std::size_t> hardest;                  // up to `top` solvable hands, hardest first
};

// Solves every hand; the error names the first hand that could not be solved.
core::Result<Survey> survey(const SurveyOptions& options);

// Spearman's rank correlation of the survey's ratings with the human solve rates, over
// the solvable hands the data has. Computed only from 100 hands on.
struct HumanAgreement {
  std::optional<double> spearman;
  std::size_t hands = 0;  // hands of the survey with a human solve rate
};
HumanAgreement agreement_with_humans(const Survey& survey, std::span<const HumanRecord> records);
inline constexpr std::size_t kMinHumanHands = 100;

// The agreement as a report gives it: the correlation, or why there is none, so that the
// section never just vanishes. `csv` is the text of the 4nums.com data file
// (game24/human_difficulty_4nums.csv), nullopt when it could not be read.
struct HumanComparison {
  std::optional<double> spearman;
  std::size_t hands = 0;   // hands of the survey with a human solve rate
  std::string missing;     // why `spearman` is absent ("" when it is there)
  std::string data_error;  // the data file's text was read but is not valid ("" when it is)
};
HumanComparison compare_with_humans(const Survey& survey, std::optional<std::string_view> csv);

// The share of solvable hands, in percent (0 for no hands).
double solvable_percent(const Survey& survey);

// The histogram of distinct solutions per hand in the ranges a report shows (0, 1, 2, 3,
// 4-5, 6-10, 11-20, 21-50, 51-100, 101 and more), empty ranges left out. `hi` is
// UINT64_MAX for the open last range.
struct SolutionBucket {
  std::uint64_t lo = 0;
  std::uint64_t hi = 0;
  std::uint64_t hands = 0;
};
std::vector<SolutionBucket> solution_buckets(const Survey& survey);

// How many hands of k numbers from n values there are: the multisets, C(n+k-1, k),
// capped at 10^15 (for the size limits of a survey or a pool of hands).
std::uint64_t hand_count(std::int64_t n, int k);

}  // namespace puzzlelab::game24
