#pragma once
// A game a person plays (PlaySession), plus the save format that keeps all of it
// (board, score, random state, history, flags).
#include <cstdint>
#include <deque>
#include <optional>

#include <nlohmann/json.hpp>

#include "core/game_store.h"
#include "core/result.h"
#include "game2048/game.h"
#include "game2048/hint.h"

namespace puzzlelab::game2048 {

// What one move did, as data for any front-end (the terminal prints it, the browser
// sends it).
enum class Outcome {
  Moved,     // the tiles moved and a tile spawned; the game goes on
  NotMoved,  // nothing moves that way: the position is unchanged and no tile spawned
  Won,       // the move made 2048: the game waits for keep_going() (or a new game)
  Lost,      // the move left no move that changes the board: the game is over
  // Refused without looking at the board:
  WaitingToKeepGoing,  // the game is won and waits for keep_going()
  Over,                // the game is over (undo, or start a new one)
};

struct MoveOutcome {
  Outcome outcome = Outcome::NotMoved;
  Step step;  // the score gained and the spawned tile when the tiles moved
  [[nodiscard]] bool moved() const { return step.moved; }
};

// How a game that is left ends up in the history: a game that made 2048 is won even
// when it went on and was lost later; an unfinished game is neither.
enum class Ending { Won, Lost, Unfinished };

// One game of 2048 in progress, as a state machine: moves, undo, keep going and hints
// in; each input's outcome out as data; the whole state saved and restored as JSON (the
// game, its undo history, whether help was used and the seed), so a game survives being
// killed at any moment and resumes exactly. The terminal and the browser both drive it.
class PlaySession {
 public:
  // Undo reaches back this many moves (a bound keeps the save small and quick to write
  // after every move, even in a 20,000-move game).
  static constexpr std::size_t kUndoLimit = 200;

  explicit PlaySession(Game game) : game_(std::move(game)) {}
  // A new game on a size×size board whose tiles come from `seed` (kept, so that the
  // game can be replayed and named in the history).
  static PlaySession start(const MoveTables& tables, int size, std::uint64_t seed);

  [[nodiscard]] const Game& game() const { return game_; }
  [[nodiscard]] Status status() const { return game_.status(); }
  // Plays a move when the game accepts one; a move that changes the board can be undone.
  MoveOutcome play(Move m);
  // Back one move (board, score, flags and random state). The original has no undo
  // (gabrielecirulli/2048 issue #343), so a game that used it is marked assisted.
  // False when there is nothing to undo.
  bool undo();
  // After a win: play on (later 2048s no longer stop the game). False when the game
  // was not waiting after a win.
  bool keep_going();
  // The AI's advice for the current position (game2048/hint.h). The original has no
  // hints, so looking at one marks the game assisted.
  Hint hint(const AiSettings& settings);
  // Help was used some other way: the game counts as assisted.
  void mark_assisted() { assisted_ = true; }
  // Undo or hints were used: the game's score is not a record.
  [[nodiscard]] bool assisted() const { return assisted_; }
  [[nodiscard]] const std::deque<Snapshot>& history() const { return history_; }
  [[nodiscard]] std::optional<std::uint64_t> seed() const { return seed_; }
  void set_seed(std::optional<std::uint64_t> seed) { seed_ = seed; }
  // A seed for the game after this one, drawn from this game's random state (without
  // changing it): a replayable series of games follows from the first seed.
  [[nodiscard]] std::uint64_t next_seed() const;
  // How the game counts when it is left now.
  [[nodiscard]] Ending ending() const;
  // The game as an entry of the player's history (core::GameStore) if it is left at
  // `finished_at` (Unix seconds): mode "NxN", the seed as the puzzle, the score, the
  // moves as tries, assisted when undo or a hint was used, and the largest tile.
  [[nodiscard]] core::FinishedGame finished_game(std::int64_t finished_at) const;
  // The game's entry in the history if it is left at `finished_at`, or nullopt for a
  // game without a move: an untouched board is not a game (every front-end's rule).
  [[nodiscard]] std::optional<core::FinishedGame> history_entry(std::int64_t finished_at) const;
  // What this game counts toward the player's best score: its score, or 0 when undo or
  // a hint was used (an assisted game's score is not a record).
  [[nodiscard]] std::int64_t record_score() const { return assisted_ ? 0 : game_.score(); }
  // A saved game worth offering again: not over and with a move played (a game left
  // before its first move has nothing to resume; a new one replaces it).
  [[nodiscard]] bool resumable() const { return !game_.over() && game_.moves() > 0; }

  [[nodiscard]] nlohmann::json to_json() const;
  // Validates everything; the error says what is wrong, for the "moved aside" message.
  static core::Result<PlaySession> from_json(const MoveTables& tables, const nlohmann::json& j);

 private:
  Game game_;
  std::deque<Snapshot> history_;
  bool assisted_ = false;
  std::optional<std::uint64_t> seed_;
};

// One position (board, score, moves, flags, random state) as the save file holds it;
// from_json checks every field and says what is wrong.
nlohmann::json snapshot_to_json(const Snapshot& s);
core::Result<Snapshot> snapshot_from_json(const nlohmann::json& j, int size);

// The history's mode of a size×size game ("4x4"), which its best score is kept under.
std::string size_mode(int size);

// The saved game's file name in the state folder (one per board size).
std::string save_file_name(int size);

}  // namespace puzzlelab::game2048
