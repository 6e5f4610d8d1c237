#pragma once
// One game's part of the session API: how a session starts from the page's options,
// what one input does to it, and what the page may see of it. The rules all live in the
// game's library session; this only maps JSON to its calls and back.
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/data_source.h"
#include "core/game_store.h"
#include "core/result.h"

namespace puzzlelab::web {

struct Applied {
  nlohmann::json outcome = nlohmann::json::object();  // what the input did, for the page
  std::optional<core::FinishedGame> record;           // a game (or 24 hand) that just ended
  bool over = false;                                  // the session takes no more input
};

// What a new session may know of the player: their statistics in this game (24 carries
// the running score and streak across sessions, as terminal play does).
struct Player {
  std::optional<core::GameStats> stats;
};

class GameApi {
 public:
  virtual ~GameApi() = default;
  [[nodiscard]] virtual std::string_view game() const = 0;
  // The state of a new session, or a message saying what is wrong with the options.
  [[nodiscard]] virtual core::Result<nlohmann::json> create(const nlohmann::json& options, std::uint64_t seed,
                                                            double now, const Player& player) const = 0;
  // Applies one input to `state` (changed in place only when it succeeds).
  [[nodiscard]] virtual core::Result<Applied> apply(nlohmann::json& state, const nlohmann::json& input,
                                                    double now) const = 0;
  // What the page may see; never the answer of a game still being played.
  [[nodiscard]] virtual core::Result<nlohmann::json> view(const nlohmann::json& state) const = 0;
  // The record of a game left unfinished (nullopt: nothing to record).
  [[nodiscard]] virtual std::optional<core::FinishedGame> abandon(const nlohmann::json& state, double now) const = 0;
};

}  // namespace puzzlelab::web
