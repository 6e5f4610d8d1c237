#pragma once
// Everything the Wordle commands, tests and benchmarks share once the lists are
// loaded: the game, its analyzer (with the pattern table when wanted), the hard-mode
// filter, the players by name, and the simulation of one game.
#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/data_source.h"
#include "core/result.h"
#include "core/rng.h"
#include "core/sim.h"
#include "guess/analyzer.h"
#include "guess/player.h"
#include "guess/simulation.h"
#include "wordle/game.h"
#include "wordle/hard_mode.h"

namespace puzzlelab::wordle {

// The game's own limit: a game is won when solved within six guesses.
inline constexpr std::uint32_t kMaxGuesses = 6;

enum class PlayerKind { Random, Frequency, Entropy, Parts };

// "random", "frequency", "entropy", "parts".
std::optional<PlayerKind> parse_player(std::string_view name);
std::string_view player_name(PlayerKind kind);
inline constexpr std::string_view kPlayerNames = "random, frequency, entropy, parts";

class Engine {
 public:
  // Parses and validates the two lists (texts of answers.txt and guesses.txt) and
  // builds the analyzer; table.memory_budget = 0 keeps no pattern table (feedback is
  // then computed on the fly: better for one-off questions than a 0.1 s table build).
  static core::Result<std::unique_ptr<Engine>> load(std::string_view answers_text, std::string_view guesses_text,
                                                    const guess::TableOptions& table);
  static core::Result<std::unique_ptr<Engine>> create(const std::vector<std::string>& answers,
                                                      const std::vector<std::string>& guesses,
                                                      const guess::TableOptions& table);

  [[nodiscard]] const WordleGame& game() const { return *game_; }
  // See WordleGame::set_day_order.
  [[nodiscard]] std::optional<core::Error> set_day_order(const std::vector<std::string>& words_by_day) {
    return game_->set_day_order(words_by_day);
  }
  [[nodiscard]] const guess::Analyzer& analyzer() const { return *analyzer_; }
  [[nodiscard]] const HardModeFilter& hard_filter() const { return *hard_; }

  // A player; `threads` is what one decision may use (1 inside simulations).
  [[nodiscard]] std::unique_ptr<guess::Player> make_player(PlayerKind kind, bool hard, unsigned threads) const;

 private:
  Engine() = default;
  std::unique_ptr<WordleGame> game_;
  std::unique_ptr<guess::Analyzer> analyzer_;
  std::unique_ptr<HardModeFilter> hard_;
};

// Where the word lists come from: files the user names, else the data folder's (or the
// built-in) wordle/answers.txt and wordle/guesses.txt.
struct ListFiles {
  std::optional<std::string> answers;
  std::optional<std::string> guesses;
};

// An engine built from its lists, with what keys results cached for them.
struct LoadedEngine {
  std::unique_ptr<Engine> engine;
  std::uint64_t checksum = 0;  // of both lists' text
  bool builtin = true;         // the shipped lists (no list file, no data folder)
  // Problems that do not stop the game (the day order does not fit the data folder's
  // answers: games then have no day number).
  std::vector<std::string> warnings;
};

// Reads and checks both lists (a list file is read up to core::kDataFileCap; `cancel`
// stops a slow read) and builds the engine; the original game's day order
// (wordle/answers-by-day.txt) is set when it fits the answers. An error names the list.
core::Result<LoadedEngine> load_engine(const core::DataSource& data, const ListFiles& files,
                                       const guess::TableOptions& table, const std::atomic<bool>* cancel = nullptr);

// Games of one player over one engine, many at once from several threads. The first
// guess is computed once with all threads (opener()); a deterministic player's
// decisions are shared between games through a DecisionCache.
class Simulator {
 public:
  Simulator(const Engine& engine, PlayerKind kind, bool hard);
  // The first guess (for deterministic players; kNoGuess for random), computed with
  // `threads` threads the first time.
  guess::GuessIndex opener(unsigned threads);
  // Takes a first guess found before (the state folder's cache of best openers, which a
  // front-end reads) instead of computing it. Only for deterministic players: it must be
  // the guess the player itself would open with.
  void use_opener(guess::GuessIndex guess);
  // Plays one game against `secret`. Thread-safe.
  [[nodiscard]] guess::GameRecord play(SecretIndex secret, core::Rng& rng) const;

  // A simulation of `games` games (every front-end's `sim`): the run's description for
  // core::run_simulation, with the first guess (computed with `threads` threads) when the
  // player has a fixed one. With `every_answer` game i is answer i of the list order;
  // otherwise each game draws its answer with its own random stream.
  [[nodiscard]] core::SimSpec spec(std::uint64_t seed, std::uint64_t games, bool every_answer, unsigned threads);
  // Game `index` of that run; the figure is the number of guesses, a win is solved within
  // six. With `detail`, the answer and the guesses go in the result's detail.
  [[nodiscard]] core::GameResult sim_game(std::uint64_t index, core::Rng& rng, bool every_answer, bool detail) const;
  // The key of game `index` of that run for sharing games among ranks
  // (core::SimHooks::group): the first guess's feedback, then the secret. Games with the
  // same feedback meet the same positions after it, which a player decides once per
  // process; grouped, each rank decides only its own groups' positions.
  [[nodiscard]] std::uint64_t group_key(std::uint64_t index, std::uint64_t seed, bool every_answer) const;
  [[nodiscard]] const guess::Player& player() const { return *player_; }

 private:
  const Engine* engine_;
  PlayerKind kind_;
  bool hard_;
  std::unique_ptr<guess::Player> player_;
  mutable guess::DecisionCache cache_;
  std::optional<guess::GuessIndex> opener_;
};

// One game to watch, as the terminal's `wordle watch` and the browser's watch job play it:
// the player against `secret`, drawing from core::Rng(core::mix(seed, secret)), so one
// seed gives the same game in both. `opener` is a first guess found before (the state
// folder's cache) for a deterministic player; without it the player finds its own.
[[nodiscard]] guess::GameRecord watch_game(const Engine& engine, PlayerKind kind, bool hard, SecretIndex secret,
                                           std::uint64_t seed, std::optional<guess::GuessIndex> opener = std::nullopt);

}  // namespace puzzlelab::wordle
