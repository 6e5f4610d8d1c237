#include "app/wordle_render.h"

#include <algorithm>

#include <fmt/format.h>

namespace puzzlelab::app {

namespace {

using wordle::LetterStatus;
using wordle::Mark;

// 256-colour backgrounds close to the real game's: #6aaa64 green, #c9b458 yellow,
// #787c7e gray; high contrast #f5793a orange and #85c0f9 blue.
int background(Mark m, WordlePalette palette) {
  switch (m) {
    case Mark::Green:
      return palette == WordlePalette::HighContrast ? 208 : 71;
    case Mark::Yellow:
      return palette == WordlePalette::HighContrast ? 117 : 179;
    case Mark::Gray:
      return 243;
  }
  return 243;
}

std::string coloured_tile(char letter, int bg) {
  return fmt::format("\x1b[1;38;5;231;48;5;{}m {} \x1b[0m", bg, letter);
}

char upper(char c) {
  return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
}

}  // namespace

std::string render_wordle_row(std::string_view word, wordle::Pattern pattern, const WordleStyle& style) {
  std::string out;
  for (std::size_t i = 0; i < word.size(); ++i) {
    const char c = upper(word[i]);
    const Mark m = wordle::mark_at(pattern, static_cast<int>(i));
    if (i > 0) out += style.color ? " " : "";
    if (style.color) {
      out += coloured_tile(c, background(m, style.palette));
    } else {
      switch (m) {
        case Mark::Green:
          out += fmt::format("[{}]", c);
          break;
        case Mark::Yellow:
          out += fmt::format("({})", c);
          break;
        case Mark::Gray:
          out += fmt::format(" {} ", c);
          break;
      }
    }
  }
  // A gray last tile ends in a blank; trailing blanks carry nothing.
  if (!style.color) {
    while (!out.empty() && out.back() == ' ') out.pop_back();
  }
  return out;
}

std::string render_wordle_typing(std::string_view typed, int length, const WordleStyle& style) {
  std::string out;
  for (int i = 0; i < length; ++i) {
    const char c = static_cast<std::size_t>(i) < typed.size() ? upper(typed[static_cast<std::size_t>(i)]) : ' ';
    if (i > 0) out += style.color ? " " : "";
    if (style.color) {
      out += fmt::format("\x1b[1;38;5;231;48;5;{}m {} \x1b[0m", c == ' ' ? 236 : 239, c);
    } else {
      out += c == ' ' ? std::string(" _ ") : fmt::format(" {} ", c);
    }
  }
  return out;
}

std::string render_wordle_board(const std::vector<wordle::PlayedRow>& rows, int length, std::uint32_t max_rows,
                                const WordleStyle& style, const std::string& indent, const std::string* typing) {
  std::string out;
  for (const auto& row : rows) out += indent + render_wordle_row(row.guess, row.pattern, style) + "\n";
  std::uint32_t drawn = static_cast<std::uint32_t>(rows.size());
  if (typing != nullptr && drawn < max_rows) {
    out += indent + render_wordle_typing(*typing, length, style) + "\n";
    ++drawn;
  }
  for (; drawn < max_rows; ++drawn) out += indent + render_wordle_typing("", length, style) + "\n";
  return out;
}

std::string render_wordle_keyboard(const std::vector<LetterStatus>& status, const WordleStyle& style,
                                   const std::string& indent) {
  static const char* const kRows[] = {"qwertyuiop", "asdfghjkl", "zxcvbnm"};
  std::string out;
  int shift = 0;
  for (const char* row : kRows) {
    std::string line = indent + std::string(static_cast<std::size_t>(shift), ' ');
    for (const char* p = row; *p != '\0'; ++p) {
      const LetterStatus s = status[static_cast<std::size_t>(*p - 'a')];
      const char c = upper(*p);
      if (style.color) {
        switch (s) {
          case LetterStatus::Correct:
            line += coloured_tile(c, background(Mark::Green, style.palette));
            break;
          case LetterStatus::Present:
            line += coloured_tile(c, background(Mark::Yellow, style.palette));
            break;
          case LetterStatus::Absent:
            line += fmt::format("\x1b[38;5;244;48;5;236m {} \x1b[0m", c);
            break;
          case LetterStatus::Unknown:
            line += fmt::format("\x1b[1;38;5;16;48;5;252m {} \x1b[0m", c);
            break;
        }
      } else {
        switch (s) {
          case LetterStatus::Correct:
            line += fmt::format("[{}]", c);
            break;
          case LetterStatus::Present:
            line += fmt::format("({})", c);
            break;
          case LetterStatus::Absent:
            line += " · ";
            break;
          case LetterStatus::Unknown:
            line += fmt::format(" {} ", c);
            break;
        }
      }
    }
    // Trailing blanks carry no information; keep golden files clean.
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
    shift += style.color ? 2 : 1;
  }
  return out;
}

std::string wordle_title(std::optional<std::uint64_t> day) {
  return day ? "Wordle " + wordle::day_number_text(*day) : std::string("Wordle practice");
}

std::string render_wordle_share(std::optional<std::uint64_t> day, const std::vector<wordle::PlayedRow>& rows,
                                bool won, bool hard, std::uint32_t max_guesses, int length, WordlePalette palette) {
  std::string out = fmt::format("{} {}/{}{}\n\n", wordle_title(day), won ? std::to_string(rows.size()) : std::string("X"),
                                max_guesses, hard ? "*" : "");
  const bool hc = palette == WordlePalette::HighContrast;
  for (const auto& row : rows) {
    for (int i = 0; i < length; ++i) {
      switch (wordle::mark_at(row.pattern, i)) {
        case Mark::Green:
          out += hc ? "🟧" : "🟩";
          break;
        case Mark::Yellow:
          out += hc ? "🟦" : "🟨";
          break;
        case Mark::Gray:
          out += "⬛";
          break;
      }
    }
    out += "\n";
  }
  return out;
}

std::string render_wordle_stats(const wordle::PlayerStats& stats, std::uint32_t last, const WordleStyle& style) {
  std::string out = "Statistics\n";
  out += fmt::format("  played {}   win % {}   current streak {}   max streak {}\n", stats.played, stats.win_percent(),
                     stats.current_streak, stats.max_streak);
  out += "Guess distribution\n";
  const std::uint64_t most =
      std::max<std::uint64_t>(1, *std::max_element(stats.distribution.begin(), stats.distribution.end()));
  constexpr int kWidth = 30;
  for (std::size_t i = 0; i < stats.distribution.size(); ++i) {
    const std::uint64_t n = stats.distribution[i];
    const int cells = n == 0 ? 0 : std::max(1, static_cast<int>(n * kWidth / most));
    const bool mine = last == i + 1;
    if (style.color) {
      out += fmt::format("  {} \x1b[1;38;5;231;48;5;{}m{} {} \x1b[0m\n", i + 1,
                         mine ? background(Mark::Green, style.palette) : 240,
                         std::string(static_cast<std::size_t>(cells), ' '), n);
    } else {
      out += fmt::format("  {} |{} {}{}\n", i + 1, std::string(static_cast<std::size_t>(cells), '#'), n,
                         mine ? "  <" : "");
    }
  }
  return out;
}

std::string_view wordle_praise(std::uint32_t guesses) {
  switch (guesses) {
    case 1:
      return "Genius";
    case 2:
      return "Magnificent";
    case 3:
      return "Impressive";
    case 4:
      return "Splendid";
    case 5:
      return "Great";
    default:
      return "Phew";
  }
}

std::string upper_word(std::string word) {
  for (auto& c : word) c = static_cast<char>(c - 'a' + 'A');
  return word;
}

}  // namespace puzzlelab::app
