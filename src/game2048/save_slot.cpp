#include "game2048/save_slot.h"

#include <algorithm>

#include <fmt/format.h>

namespace puzzlelab::game2048 {

SaveSlot::SaveSlot(core::GameStore* store, std::string key, int size, Clock now)
    : store_(store), key_(std::move(key)), size_(size), now_(std::move(now)) {
  if (store_ == nullptr) return;
  auto stats = store_->stats("2048", size_mode(size_));
  if (stats) {
    best_ = stats->best_score;
  } else {
    messages_.push_back("cannot read the best score: " + stats.error().message);
  }
}

std::optional<PlaySession> SaveSlot::load_game(const MoveTables& tables) {
  if (store_ == nullptr) return std::nullopt;
  auto loaded = store_->load_save(key_);
  std::optional<std::string> problem;
  std::optional<PlaySession> session;
  if (!loaded) {
    problem = loaded.error().message;
  } else if (*loaded) {
    auto s = PlaySession::from_json(tables, **loaded);
    if (s) {
      session = std::move(*s);
    } else {
      problem = s.error().message;
    }
  }
  if (problem) {
    auto aside = store_->set_aside_save(key_, now_());
    messages_.push_back(
        aside ? fmt::format("the saved game was damaged ({}); it was kept aside as '{}'", *problem, *aside)
              : fmt::format("the saved game is damaged ({}) and could not be set aside: {}", *problem,
                            aside.error().message));
    return std::nullopt;
  }
  if (!session) return std::nullopt;
  if (session->game().over()) {
    finish(*session);  // an older version kept finished games saved
    return std::nullopt;
  }
  if (!session->resumable()) return std::nullopt;
  saved_ = true;
  best_ = std::max(best_, session->record_score());
  return session;
}

std::optional<std::string> SaveSlot::save(const PlaySession& s) {
  best_ = std::max(best_, s.record_score());
  if (store_ == nullptr) return std::nullopt;
  if (auto e = store_->put_save(key_, "2048", s.to_json(), now_())) {
    saved_ = false;
    return "could not save: " + e->message;
  }
  saved_ = true;
  return std::nullopt;
}

std::optional<std::string> SaveSlot::finish(const PlaySession& s) {
  if (store_ == nullptr) return std::nullopt;
  const std::optional<core::FinishedGame> f = s.history_entry(now_());
  if (!f) return std::nullopt;
  if (auto r = store_->record(*f); !r) return "could not record the game: " + r.error().message;
  if (auto e = store_->remove_save(key_)) return "could not remove the finished game's save: " + e->message;
  return std::nullopt;
}

std::optional<std::string> SaveSlot::close(const PlaySession& s) {
  if (s.game().over()) return finish(s);
  return std::nullopt;
}

std::vector<core::LegacyFile> legacy_files(const std::function<std::string(int size)>& key_of_size) {
  using Imported = core::LegacyFile::Imported;
  std::vector<core::LegacyFile> files;
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
  for (int size = 3; size <= 8; ++size) {
    const std::string name = size == 4 ? "2048-game.json" : fmt::format("2048-game-{}x{}.json", size, size);
    files.push_back({name, [key = key_of_size(size)](const nlohmann::json& j) -> core::Result<Imported> {
                       if (!j.is_object()) return core::Error{"a saved game is a JSON object"};
                       return Imported{{}, {{key, j}}, "2048"};
                     }});
  }
  return files;
}

}  // namespace puzzlelab::game2048
