#include "app/game2048_save_slot.h"

#include <algorithm>

#include <fmt/format.h>

#include "app/player_store.h"
#include "core/wording.h"

namespace puzzlelab::app {

namespace {

std::string size_key(int size) {
  return fmt::format("{}x{}", size, size);
}

}  // namespace

Game2048SaveSlot::Game2048SaveSlot(Context& ctx, int size) : size_(size), key_(game2048_save_key(size)) {
  store_ = player_store(ctx, "your game and best score are");
  if (store_ == nullptr) return;
  auto stats = store_->stats("2048", size_key(size_));
  if (stats) {
    best_ = stats->best_score;
  } else {
    messages_.push_back("cannot read the best score: " + stats.error().message);
  }
}

std::optional<game2048::PlaySession> Game2048SaveSlot::load_game(const game2048::MoveTables& tables) {
  if (store_ == nullptr) return std::nullopt;
  auto loaded = store_->load_save(key_);
  std::optional<std::string> problem;
  std::optional<game2048::PlaySession> session;
  if (!loaded) {
    problem = loaded.error().message;
  } else if (*loaded) {
    auto s = game2048::PlaySession::from_json(tables, **loaded);
    if (s) {
      session = std::move(*s);
    } else {
      problem = s.error().message;
    }
  }
  if (problem) {
    auto aside = store_->set_aside_save(key_, unix_now());
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
  // A game left before its first move has nothing to resume: a new one replaces it.
  if (session->game().moves() == 0) return std::nullopt;
  saved_ = true;
  if (!session->assisted()) best_ = std::max(best_, session->game().score());
  return session;
}

std::optional<std::string> Game2048SaveSlot::save(const game2048::PlaySession& s) {
  // The best score counts games without undo or hints only.
  if (!s.assisted()) best_ = std::max(best_, s.game().score());
  if (store_ == nullptr) return std::nullopt;
  if (auto e = store_->put_save(key_, "2048", s.to_json(), unix_now())) {
    saved_ = false;
    return "could not save: " + e->message;
  }
  saved_ = true;
  return std::nullopt;
}

std::optional<std::string> Game2048SaveSlot::finish(const game2048::PlaySession& s) {
  const game2048::Game& g = s.game();
  if (store_ == nullptr || g.moves() == 0) return std::nullopt;
  core::FinishedGame f = s.finished_game(unix_now());
  if (auto r = store_->record(f); !r) return "could not record the game: " + r.error().message;
  if (auto e = store_->remove_save(key_)) return "could not remove the finished game's save: " + e->message;
  return std::nullopt;
}

std::optional<std::string> Game2048SaveSlot::quit_words(const game2048::PlaySession& s) const {
  const game2048::Game& g = s.game();
  if (!saving() || g.over() || g.moves() == 0) return std::nullopt;
  return fmt::format("Game saved (score {}, {}); `puzzlelab 2048 play{}` resumes it.", g.score(),
                     core::counted(g.moves(), "move"), size_ == 4 ? "" : fmt::format(" --size {}", size_));
}

std::optional<std::string> Game2048SaveSlot::close(const game2048::PlaySession& s) {
  if (s.game().over()) return finish(s);
  return std::nullopt;
}

}  // namespace puzzlelab::app
