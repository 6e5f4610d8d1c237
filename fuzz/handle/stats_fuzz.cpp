// Fuzz: the Handle statistics file (handle-stats.json in the state folder). Any JSON
// must be accepted or refused, never throw; what is accepted must save and load back
// to the same record and render without trouble.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include <nlohmann/json.hpp>

#include "app/handle_stats.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded()) return 0;
  auto stats = puzzlelab::handle::PlayerStats::from_json(j);
  if (!stats) return 0;
  const auto saved = stats->to_json();
  auto again = puzzlelab::handle::PlayerStats::from_json(nlohmann::json::parse(saved.dump()));
  if (!again || again->to_json() != saved) std::abort();
  (void)puzzlelab::app::render_handle_stats(*stats, false, true);
  return 0;
}
