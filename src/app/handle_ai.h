#pragma once
// The AI players of Handle as the app sets them up: which secrets and which candidates,
// which player, and the opening guess (cached in the state folder under the data's
// checksum, since with all idioms as candidates it takes seconds to find).
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/context.h"
#include "app/handle_session.h"
#include "guess/analyzer.h"
#include "guess/player.h"
#include "guess/simulation.h"
#include "handle/game.h"

namespace puzzlelab::app {

struct HandleAiOptions {
  std::string player = "entropy";   // random | frequency | entropy
  std::string secrets = "answers";  // answers | idioms
  std::string candidates;           // answers | idioms; empty = same as secrets
  std::string prior;                // uniform | common; empty = common for idioms candidates, else uniform
  bool recompute = false;           // ignore a cached opener
  bool need_opener = true;          // false: skip the opener (the assistant ranks for itself)
};

class HandleAi {
 public:
  // Validates the options (usage errors) and builds everything; computes or loads the
  // opener of a deterministic player (messages about the cache go to ctx.err).
  static core::Result<std::unique_ptr<HandleAi>> create(Context& ctx, HandleSession& session,
                                                        const HandleAiOptions& options);

  [[nodiscard]] const handle::HandleGame& game() const { return *game_; }
  [[nodiscard]] const guess::Analyzer& analyzer() const { return *analyzer_; }
  [[nodiscard]] const guess::Player& player() const { return *player_; }
  // The candidates the player starts from, and the secrets games are played against.
  [[nodiscard]] const std::vector<guess::SecretIndex>& start() const { return start_; }
  [[nodiscard]] const std::vector<guess::SecretIndex>& secrets() const { return secrets_; }
  [[nodiscard]] const HandleAiOptions& options() const { return options_; }
  // The opener of a deterministic player (nullopt for random).
  [[nodiscard]] std::optional<guess::GuessIndex> opener() const { return opener_; }
  [[nodiscard]] double opener_seconds() const { return opener_seconds_; }
  [[nodiscard]] bool opener_cached() const { return opener_cached_; }

  // Plays one game (thread-safe; a workspace per thread).
  guess::GameRecord play(guess::SecretIndex secret, core::Rng& rng);

 private:
  HandleAi() = default;
  HandleAiOptions options_;
  std::unique_ptr<handle::HandleGame> game_;
  std::unique_ptr<guess::Analyzer> analyzer_;
  std::unique_ptr<guess::Player> player_;
  guess::DecisionCache cache_;
  std::vector<guess::SecretIndex> start_;
  std::vector<guess::SecretIndex> secrets_;
  std::optional<guess::GuessIndex> opener_;
  double opener_seconds_ = 0;
  bool opener_cached_ = false;
};

}  // namespace puzzlelab::app
