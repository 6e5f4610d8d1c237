// Fuzz: `wordle assist` entries ("crane ..Y.G", "CRANE:bbygb", ...) against the real
// embedded lists, and word lists (--answers / --guesses files). An accepted entry must
// name a real guess and print back (word + G/Y/. text) to the same entry; an accepted
// word list must read back the same when written one word a line.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>

#include "core/data_source.h"
#include "wordle/assistant.h"
#include "wordle/feedback.h"
#include "wordle/game.h"
#include "wordle/word_list.h"

namespace {

const puzzlelab::wordle::WordleGame& game() {
  static const std::unique_ptr<puzzlelab::wordle::WordleGame> g = [] {
    namespace w = puzzlelab::wordle;
    const puzzlelab::core::DataSource data;
    auto answers = w::parse_word_list(*data.read("wordle/answers.txt"));
    auto guesses = w::parse_word_list(*data.read("wordle/guesses.txt"));
    if (!answers || !guesses) std::abort();
    auto created = w::WordleGame::create(*answers, *guesses);
    if (!created) std::abort();
    return std::move(*created);
  }();
  return *g;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace w = puzzlelab::wordle;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto& g = game();

  auto entry = w::parse_assist_entry(g, text);
  if (entry) {
    if (entry->guess >= g.guess_count() || entry->pattern >= w::pattern_count(g.length())) std::abort();
    const std::string printed = g.guess_word(entry->guess) + " " + w::pattern_text(entry->pattern, g.length());
    auto again = w::parse_assist_entry(g, printed);
    if (!again || again->guess != entry->guess || again->pattern != entry->pattern) std::abort();
  } else if (entry.error().message.empty()) {
    std::abort();
  }

  auto list = w::parse_word_list(text);
  if (list) {
    if (list->empty()) std::abort();
    std::string printed;
    for (const auto& word : *list) printed += word + "\n";
    auto again = w::parse_word_list(printed);
    if (!again || *again != *list) std::abort();
  } else if (list.error().message.empty()) {
    std::abort();
  }
  return 0;
}
