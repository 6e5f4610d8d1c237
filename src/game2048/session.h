#pragma once
// A game a person plays: the game, its undo history and whether help was used, plus
// the save format that keeps all of it (board, score, random state, history, flags),
// so a game survives being killed at any moment and resumes exactly.
#include <cstdint>
#include <deque>
#include <optional>

#include <nlohmann/json.hpp>

#include "core/result.h"
#include "game2048/game.h"

namespace puzzlelab::game2048 {

class Session {
 public:
  // Undo reaches back this many moves (a bound keeps the save small and quick to write
  // after every move, even in a 20,000-move game).
  static constexpr std::size_t kUndoLimit = 200;

  explicit Session(Game game) : game_(std::move(game)) {}

  [[nodiscard]] const Game& game() const { return game_; }
  // Plays a move; a move that changes the board can be undone.
  Step play(Move m);
  // Back one move (board, score, flags and random state). The original has no undo
  // (gabrielecirulli/2048 issue #343), so a game that used it is marked assisted.
  bool undo();
  void keep_going() { game_.keep_going(); }
  void mark_assisted() { assisted_ = true; }
  [[nodiscard]] bool assisted() const { return assisted_; }
  [[nodiscard]] const std::deque<Snapshot>& history() const { return history_; }
  [[nodiscard]] std::optional<std::uint64_t> seed() const { return seed_; }
  void set_seed(std::optional<std::uint64_t> seed) { seed_ = seed; }

  [[nodiscard]] nlohmann::json to_json() const;
  // Validates everything; the error says what is wrong, for the "moved aside" message.
  static core::Result<Session> from_json(const MoveTables& tables, const nlohmann::json& j);

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

// The saved game's file name in the state folder (one per board size).
std::string save_file_name(int size);

}  // namespace puzzlelab::game2048
