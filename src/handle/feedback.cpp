#include "handle/feedback.h"

#include <algorithm>
#include <cassert>
#include <optional>
#include <vector>

#include <fmt/format.h>

namespace puzzlelab::handle {

namespace {
constexpr std::array<Pattern, 17> kPow3 = [] {
  std::array<Pattern, 17> p{};
  p[0] = 1;
  for (std::size_t i = 1; i < p.size(); ++i) p[i] = p[i - 1] * 3;
  return p;
}();

// `includesAndRemove`: remove one copy of v and say whether there was one.
template <class T>
bool take(std::vector<T>& pool, const T& v) {
  const auto it = std::find(pool.begin(), pool.end(), v);
  if (it == pool.end()) return false;
  pool.erase(it);
  return true;
}

// `parts`: [initial, final] with the empty initial of a zero-initial syllable kept, and
// nothing at all for a syllable without a reading (`parsePinyin` gives []).
std::vector<std::string> parts_of(const Syllable& s) {
  if (s.final.empty() && s.initial.empty()) return {};
  return {s.initial, s.final};
}
}  // namespace

bool Feedback::win() const {
  return std::all_of(marks.begin(), marks.end(), [](const auto& m) { return m[0] == Mark::Exact; });
}

Pattern encode(const Feedback& f) {
  Pattern p = 0;
  for (int i = 0; i < kPositions; ++i) {
    for (int c = 0; c < kChannels; ++c) p += static_cast<Pattern>(f.marks[i][c]) * kPow3[4 * i + c];
  }
  return p;
}

Feedback decode(Pattern p) {
  assert(p < kPatternCount);
  Feedback f;
  for (int i = 0; i < kPositions; ++i) {
    for (int c = 0; c < kChannels; ++c) {
      f.marks[i][c] = static_cast<Mark>(p % 3);
      p /= 3;
    }
  }
  return f;
}

bool pattern_wins(Pattern p) {
  for (int i = 0; i < kPositions; ++i) {
    if ((p / kPow3[4 * i]) % 3 != 2) return false;
  }
  return true;
}

std::string format_feedback(const Feedback& f) {
  static constexpr char kLetter[] = {'N', 'M', 'E'};
  std::string out;
  for (int i = 0; i < kPositions; ++i) {
    if (i > 0) out += ' ';
    for (int c = 0; c < kChannels; ++c) out += kLetter[static_cast<int>(f.marks[i][c])];
  }
  return out;
}

core::Result<Feedback> parse_feedback(std::string_view text) {
  std::string letters;
  std::vector<std::size_t> group_sizes{0};
  for (const char c : text) {
    if (c == ' ') {
      if (group_sizes.back() != 0) group_sizes.push_back(0);
      continue;
    }
    const char u = (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
    if (u != 'E' && u != 'M' && u != 'N') {
      return core::Error{fmt::format("marks '{}': use only E (exact), M (misplaced) and N (none)", text)};
    }
    letters += u;
    ++group_sizes.back();
  }
  if (group_sizes.back() == 0) group_sizes.pop_back();
  if (letters.size() != 16) {
    return core::Error{
        fmt::format("marks '{}': expected 16 letters (4 per character: character, initial, final, "
                    "tone), got {}",
                    text, letters.size())};
  }
  if (group_sizes.size() != 1 && group_sizes != std::vector<std::size_t>{4, 4, 4, 4}) {
    return core::Error{fmt::format("marks '{}': write four groups of four letters, e.g. NNNM NMMM NNNN NNNN", text)};
  }
  Feedback f;
  for (int k = 0; k < 16; ++k) {
    f.marks[k / 4][k % 4] = letters[k] == 'E' ? Mark::Exact : letters[k] == 'M' ? Mark::Misplaced : Mark::None;
  }
  return f;
}

Feedback score(const Lexicon& lexicon, const ParsedWord& guess, const ParsedWord& answer) {
  assert(guess.size() == kPositions && answer.size() == kPositions);
  // Pools of the answer's symbols not matched in place, built before any scoring.
  std::vector<char32_t> chars;
  std::vector<int> tones;
  std::vector<std::string> parts;
  for (int j = 0; j < kPositions; ++j) {
    if (lexicon.simplify(guess[j].ch) != lexicon.simplify(answer[j].ch))
      chars.push_back(lexicon.simplify(answer[j].ch));
    if (guess[j].syllable.tone != answer[j].syllable.tone) tones.push_back(answer[j].syllable.tone);
    const auto gp = parts_of(guess[j].syllable);
    for (const auto& p : parts_of(answer[j].syllable)) {
      if (std::find(gp.begin(), gp.end(), p) == gp.end()) parts.push_back(p);
    }
  }
  Feedback f;
  // Left to right; within a position the game's order char, tone, initial, final (only
  // initial/final share a pool, so only their relative order matters).
  for (int i = 0; i < kPositions; ++i) {
    const ParsedChar& g = guess[i];
    const ParsedChar& a = answer[i];
    const char32_t simplified = lexicon.simplify(g.ch);
    const auto ap = parts_of(a.syllable);
    const auto in_answer_parts = [&](const std::string& p) { return std::find(ap.begin(), ap.end(), p) != ap.end(); };
    auto& m = f.marks[i];
    m[static_cast<int>(Channel::Char)] = (a.ch == simplified || a.ch == g.ch) ? Mark::Exact
                                         : take(chars, simplified)            ? Mark::Misplaced
                                                                              : Mark::None;
    m[static_cast<int>(Channel::Tone)] = g.syllable.tone == a.syllable.tone ? Mark::Exact
                                         : take(tones, g.syllable.tone)     ? Mark::Misplaced
                                                                            : Mark::None;
    const auto part_mark = [&](const std::string& p) {
      // `!a._1 || answer[i].parts.includes(a._1)`: a missing part is exact.
      if (p.empty() || in_answer_parts(p)) return Mark::Exact;
      return take(parts, p) ? Mark::Misplaced : Mark::None;
    };
    m[static_cast<int>(Channel::Initial)] = part_mark(g.syllable.initial);
    m[static_cast<int>(Channel::Final)] = part_mark(g.syllable.final);
  }
  return f;
}

Feedback score_words(const Lexicon& lexicon, std::u32string_view answer, std::u32string_view guess) {
  return score(lexicon, parse_word(lexicon, guess, answer), parse_word(lexicon, answer, answer));
}

}  // namespace puzzlelab::handle
