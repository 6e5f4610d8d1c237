#include "handle/compiled.h"

#include <cassert>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "handle/reading.h"

namespace puzzlelab::handle {

PartTable::PartTable() {
  intern("");
  for (const std::string_view initial : kInitials) intern(initial);
}

PartId PartTable::intern(std::string_view part) {
  const auto it = ids_.find(std::string(part));
  if (it != ids_.end()) return it->second;
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
    r.tone[i] = static_cast<std::uint32_t>(s.tone);
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
  // A final spelled like an initial (or an empty final: no reading at all) needs the
  // shared-pool path.
  for (std::size_t i = 0; i < 4; ++i) {
    const bool lent = (w.lend_mask >> i) & 1u;
    if (w.own.final[i] < PartTable::kFirstFinal || w.as_answer.final[i] < PartTable::kFirstFinal ||
        (lent && w.lend.final[i] < PartTable::kFirstFinal)) {
      w.flags |= CompiledWord::kConsonantFinal;
    }
  }
  return w;
}

namespace {

// Bit k set when v[k] == x.
inline unsigned mask4(const Lanes& v, std::uint32_t x) {
  return static_cast<unsigned>(v[0] == x) | static_cast<unsigned>(v[1] == x) << 1 |
         static_cast<unsigned>(v[2] == x) << 2 | static_cast<unsigned>(v[3] == x) << 3;
}

// Bits set in a 4-bit mask (the baseline x86-64 has no popcnt instruction).
inline int count4(unsigned m) {
  m = m - ((m >> 1) & 5u);
  return static_cast<int>((m & 3u) + (m >> 2));
}

// Every channel is scored the same way (§1.4): left to right, a non-exact query for x
// takes a pooled copy of x if one is left. Equivalently, it is misplaced when fewer earlier
// non-exact queries asked for x than the pool holds copies of x (each earlier one took a
// copy while there were any) — which can be counted without removing anything.
inline unsigned misplaced4(const Lanes& g, const Lanes& a, unsigned exact, unsigned pooled) {
  const unsigned open = ~exact & 15u;
  unsigned out = 0;
  for (int i = 0; i < 4; ++i) {
    const int copies = count4(mask4(a, g[i]) & pooled);
    const int asked = count4(mask4(g, g[i]) & open & ((1u << i) - 1u));
    out |= static_cast<unsigned>(asked < copies) << i;
  }
  return out & open;
}

// Base-3 digits of one channel over the four positions (weights 3^(4i)).
inline Pattern spread(unsigned two, unsigned one) {
  constexpr Pattern kW[4] = {1, 81, 6561, 531441};
  Pattern p = 0;
  for (int i = 0; i < 4; ++i) p += kW[i] * (((two >> i) & 1u) ? 2u : ((one >> i) & 1u));
  return p;
}

// The guess's reading in this round: a character found in the answer takes the reading
// the answer lends for it (the same for every occurrence: the first one's). Returns false
// (and leaves r as the guess's own reading) when no character is shared.
inline bool round_reading(const CompiledWord& g, const CompiledWord& a, CompiledReading& r) {
  r = g.own;
  bool lent = false;
  for (int i = 0; i < 4; ++i) {
    const unsigned m = mask4(a.raw, g.raw[i]) & a.lend_mask;
    if (m != 0) {
      const int k = __builtin_ctz(m);
      r.initial[i] = a.lend.initial[k];
      r.final[i] = a.lend.final[k];
      r.tone[i] = a.lend.tone[k];
      lent = true;
    }
  }
  return lent;
}

// Initials and finals in one shared pool, the game's code step by step: needed only when a
// final is spelled like an initial (嗯/唔 read n2: final n against an answer's initial n).
void score_shared_pool(const CompiledReading& gr, const CompiledWord& a, unsigned& ini_exact, unsigned& ini_mis,
                       unsigned& fin_exact, unsigned& fin_mis) {
  const auto& gi = gr.initial;
  const auto& gf = gr.final;
  const auto& ai = a.as_answer.initial;
  const auto& af = a.as_answer.final;
  std::array<PartId, 8> parts{};
  int np = 0;
  for (int j = 0; j < 4; ++j) {
    if (ai[j] != 0 && ai[j] != gi[j] && ai[j] != gf[j]) parts[np++] = ai[j];
    if (af[j] != 0 && af[j] != gi[j] && af[j] != gf[j]) parts[np++] = af[j];
  }
  const auto take = [&](PartId v) -> unsigned {
    for (int k = 0; k < np; ++k) {
      if (parts[k] == v) {
        parts[k] = parts[--np];
        return 1;
      }
    }
    return 0;
  };
  ini_exact = ini_mis = fin_exact = fin_mis = 0;
  for (int i = 0; i < 4; ++i) {
    if (gi[i] == 0 || gi[i] == ai[i] || gi[i] == af[i]) {
      ini_exact |= 1u << i;
    } else {
      ini_mis |= take(gi[i]) << i;
    }
    if (gf[i] == 0 || gf[i] == ai[i] || gf[i] == af[i]) {
      fin_exact |= 1u << i;
    } else {
      fin_mis |= take(gf[i]) << i;
    }
  }
}

}  // namespace

Pattern fast_score_scalar(const CompiledWord& g, const CompiledWord& a) {
  CompiledReading gr;
  round_reading(g, a, gr);
  const auto& gt = gr.tone;
  const auto& gi = gr.initial;
  const auto& gf = gr.final;
  const auto& at = a.as_answer.tone;
  const auto& ai = a.as_answer.initial;
  const auto& af = a.as_answer.final;

  // Characters: exact when A[i] is S(G[i]) or G[i]; pooled: S(A[j]) where S(G[j]) != S(A[j]).
  // Tones: exact when equal, pooled where not.
  unsigned char_exact = 0, char_pooled = 0, tone_exact = 0;
  for (int i = 0; i < 4; ++i) {
    char_exact |= static_cast<unsigned>(a.raw[i] == g.simp[i] || a.raw[i] == g.raw[i]) << i;
    char_pooled |= static_cast<unsigned>(g.simp[i] != a.simp[i]) << i;
    tone_exact |= static_cast<unsigned>(gt[i] == at[i]) << i;
  }
  const unsigned char_mis = misplaced4(g.simp, a.simp, char_exact, char_pooled);
  const unsigned tone_mis = misplaced4(gt, at, tone_exact, ~tone_exact & 15u);
  unsigned ini_exact = 0, ini_mis = 0, fin_exact = 0, fin_mis = 0;
  if ((g.flags | a.flags) & CompiledWord::kConsonantFinal) {
    score_shared_pool(gr, a, ini_exact, ini_mis, fin_exact, fin_mis);
  } else {
    // No final is spelled like an initial, so initials only meet initials and finals only
    // finals: two more channels of the same kind. The empty initial is always exact and
    // never pooled (a guess never asks for it).
    unsigned ini_pooled = 0;
    for (int i = 0; i < 4; ++i) {
      ini_exact |= static_cast<unsigned>(gi[i] == 0 || gi[i] == ai[i]) << i;
      ini_pooled |= static_cast<unsigned>(ai[i] != 0 && ai[i] != gi[i]) << i;
      fin_exact |= static_cast<unsigned>(gf[i] == af[i]) << i;
    }
    ini_mis = misplaced4(gi, ai, ini_exact, ini_pooled);
    fin_mis = misplaced4(gf, af, fin_exact, ~fin_exact & 15u);
  }
  return spread(char_exact, char_mis) + 3 * spread(ini_exact, ini_mis) + 9 * spread(fin_exact, fin_mis) +
         27 * spread(tone_exact, tone_mis);
}

#if defined(__SSE2__)

namespace {

inline __m128i load(const Lanes& l) {
  return _mm_load_si128(reinterpret_cast<const __m128i*>(l.data()));
}

// Lane i of rot<r>(v) is v[(i + r) % 4].
template <int r>
inline __m128i rot(__m128i v) {
  return _mm_shuffle_epi32(v, _MM_SHUFFLE((3 + r) & 3, (2 + r) & 3, (1 + r) & 3, r & 3));
}
// Lane i of back<r>(v) is v[(i - r) % 4].
template <int r>
inline __m128i back(__m128i v) {
  return rot<(4 - r) & 3>(v);
}

// misplaced4 on all four queries at once. Lanes hold all-ones for true. Counts are
// accumulated as negatives (a true compare lane is -1).
inline __m128i misplaced_lanes(__m128i g, __m128i a, __m128i exact, __m128i pooled) {
  __m128i copies = _mm_and_si128(_mm_cmpeq_epi32(g, a), pooled);
  copies = _mm_add_epi32(copies, _mm_and_si128(_mm_cmpeq_epi32(g, rot<1>(a)), rot<1>(pooled)));
  copies = _mm_add_epi32(copies, _mm_and_si128(_mm_cmpeq_epi32(g, rot<2>(a)), rot<2>(pooled)));
  copies = _mm_add_epi32(copies, _mm_and_si128(_mm_cmpeq_epi32(g, rot<3>(a)), rot<3>(pooled)));
  // Earlier queries k = i - r (r = 1..3) that were open (not exact); lanes with i < r
  // wrap around and are masked off.
  const __m128i open = _mm_xor_si128(exact, _mm_set1_epi32(-1));
  const __m128i valid1 = _mm_set_epi32(-1, -1, -1, 0);
  const __m128i valid2 = _mm_set_epi32(-1, -1, 0, 0);
  const __m128i valid3 = _mm_set_epi32(-1, 0, 0, 0);
  __m128i asked = _mm_and_si128(_mm_and_si128(_mm_cmpeq_epi32(g, back<1>(g)), back<1>(open)), valid1);
  asked = _mm_add_epi32(asked, _mm_and_si128(_mm_and_si128(_mm_cmpeq_epi32(g, back<2>(g)), back<2>(open)), valid2));
  asked = _mm_add_epi32(asked, _mm_and_si128(_mm_and_si128(_mm_cmpeq_epi32(g, back<3>(g)), back<3>(open)), valid3));
  // asked < copies  <=>  -asked > -copies
  return _mm_and_si128(_mm_cmpgt_epi32(asked, copies), open);
}

// Digit lanes: 2 where exact, 1 where misplaced, 0 else.
inline __m128i digits(__m128i exact, __m128i misplaced) {
  return _mm_sub_epi32(_mm_setzero_si128(), _mm_add_epi32(_mm_add_epi32(exact, exact), misplaced));
}

}  // namespace

Pattern fast_score(const CompiledWord& g, const CompiledWord& a) {
  // round_reading with one vector compare per guess character; most pairs share none.
  CompiledReading gr = g.own;
  const __m128i a_raw_lanes = load(a.raw);
  for (int i = 0; i < 4; ++i) {
    const unsigned m = static_cast<unsigned>(_mm_movemask_ps(_mm_castsi128_ps(
                           _mm_cmpeq_epi32(a_raw_lanes, _mm_set1_epi32(static_cast<int>(g.raw[i])))))) &
                       a.lend_mask;
    if (m != 0) {
      const int k = __builtin_ctz(m);
      gr.initial[i] = a.lend.initial[k];
      gr.final[i] = a.lend.final[k];
      gr.tone[i] = a.lend.tone[k];
    }
  }
  const __m128i ones = _mm_set1_epi32(-1);
  const __m128i zero = _mm_setzero_si128();
  const __m128i a_raw = a_raw_lanes;
  const __m128i g_simp = load(g.simp);
  const __m128i a_simp = load(a.simp);
  const __m128i char_exact = _mm_or_si128(_mm_cmpeq_epi32(a_raw, g_simp), _mm_cmpeq_epi32(a_raw, load(g.raw)));
  const __m128i char_pooled = _mm_xor_si128(_mm_cmpeq_epi32(g_simp, a_simp), ones);
  const __m128i char_mis = misplaced_lanes(g_simp, a_simp, char_exact, char_pooled);

  const __m128i gt = load(gr.tone);
  const __m128i at = load(a.as_answer.tone);
  const __m128i tone_exact = _mm_cmpeq_epi32(gt, at);
  const __m128i tone_mis = misplaced_lanes(gt, at, tone_exact, _mm_xor_si128(tone_exact, ones));

  __m128i ini_exact, ini_mis, fin_exact, fin_mis;
  if ((g.flags | a.flags) & CompiledWord::kConsonantFinal) {
    unsigned ie, im, fe, fm;
    score_shared_pool(gr, a, ie, im, fe, fm);
    const auto lanes = [](unsigned m) {
      return _mm_set_epi32(-static_cast<int>((m >> 3) & 1u), -static_cast<int>((m >> 2) & 1u),
                           -static_cast<int>((m >> 1) & 1u), -static_cast<int>(m & 1u));
    };
    ini_exact = lanes(ie);
    ini_mis = lanes(im);
    fin_exact = lanes(fe);
    fin_mis = lanes(fm);
  } else {
    // Separate initial and final channels (see fast_score_scalar).
    const __m128i gi = load(gr.initial);
    const __m128i ai = load(a.as_answer.initial);
    const __m128i gf = load(gr.final);
    const __m128i af = load(a.as_answer.final);
    ini_exact = _mm_or_si128(_mm_cmpeq_epi32(gi, zero), _mm_cmpeq_epi32(gi, ai));
    const __m128i ini_pooled = _mm_andnot_si128(_mm_or_si128(_mm_cmpeq_epi32(ai, zero), _mm_cmpeq_epi32(ai, gi)), ones);
    ini_mis = misplaced_lanes(gi, ai, ini_exact, ini_pooled);
    fin_exact = _mm_cmpeq_epi32(gf, af);
    fin_mis = misplaced_lanes(gf, af, fin_exact, _mm_xor_si128(fin_exact, ones));
  }
  // Per lane: char + 3 initial + 9 final + 27 tone.
  const __m128i dc = digits(char_exact, char_mis);
  const __m128i di = digits(ini_exact, ini_mis);
  const __m128i df = digits(fin_exact, fin_mis);
  const __m128i dt = digits(tone_exact, tone_mis);
  const __m128i di3 = _mm_add_epi32(_mm_add_epi32(di, di), di);
  const __m128i df9 = _mm_add_epi32(_mm_slli_epi32(df, 3), df);
  const __m128i dt27 = _mm_add_epi32(_mm_add_epi32(_mm_slli_epi32(dt, 4), _mm_slli_epi32(dt, 3)),
                                     _mm_add_epi32(_mm_add_epi32(dt, dt), dt));
  alignas(16) std::uint32_t lane[4];
  _mm_store_si128(reinterpret_cast<__m128i*>(lane), _mm_add_epi32(_mm_add_epi32(dc, di3), _mm_add_epi32(df9, dt27)));
  return lane[0] + 81 * lane[1] + 6561 * lane[2] + 531441 * lane[3];
}

#else

Pattern fast_score(const CompiledWord& g, const CompiledWord& a) {
  return fast_score_scalar(g, a);
}

#endif

}  // namespace puzzlelab::handle
