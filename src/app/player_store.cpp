#include "app/player_store.h"

#include <chrono>

#include <fmt/format.h>

#include "game2048/save_slot.h"
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
  if (!ctx.store && ctx.store_error && what_is_lost != nullptr) {
    ctx.warn(fmt::format("{} ({} not saved)", *ctx.store_error, what_is_lost));
    ctx.store_error.reset();  // said once a command
  }
  return ctx.store.get();
}

std::vector<core::LegacyFile> legacy_state_files() {
  std::vector<core::LegacyFile> files;
  files.push_back(wordle::legacy_stats_file());
  files.push_back(handle::legacy_stats_file());
  files.push_back(game24::legacy_score_file());
  for (auto& f : game2048::legacy_files(game2048_save_key)) files.push_back(std::move(f));
  return files;
}

}  // namespace puzzlelab::app
