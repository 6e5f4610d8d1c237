#include "app/handle_stats.h"

#include <algorithm>

#include <fmt/format.h>

namespace puzzlelab::app {

void HandleStats::record(bool won, int tries_used, bool hinted) {
  ++played;
  if (won) {
    ++wins;
    if (!hinted) ++wins_without_hint;
    ++current_streak;
    max_streak = std::max(max_streak, current_streak);
    ++tries[tries_used];
  } else {
    current_streak = 0;
  }
}

nlohmann::json HandleStats::to_json() const {
  nlohmann::json dist = nlohmann::json::object();
  for (const auto& [k, v] : tries) dist[std::to_string(k)] = v;
  return {{"version", 1},
          {"played", played},
          {"wins", wins},
          {"wins_without_hint", wins_without_hint},
          {"current_streak", current_streak},
          {"max_streak", max_streak},
          {"tries", dist}};
}

std::optional<HandleStats> HandleStats::from_json(const nlohmann::json& j) {
  if (!j.is_object()) return std::nullopt;
  HandleStats s;
  const auto get = [&](const char* name, std::uint64_t& out) {
    if (!j.contains(name) || !j[name].is_number_unsigned()) return false;
    out = j[name].get<std::uint64_t>();
    return true;
  };
  if (!get("played", s.played) || !get("wins", s.wins) || !get("wins_without_hint", s.wins_without_hint) ||
      !get("current_streak", s.current_streak) || !get("max_streak", s.max_streak)) {
    return std::nullopt;
  }
  if (!j.contains("tries") || !j["tries"].is_object()) return std::nullopt;
  std::uint64_t counted = 0;
  for (const auto& [k, v] : j["tries"].items()) {
    if (!v.is_number_unsigned() || k.empty() || k.size() > 4 ||
        k.find_first_not_of("0123456789") != std::string::npos) {
      return std::nullopt;
    }
    const int t = std::stoi(k);
    // "5" and "05" name the same count: a second one would be dropped on the next save,
    // and the counts must not add past the wins (nor wrap around) to pass the check below.
    if (t < 1 || s.tries.contains(t)) return std::nullopt;
    const auto n = v.get<std::uint64_t>();
    if (n > s.wins - std::min(counted, s.wins)) return std::nullopt;
    s.tries[t] = n;
    counted += n;
  }
  if (s.wins > s.played || s.wins_without_hint > s.wins || counted != s.wins || s.current_streak > s.max_streak) {
    return std::nullopt;
  }
  return s;
}

std::string HandleStats::render(bool color, bool chinese) const {
  const double pct = played ? 100.0 * static_cast<double>(wins) / static_cast<double>(played) : 0.0;
  std::string out = chinese ? fmt::format("统计：游戏 {} · 成功 {}（{:.0f}%）· 无提示 {} · 连胜 {}（最长 {}）\n",
                                          played, wins, pct, wins_without_hint, current_streak, max_streak)
                            : fmt::format(
                                  "Statistics: played {} · won {} ({:.0f}%) · without hint {} · streak {} "
                                  "(max {})\n",
                                  played, wins, pct, wins_without_hint, current_streak, max_streak);
  std::uint64_t most = 0;
  int last = 10;
  for (const auto& [k, v] : tries) {
    most = std::max(most, v);
    last = std::max(last, k);
  }
  for (int t = 1; t <= last; ++t) {
    const auto it = tries.find(t);
    const std::uint64_t n = it == tries.end() ? 0 : it->second;
    if (t > 10 && n == 0) continue;
    const int cells = most ? static_cast<int>((n * 20 + most - 1) / most) : 0;
    std::string bar;
    for (int i = 0; i < cells; ++i) bar += "█";
    if (color && !bar.empty()) bar = "\x1b[38;5;37m" + bar + "\x1b[0m";
    out += fmt::format("  {:>2} │{} {}\n", t, bar, n);
  }
  return out;
}

}  // namespace puzzlelab::app
