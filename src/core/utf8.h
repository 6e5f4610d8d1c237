#pragma once
// UTF-8 decoding with precise error reports, and terminal display width
// (East Asian wide and fullwidth characters take two columns, combining marks none).
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace puzzlelab::core {

// Decodes strict UTF-8 (no overlongs, no surrogates, nothing above U+10FFFF).
// The error names the byte offset and the offending byte.
Result<std::u32string> utf8_decode(std::string_view text);
void utf8_append(std::string& out, char32_t cp);
std::string utf8_encode(std::u32string_view text);
std::string utf8_encode(char32_t cp);

// Columns a code point occupies in a terminal: 0 (combining, zero-width, control),
// 1 or 2 (East Asian Wide/Fullwidth, most emoji).
int display_width(char32_t cp);
// Columns of a UTF-8 string; ANSI escape sequences (CSI ... final byte) count 0.
// Invalid bytes count one column each (they are shown as a replacement character).
int display_width(std::string_view text);
// Pads with spaces on the right (or left, or both for centring) to `width` columns.
std::string pad_right(std::string_view text, int width);
std::string pad_left(std::string_view text, int width);
std::string pad_center(std::string_view text, int width);

// Text that came from a person or a file, made safe to print inside a message:
// control characters other than newline and tab, and bytes that are not UTF-8, become
// \xNN; text of more than max_chars code points keeps its first and last max_chars/2
// with " … " between, so a 1 MB line cannot flood the terminal and the message's own
// words at the end survive.
std::string printable(std::string_view text, std::size_t max_chars = 240);

// True for code points with the Unicode property Unified_Ideograph: the characters
// the real Handle input keeps, so what a Handle guess may contain.
bool is_han(char32_t cp);

}  // namespace puzzlelab::core
