#include "core/stats.h"

#include <cmath>
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
    s.add(v, c);
  }
  return s;
}

}  // namespace puzzlelab::core
