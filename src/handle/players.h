#pragma once
// The Handle AI players by name, built the one way every front-end uses (`puzzlelab handle
// sim|watch|assist --player`, the page's watch): random, frequency (FrequencyPlayer) and
// entropy — the plain entropy player when the candidates are the daily answers, equally
// likely; the weighted entropy player (weighted_player.h) when they are all idioms or the
// common prior weights them.
#include <memory>
#include <optional>
#include <string_view>

#include "guess/analyzer.h"
#include "guess/player.h"
#include "handle/game.h"

namespace puzzlelab::handle {

enum class PlayerKind { Random, Frequency, Entropy };

// "random", "frequency", "entropy".
std::optional<PlayerKind> parse_player(std::string_view name);
inline constexpr std::string_view kPlayerNames = "random, frequency or entropy";

// Which candidates the player starts from, and the prior over them.
struct PlayerSetting {
  bool idiom_candidates = false;  // all idioms, not only the daily answers
  bool common_prior = false;      // common_prior() weights, not uniform
};

// The player of `kind` over `analyzer`, whose game is `game` (both outlive the player).
std::unique_ptr<guess::Player> make_player(PlayerKind kind, const HandleGame& game, const guess::Analyzer& analyzer,
                                           PlayerSetting setting);

}  // namespace puzzlelab::handle
