#include "handle/round.h"

#include <algorithm>

#include "core/utf8.h"

namespace puzzlelab::handle {

namespace {
bool is_space(char32_t c) {
  return c == U' ' || c == U'\t' || c == U'\r' || c == U'\n' || c == U'\u3000';
}
}  // namespace

CheckedGuess check_guess(const Lexicon& lexicon, std::string_view text, bool strict) {
  CheckedGuess out;
  auto decoded = core::utf8_decode(text);
  if (!decoded) {
    out.error = InputError{InputProblem::NotText, std::string(text), 0, 0};
    return out;
  }
  Word word = std::move(*decoded);
  while (!word.empty() && is_space(word.back())) word.pop_back();
  std::size_t lead = 0;
  while (lead < word.size() && is_space(word[lead])) ++lead;
  word.erase(0, lead);
  const std::string trimmed = core::utf8_encode(word);
  // A Han character, or another character the game's data gives a reading: 〇 (líng,
  // U+3007) is no Unified_Ideograph but is in chars.tsv, so it can be scored.
  const auto readable = [&lexicon](char32_t c) { return core::is_han(c) || lexicon.char_reading(c).has_value(); };
  if (const auto bad = std::find_if_not(word.begin(), word.end(), readable); bad != word.end()) {
    out.error = InputError{InputProblem::NotHan, trimmed, *bad, word.size()};
    return out;
  }
  if (word.size() != 4) {
    out.error = InputError{InputProblem::Length, trimmed, 0, word.size()};
    return out;
  }
  if (strict && !lexicon.is_idiom(word)) {
    out.error = InputError{InputProblem::NotIdiom, trimmed, 0, word.size()};
    return out;
  }
  out.word = std::move(word);
  return out;
}

Round::Round(const Lexicon& lexicon, Word answer, char32_t hint) : lexicon_(&lexicon), answer_(std::move(answer)) {
  answer_parsed_ = parse_word(lexicon, answer_, answer_);
  hint_ = parse_word(lexicon, std::u32string(1, hint), answer_).front();
}

const Turn& Round::play(const Word& guess) {
  Turn t;
  t.word = guess;
  t.parsed = parse_word(*lexicon_, guess, answer_);
  t.feedback = score(*lexicon_, t.parsed, answer_parsed_);
  if (t.feedback.win()) won_ = true;
  turns_.push_back(std::move(t));
  return turns_.back();
}

}  // namespace puzzlelab::handle
