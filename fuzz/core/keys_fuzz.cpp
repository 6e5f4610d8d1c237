// Fuzz: the terminal key decoder over arbitrary byte streams, fed in arbitrary pieces.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/terminal.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  puzzlelab::core::KeyDecoder decoder;
  std::size_t keys = 0;
  std::size_t i = 0;
  while (i < size) {
    // The first byte of each piece says how long the piece is (1..16 bytes).
    const std::size_t len = std::min<std::size_t>(size - i, (data[i] & 15u) + 1);
    decoder.feed(std::string_view(reinterpret_cast<const char*>(data) + i, len));
    i += len;
    while (decoder.next()) ++keys;
  }
  while (decoder.flush()) ++keys;
  if (decoder.pending() || keys > size) std::abort();
  return 0;
}
