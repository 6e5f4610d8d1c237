// Fuzz: a typed Handle guess (arbitrary bytes: invalid UTF-8, NUL, non-Han, wrong
// lengths, U+3000 spaces) checked against the real embedded lexicon, in free and strict
// mode. An accepted guess must be four Han characters that are accepted again when
// typed back as UTF-8, and must score as a win against itself; a refusal must say why
// in a way the app can word (the right problem with its detail).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/data_source.h"
#include "core/utf8.h"
#include "handle/feedback.h"
#include "handle/lexicon.h"
#include "handle/session.h"

namespace {

const puzzlelab::handle::Lexicon& lexicon() {
  static const puzzlelab::handle::Lexicon lex = [] {
    auto loaded = puzzlelab::handle::Lexicon::load(puzzlelab::core::DataSource{});
    if (!loaded) std::abort();
    return std::move(*loaded);
  }();
  return lex;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace h = puzzlelab::handle;
  namespace core = puzzlelab::core;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto& lex = lexicon();
  for (const bool strict : {false, true}) {
    const h::CheckedGuess checked = h::check_guess(lex, text, strict);
    if (!checked.word) {
      const auto& e = checked.error;
      if (e.problem == h::InputProblem::NotHan && core::is_han(e.offending)) std::abort();
      if (e.problem == h::InputProblem::Length && e.count == 4) std::abort();
      continue;
    }
    const auto& word = *checked.word;
    if (word.size() != 4) std::abort();
    for (const char32_t c : word) {
      if (!core::is_han(c)) std::abort();
    }
    const auto again = h::check_guess(lex, core::utf8_encode(word), strict);
    if (!again.word || *again.word != word) std::abort();
    if (!strict && !h::score_words(lex, word, word).win()) std::abort();
  }
  return 0;
}
