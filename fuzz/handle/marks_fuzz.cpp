// Fuzz: Handle mark strings as typed in `handle assist` ("MMME MMME EEEE NEEN", either
// case, grouped or not). What parses must print back and parse to the same feedback,
// and its pattern code must decode to it.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "handle/feedback.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace h = puzzlelab::handle;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto marks = h::parse_feedback(text);
  if (!marks) {
    if (marks.error().message.empty()) std::abort();
    return 0;
  }
  const auto printed = h::format_feedback(*marks);
  auto again = h::parse_feedback(printed);
  if (!again || !(*again == *marks)) std::abort();
  const h::Pattern code = h::encode(*marks);
  if (code >= h::kPatternCount || !(h::decode(code) == *marks)) std::abort();
  if (h::pattern_wins(code) != marks->win()) std::abort();
  return 0;
}
