#include "wordle/word_list.h"

#include <unordered_map>

#include <fmt/format.h>

#include "wordle/feedback.h"

namespace puzzlelab::wordle {

namespace {

std::string_view trim(std::string_view s) {
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
  while (!s.empty() && blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && blank(s.back())) s.remove_suffix(1);
  return s;
}

}  // namespace

core::Result<std::vector<std::string>> parse_word_list(std::string_view text) {
  // A byte-order mark at the start (Windows editors write one in UTF-8 files) is no
  // part of the first word.
  constexpr std::string_view kBom = "\xEF\xBB\xBF";
  if (text.substr(0, kBom.size()) == kBom) text.remove_prefix(kBom.size());
  std::vector<std::string> words;
  std::unordered_map<std::string, std::size_t> first_line;
  std::size_t line_no = 0;
  std::size_t start = 0;
  std::size_t length = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = trim(text.substr(start, end - start));
    start = end + 1;
    ++line_no;
    if (line.empty()) continue;
    auto word = normalize_word(line);
    if (!word) return core::Error{fmt::format("line {}: {}", line_no, word.error().message)};
    if (length == 0) {
      length = word->size();
    } else if (word->size() != length) {
      return core::Error{
          fmt::format("line {}: '{}' has {} letters, but the first word '{}' has {}; a list holds "
                      "words of one length",
                      line_no, *word, word->size(), words.front(), length)};
    }
    const auto [it, inserted] = first_line.emplace(*word, line_no);
    if (!inserted) {
      return core::Error{fmt::format("line {}: '{}' is listed twice (also on line {})", line_no, *word, it->second)};
    }
    words.push_back(std::move(*word));
  }
  if (words.empty()) return core::Error{"the list has no words"};
  return words;
}

}  // namespace puzzlelab::wordle
