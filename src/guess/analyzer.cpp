#include "guess/analyzer.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cmath>
#include <numeric>

#include "core/parallel.h"

namespace puzzlelab::guess {

namespace {

// Below this many (guess, candidate) pairs a scoring pass is not worth a thread.
constexpr std::uint64_t kParallelWork = std::uint64_t{1} << 18;

// Class counting. Both counters leave ws.touched[0..classes) naming the classes in
// order of first appearance among the candidates (so every figure is computed in
// the same order whatever the thread), and are drained by visit_classes, which
// hands over (code, size) and resets the counter for the next call.
template <class Code>
std::uint32_t count_dense(std::size_t n, const Code& code, Workspace& ws) {
  std::uint32_t* counts = ws.counts.data();
  std::uint32_t* touched = ws.touched.data();
  std::uint32_t classes = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const Pattern p = code(i);
    if (counts[p]++ == 0) touched[classes++] = p;
  }
  return classes;
}

inline std::uint32_t hash_slot(Pattern p, std::uint32_t shift) {
  // Fibonacci hashing: the top bits of p times 2^32 / phi.
  return static_cast<std::uint32_t>((p * 0x9E3779B1u) >> shift);
}

template <class Code>
std::uint32_t count_hashed(std::size_t n, const Code& code, Workspace& ws) {
  std::uint32_t* counts = ws.counts.data();
  Pattern* keys = ws.keys.data();
  std::uint32_t* touched = ws.touched.data();
  const std::uint32_t mask = static_cast<std::uint32_t>(ws.keys.size() - 1);
  std::uint32_t classes = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const Pattern p = code(i);
    std::uint32_t slot = hash_slot(p, ws.hash_shift);
    for (;;) {
      if (keys[slot] == p) break;
      if (keys[slot] == Workspace::kEmptySlot) {
        keys[slot] = p;
        touched[classes++] = slot;
        break;
      }
      slot = (slot + 1) & mask;
    }
    ++counts[slot];
  }
  return classes;
}

// The slot of a code already counted by count_hashed.
inline std::uint32_t find_slot(Pattern p, const Workspace& ws) {
  const std::uint32_t mask = static_cast<std::uint32_t>(ws.keys.size() - 1);
  std::uint32_t slot = hash_slot(p, ws.hash_shift);
  while (ws.keys[slot] != p) slot = (slot + 1) & mask;
  return slot;
}

template <class Code>
std::uint32_t count_classes(bool dense, std::size_t n, const Code& code, Workspace& ws) {
  return dense ? count_dense(n, code, ws) : count_hashed(n, code, ws);
}

// Calls f(code, size) for each counted class and resets the counter.
template <class F>
void drain_classes(bool dense, std::uint32_t classes, Workspace& ws, F&& f) {
  if (dense) {
    for (std::uint32_t c = 0; c < classes; ++c) {
      const std::uint32_t code = ws.touched[c];
      f(code, ws.counts[code]);
      ws.counts[code] = 0;
    }
  } else {
    for (std::uint32_t c = 0; c < classes; ++c) {
      const std::uint32_t slot = ws.touched[c];
      f(ws.keys[slot], ws.counts[slot]);
      ws.counts[slot] = 0;
      ws.keys[slot] = Workspace::kEmptySlot;
    }
  }
}

// Index (into `guesses`) of the best guess by issue 3's rule, given each guess's
// stats: the tie set is every guess whose score equals the best one (entropy: within
// kEntropyTie of the maximum); in it, the lowest-index candidate, else the lowest
// index. `skip` (may be empty) removes entries from consideration.
std::size_t select_best(Scoring scoring, std::span<const GuessIndex> guesses, std::span<const ClassStats> stats,
                        std::span<const std::uint8_t> mark, std::span<const std::uint8_t> skip) {
  constexpr std::size_t kNone = ~std::size_t{0};
  const auto skipped = [&](std::size_t i) { return !skip.empty() && skip[i] != 0; };
  double best_entropy = -1;
  std::uint32_t best_classes = 0;
  std::uint64_t best_squares = ~std::uint64_t{0};
  bool any = false;
  for (std::size_t i = 0; i < guesses.size(); ++i) {
    if (skipped(i)) continue;
    any = true;
    best_entropy = std::max(best_entropy, stats[i].entropy);
    best_classes = std::max(best_classes, stats[i].classes);
    best_squares = std::min(best_squares, stats[i].sum_squares);
  }
  if (!any) return kNone;
  const auto tied = [&](const ClassStats& s) {
    switch (scoring) {
      case Scoring::Entropy:
        return s.entropy >= best_entropy - kEntropyTie;
      case Scoring::Classes:
        return s.classes == best_classes;
      case Scoring::ExpectedRemaining:
        return s.sum_squares == best_squares;
    }
    return false;
  };
  std::size_t best = kNone;
  std::size_t best_candidate = kNone;
  for (std::size_t i = 0; i < guesses.size(); ++i) {
    if (skipped(i) || !tied(stats[i])) continue;
    if (best == kNone || guesses[i] < guesses[best]) best = i;
    if (mark[guesses[i]] != 0 && (best_candidate == kNone || guesses[i] < guesses[best_candidate])) {
      best_candidate = i;
    }
  }
  return best_candidate != kNone ? best_candidate : best;
}

}  // namespace

Workspace::Workspace(const Analyzer& analyzer) {
  const Game& game = analyzer.game();
  const std::uint32_t secrets = game.secret_count();
  if (analyzer.table().empty()) codes.resize(secrets);
  if (analyzer.dense_counting()) {
    counts.assign(static_cast<std::size_t>(game.pattern_bound()), 0);
    touched.resize(std::min<std::uint64_t>(game.pattern_bound(), secrets));
  } else {
    // At most `secrets` distinct codes: a table of at least twice that keeps the
    // load factor at or below one half.
    const std::size_t slots = std::bit_ceil(std::max<std::size_t>(2 * std::size_t{secrets}, 16));
    keys.assign(slots, kEmptySlot);
    counts.assign(slots, 0);
    touched.resize(secrets);
    hash_shift = static_cast<std::uint32_t>(32 - std::countr_zero(slots));
  }
  candidate_mark.assign(game.guess_count(), 0);
  order.reserve(touched.size());
}

Analyzer::Analyzer(const Game& game) : Analyzer(game, PatternTable{}) {}

Analyzer::Analyzer(const Game& game, const TableOptions& options)
    : Analyzer(game, PatternTable::build(game, options)) {}

Analyzer::Analyzer(const Game& game, PatternTable table) : game_(&game), table_(std::move(table)) {
  assert(game.pattern_bound() <= 0xffffffffULL);
  all_guesses_.resize(game.guess_count());
  std::iota(all_guesses_.begin(), all_guesses_.end(), GuessIndex{0});
  all_secrets_.resize(game.secret_count());
  std::iota(all_secrets_.begin(), all_secrets_.end(), SecretIndex{0});
  xlogx_.resize(std::size_t{game.secret_count()} + 1);
  for (std::size_t k = 1; k < xlogx_.size(); ++k)
    xlogx_[k] = static_cast<double>(k) * std::log2(static_cast<double>(k));
}

// Calls f(code) where code(i) is the pattern of guess g against candidates[i]: a
// table row read through the candidate indices, or a row the game computes into
// ws.codes first.
template <class F>
decltype(auto) Analyzer::visit_codes(GuessIndex g, std::span<const SecretIndex> candidates, Workspace& ws,
                                     F&& f) const {
  const SecretIndex* c = candidates.data();
  switch (table_.width()) {
    case 1: {
      const std::uint8_t* row = table_.row8(g);
      return f([row, c](std::size_t i) -> Pattern { return row[c[i]]; });
    }
    case 2: {
      const std::uint16_t* row = table_.row16(g);
      return f([row, c](std::size_t i) -> Pattern { return row[c[i]]; });
    }
    case 4: {
      const std::uint32_t* row = table_.row32(g);
      return f([row, c](std::size_t i) -> Pattern { return row[c[i]]; });
    }
    default: {
      assert(ws.codes.size() >= candidates.size());
      game_->feedback_row(g, candidates, ws.codes);
      const Pattern* codes = ws.codes.data();
      return f([codes](std::size_t i) -> Pattern { return codes[i]; });
    }
  }
}

void Analyzer::filter(std::span<const SecretIndex> candidates, Observation seen, std::vector<SecretIndex>& out) const {
  out.clear();
  for (const SecretIndex s : candidates) {
    if (feedback(seen.guess, s) == seen.pattern) out.push_back(s);
  }
}

ClassStats Analyzer::class_stats(GuessIndex g, std::span<const SecretIndex> candidates, Workspace& ws) const {
  const bool dense = dense_counting();
  const std::size_t n = candidates.size();
  const std::uint32_t classes =
      visit_codes(g, candidates, ws, [&](const auto& code) { return count_classes(dense, n, code, ws); });
  ClassStats st;
  st.candidates = static_cast<std::uint32_t>(n);
  st.classes = classes;
  double xlogx_sum = 0;
  drain_classes(dense, classes, ws, [&](Pattern, std::uint32_t k) {
    st.largest = std::max(st.largest, k);
    st.sum_squares += std::uint64_t{k} * k;
    xlogx_sum += xlogx_[k];
  });
  // H = sum (k/n) log2(n/k) = (n log2 n - sum k log2 k) / n.
  if (n > 0) st.entropy = (xlogx_[n] - xlogx_sum) / static_cast<double>(n);
  return st;
}

void Analyzer::partition(GuessIndex g, std::span<const SecretIndex> candidates, Workspace& ws, Partition& out) const {
  const bool dense = dense_counting();
  const std::size_t n = candidates.size();
  out.patterns.clear();
  out.offsets.clear();
  out.members.resize(n);
  visit_codes(g, candidates, ws, [&](const auto& code) {
    const std::uint32_t classes = count_classes(dense, n, code, ws);
    // Classes by ascending code; each counter cell then becomes its class's write
    // cursor, and a second pass over the codes places the members (in order).
    ws.order.clear();
    for (std::uint32_t c = 0; c < classes; ++c) {
      const std::uint32_t t = ws.touched[c];
      ws.order.emplace_back(dense ? t : ws.keys[t], t);
    }
    std::sort(ws.order.begin(), ws.order.end());
    std::uint32_t offset = 0;
    for (const auto& [pattern, cell] : ws.order) {
      out.patterns.push_back(pattern);
      out.offsets.push_back(offset);
      const std::uint32_t size = ws.counts[cell];
      ws.counts[cell] = offset;
      offset += size;
    }
    out.offsets.push_back(offset);
    for (std::size_t i = 0; i < n; ++i) {
      const Pattern p = code(i);
      const std::uint32_t cell = dense ? p : find_slot(p, ws);
      out.members[ws.counts[cell]++] = candidates[i];
    }
    for (const auto& [pattern, cell] : ws.order) {
      ws.counts[cell] = 0;
      if (!dense) ws.keys[cell] = Workspace::kEmptySlot;
    }
  });
}

void Analyzer::score_guesses(std::span<const GuessIndex> guesses, std::span<const SecretIndex> candidates,
                             Workspace& ws, unsigned threads, std::vector<ClassStats>& out) const {
  out.resize(guesses.size());
  threads = core::resolve_threads(threads);
  const std::uint64_t work = std::uint64_t{guesses.size()} * candidates.size();
  if (threads <= 1 || work < kParallelWork) {
    for (std::size_t i = 0; i < guesses.size(); ++i) out[i] = class_stats(guesses[i], candidates, ws);
    return;
  }
  // Contiguous ranges, one Workspace each (the first thread's is the caller's); each
  // guess's figures are computed exactly as in the serial loop.
  const unsigned parts = static_cast<unsigned>(std::min<std::uint64_t>(threads, guesses.size()));
  std::vector<Workspace> extra;
  extra.reserve(parts);
  for (unsigned t = 1; t < parts; ++t) extra.emplace_back(*this);
  core::parallel_ranges(parts, parts, [&](std::uint64_t pb, std::uint64_t pe) {
    for (std::uint64_t part = pb; part < pe; ++part) {
      Workspace& mine = part == 0 ? ws : extra[part - 1];
      const std::size_t b = guesses.size() * part / parts;
      const std::size_t e = guesses.size() * (part + 1) / parts;
      for (std::size_t i = b; i < e; ++i) out[i] = class_stats(guesses[i], candidates, mine);
    }
  });
}

void Analyzer::mark_candidates(std::span<const SecretIndex> candidates, Workspace& ws) const {
  for (const SecretIndex s : candidates) {
    const GuessIndex g = game_->guess_of_secret(s);
    if (g != kNoGuess) ws.candidate_mark[g] = 1;
  }
}

void Analyzer::clear_candidate_marks(std::span<const SecretIndex> candidates, Workspace& ws) const {
  for (const SecretIndex s : candidates) {
    const GuessIndex g = game_->guess_of_secret(s);
    if (g != kNoGuess) ws.candidate_mark[g] = 0;
  }
}

GuessIndex Analyzer::best_guess(Scoring scoring, std::span<const GuessIndex> guesses,
                                std::span<const SecretIndex> candidates, Workspace& ws, unsigned threads) const {
  if (guesses.empty()) return kNoGuess;
  score_guesses(guesses, candidates, ws, threads, ws.stats);
  mark_candidates(candidates, ws);
  const std::size_t i = select_best(scoring, guesses, ws.stats, ws.candidate_mark, {});
  clear_candidate_marks(candidates, ws);
  return guesses[i];
}

std::vector<RankedGuess> Analyzer::rank_guesses(Scoring scoring, std::span<const GuessIndex> guesses,
                                                std::span<const SecretIndex> candidates, std::size_t top, Workspace& ws,
                                                unsigned threads) const {
  std::vector<RankedGuess> ranked;
  if (guesses.empty() || top == 0) return ranked;
  score_guesses(guesses, candidates, ws, threads, ws.stats);
  mark_candidates(candidates, ws);
  std::vector<std::uint8_t> taken(guesses.size(), 0);
  top = std::min(top, guesses.size());
  for (std::size_t r = 0; r < top; ++r) {
    const std::size_t i = select_best(scoring, guesses, ws.stats, ws.candidate_mark, taken);
    taken[i] = 1;
    ranked.push_back(RankedGuess{guesses[i], ws.stats[i], ws.candidate_mark[guesses[i]] != 0});
  }
  clear_candidate_marks(candidates, ws);
  return ranked;
}

}  // namespace puzzlelab::guess
