#include "app/player_store.h"

#include <chrono>

#include <fmt/format.h>

#include "game24/session.h"
#include "handle/player_stats.h"
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

std::vector<core::LegacyFile> legacy_state_files() {
  using Imported = core::LegacyFile::Imported;
  std::vector<core::LegacyFile> files;
  files.push_back(wordle::legacy_stats_file());
  files.push_back(handle::legacy_stats_file());
  files.push_back(game24::legacy_score_file());
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
