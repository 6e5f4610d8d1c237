#pragma once
// What a 2048 simulation can have produced, for figures read back from files: one game
// of a --resume log (its --jsonl line) and the histograms of a shard file for `merge`.
// The rules bound every figure: a tile is a power of two the board can hold, the game
// stops at --stop-at, every move adds one tile of 2 or 4 to the board, and the score
// is what the merges of the final board's tiles can have made.
#include <optional>
#include <string>
#include <string_view>

#include "core/sim.h"
#include "game2048/grid.h"

namespace puzzlelab::game2048 {

// A position a game can reach after `moves` moves with `score`: at least 2 tiles, a
// tile sum those moves can have made (two start tiles and one 2 or 4 a move), and a
// score the tiles' merges can have made. `board` names the board in the message.
std::optional<std::string> check_position(const Grid& grid, std::int64_t moves, std::int64_t score,
                                          std::string_view board);

// One game: max_tile, win, score, moves (and nodes for the AI), and the final board
// in detail.board, all consistent. Returns what is wrong, naming the field.
std::optional<std::string> check_sim_game(const core::SimSpec& spec, const core::GameResult& game);

// A shard's histograms: tiles the board can hold (and not past --stop-at), wins equal
// to the games that made 2048, scores and moves within what those tiles allow.
std::optional<std::string> check_sim_summary(const core::SimSummary& summary);

}  // namespace puzzlelab::game2048
