#include "guess/simulation.h"

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

}  // namespace puzzlelab::guess
