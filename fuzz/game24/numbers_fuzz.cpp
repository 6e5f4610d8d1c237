// Fuzz: the numbers of a 24 hand and the target, as typed on the command line or in
// `24 play` ("4 7 8 8", "3/4,0.75", "+2", huge digits). Each blank- or comma-separated
// word goes through parse_rational as the app splits them; a number that parses must
// be in lowest terms and print as text that parses back to the same value.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <numeric>
#include <string>
#include <string_view>

#include "game24/rational.h"

namespace {

void check_number(std::string_view word) {
  namespace g = puzzlelab::game24;
  auto r = g::parse_rational(word);
  if (!r) {
    if (r.error().message.empty()) std::abort();
    return;
  }
  if (r->den <= 0) std::abort();
  const auto printed = g::to_string(*r);
  auto again = g::parse_rational(printed);
  if (!again || !(*again == *r)) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  check_number(text);
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == ' ' || text[i] == '\t' || text[i] == ',' || text[i] == '\r') {
      if (i > start) check_number(text.substr(start, i - start));
      start = i + 1;
    }
  }
  return 0;
}
