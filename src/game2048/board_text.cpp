#include "game2048/board_text.h"

#include <charconv>
#include <sstream>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace puzzlelab::game2048 {

std::optional<Move> parse_move(std::string_view text) {
  std::string t;
  for (const char ch : text) t += static_cast<char>(ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch);
  // The original's keys (js/keyboard_input_manager.js:37-50): WASD and vim hjkl. No
  // initials: "d" is right in WASD and "l" is right in vim.
  if (t == "up" || t == "w" || t == "k") return Move::Up;
  if (t == "down" || t == "s" || t == "j") return Move::Down;
  if (t == "left" || t == "a" || t == "h") return Move::Left;
  if (t == "right" || t == "d" || t == "l") return Move::Right;
  return std::nullopt;
}

core::Result<Grid> parse_grid(std::string_view text, std::optional<int> size) {
  std::vector<std::int64_t> values;
  std::size_t i = 0;
  while (i < text.size()) {
    const char ch = text[i];
    if (ch == ' ' || ch == '\t' || ch == ',' || ch == '/' || ch == ';' || ch == '\n' || ch == '\r' || ch == '[' ||
        ch == ']') {
      ++i;
      continue;
    }
    if (ch < '0' || ch > '9') return core::Error{fmt::format("unexpected '{}' in the board", ch)};
    std::size_t j = i;
    while (j < text.size() && text[j] >= '0' && text[j] <= '9') ++j;
    std::int64_t v = 0;
    const auto [end, ec] = std::from_chars(text.data() + i, text.data() + j, v);
    if (ec != std::errc{} || end != text.data() + j) {
      return core::Error{fmt::format("'{}' is too large for a tile", text.substr(i, j - i))};
    }
    values.push_back(v);
    i = j;
  }
  int n = 0;
  for (int s = kMinSize; s <= kMaxSize; ++s) {
    if (values.size() == static_cast<std::size_t>(s * s)) n = s;
  }
  if (size && n != *size) {
    return core::Error{
        fmt::format("expected {} tile values ({}×{}), got {}", *size * *size, *size, *size, values.size())};
  }
  if (n == 0) {
    return core::Error{
        fmt::format("expected 16 tile values (or 9, 25, ..., 64 for other sizes), got {}", values.size())};
  }
  Grid g;
  g.size = n;
  for (std::size_t k = 0; k < values.size(); ++k) {
    const auto e = exponent_of(values[k]);
    if (!e) return core::Error{fmt::format("{} is not a tile value (0 or a power of two from 2)", values[k])};
    g.cells[k] = static_cast<std::uint8_t>(*e);
  }
  // No board can hold a tile above 2^(cells + 1).
  if (max_exponent(g) > n * n + 1) return core::Error{"a tile is larger than the board can hold"};
  return g;
}

std::string grid_values_line(const Grid& g) {
  std::string out;
  for (int k = 0; k < g.area(); ++k) {
    if (k > 0) out += ' ';
    out += std::to_string(tile_value(g.cells[static_cast<std::size_t>(k)]));
  }
  return out;
}

core::Result<std::pair<Grid, Move>> parse_move_request(const std::string& line) {
  const auto first = line.find_first_not_of(" \t\r");
  if (first != std::string::npos && line[first] == '{') {
    const auto j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object()) return core::Error{"not valid JSON"};
    const char* key = j.contains("before") ? "before" : "board";
    if (!j.contains(key) || !j.contains("dir") || !j.at("dir").is_string()) {
      return core::Error{"a JSON request needs \"before\" and \"dir\""};
    }
    auto g = parse_grid(j.at(key).dump());
    if (!g) return g.error();
    const auto m = parse_move(j.at("dir").get<std::string>());
    if (!m) return core::Error{fmt::format("unknown direction '{}'", j.at("dir").get<std::string>())};
    return std::pair{*g, *m};
  }
  std::istringstream words(line);
  std::string w;
  std::string numbers;
  std::optional<Move> m;
  while (words >> w) {
    if (w.find_first_of("0123456789") != std::string::npos || w == "/" || w == "[" || w == "]") {
      numbers += w + " ";
      continue;
    }
    const auto parsed = parse_move(w);
    if (!parsed) return core::Error{fmt::format("unknown direction '{}' (up, down, left or right)", w)};
    if (m) return core::Error{"more than one direction"};
    m = parsed;
  }
  if (!m) return core::Error{"no direction (up, down, left or right)"};
  auto g = parse_grid(numbers);
  if (!g) return g.error();
  return std::pair{*g, *m};
}

}  // namespace puzzlelab::game2048
