#pragma once
// How a Handle guess goes to the page: each character with its pinyin split into initial,
// final and tone, where the tone mark sits, and (for a scored guess) the mark of each of
// its four channels. The game page and the watch page draw the same JSON. And the Handle
// data the server's game, assistant and watch routes load it through.
#include <memory>
#include <mutex>

#include <nlohmann/json.hpp>

#include "core/data_source.h"
#include "handle/game_data.h"
#include "handle/reading.h"
#include "handle/session.h"

namespace puzzlelab::web {

// [{"char", "initial", "final", "tone", "tone_at"}, ...] for a word read against the answer.
nlohmann::json handle_word_json(const handle::ParsedWord& word);
// {"idiom", "chars": [... each with "marks": {"char", "initial", "final", "tone"}]}.
nlohmann::json handle_turn_json(const handle::Turn& turn);

// The server's Handle data (handle::GameData), one for the Handle game, its assistant and
// the watch job, loaded on the first request that needs it;
// a failed load (a bad --data-dir) is an error for that request and is tried again later.
class HandleData {
 public:
  explicit HandleData(core::DataSource source) : source_(std::move(source)) {}
  core::Result<handle::GameData*> get() {
    std::lock_guard lock(mutex_);
    if (!data_) {
      auto loaded = handle::GameData::load(source_);
      if (!loaded) return loaded.error();
      data_ = std::move(*loaded);
    }
    return data_.get();
  }

 private:
  core::DataSource source_;
  std::mutex mutex_;
  std::unique_ptr<handle::GameData> data_;
};

}  // namespace puzzlelab::web
