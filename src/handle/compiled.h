#pragma once
// The fast feedback path. Each word is parsed once into small integer lanes (characters as
// code points before and after the variant map, initials and finals as interned part ids,
// tones); a pair is then scored with a few dozen vector operations, no allocation and no
// data-dependent branch. The only per-pair reading rule left is §1.2's: a guess character
// found in the answer takes the answer's reading of its first occurrence, which each
// compiled answer carries ready.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "handle/feedback.h"
#include "handle/lexicon.h"
#include "handle/pinyin.h"

namespace puzzlelab::handle {

// Initials and finals share one id space because the game keeps them in one pool (§1.4):
// the final "n" of 嗯 (n2) is the same symbol as the initial n. Id 0 is the empty part.
using PartId = std::uint32_t;

class PartTable {
 public:
  // The empty part and the 23 initials take ids 0..23, so a final with a smaller id is
  // spelled like an initial (or is empty).
  static constexpr PartId kFirstFinal = 24;
  PartTable();
  PartId intern(std::string_view part);
  [[nodiscard]] const std::string& text(PartId id) const { return texts_[id]; }
  [[nodiscard]] std::size_t size() const { return texts_.size(); }

 private:
  std::vector<std::string> texts_;
  std::unordered_map<std::string, PartId> ids_;
};

// Four positions of one channel, laid out for 128-bit vector loads.
using Lanes = std::array<std::uint32_t, 4>;

struct CompiledReading {
  alignas(16) Lanes initial{};
  alignas(16) Lanes final{};
  alignas(16) Lanes tone{};
};

struct CompiledWord {
  alignas(16) Lanes raw{};    // the characters as given
  alignas(16) Lanes simp{};   // after the variant map S
  CompiledReading own;        // as a guess: each character's own positional reading
  CompiledReading as_answer;  // as the answer: `parseWord(answer, answer)`
  // The reading lent to a guess character equal to raw[k] (the answer's reading at the
  // first occurrence of that character) when bit k of lend_mask is set; otherwise such a
  // guess character keeps its own reading (`answerPinyin[indexOf(char)] || pinyin`).
  CompiledReading lend;
  std::uint8_t lend_mask = 0;
  static constexpr std::uint8_t kConsonantFinal = 1;  // some final has an id < kFirstFinal
  std::uint8_t flags = 0;
};

// Compiles four-character words against one part table (so compiled words are
// comparable only with words of the same compiler).
class WordCompiler {
 public:
  explicit WordCompiler(const Lexicon& lexicon) : lexicon_(&lexicon) {}
  // The word must be four code points (validated by the caller).
  CompiledWord compile(std::u32string_view word);
  [[nodiscard]] const PartTable& parts() const { return parts_; }
  [[nodiscard]] const Lexicon& lexicon() const { return *lexicon_; }

 private:
  const Lexicon* lexicon_;
  PartTable parts_;
};

// testAnswer on compiled words; equal to encode(score_words(...)) for every pair.
// Uses SSE2 where available (every x86-64), else fast_score_scalar.
Pattern fast_score(const CompiledWord& guess, const CompiledWord& answer);
// The same in portable scalar code (tested against the vector version).
Pattern fast_score_scalar(const CompiledWord& guess, const CompiledWord& answer);

}  // namespace puzzlelab::handle
