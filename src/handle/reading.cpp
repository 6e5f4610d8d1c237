#include "handle/reading.h"

namespace puzzlelab::handle {

std::optional<std::size_t> utf16_index_of(std::u32string_view text, char32_t ch) {
  std::size_t units = 0;
  for (const char32_t c : text) {
    if (c == ch) return units;
    units += c > 0xFFFF ? 2 : 1;
  }
  return std::nullopt;
}

std::string lone_char_pinyin(const Lexicon& lexicon, char32_t ch) {
  const std::u32string one(1, ch);
  auto p = lexicon.pinyin_of(one);
  return p.empty() ? std::string{} : std::move(p.front());
}

ParsedWord parse_word(const Lexicon& lexicon, std::u32string_view word, std::optional<std::u32string_view> answer) {
  const std::vector<std::string> own = lexicon.pinyin_of(word);
  std::vector<std::string> answer_pinyin;
  if (answer) answer_pinyin = lexicon.pinyin_of(*answer);
  ParsedWord out;
  out.reserve(word.size());
  for (std::size_t i = 0; i < word.size(); ++i) {
    const char32_t ch = word[i];
    // `let pinyin = pinyins[i] || ''`
    std::string pinyin = i < own.size() ? own[i] : std::string{};
    // `if (answer.includes(char)) pinyin = answerPinyin[answer.indexOf(char)] || pinyin`
    if (answer) {
      if (auto at = utf16_index_of(*answer, ch); at && *at < answer_pinyin.size() && !answer_pinyin[*at].empty()) {
        pinyin = answer_pinyin[*at];
      }
    }
    // `parseChar`: `if (!pinyin) pinyin = getPinyin(char)[0]`
    if (pinyin.empty()) pinyin = lone_char_pinyin(lexicon, ch);
    out.push_back(ParsedChar{ch, pinyin, split_syllable(pinyin)});
  }
  return out;
}

}  // namespace puzzlelab::handle
