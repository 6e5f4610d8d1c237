#include "core/wording.h"

#include <fmt/format.h>

#include "core/utf8.h"

namespace puzzlelab::core {

std::string counted(std::int64_t n, std::string_view singular, std::string_view plural) {
  if (n == 1) return fmt::format("1 {}", singular);
  if (plural.empty()) return fmt::format("{} {}s", n, singular);
  return fmt::format("{} {}", n, plural);
}

namespace {

// The longest prefix of `word` (whole code points) that fits `width` columns.
std::size_t fitting_prefix(std::string_view word, int width) {
  std::size_t end = 0;
  int used = 0;
  while (end < word.size()) {
    std::size_t next = end + 1;
    while (next < word.size() && (static_cast<unsigned char>(word[next]) & 0xC0) == 0x80) ++next;
    const int w = display_width(word.substr(end, next - end));
    if (used + w > width) break;
    used += w;
    end = next;
  }
  return end;
}

}  // namespace

std::vector<std::string> wrap_words(std::string_view text, int width, std::size_t max_lines) {
  std::vector<std::string> lines;
  if (width <= 0) return lines;
  std::string line;
  bool cut = false;
  auto flush = [&] {
    lines.push_back(line);
    line.clear();
  };
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') ++i;
    if (i >= text.size()) break;
    std::size_t j = text.find(' ', i);
    if (j == std::string_view::npos) j = text.size();
    std::string_view word = text.substr(i, j - i);
    i = j;
    for (;;) {
      const int lw = display_width(line);
      const int ww = display_width(word);
      if (lw > 0 && lw + 1 + ww <= width) {
        line += ' ';
        line += word;
        break;
      }
      if (lw == 0 && ww <= width) {
        line = std::string(word);
        break;
      }
      if (lw > 0) {
        flush();
        continue;
      }
      // A word wider than the whole line: as much as fits, the rest on the next lines.
      const std::size_t n = std::max<std::size_t>(1, fitting_prefix(word, width));
      line = std::string(word.substr(0, n));
      word.remove_prefix(n);
      flush();
      if (word.empty()) break;
    }
  }
  if (!line.empty()) flush();
  if (max_lines > 0 && lines.size() > max_lines) {
    lines.resize(max_lines);
    cut = true;
  }
  if (cut) {
    std::string& last = lines.back();
    while (!last.empty() && display_width(last) + 1 > width) {
      // Drop whole code points from the end until the ellipsis fits.
      std::size_t k = last.size() - 1;
      while (k > 0 && (static_cast<unsigned char>(last[k]) & 0xC0) == 0x80) --k;
      last.resize(k);
    }
    last += "…";
  }
  return lines;
}

}  // namespace puzzlelab::core
