#pragma once
// The Wordle engine (word lists and pattern table) of the server, built on first use and
// shared by simulations and the assistant.
#include <memory>
#include <mutex>
#include <stdexcept>

#include "core/data_source.h"
#include "wordle/engine.h"

namespace puzzlelab::web {

class WordleEngines {
 public:
  explicit WordleEngines(core::DataSource data) : data_(std::move(data)) {}
  const wordle::Engine& get() {
    std::lock_guard lock(mutex_);
    if (!engine_) {
      guess::TableOptions t;
      t.threads = 1;
      // The same lists and day order as the terminal's (wordle::load_engine).
      auto e = wordle::load_engine(data_, {}, t);
      if (!e) throw std::runtime_error(e.error().message);
      engine_ = std::move(e->engine);
    }
    return *engine_;
  }
  // The shipped lists (no --data-dir): the optimal player's opener is then known.
  [[nodiscard]] bool original_lists() const { return !data_.dir(); }

 private:
  core::DataSource data_;
  std::mutex mutex_;
  std::unique_ptr<wordle::Engine> engine_;
};

}  // namespace puzzlelab::web
