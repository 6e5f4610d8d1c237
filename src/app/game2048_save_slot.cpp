#include "app/game2048_save_slot.h"

#include <fmt/format.h>

#include "app/player_store.h"
#include "core/wording.h"

namespace puzzlelab::app {

game2048::SaveSlot open_game2048_save_slot(Context& ctx, int size) {
  return game2048::SaveSlot(player_store(ctx, "your game and best score are"), game2048_save_key(size), size, unix_now);
}

std::optional<std::string> game2048_quit_words(const game2048::SaveSlot& slot, const game2048::PlaySession& s) {
  const game2048::Game& g = s.game();
  if (!slot.saving() || !s.resumable()) return std::nullopt;
  return fmt::format("Game saved (score {}, {}); `puzzlelab 2048 play{}` resumes it.", g.score(),
                     core::counted(g.moves(), "move"), slot.size() == 4 ? "" : fmt::format(" --size {}", slot.size()));
}

}  // namespace puzzlelab::app
