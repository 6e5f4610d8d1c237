#include "app/handle_stats.h"

#include <algorithm>

#include <fmt/format.h>

namespace puzzlelab::app {

std::string render_handle_stats(const handle::PlayerStats& stats, bool color, bool chinese) {
  const auto& [played, wins, wins_without_hint, current_streak, max_streak, tries] = stats;
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
