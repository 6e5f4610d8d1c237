#include "handle/players.h"

#include <utility>
#include <vector>

#include "handle/weighted_player.h"

namespace puzzlelab::handle {

std::optional<PlayerKind> parse_player(std::string_view name) {
  if (name == "random") return PlayerKind::Random;
  if (name == "frequency") return PlayerKind::Frequency;
  if (name == "entropy") return PlayerKind::Entropy;
  return std::nullopt;
}

std::unique_ptr<guess::Player> make_player(PlayerKind kind, const HandleGame& game, const guess::Analyzer& analyzer,
                                           PlayerSetting setting) {
  switch (kind) {
    case PlayerKind::Random: return std::make_unique<guess::RandomPlayer>(analyzer);
    case PlayerKind::Frequency: return std::make_unique<FrequencyPlayer>(game);
    case PlayerKind::Entropy: break;
  }
  if (!setting.common_prior && !setting.idiom_candidates) {
    return std::make_unique<guess::ScoringPlayer>(analyzer, guess::Scoring::Entropy);
  }
  std::vector<double> weights =
      setting.common_prior ? common_prior(game) : std::vector<double>(game.secret_count(), 1.0);
  WeightedPlayerOptions options;
  // With the uniform prior E is not used (plain entropy); the common prior lets E decide
  // among at most 8 candidates (see weighted_player.h).
  options.endgame = setting.common_prior ? 8 : 2;
  return std::make_unique<WeightedEntropyPlayer>(analyzer, std::move(weights), options);
}

}  // namespace puzzlelab::handle
