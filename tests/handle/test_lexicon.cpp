#include "test_lexicon.h"

#include <stdexcept>

#include "core/utf8.h"

namespace puzzlelab::handle {
const Lexicon& test_lexicon() {
  static const Lexicon lexicon = [] {
    auto loaded = Lexicon::load(core::DataSource{});
    if (!loaded) throw std::runtime_error(loaded.error().message);
    return std::move(*loaded);
  }();
  return lexicon;
}
Word w(const char* utf8) {
  auto d = core::utf8_decode(utf8);
  if (!d) throw std::runtime_error(d.error().message);
  return *d;
}
}  // namespace puzzlelab::handle
