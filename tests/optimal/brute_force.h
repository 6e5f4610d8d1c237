#pragma once
// The plainest exact solver, for checking the real one on small games: every allowed
// guess at every node, no bounds, no closed forms, no ordering; only a memo of solved
// positions so that the cases finish. The hard-mode state is the rule's allowed list
// after the real history, so it assumes nothing about the rule's shape.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "guess/game.h"
#include "guess/player.h"

namespace puzzlelab::guess::testing {

class BruteForce {
 public:
  static constexpr std::uint64_t kNone = std::numeric_limits<std::uint64_t>::max();

  BruteForce(const Game& game, const GuessFilter* hard, std::uint32_t max_guesses)
      : game_(game), hard_(hard), max_(max_guesses), codes_(std::size_t{game.guess_count()} * game.secret_count()) {
    for (GuessIndex g = 0; g < game.guess_count(); ++g) {
      for (SecretIndex s = 0; s < game.secret_count(); ++s) codes_[index(g, s)] = game.feedback(g, s);
    }
  }

  // Least total over `secrets` when `first` is played first (kNone: impossible).
  std::uint64_t value_of_first(const std::vector<SecretIndex>& secrets, GuessIndex first) {
    std::vector<Observation> history;
    return play(sorted(secrets), first, history);
  }

  // Least total over every first guess.
  std::uint64_t best(const std::vector<SecretIndex>& secrets) {
    std::vector<Observation> history;
    return solve(sorted(secrets), history);
  }

  // Least total of the guesses still to come after `history` (secrets: those left).
  std::uint64_t best_after(const std::vector<SecretIndex>& secrets, std::vector<Observation> history) {
    return solve(sorted(secrets), history);
  }

 private:
  std::size_t index(GuessIndex g, SecretIndex s) const { return std::size_t{g} * game_.secret_count() + s; }

  static std::vector<SecretIndex> sorted(std::vector<SecretIndex> v) {
    std::sort(v.begin(), v.end());
    return v;
  }

  std::uint64_t solve(const std::vector<SecretIndex>& secrets, std::vector<Observation>& history) {
    if (secrets.empty()) return 0;
    if (max_ != 0 && history.size() >= max_) return kNone;
    std::vector<GuessIndex> allowed;
    if (hard_ != nullptr) {
      hard_->allowed(history, allowed);
    } else {
      allowed.resize(game_.guess_count());
      for (GuessIndex g = 0; g < allowed.size(); ++g) allowed[g] = g;
    }
    std::string key(reinterpret_cast<const char*>(secrets.data()), secrets.size() * sizeof(SecretIndex));
    key += '|';
    if (hard_ != nullptr)
      key.append(reinterpret_cast<const char*>(allowed.data()), allowed.size() * sizeof(GuessIndex));
    key += '|' + std::to_string(max_ == 0 ? 0 : max_ - history.size());
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    std::uint64_t best = kNone;
    for (const GuessIndex g : allowed) best = std::min(best, play(secrets, g, history));
    memo_.emplace(std::move(key), best);
    return best;
  }

  std::uint64_t play(const std::vector<SecretIndex>& secrets, GuessIndex g, std::vector<Observation>& history) {
    if (max_ != 0 && history.size() >= max_) return kNone;
    std::vector<std::pair<Pattern, SecretIndex>> split;
    split.reserve(secrets.size());
    for (const SecretIndex s : secrets) split.emplace_back(codes_[index(g, s)], s);
    std::sort(split.begin(), split.end());
    std::uint64_t total = secrets.size();
    std::vector<SecretIndex> members;
    for (std::size_t i = 0; i < split.size();) {
      std::size_t j = i;
      members.clear();
      while (j < split.size() && split[j].first == split[i].first) members.push_back(split[j++].second);
      const Pattern pattern = split[i].first;
      i = j;
      if (game_.is_solved(pattern)) continue;
      if (members.size() == secrets.size()) return kNone;  // no progress: never optimal
      history.push_back(Observation{g, pattern});
      const std::uint64_t sub = solve(members, history);
      history.pop_back();
      if (sub == kNone) return kNone;
      total += sub;
    }
    return total;
  }

  const Game& game_;
  const GuessFilter* hard_;
  std::uint32_t max_;
  std::vector<Pattern> codes_;
  std::unordered_map<std::string, std::uint64_t> memo_;
};

}  // namespace puzzlelab::guess::testing
