#pragma once
#include "handle/lexicon.h"

namespace puzzlelab::handle {
// The embedded game data, loaded once for all tests.
const Lexicon& test_lexicon();
Word w(const char* utf8);
}  // namespace puzzlelab::handle
