#include "core/stats.h"

#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>

namespace puzzlelab::core {

void Stats::add(std::int64_t value, std::uint64_t weight) {
  if (weight == 0) return;
  count_ += weight;
  sum_ += static_cast<Int128>(value) * weight;
  const auto mag = static_cast<UInt128>(value < 0 ? -static_cast<Int128>(value) : value);
  sum_sq_ += mag * mag * weight;
  hist_[value] += weight;
}

void Stats::merge(const Stats& other) {
  count_ += other.count_;
  sum_ += other.sum_;
  sum_sq_ += other.sum_sq_;
  for (const auto& [v, c] : other.hist_) hist_[v] += c;
}

namespace {
constexpr Int128 kTotalMin = std::numeric_limits<std::int64_t>::min();
constexpr Int128 kTotalMax = std::numeric_limits<std::int64_t>::max();

// The new count, total and sum of squares, or nullopt when one would overflow.
struct Sums {
  std::uint64_t count;
  Int128 sum;
  UInt128 sum_sq;
};
std::optional<Sums> checked_sums(std::uint64_t count, Int128 sum, UInt128 sum_sq, std::uint64_t add_count,
                                 Int128 add_sum, UInt128 add_sum_sq) {
  Sums out{};
  if (__builtin_add_overflow(count, add_count, &out.count)) return std::nullopt;
  // Both totals lie within 64 bits (an invariant of checked statistics), so their sum
  // cannot overflow 128.
  out.sum = sum + add_sum;
  if (out.sum < kTotalMin || out.sum > kTotalMax) return std::nullopt;
  if (__builtin_add_overflow(sum_sq, add_sum_sq, &out.sum_sq)) return std::nullopt;
  return out;
}
}  // namespace

std::optional<Error> Stats::try_add(std::int64_t value, std::uint64_t weight) {
  if (weight == 0) return std::nullopt;
  // |value| <= 2^63 and weight < 2^64, so value * weight stays within 2^127.
  const Int128 add_sum = static_cast<Int128>(value) * static_cast<Int128>(weight);
  const auto mag = static_cast<UInt128>(value < 0 ? -static_cast<Int128>(value) : static_cast<Int128>(value));
  UInt128 add_sum_sq = 0;
  if (__builtin_mul_overflow(mag * mag, static_cast<UInt128>(weight), &add_sum_sq)) {
    return Error{"the values are too large to add up exactly (their squares overflow 128 bits)"};
  }
  if (add_sum < kTotalMin || add_sum > kTotalMax) {
    return Error{"the total would overflow a 64-bit integer"};
  }
  const auto sums = checked_sums(count_, sum_, sum_sq_, weight, add_sum, add_sum_sq);
  if (!sums) return Error{"the count or the total would overflow a 64-bit integer"};
  count_ = sums->count;
  sum_ = sums->sum;
  sum_sq_ = sums->sum_sq;
  hist_[value] += weight;  // at most count_, which did not overflow
  return std::nullopt;
}

std::optional<Error> Stats::try_merge(const Stats& other) {
  if (other.sum_ < kTotalMin || other.sum_ > kTotalMax || sum_ < kTotalMin || sum_ > kTotalMax) {
    return Error{"the total would overflow a 64-bit integer"};
  }
  const auto sums = checked_sums(count_, sum_, sum_sq_, other.count_, other.sum_, other.sum_sq_);
  if (!sums) return Error{"the count or the total would overflow a 64-bit integer"};
  count_ = sums->count;
  sum_ = sums->sum;
  sum_sq_ = sums->sum_sq;
  for (const auto& [v, c] : other.hist_) hist_[v] += c;
  return std::nullopt;
}

std::int64_t Stats::min() const { return hist_.empty() ? 0 : hist_.begin()->first; }
std::int64_t Stats::max() const { return hist_.empty() ? 0 : hist_.rbegin()->first; }

double Stats::mean() const {
  if (count_ == 0) return 0.0;
  return static_cast<double>(static_cast<long double>(sum_) / static_cast<long double>(count_));
}

double Stats::stddev() const {
  if (count_ < 2) return 0.0;
  // n*sum_sq - sum^2 is computed exactly in 128 bits when it fits, which it does for
  // every workload here; the final division happens once, in long double.
  const auto n = static_cast<long double>(count_);
  const long double s = static_cast<long double>(sum_);
  const long double ss = static_cast<long double>(sum_sq_);
  long double var = (ss - s * s / n) / (n - 1);
  if (var < 0) var = 0;
  return static_cast<double>(std::sqrt(var));
}

double Stats::ci95() const {
  if (count_ < 2) return 0.0;
  return 1.959963984540054 * stddev() / std::sqrt(static_cast<double>(count_));
}

std::int64_t Stats::nth(std::uint64_t k) const {
  std::uint64_t seen = 0;
  for (const auto& [v, c] : hist_) {
    seen += c;
    if (k < seen) return v;
  }
  return max();
}

double Stats::percentile(double p) const {
  if (count_ == 0) return 0.0;
  if (p <= 0) return static_cast<double>(min());
  if (p >= 100) return static_cast<double>(max());
  const long double h = static_cast<long double>(count_ - 1) * static_cast<long double>(p) / 100.0L;
  const auto lo = static_cast<std::uint64_t>(std::floor(h));
  const long double frac = h - static_cast<long double>(lo);
  const std::int64_t a = nth(lo);
  if (frac == 0) return static_cast<double>(a);
  const std::int64_t b = nth(lo + 1);
  return static_cast<double>(static_cast<long double>(a) + frac * static_cast<long double>(b - a));
}

std::uint64_t Stats::count_at_least(std::int64_t value) const {
  std::uint64_t n = 0;
  for (auto it = hist_.lower_bound(value); it != hist_.end(); ++it) n += it->second;
  return n;
}

nlohmann::json Stats::to_json() const {
  // [[value, count], ...] keeps the exact integers (JSON objects would need string keys).
  nlohmann::json h = nlohmann::json::array();
  for (const auto& [v, c] : hist_) h.push_back({v, c});
  return nlohmann::json{{"histogram", h}};
}

Result<Stats> Stats::from_json(const nlohmann::json& j) {
  if (!j.is_object() || !j.contains("histogram") || !j["histogram"].is_array()) {
    return Error{"statistics: expected an object with a \"histogram\" array"};
  }
  Stats s;
  std::int64_t previous = 0;
  bool first = true;
  for (const auto& row : j["histogram"]) {
    if (!row.is_array() || row.size() != 2 || !row[0].is_number_integer() ||
        !row[1].is_number_unsigned()) {
      return Error{"statistics: each histogram row must be [integer value, count]"};
    }
    const auto v = row[0].get<std::int64_t>();
    const auto c = row[1].get<std::uint64_t>();
    if (!first && v <= previous) return Error{"statistics: histogram values must increase"};
    if (c == 0) return Error{"statistics: histogram counts must be positive"};
    previous = v;
    first = false;
    if (auto e = s.try_add(v, c)) return Error{"statistics: " + e->message};
  }
  return s;
}

}  // namespace puzzlelab::core
