#include "handle/compiled.h"

#include <cassert>

#include "handle/reading.h"

namespace puzzlelab::handle {

PartId PartTable::intern(std::string_view part) {
  const auto it = ids_.find(std::string(part));
  if (it != ids_.end()) return it->second;
  assert(texts_.size() < 0xFFFF);
  const auto id = static_cast<PartId>(texts_.size());
  texts_.emplace_back(part);
  ids_.emplace(std::string(part), id);
  return id;
}

CompiledWord WordCompiler::compile(std::u32string_view word) {
  assert(word.size() == 4);
  const Lexicon& lex = *lexicon_;
  CompiledWord w;
  const auto set = [&](CompiledReading& r, std::size_t i, const Syllable& s) {
    r.initial[i] = parts_.intern(s.initial);
    r.final[i] = parts_.intern(s.final);
    r.tone[i] = static_cast<std::uint8_t>(s.tone);
  };
  const ParsedWord own = parse_word(lex, word);
  const ParsedWord as_answer = parse_word(lex, word, word);
  const std::vector<std::string> pinyin = lex.pinyin_of(word);
  for (std::size_t i = 0; i < 4; ++i) {
    w.raw[i] = word[i];
    w.simp[i] = lex.simplify(word[i]);
    set(w.own, i, own[i].syllable);
    set(w.as_answer, i, as_answer[i].syllable);
    // What parse_word does for a guess character equal to word[i] when word is the answer.
    const auto at = utf16_index_of(word, word[i]);
    if (at && *at < pinyin.size() && !pinyin[*at].empty()) {
      set(w.lend, i, split_syllable(pinyin[*at]));
      w.lend_mask = static_cast<std::uint8_t>(w.lend_mask | (1u << i));
    }
  }
  return w;
}

Pattern fast_score(const CompiledWord& g, const CompiledWord& a) {
  // The guess's reading in this round.
  std::array<PartId, 4> gi = g.own.initial;
  std::array<PartId, 4> gf = g.own.final;
  std::array<std::uint8_t, 4> gt = g.own.tone;
  for (int i = 0; i < 4; ++i) {
    for (int k = 0; k < 4; ++k) {
      if (a.raw[k] == g.raw[i]) {
        if ((a.lend_mask >> k) & 1u) {
          gi[i] = a.lend.initial[k];
          gf[i] = a.lend.final[k];
          gt[i] = a.lend.tone[k];
        }
        break;
      }
    }
  }
  // Pools of unmatched answer symbols (multisets; order does not matter). The empty part
  // is left out: the game may pool it, but a guess never looks it up (an empty guess
  // part is exact before the pool is consulted).
  std::array<char32_t, 4> chars;
  std::array<std::uint8_t, 4> tones;
  std::array<PartId, 8> parts;
  int nc = 0, nt = 0, np = 0;
  for (int j = 0; j < 4; ++j) {
    if (g.simp[j] != a.simp[j]) chars[nc++] = a.simp[j];
    const std::uint8_t at = a.as_answer.tone[j];
    if (gt[j] != at) tones[nt++] = at;
    const PartId ai = a.as_answer.initial[j];
    const PartId af = a.as_answer.final[j];
    if (ai != 0 && ai != gi[j] && ai != gf[j]) parts[np++] = ai;
    if (af != 0 && af != gi[j] && af != gf[j]) parts[np++] = af;
  }
  const auto take = [](auto& pool, int& n, auto v) {
    for (int k = 0; k < n; ++k) {
      if (pool[k] == v) {
        pool[k] = pool[--n];
        return true;
      }
    }
    return false;
  };
  Pattern code = 0;
  Pattern weight = 1;  // 3^(4 * position)
  for (int i = 0; i < 4; ++i, weight *= 81) {
    Pattern d_char, d_ini, d_fin, d_tone;
    if (a.raw[i] == g.simp[i] || a.raw[i] == g.raw[i]) {
      d_char = 2;
    } else {
      d_char = take(chars, nc, g.simp[i]) ? 1 : 0;
    }
    if (gt[i] == a.as_answer.tone[i]) {
      d_tone = 2;
    } else {
      d_tone = take(tones, nt, gt[i]) ? 1 : 0;
    }
    const PartId ai = a.as_answer.initial[i];
    const PartId af = a.as_answer.final[i];
    if (gi[i] == 0 || gi[i] == ai || gi[i] == af) {
      d_ini = 2;
    } else {
      d_ini = take(parts, np, gi[i]) ? 1 : 0;
    }
    if (gf[i] == 0 || gf[i] == ai || gf[i] == af) {
      d_fin = 2;
    } else {
      d_fin = take(parts, np, gf[i]) ? 1 : 0;
    }
    code += weight * (d_char + 3 * d_ini + 9 * d_fin + 27 * d_tone);
  }
  return code;
}

}  // namespace puzzlelab::handle
