#pragma once
// Small pieces of English for the front-ends' messages: a count with its noun in the
// right number ("1 move", "2 moves"), and text broken into lines of a given width.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace puzzlelab::core {

// "1 move", "0 moves", "3 moves"; `plural` when the noun does not just take an "s".
std::string counted(std::int64_t n, std::string_view singular, std::string_view plural = {});

// The text's words in lines of at most `width` display columns, broken at spaces; a
// word longer than a line is cut into pieces (no number or word is cut when it fits).
// At most `max_lines` lines (0: no limit): the last one kept ends in "…" when text was
// left out.
std::vector<std::string> wrap_words(std::string_view text, int width, std::size_t max_lines = 0);

}  // namespace puzzlelab::core
