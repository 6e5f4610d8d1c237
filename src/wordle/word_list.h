#pragma once
// Word lists (data/wordle/answers.txt, guesses.txt, or the user's --answers /
// --guesses files): one word a line, all of one length between 4 and 8, letters a-z.
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace puzzlelab::wordle {

// Parses a list, keeping the file's order. Upper case is folded to lower case, a
// trailing CR (Windows line ends), surrounding blanks and a UTF-8 byte-order mark at the
// start are dropped, empty lines are skipped. Errors name the line: a character outside a-z, a length outside 4..8 or
// different from the first word's, a word given twice, an empty list.
core::Result<std::vector<std::string>> parse_word_list(std::string_view text);

}  // namespace puzzlelab::wordle
