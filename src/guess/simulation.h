#pragma once
// One game of a player against a known secret, the unit the core harness runs in
// parallel (core::run_simulation). Games are never cut off at the game's own limit
// (6 for Wordle): the number of guesses is recorded and the caller decides what a
// win is. A DecisionCache shared by all games of a run makes a deterministic player
// decide each distinct position once (with 2,315 secrets, the entropy player meets
// only a few thousand positions).
#include <cstdint>
#include <functional>
#include <future>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/rng.h"
#include "core/sim.h"
#include "guess/analyzer.h"
#include "guess/player.h"

namespace puzzlelab::guess {

// Decisions of one deterministic player from one starting candidate set, keyed by
// the history of (guess, pattern) turns. Safe to share between threads; when two
// threads need the same position at once, one computes it and the other waits.
class DecisionCache {
 public:
  // The cached guess for `history`, computing it with `compute` the first time.
  GuessIndex get_or_compute(std::span<const Observation> history, const std::function<GuessIndex()>& compute);
  // Stores a decision made elsewhere (e.g. the opener, computed with all threads).
  void put(std::span<const Observation> history, GuessIndex guess);
  [[nodiscard]] std::size_t size() const;

 private:
  static std::string key_of(std::span<const Observation> history);
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::shared_future<GuessIndex>> decisions_;
};

struct TurnRecord {
  GuessIndex guess = 0;
  Pattern pattern = 0;
  std::uint32_t candidates_before = 0;
  std::uint32_t candidates_after = 0;
};

struct GameRecord {
  SecretIndex secret = 0;
  std::vector<TurnRecord> turns;
  bool solved = false;
  [[nodiscard]] std::uint32_t guesses() const { return static_cast<std::uint32_t>(turns.size()); }
};

struct PlayOptions {
  // A safety stop for players that make no progress; no game player here needs it
  // (each guess of a candidate removes at least that candidate).
  std::uint32_t max_turns = 100;
  // Used only when the player is deterministic.
  DecisionCache* cache = nullptr;
};

// Plays `player` against `secret`, starting from the candidates `start` (sorted; all
// secrets in the usual case, a subset when the player assumes fewer are possible).
// Stops when solved, when the player has no guess (no candidates consistent: the
// secret was outside `start`), or after max_turns.
GameRecord play_game(const Analyzer& analyzer, const Player& player, SecretIndex secret,
                     std::span<const SecretIndex> start, Workspace& ws, core::Rng& rng,
                     const PlayOptions& options = {});

// Checks of a guess game's simulation figures read back from files (a --resume log, a
// shard file for merge): every game takes at least one guess, and a win is a game
// solved within `limit` guesses (Wordle 6, Handle 10). Return what is wrong, naming
// the field.
std::optional<std::string> check_sim_game(const core::SimSpec& spec, const core::GameResult& game,
                                          std::int64_t limit);
std::optional<std::string> check_sim_summary(const core::SimSummary& summary, std::int64_t limit);

}  // namespace puzzlelab::guess
