#pragma once
// The player's state in one SQLite database, puzzlelab.db in the state folder: every
// finished game (the history), the games in progress (a play session's saved state),
// imported counters from older versions, and settings. Every front-end (terminal,
// browser, tests) goes through this interface; the game libraries never see SQL.
//
// Why a database rather than JSON files: several processes (two terminals, the browser)
// may finish games at the same moment. SQLite in WAL mode with a busy timeout and every
// change in one IMMEDIATE transaction serialises them, and a process killed at any
// point leaves the last committed state. Statistics are computed from the finished
// games by query, so no counter can drift from the games behind it.
//
// Failure rules: a database that is not SQLite, fails PRAGMA quick_check, or cannot be
// opened (permissions, a directory, a device) is moved aside under a new name and a new
// one is started; nothing is ever written over. A folder that cannot be written (full
// disk, read-only) is an error the caller turns into a warning: the game goes on
// unsaved.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/result.h"

namespace puzzlelab::core {

// How a game ended. Abandoned games (left before the end) are kept in the history but
// are not counted in played, wins or streaks: the original games do not count a game
// the player walked away from.
enum class GameOutcome { Won, Lost, Abandoned };

std::string_view outcome_name(GameOutcome o);
std::optional<GameOutcome> parse_outcome(std::string_view text);

struct FinishedGame {
  std::int64_t id = 0;      // assigned by the store
  std::string game;         // "wordle", "handle", "24", "2048"
  std::string mode;         // "normal", "hard", "4x4", ... ("" when the game has one)
  std::int64_t finished_at = 0;  // Unix time, seconds (passed in, never read here)
  std::string puzzle;       // the answer, the hand or the seed
  std::optional<std::int64_t> day;  // the daily puzzle's number, counted once
  nlohmann::json moves = nlohmann::json::array();  // the guesses or moves, in order
  GameOutcome outcome = GameOutcome::Lost;
  std::int64_t score = 0;   // points (24), score (2048)
  std::int64_t tries = 0;   // guesses or attempts used
  bool assisted = false;    // a hint or an undo was used
  double duration_seconds = 0;
  std::string frontend = "terminal";
  // How it ended, where a game tells more than won or lost: {"ended": "gave up"}.
  nlohmann::json detail = nlohmann::json::object();
};

// Counters of one game (and optionally one mode), computed from the finished games
// plus any imported baseline.
struct GameStats {
  std::uint64_t played = 0;  // won + lost
  std::uint64_t wins = 0;
  std::uint64_t wins_unassisted = 0;
  std::uint64_t abandoned = 0;
  std::uint64_t current_streak = 0;
  std::uint64_t max_streak = 0;
  std::map<std::int64_t, std::uint64_t> tries;  // wins by the number of tries they took
  std::int64_t best_score = 0;
  std::int64_t total_score = 0;
  std::map<std::string, std::uint64_t> ended;  // counted games by their detail's "ended"
  // Rounded to the nearest whole percent, as NYT shows it; 0 with no games.
  [[nodiscard]] int win_percent() const;
  friend bool operator==(const GameStats&, const GameStats&) = default;
};

nlohmann::json stats_to_json(const GameStats& s);
// A finished game as the statistics show it to the player (`stats --json`, the web's
// stats): when, mode, puzzle, day, outcome, score, tries, moves and front-end.
nlohmann::json finished_game_to_json(const FinishedGame& g);

// Wins as a whole percent of the games played, rounded to the nearest (2 of 3 is 67, as
// NYT shows it, not 66); 0 with no games.
int win_percent(std::uint64_t wins, std::uint64_t played);

// What record() did.
enum class Recorded { Counted, DailyAlreadyCounted };

// The counters of an older version's statistics file, kept as a baseline row under the
// game (and mode) so that nothing a player had is lost: counters that have no games
// behind them.
struct Baseline {
  std::string game;
  std::string mode;
  GameStats stats;
};

// A JSON file of an older version to import once, when the database is first opened.
// The app knows the games' old formats; the store only moves the files.
struct LegacyFile {
  std::string name;  // file name in the state folder
  struct Imported {
    std::vector<Baseline> baselines;
    std::vector<std::pair<std::string, nlohmann::json>> saves;  // key, state
    std::string game;                                           // for the saves
  };
  // Reads the parsed document; an error when it is not a file of that kind.
  std::function<Result<Imported>(const nlohmann::json&)> convert;
};

class GameStore {
 public:
  static constexpr const char* kFileName = "puzzlelab.db";
  static constexpr int kSchemaVersion = 1;

  // Opens (creating if needed) dir/puzzlelab.db, runs the migrations, and imports the
  // JSON files of older versions once. Warnings (a damaged database moved aside, a
  // JSON file that could not be imported) are appended to `warnings`; an Error means
  // no store at all (the folder cannot be created or written).
  static Result<std::unique_ptr<GameStore>> open(const std::filesystem::path& dir, std::vector<std::string>& warnings,
                                                 const std::vector<LegacyFile>& legacy = {});
  ~GameStore();
  GameStore(const GameStore&) = delete;
  GameStore& operator=(const GameStore&) = delete;

  [[nodiscard]] const std::filesystem::path& path() const { return path_; }

  // Adds a finished game. A daily puzzle (day set) already finished as won or lost is
  // not counted again; the game is then stored as not counted.
  Result<Recorded> record(const FinishedGame& g);
  // Records a finished game and writes the save `key` in one transaction, so the game
  // that ends a saved session is never counted twice nor lost.
  Result<Recorded> record_and_save(const FinishedGame& g, std::string_view key, const nlohmann::json& state,
                                   std::int64_t now);
  // Whether the daily puzzle `day` of `game` was finished already (won or lost).
  Result<std::optional<FinishedGame>> daily_result(std::string_view game, std::int64_t day);
  // Statistics of a game over every mode, or of one mode.
  Result<GameStats> stats(std::string_view game, std::optional<std::string_view> mode = std::nullopt);
  // The most recent finished games, newest first ("" = every game).
  Result<std::vector<FinishedGame>> history(std::string_view game, std::size_t limit);

  // Games in progress, by key (e.g. "2048-4x4", "web-<id>"): the session's JSON.
  Result<std::optional<nlohmann::json>> load_save(std::string_view key);
  std::optional<Error> put_save(std::string_view key, std::string_view game, const nlohmann::json& state,
                                std::int64_t now);
  std::optional<Error> remove_save(std::string_view key);
  // Keeps a save that could not be resumed under a new key ("damaged/<key>/<now>"), so
  // it is neither loaded again nor lost; returns that key.
  Result<std::string> set_aside_save(std::string_view key, std::int64_t now);
  Result<std::vector<std::string>> save_keys(std::string_view prefix);
  // Removes the saves whose key starts with `prefix`, but for the `keep` most recently
  // updated ones; returns how many went. Bounds what an open-ended set of saves (the
  // browser's sessions) can take.
  Result<std::uint64_t> prune_saves(std::string_view prefix, std::uint64_t keep);

  Result<std::optional<std::string>> setting(std::string_view key);
  std::optional<Error> set_setting(std::string_view key, std::string_view value);

  // Everything (games, saves, baselines, settings) as one JSON document, and back:
  // import adds the games and baselines of the document to this store (a daily
  // puzzle already counted here is not counted twice) and replaces settings of the same
  // key. A saved game of a key this store already has, with another state, is not
  // taken: the game in progress here is never replaced; its key goes to `kept`.
  Result<nlohmann::json> export_all();
  std::optional<Error> import_all(const nlohmann::json& doc, std::vector<std::string>* kept = nullptr);

  struct Db;  // the SQLite connection, defined in game_store.cpp

 private:
  GameStore(std::filesystem::path path, std::unique_ptr<Db> db);
  std::filesystem::path path_;
  std::unique_ptr<Db> db_;
};

}  // namespace puzzlelab::core
