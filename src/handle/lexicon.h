#pragma once
// The game's data (data/handle, see its SOURCES.md) and the game's rule for which pinyin a
// word gets (antfu/handle src/logic/idioms.ts `getIdiom` / `getPinyin`; docs/rules/handle.md
// §1.1). Loaded once; everything else reads it.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/data_source.h"
#include "core/result.h"

namespace puzzlelab::handle {

// A word as the game sees it: code points (the game's `Array.from(word)`).
using Word = std::u32string;

struct Idiom {
  Word word;
  std::vector<std::string> pinyin;  // one syllable per character, "zhong1" style, 0 = neutral
};

// The raw text of the five data files.
struct LexiconFiles {
  std::string idioms;          // idioms.tsv: idiom<TAB>syllables
  std::string answers;         // answers.txt: one idiom a line, day 1 first
  std::string answers_by_day;  // answers_by_day.tsv: day<TAB>date<TAB>idiom<TAB>hint, with a header
  std::string chars;           // chars.tsv: char<TAB>syllable
  std::string variants;        // variants.tsv: variant<TAB>simplified
};

class Lexicon {
 public:
  // Validates every line; the error names the file, the line and what is wrong.
  static core::Result<Lexicon> parse(const LexiconFiles& files);
  static core::Result<Lexicon> load(const core::DataSource& data);

  // All idioms the game knows (idioms.txt ∪ polyphones.json), in code-point order.
  [[nodiscard]] const std::vector<Idiom>& idioms() const { return idioms_; }
  [[nodiscard]] std::optional<std::uint32_t> find(std::u32string_view word) const;
  // The daily answers, day 1 first (the game's index 0 placeholder is not included).
  [[nodiscard]] const std::vector<Word>& answers() const { return answers_; }
  // The hint character of each answer (same order as answers()).
  [[nodiscard]] const std::vector<char32_t>& hints() const { return hints_; }

  // The game's variant->simplified map `S` (packages/tools/src/convert.ts): applied only to
  // characters above U+00FF, and (the JS regex works on UTF-16 units) never to characters
  // outside the BMP.
  [[nodiscard]] char32_t simplify(char32_t ch) const;
  [[nodiscard]] Word simplify(std::u32string_view word) const;

  // The pinyin package's first reading of a character (of its simplified form); nullopt
  // when the package does not know the character.
  [[nodiscard]] std::optional<std::string_view> char_reading(char32_t ch) const;

  // Strict mode's `getIdiom(word)` hit: the word or its simplified form is an idiom.
  [[nodiscard]] bool is_idiom(std::u32string_view word) const;

  // `getPinyin(word)`: the idiom's reading (of the word, else of its simplified form);
  // for any other word, the package on S(word), which reads unknown characters as one
  // run of text (so the result can have fewer entries than the word has characters).
  // Every entry has had rewrite_umlaut applied.
  [[nodiscard]] std::vector<std::string> pinyin_of(std::u32string_view word) const;

  // FNV-1a of the data files, keying anything cached from them.
  [[nodiscard]] std::uint64_t checksum() const { return checksum_; }

 private:
  std::vector<Idiom> idioms_;
  std::unordered_map<Word, std::uint32_t> index_;
  std::vector<Word> answers_;
  std::vector<char32_t> hints_;
  std::unordered_map<char32_t, std::string> chars_;
  std::unordered_map<char32_t, char32_t> variants_;
  std::uint64_t checksum_ = 0;
};

}  // namespace puzzlelab::handle
