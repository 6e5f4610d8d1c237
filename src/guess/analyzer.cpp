#include "guess/analyzer.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cmath>
#include <memory>
#include <numeric>

#include "core/parallel.h"

namespace puzzlelab::guess {

namespace {

// Below this many (guess, candidate) pairs a scoring pass is not worth a thread.
constexpr std::uint64_t kParallelWork = std::uint64_t{1} << 18;

// Class counting for partitions (and for the hash's statistics). Both counters leave
// ws.touched[0..classes) naming the classes (codes, or hash slots) in order of first
// appearance among the candidates; the caller reads the sizes and resets the cells.
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

// Class statistics in one branch-free pass. Adding a member to a class of size k
// opens a class when k = 0, adds 2k + 1 to the sum of squares, and adds
// q(k+1) - q(k) to the sum of q(size) over classes, where q(k) = k log2 k in fixed
// point (2^-40 units). The deltas telescope, so the sum is exactly the sum of q over
// the final class sizes, as integers: the same class sizes give bit-identical
// entropies in any order (floating-point sums would not), and the pass has no
// data-dependent branch (which class a candidate falls in is unpredictable).
// Counters are reset afterwards by a second pass over the same codes. (With a large
// pattern bound the hash probe branches anyway; the sums are the same integers.)

template <class Code>
detail::Accumulated accumulate_dense(std::size_t n, const Code& code, Workspace& ws, const std::int64_t* dq) {
  std::uint32_t* counts = ws.counts.data();
  detail::Accumulated a;
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint32_t k = counts[code(i)]++;
    a.classes += k == 0;
    a.largest = std::max(a.largest, k + 1);
    a.sum_squares += 2 * std::uint64_t{k} + 1;
    a.sum_q += dq[k];
  }
  if (n * 4 >= ws.counts.size()) {
    std::fill(ws.counts.begin(), ws.counts.end(), 0u);
  } else {
    for (std::size_t i = 0; i < n; ++i) counts[code(i)] = 0;
  }
  return a;
}

template <class Code>
detail::Accumulated accumulate_hashed(std::size_t n, const Code& code, Workspace& ws, const std::int64_t* q) {
  const std::uint32_t classes = count_hashed(n, code, ws);
  detail::Accumulated a;
  a.classes = classes;
  for (std::uint32_t c = 0; c < classes; ++c) {
    const std::uint32_t slot = ws.touched[c];
    const std::uint32_t k = ws.counts[slot];
    a.largest = std::max(a.largest, k);
    a.sum_squares += std::uint64_t{k} * k;
    a.sum_q += q[k];
    ws.counts[slot] = 0;
    ws.keys[slot] = Workspace::kEmptySlot;
  }
  return a;
}

template <class Code>
std::uint32_t count_classes(bool dense, std::size_t n, const Code& code, Workspace& ws) {
  return dense ? count_dense(n, code, ws) : count_hashed(n, code, ws);
}

// Index (into `guesses`) of the best guess by the tie rule, given each guess's
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
  row_offsets.resize(secrets);
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
  q_.assign(std::size_t{game.secret_count()} + 2, 0);
  for (std::size_t k = 1; k < q_.size(); ++k) {
    q_[k] = std::llround(static_cast<double>(k) * std::log2(static_cast<double>(k)) / kQuantum);
  }
  dq_.resize(q_.size() - 1);
  for (std::size_t k = 0; k < dq_.size(); ++k) dq_[k] = q_[k + 1] - q_[k];
}

// Calls f(code) where code(i) is the pattern of guess g against candidates[i]: a
// table row read through the candidate indices, or a row the game computes into
// ws.codes first.
template <class F>
decltype(auto) Analyzer::visit_codes(GuessIndex g, std::span<const SecretIndex> candidates, Workspace& ws,
                                     F&& f) const {
  const SecretIndex* c = candidates.data();
  const std::size_t stride = game_->guess_count();
  switch (table_.width()) {
    case 1: {
      const std::uint8_t* column = table_.secret_row8(0) + g;
      return f([column, c, stride](std::size_t i) -> Pattern { return column[c[i] * stride]; });
    }
    case 2: {
      const std::uint16_t* column = table_.secret_row16(0) + g;
      return f([column, c, stride](std::size_t i) -> Pattern { return column[c[i] * stride]; });
    }
    case 4: {
      const std::uint32_t* column = table_.secret_row32(0) + g;
      return f([column, c, stride](std::size_t i) -> Pattern { return column[c[i] * stride]; });
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

ClassStats Analyzer::finish_stats(std::size_t n, const detail::Accumulated& a) const {
  ClassStats st;
  st.candidates = static_cast<std::uint32_t>(n);
  st.classes = a.classes;
  st.largest = a.largest;
  st.sum_squares = a.sum_squares;
  // H = sum (k/n) log2(n/k) = (n log2 n - sum k log2 k) / n.
  if (n > 0) st.entropy = static_cast<double>(q_[n] - a.sum_q) * kQuantum / static_cast<double>(n);
  return st;
}

ClassStats Analyzer::class_stats(GuessIndex g, std::span<const SecretIndex> candidates, Workspace& ws) const {
  const std::size_t n = candidates.size();
  const detail::Accumulated a = visit_codes(g, candidates, ws, [&](const auto& code) {
    return dense_counting() ? accumulate_dense(n, code, ws, dq_.data()) : accumulate_hashed(n, code, ws, q_.data());
  });
  return finish_stats(n, a);
}

// Scores guesses[b, e) into out. The table width and counting mode are settled once
// for the whole range, so the per-guess work is the counting loop alone (with a few
// candidates left, per-guess overhead would otherwise dominate).
void Analyzer::score_range(std::span<const GuessIndex> guesses, std::size_t b, std::size_t e,
                           std::span<const SecretIndex> candidates, Workspace& ws, const CodeRows& rows,
                           ClassStats* out) const {
  const std::size_t n = candidates.size();
  if (rows.width == 0) {
    for (std::size_t i = b; i < e; ++i) out[i] = class_stats(guesses[i], candidates, ws);
    return;
  }
  // Candidate j's code for guess g is one load: base[offsets[j] + g].
  const bool dense = dense_counting();
  const std::size_t* offset = rows.offsets;
  const auto run = [&](const auto* base) {
    for (std::size_t i = b; i < e; ++i) {
      const auto* column = base + guesses[i];
      const auto code = [column, offset](std::size_t j) -> Pattern { return column[offset[j]]; };
      out[i] = finish_stats(
          n, dense ? accumulate_dense(n, code, ws, dq_.data()) : accumulate_hashed(n, code, ws, q_.data()));
    }
  };
  switch (rows.width) {
    case 1:
      return run(static_cast<const std::uint8_t*>(rows.base));
    case 2:
      return run(static_cast<const std::uint16_t*>(rows.base));
    default:
      return run(static_cast<const std::uint32_t*>(rows.base));
  }
}

namespace {

// Rows of codes for just the candidates, in the narrowest type, from the game's own
// secret rows (Game::feedback_secret_row), computed in parallel.
template <class T>
bool fill_candidate_rows(const Game& game, std::span<const SecretIndex> candidates, unsigned threads, T* rows) {
  const std::size_t stride = game.guess_count();
  std::vector<Pattern> probe(stride);
  if (!game.feedback_secret_row(candidates[0], probe)) return false;
  for (std::size_t g = 0; g < stride; ++g) rows[g] = static_cast<T>(probe[g]);
  core::parallel_ranges(candidates.size() - 1, threads, [&](std::uint64_t b, std::uint64_t e) {
    std::vector<Pattern> row(stride);
    for (std::uint64_t j = b + 1; j < e + 1; ++j) {
      game.feedback_secret_row(candidates[j], row);
      T* out = rows + j * stride;
      for (std::size_t g = 0; g < stride; ++g) out[g] = static_cast<T>(row[g]);
    }
  });
  return true;
}

}  // namespace

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
  threads = std::max(1u, threads);
  const std::size_t n = candidates.size();
  const std::size_t stride = game_->guess_count();
  const std::uint64_t work = std::uint64_t{guesses.size()} * n;

  // Where the codes come from: the table; or, without one, for a large question
  // (most guesses against many candidates), rows for just these candidates from the
  // game's fast secret rows (Wordle: an answer against every guess in 10 us) — far
  // cheaper than computing each (guess, candidate) pair on its own; else pair by pair.
  CodeRows rows;
  std::vector<std::size_t>& offsets = ws.row_offsets;  // sized once, reused
  std::unique_ptr<std::uint8_t[]> rows8;
  std::unique_ptr<std::uint16_t[]> rows16;
  std::unique_ptr<std::uint32_t[]> rows32;
  if (!table_.empty()) {
    offsets.resize(std::max(offsets.size(), n));
    for (std::size_t j = 0; j < n; ++j) offsets[j] = std::size_t{candidates[j]} * stride;
    rows.width = table_.width();
    rows.base = table_.width() == 1   ? static_cast<const void*>(table_.secret_row8(0))
                : table_.width() == 2 ? static_cast<const void*>(table_.secret_row16(0))
                                      : static_cast<const void*>(table_.secret_row32(0));
  } else if (n >= 64 && guesses.size() * 4 >= stride && work >= (std::uint64_t{1} << 21) &&
             std::uint64_t{n} * stride * PatternTable::width_for(game_->pattern_bound()) <=
                 (std::uint64_t{256} << 20)) {
    const unsigned width = PatternTable::width_for(game_->pattern_bound());
    const std::size_t cells = n * stride;
    bool filled = false;
    switch (width) {
      case 1:
        rows8 = std::make_unique_for_overwrite<std::uint8_t[]>(cells);
        filled = fill_candidate_rows(*game_, candidates, threads, rows8.get());
        rows.base = rows8.get();
        break;
      case 2:
        rows16 = std::make_unique_for_overwrite<std::uint16_t[]>(cells);
        filled = fill_candidate_rows(*game_, candidates, threads, rows16.get());
        rows.base = rows16.get();
        break;
      default:
        rows32 = std::make_unique_for_overwrite<std::uint32_t[]>(cells);
        filled = fill_candidate_rows(*game_, candidates, threads, rows32.get());
        rows.base = rows32.get();
        break;
    }
    if (filled) {
      rows.width = width;
      offsets.resize(std::max(offsets.size(), n));
      for (std::size_t j = 0; j < n; ++j) offsets[j] = j * stride;
    }
  }
  rows.offsets = offsets.data();

  if (threads <= 1 || work < kParallelWork) {
    score_range(guesses, 0, guesses.size(), candidates, ws, rows, out.data());
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
      score_range(guesses, b, e, candidates, mine, rows, out.data());
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
