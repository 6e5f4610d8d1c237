#pragma once
// The player's Handle statistics as text (the record itself is handle::PlayerStats).
#include <string>

#include "handle/player_stats.h"

namespace puzzlelab::app {

// A few lines: totals, streaks, and a bar per number of tries.
std::string render_handle_stats(const handle::PlayerStats& stats, bool color, bool chinese);

}  // namespace puzzlelab::app
