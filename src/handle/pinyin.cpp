#include "handle/pinyin.h"

namespace puzzlelab::handle {

namespace {
bool is_ascii_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
bool is_lower(char c) {
  return c >= 'a' && c <= 'z';
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
}  // namespace

Syllable split_syllable(std::string_view pinyin) {
  Syllable out;
  // `pinyin.match(/[\d]$/)`: one trailing digit is the tone; `+tone || 0`.
  if (!pinyin.empty() && is_digit(pinyin.back())) {
    out.tone = pinyin.back() - '0';
    pinyin.remove_suffix(1);
    // `.trim()` after removing the digit.
    while (!pinyin.empty() && is_ascii_space(pinyin.front())) pinyin.remove_prefix(1);
    while (!pinyin.empty() && is_ascii_space(pinyin.back())) pinyin.remove_suffix(1);
  }
  if (pinyin.empty()) return out;  // `parts = []`: no initial, no final
  std::string_view initial;
  for (const std::string_view candidate : kInitials) {
    if (pinyin.substr(0, candidate.size()) == candidate) {
      initial = candidate;
      break;
    }
  }
  const std::string_view rest = pinyin.substr(initial.size());
  if (rest.empty()) {
    // "if there is no final, actually it's no initial": the consonant becomes the final.
    out.final = std::string(initial);
  } else {
    out.initial = std::string(initial);
    out.final = std::string(rest);
  }
  return out;
}

std::string rewrite_umlaut(std::string_view syllable) {
  if (syllable.size() < 2) return std::string(syllable);
  const char head = syllable[0];
  if ((head != 'y' && head != 'j' && head != 'q' && head != 'x') || syllable[1] != 'u') return std::string(syllable);
  // The rest must be [a-z]* optionally followed by one digit, to the end.
  std::size_t i = 2;
  while (i < syllable.size() && is_lower(syllable[i])) ++i;
  if (i < syllable.size() && is_digit(syllable[i])) ++i;
  if (i != syllable.size()) return std::string(syllable);
  std::string out(syllable);
  out[1] = 'v';
  return out;
}

int tone_vowel_index(std::string_view final) {
  for (const char v : {'a', 'e'}) {
    if (const auto i = final.find(v); i != std::string_view::npos) return static_cast<int>(i);
  }
  if (const auto i = final.find("ou"); i != std::string_view::npos) return static_cast<int>(i);
  for (std::size_t i = final.size(); i-- > 0;) {
    if (std::string_view("iouv").find(final[i]) != std::string_view::npos) return static_cast<int>(i);
  }
  return -1;
}

std::string syllable_text(const Syllable& s) {
  return s.initial + s.final + std::to_string(s.tone);
}

}  // namespace puzzlelab::handle
