#pragma once
// Statistics over integer samples (guesses, scores, moves, nodes). Everything is kept
// exactly — integer sums and an exact value histogram — so merging shards in any order
// gives bit-identical figures, and the median and percentiles are exact.
#include <cstdint>
#include <map>
#include <optional>
#include <nlohmann/json_fwd.hpp>

#include "core/int128.h"
#include "core/result.h"

namespace puzzlelab::core {

class Stats {
 public:
  void add(std::int64_t value, std::uint64_t weight = 1);
  void merge(const Stats& other);
  // Like add and merge, for figures read from files: refused, leaving the statistics as
  // they were, when the count would pass 2^64 - 1, the total would leave the range of a
  // signed 64-bit integer, or the sum of squares its 128 bits. So a total printed from
  // checked statistics is exact, and no sum overflows.
  [[nodiscard]] std::optional<Error> try_add(std::int64_t value, std::uint64_t weight = 1);
  [[nodiscard]] std::optional<Error> try_merge(const Stats& other);

  [[nodiscard]] std::uint64_t count() const { return count_; }
  [[nodiscard]] bool empty() const { return count_ == 0; }
  [[nodiscard]] std::int64_t min() const;
  [[nodiscard]] std::int64_t max() const;
  [[nodiscard]] Int128 sum() const { return sum_; }
  [[nodiscard]] double mean() const;
  // Sample standard deviation (n - 1 in the denominator); 0 for fewer than 2 samples.
  [[nodiscard]] double stddev() const;
  // Half-width of the 95% confidence interval of the mean (normal approximation).
  [[nodiscard]] double ci95() const;
  // Percentile p in [0, 100], linear interpolation between order statistics
  // (the "type 7" definition used by numpy and R's default).
  [[nodiscard]] double percentile(double p) const;
  [[nodiscard]] double median() const { return percentile(50.0); }
  // Number of samples >= value.
  [[nodiscard]] std::uint64_t count_at_least(std::int64_t value) const;
  [[nodiscard]] const std::map<std::int64_t, std::uint64_t>& histogram() const { return hist_; }

  [[nodiscard]] nlohmann::json to_json() const;  // exact form (histogram), for shard files
  static Result<Stats> from_json(const nlohmann::json& j);

  friend bool operator==(const Stats& a, const Stats& b) { return a.hist_ == b.hist_; }

 private:
  [[nodiscard]] std::int64_t nth(std::uint64_t k) const;  // k-th smallest, 0-based
  std::uint64_t count_ = 0;
  Int128 sum_ = 0;
  UInt128 sum_sq_ = 0;  // of |value|^2; exact for |value| < 2^32 over 2^64 samples
  std::map<std::int64_t, std::uint64_t> hist_;
};

}  // namespace puzzlelab::core
