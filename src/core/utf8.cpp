#include "core/utf8.h"

#include <algorithm>
#include <array>
#include <fmt/format.h>

namespace puzzlelab::core {

Result<std::u32string> utf8_decode(std::string_view text) {
  std::u32string out;
  out.reserve(text.size());
  std::size_t i = 0;
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  while (i < text.size()) {
    const unsigned char b0 = byte(i);
    if (b0 < 0x80) {
      out.push_back(b0);
      ++i;
      continue;
    }
    int len = 0;
    char32_t cp = 0;
    char32_t min = 0;
    if ((b0 & 0xE0) == 0xC0) {
      len = 2, cp = b0 & 0x1F, min = 0x80;
    } else if ((b0 & 0xF0) == 0xE0) {
      len = 3, cp = b0 & 0x0F, min = 0x800;
    } else if ((b0 & 0xF8) == 0xF0) {
      len = 4, cp = b0 & 0x07, min = 0x10000;
    } else {
      return Error{fmt::format("invalid UTF-8: byte 0x{:02X} at offset {} cannot start a character", b0, i)};
    }
    if (i + static_cast<std::size_t>(len) > text.size()) {
      return Error{fmt::format("invalid UTF-8: character at offset {} is cut off", i)};
    }
    for (int k = 1; k < len; ++k) {
      const unsigned char b = byte(i + static_cast<std::size_t>(k));
      if ((b & 0xC0) != 0x80) {
        return Error{fmt::format("invalid UTF-8: byte 0x{:02X} at offset {} is not a continuation byte", b,
                                 i + static_cast<std::size_t>(k))};
      }
      cp = (cp << 6) | (b & 0x3F);
    }
    if (cp < min) return Error{fmt::format("invalid UTF-8: overlong encoding at offset {}", i)};
    if (cp > 0x10FFFF) return Error{fmt::format("invalid UTF-8: code point above U+10FFFF at offset {}", i)};
    if (cp >= 0xD800 && cp <= 0xDFFF) return Error{fmt::format("invalid UTF-8: surrogate at offset {}", i)};
    out.push_back(cp);
    i += static_cast<std::size_t>(len);
  }
  return out;
}

void utf8_append(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

std::string utf8_encode(std::u32string_view text) {
  std::string out;
  out.reserve(text.size() * 3);
  for (char32_t cp : text) utf8_append(out, cp);
  return out;
}

std::string utf8_encode(char32_t cp) {
  std::string out;
  utf8_append(out, cp);
  return out;
}

namespace {

struct Range {
  char32_t lo, hi;
};

// East Asian Width W and F ranges (Unicode 15 EastAsianWidth.txt, merged into
// contiguous blocks) plus the emoji presentation blocks terminals draw two wide.
constexpr std::array kWide = {
    Range{0x1100, 0x115F},   Range{0x231A, 0x231B},   Range{0x2329, 0x232A},   Range{0x23E9, 0x23EC},
    Range{0x23F0, 0x23F0},   Range{0x23F3, 0x23F3},   Range{0x25FD, 0x25FE},   Range{0x2614, 0x2615},
    Range{0x2648, 0x2653},   Range{0x267F, 0x267F},   Range{0x2693, 0x2693},   Range{0x26A1, 0x26A1},
    Range{0x26AA, 0x26AB},   Range{0x26BD, 0x26BE},   Range{0x26C4, 0x26C5},   Range{0x26CE, 0x26CE},
    Range{0x26D4, 0x26D4},   Range{0x26EA, 0x26EA},   Range{0x26F2, 0x26F3},   Range{0x26F5, 0x26F5},
    Range{0x26FA, 0x26FA},   Range{0x26FD, 0x26FD},   Range{0x2705, 0x2705},   Range{0x270A, 0x270B},
    Range{0x2728, 0x2728},   Range{0x274C, 0x274C},   Range{0x274E, 0x274E},   Range{0x2753, 0x2755},
    Range{0x2757, 0x2757},   Range{0x2795, 0x2797},   Range{0x27B0, 0x27B0},   Range{0x27BF, 0x27BF},
    Range{0x2B1B, 0x2B1C},   Range{0x2B50, 0x2B50},   Range{0x2B55, 0x2B55},   Range{0x2E80, 0x303E},
    Range{0x3041, 0x33FF},   Range{0x3400, 0x4DBF},   Range{0x4E00, 0x9FFF},   Range{0xA000, 0xA4CF},
    Range{0xA960, 0xA97F},   Range{0xAC00, 0xD7A3},   Range{0xF900, 0xFAFF},   Range{0xFE10, 0xFE19},
    Range{0xFE30, 0xFE6F},   Range{0xFF00, 0xFF60},   Range{0xFFE0, 0xFFE6},   Range{0x16FE0, 0x16FE4},
    Range{0x17000, 0x18CFF}, Range{0x1AFF0, 0x1B2FF}, Range{0x1F004, 0x1F004}, Range{0x1F0CF, 0x1F0CF},
    Range{0x1F18E, 0x1F18E}, Range{0x1F191, 0x1F19A}, Range{0x1F200, 0x1F251}, Range{0x1F260, 0x1F265},
    Range{0x1F300, 0x1F320}, Range{0x1F32D, 0x1F335}, Range{0x1F337, 0x1F37C}, Range{0x1F37E, 0x1F393},
    Range{0x1F3A0, 0x1F3CA}, Range{0x1F3CF, 0x1F3D3}, Range{0x1F3E0, 0x1F3F0}, Range{0x1F3F4, 0x1F3F4},
    Range{0x1F3F8, 0x1F43E}, Range{0x1F440, 0x1F440}, Range{0x1F442, 0x1F4FC}, Range{0x1F4FF, 0x1F53D},
    Range{0x1F54B, 0x1F54E}, Range{0x1F550, 0x1F567}, Range{0x1F57A, 0x1F57A}, Range{0x1F595, 0x1F596},
    Range{0x1F5A4, 0x1F5A4}, Range{0x1F5FB, 0x1F64F}, Range{0x1F680, 0x1F6C5}, Range{0x1F6CC, 0x1F6CC},
    Range{0x1F6D0, 0x1F6D2}, Range{0x1F6D5, 0x1F6D7}, Range{0x1F6DC, 0x1F6DF}, Range{0x1F6EB, 0x1F6EC},
    Range{0x1F6F4, 0x1F6FC}, Range{0x1F7E0, 0x1F7EB}, Range{0x1F7F0, 0x1F7F0}, Range{0x1F90C, 0x1F93A},
    Range{0x1F93C, 0x1F945}, Range{0x1F947, 0x1F9FF}, Range{0x1FA70, 0x1FAFF}, Range{0x20000, 0x2FFFD},
    Range{0x30000, 0x3FFFD},
};

// Zero-width: combining marks, variation selectors, zero-width joiners/spaces.
constexpr std::array kZero = {
    Range{0x0300, 0x036F}, Range{0x0483, 0x0489}, Range{0x0591, 0x05BD}, Range{0x0610, 0x061A},
    Range{0x064B, 0x065F}, Range{0x200B, 0x200F}, Range{0x2028, 0x202E}, Range{0x2060, 0x2064},
    Range{0x20D0, 0x20FF}, Range{0x302A, 0x302D}, Range{0x3099, 0x309A}, Range{0xFE00, 0xFE0F},
    Range{0xFE20, 0xFE2F}, Range{0xFEFF, 0xFEFF}, Range{0x1F3FB, 0x1F3FF}, Range{0xE0100, 0xE01EF},
};

template <std::size_t N>
bool in_table(const std::array<Range, N>& table, char32_t cp) {
  auto it = std::upper_bound(table.begin(), table.end(), cp, [](char32_t c, const Range& r) { return c < r.lo; });
  if (it == table.begin()) return false;
  --it;
  return cp <= it->hi;
}

}  // namespace

int display_width(char32_t cp) {
  if (cp == 0) return 0;
  if (cp < 0x20 || (cp >= 0x7F && cp < 0xA0)) return 0;
  if (cp < 0x300) return 1;
  if (in_table(kZero, cp)) return 0;
  if (in_table(kWide, cp)) return 2;
  return 1;
}

int display_width(std::string_view text) {
  int width = 0;
  std::size_t i = 0;
  while (i < text.size()) {
    const auto b = static_cast<unsigned char>(text[i]);
    if (b == 0x1B) {
      // Skip an escape sequence: ESC [ params final-byte, or ESC + one byte.
      ++i;
      if (i < text.size() && text[i] == '[') {
        ++i;
        while (i < text.size() && !(text[i] >= 0x40 && text[i] <= 0x7E)) ++i;
        if (i < text.size()) ++i;
      } else if (i < text.size()) {
        ++i;
      }
      continue;
    }
    std::size_t len = b < 0x80 ? 1 : (b & 0xE0) == 0xC0 ? 2 : (b & 0xF0) == 0xE0 ? 3 : (b & 0xF8) == 0xF0 ? 4 : 1;
    if (i + len > text.size()) len = 1;
    auto decoded = utf8_decode(text.substr(i, len));
    if (decoded.ok() && decoded->size() == 1) {
      width += display_width((*decoded)[0]);
      i += len;
    } else {
      width += 1;  // an invalid byte is drawn as one replacement character
      i += 1;
    }
  }
  return width;
}

std::string printable(std::string_view text, std::size_t max_chars) {
  std::vector<std::string> pieces;  // one printable piece per code point or escaped byte
  std::size_t i = 0;
  while (i < text.size()) {
    const auto b = static_cast<unsigned char>(text[i]);
    std::size_t len = b < 0x80 ? 1 : (b & 0xE0) == 0xC0 ? 2 : (b & 0xF0) == 0xE0 ? 3 : (b & 0xF8) == 0xF0 ? 4 : 0;
    if (len > 1 && (i + len > text.size() || !utf8_decode(text.substr(i, len)).ok())) len = 0;
    if (len == 0 || (len == 1 && ((b < 0x20 && b != '\n' && b != '\t') || b == 0x7F))) {
      pieces.push_back(fmt::format("\\x{:02X}", b));
      ++i;
    } else {
      pieces.emplace_back(text.substr(i, len));
      i += len;
    }
  }
  std::string out;
  if (pieces.size() <= max_chars) {
    for (const auto& p : pieces) out += p;
    return out;
  }
  const std::size_t half = max_chars / 2;
  for (std::size_t k = 0; k < half; ++k) out += pieces[k];
  out += fmt::format(" … ({} characters) … ", pieces.size());
  for (std::size_t k = pieces.size() - half; k < pieces.size(); ++k) out += pieces[k];
  return out;
}

std::string pad_right(std::string_view text, int width) {
  std::string out(text);
  const int w = display_width(text);
  if (w < width) out.append(static_cast<std::size_t>(width - w), ' ');
  return out;
}

std::string pad_left(std::string_view text, int width) {
  const int w = display_width(text);
  std::string out;
  if (w < width) out.append(static_cast<std::size_t>(width - w), ' ');
  out.append(text);
  return out;
}

std::string pad_center(std::string_view text, int width) {
  const int w = display_width(text);
  if (w >= width) return std::string(text);
  const int left = (width - w) / 2;
  std::string out(static_cast<std::size_t>(left), ' ');
  out.append(text);
  out.append(static_cast<std::size_t>(width - w - left), ' ');
  return out;
}

bool is_han(char32_t cp) {
  // The Unicode property Unified_Ideograph (Unicode 15.1 PropList.txt): what the real
  // Handle input box keeps (`\p{Unified_Ideograph}`). Only twelve of the compatibility
  // ideographs at U+FA0E..U+FA29 have it; U+3007 (〇) does not.
  if (cp >= 0x4E00 && cp <= 0x9FFF) return true;
  if (cp >= 0x3400 && cp <= 0x4DBF) return true;
  if (cp >= 0xFA0E && cp <= 0xFA29) {
    switch (cp) {
      case 0xFA0E: case 0xFA0F: case 0xFA11: case 0xFA13: case 0xFA14: case 0xFA1F:
      case 0xFA21: case 0xFA23: case 0xFA24: case 0xFA27: case 0xFA28: case 0xFA29:
        return true;
      default:
        return false;
    }
  }
  return (cp >= 0x20000 && cp <= 0x2A6DF) || (cp >= 0x2A700 && cp <= 0x2B739) ||
         (cp >= 0x2B740 && cp <= 0x2B81D) || (cp >= 0x2B820 && cp <= 0x2CEA1) ||
         (cp >= 0x2CEB0 && cp <= 0x2EBE0) || (cp >= 0x2EBF0 && cp <= 0x2EE5D) ||
         (cp >= 0x30000 && cp <= 0x3134A) || (cp >= 0x31350 && cp <= 0x323AF);
}

}  // namespace puzzlelab::core
