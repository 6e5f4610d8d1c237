#include "handle/player_stats.h"

#include <algorithm>
#include <string>

namespace puzzlelab::handle {

PlayerStats PlayerStats::from_store(const core::GameStats& g) {
  PlayerStats s;
  s.played = g.played;
  s.wins = g.wins;
  s.wins_without_hint = g.wins_unassisted;
  s.current_streak = g.current_streak;
  s.max_streak = g.max_streak;
  for (const auto& [tries, count] : g.tries) s.tries[static_cast<int>(tries)] = count;
  return s;
}

core::GameStats PlayerStats::to_store() const {
  core::GameStats s;
  s.played = played;
  s.wins = wins;
  s.wins_unassisted = wins_without_hint;
  s.current_streak = current_streak;
  s.max_streak = max_streak;
  for (const auto& [k, v] : tries) s.tries[k] = v;
  return s;
}

core::LegacyFile legacy_stats_file() {
  return {"handle-stats.json", [](const nlohmann::json& j) -> core::Result<core::LegacyFile::Imported> {
            auto h = PlayerStats::from_json(j);
            if (!h) return core::Error{"not a Handle statistics file"};
            return core::LegacyFile::Imported{{core::Baseline{"handle", "", h->to_store()}}, {}, ""};
          }};
}

void PlayerStats::record(bool won, int tries_used, bool hinted) {
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

nlohmann::json PlayerStats::to_json() const {
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

std::optional<PlayerStats> PlayerStats::from_json(const nlohmann::json& j) {
  if (!j.is_object()) return std::nullopt;
  PlayerStats s;
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

}  // namespace puzzlelab::handle
