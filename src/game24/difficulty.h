#pragma once
// A difficulty rating for solvable hands, from the structure of their distinct
// solutions, checked against human play data (4nums.com solve rates of all 1,362
// solvable hands of 1..13; data/game24/SOURCES.md).
//
// Each distinct solution gets a cost — how hard it is to find by hand:
//   cost = 3 * (compound steps whose value is a fraction)
//        + ln(largest intermediate value, incl. the partial sum/product computed first)
//        + (nesting depth of the canonical form)
//        + 0.5 * (number of sum nodes)
// and the hand's rating is the "soft minimum" of its solutions' costs,
//   rating = -ln(sum over solutions of exp(-cost)),
// so a hand is easy when it has one very easy solution *or* many fairly easy ones.
// The features were chosen from the canonical-form shapes (op counts, fractions,
// largest value, depth, sums) by coordinate search for the Spearman correlation with
// the solved percentage, then rounded; the distinct-solution count alone gives 0.58,
// the fraction feature alone 0.18, this rating about -0.79 (tests/game24 and
// `24 stats` compute it from the data file). Fitting on a random half of the hands and
// testing on the other half gives 0.77 and 0.80, so the weights are not overfitted.
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "game24/solver.h"

namespace puzzlelab::game24 {

double solution_cost(const FormShape& shape);

// +infinity for no solutions.
double difficulty_rating(std::span<const Solution> solutions);

// Spearman's rank correlation (average ranks for ties); 0 when undefined.
double spearman(std::span<const double> a, std::span<const double> b);

struct HumanRecord {
  std::vector<Rational> hand;  // ascending
  int rank = 0;                // 1 = easiest (by average solve time)
  double seconds = 0;          // average solve time
  double solved_percent = 0;   // players who solved it
};

// Parses the CSV of data/game24/human_difficulty_4nums.csv
// (Rank,Puzzles,AMT (s),Solved rate,1-sigma Mean (s),1-sigma STD (s)).
core::Result<std::vector<HumanRecord>> parse_human_data(std::string_view csv);

enum class Level { Any, Easy, Medium, Hard };
std::optional<Level> parse_level(std::string_view text);
std::string_view level_name(Level level);

// Easy, medium or hard for each rating: the thirds of the ratings in rank order, ties
// broken by position, so the three levels differ in size by at most one even where
// many hands share a rating.
std::vector<Level> levels_by_rank(std::span<const double> ratings);

}  // namespace puzzlelab::game24
