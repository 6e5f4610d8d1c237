#include "wordle/feedback.h"

#include <array>
#include <cassert>

#include <fmt/format.h>

namespace puzzlelab::wordle {

Pattern score(std::string_view secret, std::string_view guess) {
  assert(secret.size() == guess.size() && guess.size() <= kMaxLength);
  std::array<std::uint8_t, 26> unmatched{};
  std::array<Mark, kMaxLength> marks{};
  for (std::size_t i = 0; i < guess.size(); ++i) {
    if (guess[i] == secret[i]) {
      marks[i] = Mark::Green;
    } else {
      ++unmatched[static_cast<std::size_t>(secret[i] - 'a')];
    }
  }
  for (std::size_t i = 0; i < guess.size(); ++i) {
    auto& left = unmatched[static_cast<std::size_t>(guess[i] - 'a')];
    if (marks[i] != Mark::Green && left > 0) {
      marks[i] = Mark::Yellow;
      --left;
    }
  }
  Pattern code = 0;
  for (std::size_t i = guess.size(); i-- > 0;) code = code * 3 + static_cast<Pattern>(marks[i]);
  return code;
}

std::string pattern_text(Pattern pattern, int length) {
  std::string text;
  for (int i = 0; i < length; ++i) {
    switch (mark_at(pattern, i)) {
      case Mark::Green:
        text += 'G';
        break;
      case Mark::Yellow:
        text += 'Y';
        break;
      case Mark::Gray:
        text += '.';
        break;
    }
  }
  return text;
}

core::Result<Pattern> parse_pattern(std::string_view text, int length) {
  if (static_cast<int>(text.size()) != length) {
    return core::Error{fmt::format("colours '{}' have {} marks; expected {} (one per letter, e.g. {})", text,
                                   text.size(), length, std::string(static_cast<std::size_t>(length - 2), '.') + "YG")};
  }
  // The first bad mark is the one to name; the code below is built from the last mark.
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (std::string_view("GgYy.-_BbXxWw012").find(text[i]) == std::string_view::npos) {
      return core::Error{
          fmt::format("colours '{}': mark {} is '{}'; use G (green), Y (yellow) or . (gray)", text, i + 1, text[i])};
    }
  }
  Pattern code = 0;
  for (int i = length; i-- > 0;) {
    Mark m{};
    switch (text[static_cast<std::size_t>(i)]) {
      case 'G':
      case 'g':
      case '2':
        m = Mark::Green;
        break;
      case 'Y':
      case 'y':
      case '1':
        m = Mark::Yellow;
        break;
      case '.':
      case '-':
      case '_':
      case 'B':
      case 'b':
      case 'X':
      case 'x':
      case 'W':
      case 'w':
      case '0':
        m = Mark::Gray;
        break;
      default:
        return core::Error{fmt::format("colours '{}': mark {} is '{}'; use G (green), Y (yellow) or . (gray)", text,
                                       i + 1, text[static_cast<std::size_t>(i)])};
    }
    code = code * 3 + static_cast<Pattern>(m);
  }
  return code;
}

core::Result<std::string> normalize_word(std::string_view text, int length) {
  std::string word;
  std::size_t position = 0;  // in characters, for the message
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    ++position;
    if (c >= 'a' && c <= 'z') {
      word += c;
    } else if (c >= 'A' && c <= 'Z') {
      word += static_cast<char>(c - 'A' + 'a');
    } else {
      // Show the whole character (a UTF-8 sequence, or an escape for controls).
      std::string shown(1, c);
      if ((static_cast<unsigned char>(c) & 0xC0) == 0xC0) {
        while (i + 1 < text.size() && (static_cast<unsigned char>(text[i + 1]) & 0xC0) == 0x80) shown += text[++i];
      } else if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7F) {
        shown = fmt::format("\\x{:02x}", static_cast<unsigned char>(c));
      }
      return core::Error{
          fmt::format("'{}' has '{}' at position {}; a word has only letters a-z", text, shown, position)};
    }
  }
  if (length > 0 && static_cast<int>(word.size()) != length) {
    return core::Error{fmt::format("'{}' has {} letters; expected {}", text, word.size(), length)};
  }
  if (length <= 0 && (word.size() < kMinLength || word.size() > kMaxLength)) {
    return core::Error{
        fmt::format("'{}' has {} letters; words have {} to {}", text, word.size(), kMinLength, kMaxLength)};
  }
  return word;
}

}  // namespace puzzlelab::wordle
