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

namespace {

// Precomposed vowels with tones 1..4 (NFC), in the order a e i o u ü.
constexpr std::string_view kMarked[6][4] = {{"ā", "á", "ǎ", "à"}, {"ē", "é", "ě", "è"}, {"ī", "í", "ǐ", "ì"},
                                            {"ō", "ó", "ǒ", "ò"}, {"ū", "ú", "ǔ", "ù"}, {"ǖ", "ǘ", "ǚ", "ǜ"}};

int vowel_row(char c) {
  switch (c) {
    case 'a':
      return 0;
    case 'e':
      return 1;
    case 'i':
      return 2;
    case 'o':
      return 3;
    case 'u':
      return 4;
    case 'v':
      return 5;
    default:
      return -1;
  }
}

// j, q, x and y are never followed by u, so Pinyin writes their ü as u.
bool plain_u(std::string_view initial) {
  return initial == "j" || initial == "q" || initial == "x" || initial == "y";
}

std::string letter(char c, bool plain) {
  return c == 'v' ? std::string(plain ? "u" : "ü") : std::string(1, c);
}

}  // namespace

std::string_view tone_combining_mark(int tone) {
  switch (tone) {
    case 1:
      return "\u0304";
    case 2:
      return "\u0301";
    case 3:
      return "\u030C";
    case 4:
      return "\u0300";
    default:
      return "";
  }
}

std::string unmarked_final(std::string_view initial, std::string_view final) {
  std::string out;
  for (const char c : final) out += letter(c, plain_u(initial));
  return out;
}

std::string tone_marked_final(std::string_view initial, std::string_view final, int tone) {
  if (tone < 1 || tone > 4 || final.empty()) return unmarked_final(initial, final);
  const bool plain = plain_u(initial);
  const int at = tone_vowel_index(final);
  std::string out;
  for (std::size_t i = 0; i < final.size(); ++i) {
    const bool here = at >= 0 ? static_cast<int>(i) == at : i == 0;
    if (!here) {
      out += letter(final[i], plain);
    } else if (const int row = vowel_row(final[i]); row >= 0) {
      out += kMarked[row == 5 && plain ? 4 : row][tone - 1];
    } else {
      // No vowel (m, n, ng): a combining accent after the first letter.
      out += letter(final[i], plain);
      out += tone_combining_mark(tone);
    }
  }
  return out;
}

std::string tone_marked(const Syllable& s) {
  return s.initial + tone_marked_final(s.initial, s.final, s.tone);
}

std::string tone_marked(std::string_view lexicon_syllable) {
  return tone_marked(split_syllable(rewrite_umlaut(lexicon_syllable)));
}

std::string syllable_text(const Syllable& s) {
  return s.initial + s.final + std::to_string(s.tone);
}

}  // namespace puzzlelab::handle
