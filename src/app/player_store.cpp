#include "app/player_store.h"

#include <chrono>

#include <fmt/format.h>

#include "app/game24_play.h"
#include "app/handle_stats.h"
#include "wordle/player_stats.h"

namespace puzzlelab::app {

std::int64_t unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

std::string game2048_save_key(int size) {
  return fmt::format("terminal/2048/{}x{}", size, size);
}

core::GameStore* player_store(Context& ctx, const char* what_is_lost) {
  if (!ctx.store_opened) {
    ctx.store_opened = true;
    auto dir = ctx.state();
    if (!dir) {
      ctx.store_error = dir.error().message;
    } else {
      std::vector<std::string> warnings;
      auto store = core::GameStore::open(dir->dir(), warnings, legacy_state_files());
      for (const auto& w : warnings) ctx.warn(w);
      if (store) {
        ctx.store = std::shared_ptr<core::GameStore>(std::move(*store));
      } else {
        ctx.store_error = store.error().message;
      }
    }
  }
  if (!ctx.store && ctx.store_error) {
    ctx.warn(fmt::format("{} ({} not saved)", *ctx.store_error, what_is_lost));
    ctx.store_error.reset();  // said once a command
  }
  return ctx.store.get();
}

namespace {

core::GameStats from_wordle(const wordle::PlayerStats& w) {
  core::GameStats s;
  s.played = w.played;
  s.wins = w.wins;
  s.wins_unassisted = w.wins;
  s.current_streak = w.current_streak;
  s.max_streak = w.max_streak;
  for (std::size_t i = 0; i < w.distribution.size(); ++i)
    if (w.distribution[i] > 0) s.tries[static_cast<std::int64_t>(i + 1)] = w.distribution[i];
  return s;
}

core::GameStats from_handle(const handle::PlayerStats& h) {
  core::GameStats s;
  s.played = h.played;
  s.wins = h.wins;
  s.wins_unassisted = h.wins_without_hint;
  s.current_streak = h.current_streak;
  s.max_streak = h.max_streak;
  for (const auto& [k, v] : h.tries) s.tries[k] = v;
  return s;
}

core::GameStats from_24(const game24_play::Score& sc) {
  core::GameStats s;
  s.played = static_cast<std::uint64_t>(sc.played);
  s.wins = static_cast<std::uint64_t>(sc.solved);
  s.wins_unassisted = s.wins;
  s.abandoned = static_cast<std::uint64_t>(sc.skipped);
  s.current_streak = static_cast<std::uint64_t>(sc.streak);
  s.max_streak = static_cast<std::uint64_t>(sc.best_streak);
  s.total_score = sc.points;
  if (sc.gave_up > 0) s.ended["gave up"] = static_cast<std::uint64_t>(sc.gave_up);
  if (sc.failed > 0) s.ended["failed"] = static_cast<std::uint64_t>(sc.failed);
  return s;
}

}  // namespace

std::vector<core::LegacyFile> legacy_state_files() {
  using Imported = core::LegacyFile::Imported;
  std::vector<core::LegacyFile> files;
  files.push_back({"wordle-stats.json", [](const nlohmann::json& j) -> core::Result<Imported> {
                     auto w = wordle::PlayerStats::from_json(j);
                     if (!w) return w.error();
                     return Imported{{core::Baseline{"wordle", "", from_wordle(*w)}}, {}, ""};
                   }});
  files.push_back({kHandleStatsFile, [](const nlohmann::json& j) -> core::Result<Imported> {
                     auto h = handle::PlayerStats::from_json(j);
                     if (!h) return core::Error{"not a Handle statistics file"};
                     return Imported{{core::Baseline{"handle", "", from_handle(*h)}}, {}, ""};
                   }});
  files.push_back({"24-score.json", [](const nlohmann::json& j) -> core::Result<Imported> {
                     auto sc = game24_play::score_from_json(j);
                     if (!sc) return core::Error{"not a 24 score file"};
                     return Imported{{core::Baseline{"24", "", from_24(*sc)}}, {}, ""};
                   }});
  files.push_back({"2048-stats.json", [](const nlohmann::json& j) -> core::Result<Imported> {
                     if (!j.is_object() || !j.contains("best") || !j["best"].is_object())
                       return core::Error{"expected {\"best\": {...}}"};
                     Imported out;
                     for (const auto& [mode, v] : j["best"].items()) {
                       if (!v.is_number_integer() || v.get<std::int64_t>() < 0 || mode.size() > 16)
                         return core::Error{"a best score must be a whole number"};
                       core::GameStats s;
                       s.best_score = v.get<std::int64_t>();
                       out.baselines.push_back(core::Baseline{"2048", mode, s});
                     }
                     return out;
                   }});
  // Saved 2048 games, one file a board size. They are checked when they are resumed
  // (game2048::Session::from_json), like every saved game.
  for (int size = 3; size <= 8; ++size) {
    const std::string name = size == 4 ? "2048-game.json" : fmt::format("2048-game-{}x{}.json", size, size);
    files.push_back({name, [size](const nlohmann::json& j) -> core::Result<Imported> {
                       if (!j.is_object()) return core::Error{"a saved game is a JSON object"};
                       return Imported{{}, {{game2048_save_key(size), j}}, "2048"};
                     }});
  }
  return files;
}

}  // namespace puzzlelab::app
