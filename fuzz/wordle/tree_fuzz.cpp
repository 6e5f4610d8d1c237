// Fuzz: decision-tree files — Alex Selby's text format (`wordle tree --check FILE`) and
// the JSON trees cached by `wordle optimal` (guess::tree_from_json). A text tree that
// parses must have well-formed lines (patterns in range, guess numbers 1, 2, ..., the
// last pattern all green); a JSON tree that is accepted must write out and read back
// to the same JSON.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include <nlohmann/json.hpp>

#include "guess/optimal_tree.h"
#include "wordle/decision_tree.h"
#include "wordle/feedback.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace w = puzzlelab::wordle;
  const std::string_view text(reinterpret_cast<const char*>(data), size);

  auto lines = w::parse_decision_tree(text, 5);
  if (lines) {
    for (const auto& line : *lines) {
      if (line.turns.empty()) std::abort();
      for (const auto& turn : line.turns) {
        if (turn.pattern >= w::pattern_count(5) || turn.guess.size() != 5) std::abort();
      }
      if (line.turns.back().pattern != w::solved_pattern(5)) std::abort();
    }
  } else if (lines.error().message.empty()) {
    std::abort();
  }

  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded()) return 0;
  auto tree = puzzlelab::guess::tree_from_json(j);
  if (!tree) return 0;
  const auto printed = puzzlelab::guess::tree_to_json(*tree);
  auto again = puzzlelab::guess::tree_from_json(printed);
  if (!again || puzzlelab::guess::tree_to_json(*again) != printed) std::abort();
  return 0;
}
