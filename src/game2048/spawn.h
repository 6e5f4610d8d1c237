#pragma once
// The spawn law of the original game (gabrielecirulli/2048, js/game_manager.js:69-76):
// after every move that changes the board, a new tile appears in a uniformly random
// empty cell; it is a 2 with probability 9/10 and a 4 with probability 1/10. The game
// draws it, the AI's chance nodes, the endgame lookup and the learner's lookahead
// average over it: all of them read it from here.
#include <array>
#include <cstdint>

#include "core/rng.h"

namespace puzzlelab::game2048 {

// A 2 in kSpawnTwoChances of kSpawnChances spawns, a 4 in the others.
inline constexpr std::uint64_t kSpawnChances = 10;
inline constexpr std::uint64_t kSpawnTwoChances = 9;

// One possible spawned tile: its exponent (1: tile 2, 2: tile 4) and its probability
// (the float the searches weigh with; 9/10 and 1/10 rounded to the nearest float).
struct SpawnTile {
  int exponent;
  float probability;
};
inline constexpr std::array<SpawnTile, 2> kSpawnTiles{{
    {1, static_cast<float>(kSpawnTwoChances) / static_cast<float>(kSpawnChances)},
    {2, static_cast<float>(kSpawnChances - kSpawnTwoChances) / static_cast<float>(kSpawnChances)},
}};
inline constexpr float kSpawnTwoProbability = kSpawnTiles[0].probability;
inline constexpr float kSpawnFourProbability = kSpawnTiles[1].probability;
static_assert(kSpawnTwoProbability == 0.9f && kSpawnFourProbability == 0.1f);

// The exponent of the next spawned tile, drawn exactly (no floating point), before the
// cell as the original does.
inline int draw_spawn_exponent(core::Rng& rng) {
  return rng.chance(kSpawnTwoChances, kSpawnChances) ? kSpawnTiles[0].exponent : kSpawnTiles[1].exponent;
}

// The same law as the self-play trainer draws it: after the cell, with the 4 on the
// lowest of the kSpawnChances draws. Its own order of draws keeps the games, and so
// every network trained from a seed, what they have always been.
inline int draw_spawn_exponent_cell_first(core::Rng& rng) {
  return rng.below(kSpawnChances) < kSpawnChances - kSpawnTwoChances ? kSpawnTiles[1].exponent
                                                                     : kSpawnTiles[0].exponent;
}

}  // namespace puzzlelab::game2048
