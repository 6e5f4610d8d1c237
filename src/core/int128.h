#pragma once
// 128-bit integers (a GCC/Clang extension) for exact sums and the unbiased bounded draw.
namespace puzzlelab::core {
__extension__ typedef __int128 Int128;
__extension__ typedef unsigned __int128 UInt128;
}  // namespace puzzlelab::core
