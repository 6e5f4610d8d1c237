#include "guess/simulation.h"

#include <fmt/format.h>

#include <cstring>

namespace puzzlelab::guess {

std::string DecisionCache::key_of(std::span<const Observation> history) {
  std::string key(history.size() * 2 * sizeof(std::uint32_t), '\0');
  char* p = key.data();
  for (const Observation& o : history) {
    std::memcpy(p, &o.guess, sizeof o.guess);
    std::memcpy(p + sizeof o.guess, &o.pattern, sizeof o.pattern);
    p += sizeof o.guess + sizeof o.pattern;
  }
  return key;
}

GuessIndex DecisionCache::get_or_compute(std::span<const Observation> history,
                                         const std::function<GuessIndex()>& compute) {
  std::string key = key_of(history);
  std::promise<GuessIndex> promise;
  std::shared_future<GuessIndex> known;
  {
    std::lock_guard lock(mutex_);
    const auto it = decisions_.find(key);
    if (it != decisions_.end()) {
      known = it->second;
    } else {
      decisions_.emplace(std::move(key), promise.get_future().share());
    }
  }
  if (known.valid()) return known.get();  // waits while another thread computes it
  try {
    const GuessIndex g = compute();
    promise.set_value(g);
    return g;
  } catch (...) {
    promise.set_exception(std::current_exception());
    throw;
  }
}

void DecisionCache::put(std::span<const Observation> history, GuessIndex guess) {
  std::promise<GuessIndex> promise;
  promise.set_value(guess);
  std::lock_guard lock(mutex_);
  decisions_.insert_or_assign(key_of(history), promise.get_future().share());
}

std::size_t DecisionCache::size() const {
  std::lock_guard lock(mutex_);
  return decisions_.size();
}

GameRecord play_game(const Analyzer& analyzer, const Player& player, SecretIndex secret,
                     std::span<const SecretIndex> start, Workspace& ws, core::Rng& rng, const PlayOptions& options) {
  GameRecord record;
  record.secret = secret;
  std::vector<SecretIndex> candidates(start.begin(), start.end());
  std::vector<SecretIndex> next;
  std::vector<Observation> history;
  DecisionCache* cache = player.deterministic() ? options.cache : nullptr;
  while (record.turns.size() < options.max_turns && !candidates.empty()) {
    const Position position{candidates, history};
    const GuessIndex g = cache != nullptr
                             ? cache->get_or_compute(history, [&] { return player.choose(position, ws, rng); })
                             : player.choose(position, ws, rng);
    if (g == kNoGuess) break;
    const Pattern p = analyzer.feedback(g, secret);
    analyzer.filter(candidates, Observation{g, p}, next);
    record.turns.push_back(
        TurnRecord{g, p, static_cast<std::uint32_t>(candidates.size()), static_cast<std::uint32_t>(next.size())});
    history.push_back(Observation{g, p});
    candidates.swap(next);
    if (analyzer.game().is_solved(p)) {
      record.solved = true;
      break;
    }
  }
  return record;
}

std::optional<std::string> check_sim_game(const core::SimSpec& spec, const core::GameResult& game, std::int64_t limit) {
  if (game.primary < 1) return fmt::format("\"{}\": {} (a game takes at least one guess)", spec.primary, game.primary);
  if (game.win && game.primary > limit) {
    return fmt::format("\"win\": true after {} guesses (a win takes at most {})", game.primary, limit);
  }
  for (std::size_t m = 0; m < spec.metrics.size() && m < game.metrics.size(); ++m) {
    if (game.metrics[m] < 0) return fmt::format("\"{}\": {} is negative", spec.metrics[m], game.metrics[m]);
  }
  return std::nullopt;
}

std::optional<std::string> check_sim_summary(const core::SimSummary& s, std::int64_t limit) {
  if (!s.primary.empty() && s.primary.min() < 1) {
    return fmt::format("\"{}\": {} (a game takes at least one guess)", s.spec.primary, s.primary.min());
  }
  const std::uint64_t within = s.primary.count() - s.primary.count_at_least(limit + 1);
  if (s.wins > within) {
    return fmt::format("\"wins\": {}, but only {} games took at most {} guesses", s.wins, within, limit);
  }
  for (std::size_t m = 0; m < s.spec.metrics.size() && m < s.metrics.size(); ++m) {
    if (!s.metrics[m].empty() && s.metrics[m].min() < 0) {
      return fmt::format("\"{}\": {} is negative", s.spec.metrics[m], s.metrics[m].min());
    }
  }
  return std::nullopt;
}

}  // namespace puzzlelab::guess
