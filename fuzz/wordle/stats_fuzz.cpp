// Fuzz: the Wordle statistics file (wordle-stats.json in the state folder). Any JSON
// must be accepted or refused with a reason, never throw; what is accepted must save
// and load back to the same record.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include <nlohmann/json.hpp>

#include "wordle/player_stats.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace w = puzzlelab::wordle;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded()) return 0;
  auto stats = w::PlayerStats::from_json(j);
  if (!stats) {
    if (stats.error().message.empty()) std::abort();
    return 0;
  }
  const auto saved = stats->to_json();
  auto again = w::PlayerStats::from_json(nlohmann::json::parse(saved.dump()));
  if (!again || again->to_json() != saved) std::abort();
  (void)stats->win_percent();
  return 0;
}
