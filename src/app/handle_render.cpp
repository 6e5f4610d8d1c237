#include "app/handle_render.h"

#include <algorithm>
#include <string_view>

#include <fmt/format.h>

#include "core/utf8.h"
#include "handle/pinyin.h"

namespace puzzlelab::app {

namespace {

using handle::Channel;
using handle::Mark;

// 256-colour codes near the real game's palette (teal #1d9c9c, orange #de7525, grey).
constexpr const char* kReset = "\x1b[0m";
const char* part_color(Mark m) {
  switch (m) {
    case Mark::Exact:
      return "\x1b[38;5;37m";
    case Mark::Misplaced:
      return "\x1b[38;5;208m";
    case Mark::None:
      return "\x1b[38;5;245m";
  }
  return "";
}
const char* char_color(Mark m) {
  switch (m) {
    case Mark::Exact:
      return "\x1b[1;97;48;5;30m";
    case Mark::Misplaced:
      return "\x1b[1;97;48;5;166m";
    case Mark::None:
      return "\x1b[38;5;245m";
  }
  return "";
}

std::string paint(const std::string& text, const char* color, bool on) {
  if (!on || text.empty()) return text;
  return color + text + kReset;
}

// Centres `text` (of `width` display columns) in a cell: left padding floor, right ceil.
std::string center_cell(const std::string& text, int width) {
  const int left = std::max(0, (kHandleCellWidth - width) / 2);
  const int right = std::max(0, kHandleCellWidth - width - left);
  return std::string(static_cast<std::size_t>(left), ' ') + text + std::string(static_cast<std::size_t>(right), ' ');
}

std::string trim_right(std::string s) {
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

std::string pinyin_cell(const handle::Syllable& s, const std::array<Mark, 4>* marks, bool color) {
  const PinyinParts p = pinyin_parts(s);
  const int width = core::display_width(p.text());
  std::string text;
  if (marks != nullptr && color) {
    // The tone's accent in its own colour, as the real game colours its tone mark.
    const char* final_color = part_color((*marks)[static_cast<int>(Channel::Final)]);
    text = paint(p.initial, part_color((*marks)[static_cast<int>(Channel::Initial)]), true) +
           paint(p.head, final_color, true) +
           paint(p.accent, part_color((*marks)[static_cast<int>(Channel::Tone)]), true) +
           paint(p.tail, final_color, true);
  } else {
    text = p.text();
  }
  return center_cell(text, width);
}

std::string char_cell(char32_t ch, const std::array<Mark, 4>* marks, bool color) {
  const std::string c = core::utf8_encode(ch);
  const int width = core::display_width(ch);
  if (marks != nullptr && color) {
    // A padded block so the background shows as a tile.
    return center_cell(paint(" " + c + " ", char_color((*marks)[static_cast<int>(Channel::Char)]), true), width + 2);
  }
  return center_cell(c, width);
}

}  // namespace

PinyinParts pinyin_parts(const handle::Syllable& s) {
  PinyinParts p;
  p.initial = s.initial;
  p.final = handle::tone_marked_final(s.initial, s.final, s.tone);
  const int at = s.final.empty() ? -1 : std::max(0, handle::tone_vowel_index(s.final));
  const std::string_view f(s.final);
  p.head = handle::unmarked_final(s.initial, f.substr(0, static_cast<std::size_t>(at + 1)));
  p.accent = at >= 0 ? std::string(handle::tone_combining_mark(s.tone)) : std::string();
  p.tail = handle::unmarked_final(s.initial, f.substr(static_cast<std::size_t>(at + 1)));
  return p;
}

std::string render_turn(const handle::ParsedWord& word, const handle::Feedback& feedback, bool color) {
  std::string pinyin = "  ", chars = "  ", letters = "  ";
  static constexpr char kLetter[] = {'N', 'M', 'E'};
  for (std::size_t i = 0; i < word.size() && i < 4; ++i) {
    const auto& marks = feedback.marks[i];
    pinyin += pinyin_cell(word[i].syllable, &marks, color);
    chars += char_cell(word[i].ch, &marks, color);
    std::string l;
    for (const Mark m : marks) l += kLetter[static_cast<int>(m)];
    letters += center_cell(l, 4);
  }
  std::string out = trim_right(pinyin) + "\n" + trim_right(chars) + "\n";
  if (!color) out += trim_right(letters) + "\n";
  return out;
}

std::string render_word(const handle::ParsedWord& word, bool color) {
  (void)color;
  std::string pinyin = "  ", chars = "  ";
  for (const auto& c : word) {
    pinyin += pinyin_cell(c.syllable, nullptr, false);
    chars += char_cell(c.ch, nullptr, false);
  }
  return trim_right(pinyin) + "\n" + trim_right(chars) + "\n";
}

std::string render_hint(const handle::PlaySession& game, bool color, bool chinese) {
  const handle::ParsedChar& h = game.hint();
  const std::string sound = pinyin_parts(h.syllable).text();
  const std::string shown = game.hint_level() >= 2 ? core::utf8_encode(h.ch) : "？";
  const std::string ch = color ? "\x1b[1m" + shown + kReset : shown;
  if (game.hint_level() >= 2) {
    return chinese ? fmt::format("提示：答案包含汉字 {}（{}）\n", ch, sound)
                   : fmt::format("Hint: the answer contains the character {} ({})\n", ch, sound);
  }
  return chinese ? fmt::format("提示：答案包含以下字音 {}（{}）；再输入 hint 看汉字\n", sound, ch)
                 : fmt::format("Hint: the answer contains a character read {} ({}); type 'hint' again to see it\n",
                               sound, ch);
}

}  // namespace puzzlelab::app
