// Fuzz: the 24 expression parser (what a player types) and the canonical form. Any
// text must parse or fail with a message, never crash; what parses and evaluates must
// have a canonical text that parses back to the same value and the same canonical text.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "game24/expr.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace g = puzzlelab::game24;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (const bool fractions : {false, true}) {
    auto e = g::parse_expression(text, g::ParseOptions{fractions});
    if (!e) {
      if (e.error().message.empty()) std::abort();
      continue;
    }
    (void)g::numbers_of(*e);
    auto value = g::evaluate(*e);
    auto canon = g::canonical_text(*e);
    if (value.ok() != canon.ok()) std::abort();
    if (!canon) continue;
    auto again = g::parse_expression(*canon, g::ParseOptions{true});
    if (!again) std::abort();
    // The canonical order may evaluate partial products that exceed 128 bits where
    // the typed order did not; that is a refusal, not a wrong value.
    auto value2 = g::evaluate(*again);
    if (!value2) continue;
    if (!(*value2 == *value)) std::abort();
    auto canon2 = g::canonical_text(*again);
    if (canon2 && *canon2 != *canon) std::abort();
  }
  return 0;
}
