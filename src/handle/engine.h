#pragma once
// Handle's AI players as every front-end sets them up: which secrets games are played
// against, which candidates the player assumes, which player and prior, and the opening
// guess (found once with all threads, or read from the state folder's opener cache:
// with all idioms as candidates it takes seconds to find).
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/rng.h"
#include "core/sim.h"
#include "core/state_store.h"
#include "guess/analyzer.h"
#include "guess/player.h"
#include "guess/simulation.h"
#include "handle/game.h"

namespace puzzlelab::handle {

enum class PlayerKind { Random, Frequency, Entropy };

// "random", "frequency", "entropy".
std::optional<PlayerKind> parse_player(std::string_view name);
inline constexpr std::string_view kPlayerNames = "random, frequency or entropy";
std::string_view player_name(PlayerKind kind);

// The entropy player's weights over the candidates: all equal, or by how common the
// rarest character of each idiom is (common_prior).
enum class Prior { Uniform, Common };
std::optional<Prior> parse_prior(std::string_view name);  // "uniform", "common"
std::string_view prior_name(Prior prior);

std::optional<WordSet> parse_word_set(std::string_view name);  // "answers", "idioms"
std::string_view word_set_name(WordSet set);

struct EngineOptions {
  PlayerKind player = PlayerKind::Entropy;
  WordSet secrets = WordSet::Answers;  // what games are played against
  std::optional<WordSet> candidates;   // what the player assumes possible; default: the secrets
  std::optional<Prior> prior;          // default: Common for idioms candidates, else Uniform
  unsigned threads = 1;                // for finding the opener
};

// How the opener was found; warnings about the cache (never fatal) for the front-end.
struct OpenerReport {
  guess::GuessIndex guess = guess::kNoGuess;  // kNoGuess for the random player
  bool cached = false;
  double seconds = 0;  // time to find it when not cached
  std::vector<std::string> warnings;
};

class Engine {
 public:
  // The opener cache's file in the state folder.
  static constexpr const char* kOpenerFile = "handle-openers.json";

  Engine(const IdiomTable& table, const EngineOptions& options);
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  [[nodiscard]] const HandleGame& game() const { return *game_; }
  [[nodiscard]] const guess::Analyzer& analyzer() const { return *analyzer_; }
  [[nodiscard]] const guess::Player& player() const { return *player_; }
  // The options with the defaults filled in.
  [[nodiscard]] PlayerKind player_kind() const { return kind_; }
  [[nodiscard]] WordSet secret_set() const { return secret_set_; }
  [[nodiscard]] WordSet candidate_set() const { return candidate_set_; }
  [[nodiscard]] Prior prior() const { return prior_; }
  // The candidates the player starts from (sorted), and the secrets games are played
  // against (the answers in day order, or every idiom).
  [[nodiscard]] const std::vector<guess::SecretIndex>& start() const { return start_; }
  [[nodiscard]] const std::vector<guess::SecretIndex>& secrets() const { return secrets_; }

  // Finds the opener of a deterministic player and hands it to every later game. The
  // entropy player's opener is read from and saved to `store` (when given) under the
  // data's checksum and this setting, unless `recompute`.
  OpenerReport find_opener(const core::StateStore* store, bool recompute);
  // The opener once found (nullopt before find_opener, and for the random player).
  [[nodiscard]] std::optional<guess::GuessIndex> opener() const { return opener_; }

  // Plays one game against `secret` from start(). Thread-safe: each call has its own
  // workspace, and decisions are shared between games through a cache.
  [[nodiscard]] guess::GameRecord play(guess::SecretIndex secret, core::Rng& rng) const;

  // A simulation of `games` games (every front-end's `sim`): the run's description for
  // core::run_simulation, with the setting and the opener (when found). With
  // `every_secret` game i is secrets()[i]; otherwise each game draws its secret with its
  // own random stream.
  [[nodiscard]] core::SimSpec sim_spec(std::uint64_t seed, std::uint64_t games, bool every_secret) const;
  // Game `index` of that run: the number of tries, a win within the game's ten. With
  // `detail`, the secret and the guesses (as idioms) go in the result's detail.
  [[nodiscard]] core::GameResult sim_game(std::uint64_t index, core::Rng& rng, bool every_secret, bool detail) const;

 private:
  [[nodiscard]] std::string cache_setting() const;
  PlayerKind kind_;
  WordSet secret_set_;
  WordSet candidate_set_;
  Prior prior_;
  unsigned threads_;
  std::unique_ptr<HandleGame> game_;
  std::unique_ptr<guess::Analyzer> analyzer_;
  std::unique_ptr<guess::Player> player_;
  mutable guess::DecisionCache cache_;
  std::vector<guess::SecretIndex> start_;
  std::vector<guess::SecretIndex> secrets_;
  std::optional<guess::GuessIndex> opener_;
};

}  // namespace puzzlelab::handle
