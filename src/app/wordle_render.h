#pragma once
// How Wordle is drawn: State -> std::string, pure functions, tested against golden
// strings. With colour, tiles are letters on the real game's colours (or the high
// contrast palette: orange for correct, blue for present); without colour, a
// letter-only form: [A] green, (A) yellow, plain A gray.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "wordle/player_stats.h"
#include "wordle/session.h"

namespace puzzlelab::app {

enum class WordlePalette { Normal, HighContrast };

struct WordleStyle {
  bool color = false;
  WordlePalette palette = WordlePalette::Normal;
};

// One guess as tiles: "[S] A (L) E  T " without colour.
std::string render_wordle_row(std::string_view word, wordle::Pattern pattern, const WordleStyle& style);
// A row being typed (not yet scored) and an empty row, `length` tiles wide.
std::string render_wordle_typing(std::string_view typed, int length, const WordleStyle& style);
// The board: the played rows, then (while playing) the typing row and empty rows up
// to max_rows. Each line starts with `indent`.
std::string render_wordle_board(const std::vector<wordle::PlayedRow>& rows, int length, std::uint32_t max_rows,
                                const WordleStyle& style, const std::string& indent = "  ",
                                const std::string* typing = nullptr);
// The QWERTY keyboard, each letter in its best status so far.
std::string render_wordle_keyboard(const std::vector<wordle::LetterStatus>& status, const WordleStyle& style,
                                   const std::string& indent = "  ");
// "Wordle 1,234" for the original game's day (NYT style), "Wordle practice" for any
// other game: a random or chosen answer has no number (it would give the answer away).
std::string wordle_title(std::optional<std::uint64_t> day);
// A word of the lists (a to z) in capitals, as the games show words.
std::string upper_word(std::string word);
// "Wordle 1,234 4/6*" (or "Wordle practice 4/6*") and the emoji grid (X/6 when lost; *
// in hard mode).
std::string render_wordle_share(std::optional<std::uint64_t> day, const std::vector<wordle::PlayedRow>& rows, bool won, bool hard,
                                std::uint32_t max_guesses, int length, WordlePalette palette);
// Played, win %, streaks and the guess distribution as bars; `last` (1..6, 0 for
// none) is the bar of the game just won, highlighted.
std::string render_wordle_stats(const wordle::PlayerStats& stats, std::uint32_t last, const WordleStyle& style);
// The real game's word for a win in n guesses ("Genius" .. "Phew").
std::string_view wordle_praise(std::uint32_t guesses);

}  // namespace puzzlelab::app
