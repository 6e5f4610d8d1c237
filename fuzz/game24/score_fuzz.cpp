// Fuzz: the 24 score file (24-score.json in the state folder). Any JSON must be
// accepted or refused, never throw; what is accepted must save and load back equal.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include <nlohmann/json.hpp>

#include "app/game24_play.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace play = puzzlelab::app::game24_play;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded()) return 0;
  auto score = play::score_from_json(j);
  if (!score) return 0;
  auto again = play::score_from_json(nlohmann::json::parse(play::score_to_json(*score).dump()));
  if (!again || !(*again == *score)) std::abort();
  return 0;
}
