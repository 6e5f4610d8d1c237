#include "game24/difficulty.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <numeric>
#include <sstream>

#include <fmt/format.h>

namespace puzzlelab::game24 {

double solution_cost(const FormShape& shape) {
  const double largest = static_cast<double>(std::max<std::int64_t>(shape.largest, 1));
  return 3.0 * shape.fraction_nodes + std::log(largest) + shape.depth + 0.5 * shape.sums;
}

double difficulty_rating(std::span<const Solution> solutions) {
  if (solutions.empty()) return std::numeric_limits<double>::infinity();
  // Log-sum-exp, shifted by the minimum for numerical stability.
  double best = std::numeric_limits<double>::infinity();
  for (const auto& s : solutions) best = std::min(best, solution_cost(s.shape));
  double sum = 0;
  for (const auto& s : solutions) sum += std::exp(best - solution_cost(s.shape));
  return best - std::log(sum);
}

namespace {
std::vector<double> ranks(std::span<const double> v) {
  std::vector<std::size_t> idx(v.size());
  std::iota(idx.begin(), idx.end(), 0);
  std::sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) { return v[a] < v[b]; });
  std::vector<double> r(v.size());
  for (std::size_t i = 0; i < idx.size();) {
    std::size_t j = i;
    while (j + 1 < idx.size() && v[idx[j + 1]] == v[idx[i]]) ++j;
    const double avg = (static_cast<double>(i) + static_cast<double>(j)) / 2.0;
    for (std::size_t k = i; k <= j; ++k) r[idx[k]] = avg;
    i = j + 1;
  }
  return r;
}
}  // namespace

double spearman(std::span<const double> a, std::span<const double> b) {
  if (a.size() != b.size() || a.size() < 2) return 0;
  const auto ra = ranks(a), rb = ranks(b);
  const double n = static_cast<double>(a.size());
  const double ma = std::accumulate(ra.begin(), ra.end(), 0.0) / n;
  const double mb = std::accumulate(rb.begin(), rb.end(), 0.0) / n;
  double cov = 0, va = 0, vb = 0;
  for (std::size_t i = 0; i < ra.size(); ++i) {
    cov += (ra[i] - ma) * (rb[i] - mb);
    va += (ra[i] - ma) * (ra[i] - ma);
    vb += (rb[i] - mb) * (rb[i] - mb);
  }
  if (va == 0 || vb == 0) return 0;
  return cov / std::sqrt(va * vb);
}

core::Result<std::vector<HumanRecord>> parse_human_data(std::string_view csv) {
  std::vector<HumanRecord> out;
  std::istringstream in{std::string(csv)};
  std::string line;
  int line_no = 0;
  auto bad = [&](const std::string& why) {
    return core::Error{fmt::format("human difficulty data, line {}: {}", line_no, why)};
  };
  while (std::getline(in, line)) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line_no == 1 || line.empty()) continue;  // header
    std::vector<std::string> cols;
    std::stringstream ls(line);
    std::string col;
    while (std::getline(ls, col, ',')) cols.push_back(col);
    if (cols.size() < 4) return bad("expected at least 4 columns");
    HumanRecord r;
    try {
      r.rank = std::stoi(cols[0]);
      r.seconds = std::stod(cols[2]);
      std::string pct = cols[3];
      if (!pct.empty() && pct.back() == '%') pct.pop_back();
      r.solved_percent = std::stod(pct);
    } catch (const std::exception&) {
      return bad("a number does not parse");
    }
    std::istringstream hs(cols[1]);
    std::string tok;
    while (hs >> tok) {
      auto v = parse_rational(tok);
      if (!v) return bad(v.error().message);
      r.hand.push_back(*v);
    }
    std::sort(r.hand.begin(), r.hand.end());
    out.push_back(std::move(r));
  }
  return out;
}

std::optional<Level> parse_level(std::string_view text) {
  if (text == "any") return Level::Any;
  if (text == "easy") return Level::Easy;
  if (text == "medium") return Level::Medium;
  if (text == "hard") return Level::Hard;
  return std::nullopt;
}

std::string_view level_name(Level level) {
  switch (level) {
    case Level::Any:
      return "any";
    case Level::Easy:
      return "easy";
    case Level::Medium:
      return "medium";
    case Level::Hard:
      return "hard";
  }
  return "any";
}

std::vector<Level> levels_by_rank(std::span<const double> ratings) {
  std::vector<std::size_t> order(ratings.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return ratings[a] < ratings[b]; });
  std::vector<Level> out(ratings.size(), Level::Medium);
  const std::size_t n = ratings.size();
  for (std::size_t pos = 0; pos < n; ++pos) {
    out[order[pos]] = pos * 3 < n ? Level::Easy : (pos * 3 < 2 * n ? Level::Medium : Level::Hard);
  }
  return out;
}

}  // namespace puzzlelab::game24
