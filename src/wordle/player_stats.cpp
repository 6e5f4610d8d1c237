#include "wordle/player_stats.h"

#include <algorithm>

namespace puzzlelab::wordle {

PlayerStats PlayerStats::from_store(const core::GameStats& g) {
  PlayerStats s;
  s.played = g.played;
  s.wins = g.wins;
  s.current_streak = g.current_streak;
  s.max_streak = g.max_streak;
  for (const auto& [tries, count] : g.tries)
    if (tries >= 1 && tries <= static_cast<std::int64_t>(s.distribution.size())) s.distribution[tries - 1] += count;
  return s;
}

core::GameStats PlayerStats::to_store() const {
  core::GameStats s;
  s.played = played;
  s.wins = wins;
  s.wins_unassisted = wins;
  s.current_streak = current_streak;
  s.max_streak = max_streak;
  for (std::size_t i = 0; i < distribution.size(); ++i)
    if (distribution[i] > 0) s.tries[static_cast<std::int64_t>(i + 1)] = distribution[i];
  return s;
}

core::LegacyFile legacy_stats_file() {
  return {"wordle-stats.json", [](const nlohmann::json& j) -> core::Result<core::LegacyFile::Imported> {
            auto w = PlayerStats::from_json(j);
            if (!w) return w.error();
            return core::LegacyFile::Imported{{core::Baseline{"wordle", "", w->to_store()}}, {}, ""};
          }};
}

void PlayerStats::record(bool won, std::uint32_t guesses) {
  ++played;
  if (won) {
    ++wins;
    ++current_streak;
    max_streak = std::max(max_streak, current_streak);
    if (guesses >= 1 && guesses <= distribution.size()) ++distribution[guesses - 1];
  } else {
    current_streak = 0;
  }
}

int PlayerStats::win_percent() const {
  return core::win_percent(wins, played);
}

nlohmann::json PlayerStats::to_json() const {
  return nlohmann::json{
      {"schema", "puzzlelab.wordle-stats/1"}, {"played", played},         {"wins", wins},
      {"current_streak", current_streak},     {"max_streak", max_streak}, {"distribution", distribution}};
}

core::Result<PlayerStats> PlayerStats::from_json(const nlohmann::json& j) {
  const auto bad = [](const std::string& what) { return core::Error{"statistics file: " + what}; };
  if (!j.is_object()) return bad("expected a JSON object");
  PlayerStats s;
  for (const auto& [key, field] : {std::pair<const char*, std::uint64_t*>{"played", &s.played},
                                   {"wins", &s.wins},
                                   {"current_streak", &s.current_streak},
                                   {"max_streak", &s.max_streak}}) {
    if (!j.contains(key) || !j[key].is_number_unsigned())
      return bad(std::string("\"") + key + "\" must be a whole number");
    *field = j[key].get<std::uint64_t>();
  }
  const auto& d = j.value("distribution", nlohmann::json());
  if (!d.is_array() || d.size() != s.distribution.size()) return bad("\"distribution\" must list 6 counts");
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < d.size(); ++i) {
    if (!d[i].is_number_unsigned()) return bad("\"distribution\" must list whole numbers");
    s.distribution[i] = d[i].get<std::uint64_t>();
    sum += s.distribution[i];
  }
  if (s.wins > s.played || sum != s.wins || s.current_streak > s.max_streak || s.max_streak > s.wins) {
    return bad("the counts do not add up");
  }
  return s;
}

}  // namespace puzzlelab::wordle
