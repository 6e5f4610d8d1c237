#include "app/game2048_save_slot.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <fmt/format.h>

#include "app/player_store.h"
#include "core/wording.h"

namespace puzzlelab::app {

Game2048SlotLock::~Game2048SlotLock() {
  if (fd_ >= 0) ::close(fd_);  // closing the descriptor releases the lock
}

bool Game2048SlotLock::take(const std::filesystem::path& dir, int size) {
  const std::filesystem::path file = dir / fmt::format("2048-{}x{}.lock", size, size);
  fd_ = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
  if (fd_ < 0) return true;
  if (::flock(fd_, LOCK_EX | LOCK_NB) == 0) return true;
  ::close(fd_);
  fd_ = -1;
  return false;
}

game2048::SaveSlot open_game2048_save_slot(Context& ctx, int size, Game2048SlotLock& lock) {
  core::GameStore* store = player_store(ctx, "your game and best score are");
  if (store != nullptr) {
    if (auto dir = ctx.state(); dir && !lock.take(dir->dir(), size)) {
      ctx.warn(
          fmt::format("another puzzlelab is playing 2048 {}×{} with the state folder {}: this game is not "
                      "saved, so that one's is not written over (another --size or --state-dir keeps both)",
                      size, size, dir->dir().string()));
      store = nullptr;
    }
  }
  return game2048::SaveSlot(store, game2048_save_key(size), size, unix_now);
}

std::optional<std::string> game2048_quit_words(const game2048::SaveSlot& slot, const game2048::PlaySession& s) {
  const game2048::Game& g = s.game();
  if (!slot.saving() || !s.resumable()) return std::nullopt;
  return fmt::format("Game saved (score {}, {}); `puzzlelab 2048 play{}` resumes it.", g.score(),
                     core::counted(g.moves(), "move"), slot.size() == 4 ? "" : fmt::format(" --size {}", slot.size()));
}

}  // namespace puzzlelab::app
