// Fuzz: reading shard result files (what `puzzlelab merge` gets) and merging them.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/sim.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded()) return 0;
  auto summary = puzzlelab::core::SimSummary::from_json(j);
  if (!summary) return 0;
  (void)summary->to_json(true).dump();
  (void)puzzlelab::core::merge_summaries({*summary, *summary});
  return 0;
}
