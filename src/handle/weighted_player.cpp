#include "handle/weighted_player.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <unordered_set>

#include "core/parallel.h"

namespace puzzlelab::handle {

std::vector<double> common_prior(const HandleGame& game) {
  const auto idioms = game.table().idioms();
  std::unordered_map<std::uint32_t, std::uint32_t> containing;
  for (const CompiledWord& w : idioms) {
    std::array<std::uint32_t, 4> seen = w.simp;
    std::sort(seen.begin(), seen.end());
    for (int i = 0; i < 4; ++i) {
      if (i == 0 || seen[i] != seen[i - 1]) ++containing[seen[i]];
    }
  }
  std::vector<double> weights(game.secret_count());
  for (guess::SecretIndex s = 0; s < weights.size(); ++s) {
    const CompiledWord& w = idioms[game.guess_of_secret(s)];
    std::uint32_t rarest = ~std::uint32_t{0};
    for (const std::uint32_t c : w.simp) rarest = std::min(rarest, containing[c]);
    weights[s] = static_cast<double>(rarest);
  }
  return weights;
}

WeightedEntropyPlayer::WeightedEntropyPlayer(const guess::Analyzer& analyzer, std::vector<double> weights,
                                             WeightedPlayerOptions options)
    : analyzer_(&analyzer), weights_(std::move(weights)), options_(options) {}

namespace {

constexpr double kTie = 1e-9;

struct ClassCell {
  guess::Pattern code;
  std::uint32_t count;
  double weight;
  double heaviest;
};

// Scratch for grouping one row of codes, reused by the thread.
struct Grouping {
  std::vector<ClassCell> cells;
  std::vector<std::uint32_t> used;
};

}  // namespace

WeightedEntropyPlayer::Score WeightedEntropyPlayer::score_one(guess::GuessIndex g,
                                                              std::span<const guess::SecretIndex> candidates,
                                                              double total, std::vector<guess::Pattern>& codes) const {
  thread_local Grouping grouping;
  const std::size_t n = candidates.size();
  codes.resize(n);
  analyzer_->game().feedback_row(g, candidates, codes);
  const std::size_t slots = std::bit_ceil(std::max<std::size_t>(2 * n, 16));
  auto& cells = grouping.cells;
  if (cells.size() < slots) cells.assign(slots, ClassCell{~guess::Pattern{0}, 0, 0, 0});
  const std::size_t mask = slots - 1;
  const int shift = 32 - std::countr_zero(slots);
  auto& used = grouping.used;
  used.clear();
  for (std::size_t i = 0; i < n; ++i) {
    const guess::Pattern p = codes[i];
    std::size_t slot = (p * 0x9E3779B1u) >> shift;
    while (cells[slot].count != 0 && cells[slot].code != p) slot = (slot + 1) & mask;
    ClassCell& cell = cells[slot];
    if (cell.count == 0) {
      cell.code = p;
      used.push_back(static_cast<std::uint32_t>(slot));
    }
    const double w = weights_[candidates[i]];
    ++cell.count;
    cell.weight += w;
    cell.heaviest = std::max(cell.heaviest, w);
  }
  Score s;
  s.classes = static_cast<std::uint32_t>(used.size());
  double wlogw = 0;
  double cost = 0;
  // Sum in slot order of first use, which is candidate order: deterministic.
  for (const std::uint32_t slot : used) {
    ClassCell& cell = cells[slot];
    wlogw += cell.weight * std::log2(cell.weight);
    if (!analyzer_->game().is_solved(cell.code)) cost += 2 * cell.weight - cell.heaviest;
    cell = ClassCell{~guess::Pattern{0}, 0, 0, 0};
  }
  s.entropy = std::log2(total) - wlogw / total;
  s.expected = 1 + cost / total;
  return s;
}

void WeightedEntropyPlayer::score(std::span<const guess::GuessIndex> guesses,
                                  std::span<const guess::SecretIndex> candidates, std::vector<Score>& out,
                                  unsigned threads) const {
  out.assign(guesses.size(), Score{});
  double total = 0;
  for (const guess::SecretIndex s : candidates) total += weights_[s];
  std::vector<std::uint8_t> is_candidate(analyzer_->game().guess_count(), 0);
  for (const guess::SecretIndex s : candidates) {
    const guess::GuessIndex g = analyzer_->game().guess_of_secret(s);
    if (g != guess::kNoGuess) is_candidate[g] = 1;
  }
  threads = std::max(1u, threads);
  if (std::uint64_t{guesses.size()} * candidates.size() < (std::uint64_t{1} << 17)) threads = 1;
  core::parallel_ranges(guesses.size(), threads, [&](std::uint64_t b, std::uint64_t e) {
    std::vector<guess::Pattern> codes;
    for (std::uint64_t i = b; i < e; ++i) {
      out[i] = score_one(guesses[i], candidates, total, codes);
      out[i].candidate = is_candidate[guesses[i]] != 0;
    }
  });
}

namespace {

// Index (into `guesses`) of the best remaining entry by the player's rule; `taken` marks
// entries already ranked.
std::size_t select(std::span<const guess::GuessIndex> guesses, std::span<const WeightedEntropyPlayer::Score> scores,
                   std::span<const std::uint8_t> taken, bool by_expected) {
  constexpr std::size_t kNone = ~std::size_t{0};
  double best_expected = INFINITY;
  if (by_expected) {
    for (std::size_t i = 0; i < guesses.size(); ++i) {
      if (!taken[i]) best_expected = std::min(best_expected, scores[i].expected);
    }
  }
  const auto in_first_tier = [&](std::size_t i) {
    return !taken[i] && (!by_expected || scores[i].expected <= best_expected + kTie);
  };
  double best_entropy = -INFINITY;
  for (std::size_t i = 0; i < guesses.size(); ++i) {
    if (in_first_tier(i)) best_entropy = std::max(best_entropy, scores[i].entropy);
  }
  std::size_t best = kNone;
  for (std::size_t i = 0; i < guesses.size(); ++i) {
    if (!in_first_tier(i) || scores[i].entropy < best_entropy - kTie) continue;
    if (best == kNone || (scores[i].candidate && !scores[best].candidate) ||
        (scores[i].candidate == scores[best].candidate && guesses[i] < guesses[best])) {
      best = i;
    }
  }
  return best;
}

}  // namespace

std::vector<guess::GuessIndex> WeightedEntropyPlayer::rank(std::span<const guess::SecretIndex> candidates,
                                                           std::size_t top, unsigned threads) const {
  std::vector<guess::GuessIndex> ranked;
  if (candidates.empty()) return ranked;
  const auto all = analyzer_->all_guesses();
  std::vector<guess::GuessIndex> guesses(all.begin(), all.end());
  std::vector<Score> scores;
  bool by_expected = candidates.size() <= options_.endgame;
  if (candidates.size() > options_.exact_limit) {
    // Sampled scoring: every guess against an evenly spaced sample, then the best
    // `rescore` of them against every candidate.
    std::vector<guess::SecretIndex> sample;
    const std::size_t n = candidates.size();
    const std::size_t k = options_.sample_size;
    for (std::size_t j = 0; j < k; ++j) sample.push_back(candidates[j * n / k]);
    score(guesses, sample, scores, threads);
    std::vector<std::uint8_t> taken(guesses.size(), 0);
    std::vector<guess::GuessIndex> shortlist;
    for (std::size_t r = 0; r < std::min<std::size_t>(std::max<std::size_t>(options_.rescore, top), guesses.size());
         ++r) {
      const std::size_t i = select(guesses, scores, taken, false);
      taken[i] = 1;
      shortlist.push_back(guesses[i]);
    }
    std::sort(shortlist.begin(), shortlist.end());
    guesses = std::move(shortlist);
    by_expected = false;
  }
  score(guesses, candidates, scores, threads);
  std::vector<std::uint8_t> taken(guesses.size(), 0);
  for (std::size_t r = 0; r < std::min(top, guesses.size()); ++r) {
    const std::size_t i = select(guesses, scores, taken, by_expected);
    taken[i] = 1;
    ranked.push_back(guesses[i]);
  }
  return ranked;
}

guess::GuessIndex WeightedEntropyPlayer::choose(const guess::Position& position, guess::Workspace&, core::Rng&) const {
  const auto& c = position.candidates;
  if (c.empty()) return guess::kNoGuess;
  const guess::Game& game = analyzer_->game();
  if (c.size() <= 2) {
    // The heavier candidate (the lower index on equal weight): E prefers it.
    guess::SecretIndex pick = c[0];
    if (c.size() == 2 && weights_[c[1]] > weights_[c[0]]) pick = c[1];
    return game.guess_of_secret(pick);
  }
  const auto ranked = rank(c, 1, options_.threads);
  return ranked.empty() ? guess::kNoGuess : ranked.front();
}

}  // namespace puzzlelab::handle
