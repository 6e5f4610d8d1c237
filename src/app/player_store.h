#pragma once
// The player's store (core::GameStore) as the terminal front-end uses it: opened once
// a command, on first use, in the state folder; its warnings go to stderr; a store that
// cannot be opened is a warning and the game goes on unsaved. Also the readers of the
// JSON files that versions before the database wrote, imported once.
#include <cstdint>
#include <vector>

#include "app/context.h"
#include "core/game_store.h"

namespace puzzlelab::app {

// The store, or nullptr (after a warning naming `what_is_lost`) when there is none.
// With `what_is_lost` null there is no warning: the reason stays in ctx.store_error for
// a command that cannot go on without the store to report as its error.
core::GameStore* player_store(Context& ctx, const char* what_is_lost);

// The statistics and saved-game files of earlier versions and how each is imported.
std::vector<core::LegacyFile> legacy_state_files();

// Seconds since the Unix epoch, for FinishedGame::finished_at.
std::int64_t unix_now();

// The save key of the terminal's 2048 game of one board size.
std::string game2048_save_key(int size);

}  // namespace puzzlelab::app
