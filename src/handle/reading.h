#pragma once
// Which reading each character has in a given round (antfu/handle src/logic/utils.ts
// `parseWord`; docs/rules/handle.md §1.2): the answer is parsed against itself, a guess
// against the answer, and a guess character that occurs in the answer takes the answer's
// reading of its first occurrence.
#include <optional>
#include <string>
#include <vector>

#include "handle/lexicon.h"
#include "handle/pinyin.h"

namespace puzzlelab::handle {

struct ParsedChar {
  char32_t ch = 0;
  std::string pinyin;  // the syllable text that was split ("zhong1"; "" never happens)
  Syllable syllable;
};

using ParsedWord = std::vector<ParsedChar>;

// `parseWord(word, answer)`: with no answer, each character keeps the word's own reading.
ParsedWord parse_word(const Lexicon& lexicon, std::u32string_view word,
                      std::optional<std::u32string_view> answer = std::nullopt);

// The reading a lone character gets (`getPinyin(char)[0]`), used by `parseChar` when a
// position has no reading of its own.
std::string lone_char_pinyin(const Lexicon& lexicon, char32_t ch);

// `answer.indexOf(char)` counts UTF-16 units; outside the BMP that differs from the
// position, and the game indexes the answer's readings with it. nullopt: not found.
std::optional<std::size_t> utf16_index_of(std::u32string_view text, char32_t ch);

}  // namespace puzzlelab::handle
