// Fuzz: UTF-8 decoding and display width of arbitrary bytes.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/utf8.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  auto decoded = puzzlelab::core::utf8_decode(bytes);
  if (decoded.ok() && puzzlelab::core::utf8_encode(*decoded) != bytes) std::abort();  // round trip
  const int width = puzzlelab::core::display_width(bytes);
  if (width < 0) std::abort();
  (void)puzzlelab::core::pad_center(bytes, 80);
  return 0;
}
