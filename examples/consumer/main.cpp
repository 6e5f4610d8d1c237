// Uses the installed puzzlelab libraries: scores a Wordle guess, solves a 24 hand and
// makes a 2048 move.
#include <iostream>
#include <vector>

#include "game2048/board_text.h"
#include "game2048/grid.h"
#include "game24/solver.h"
#include "wordle/feedback.h"

namespace pl = puzzlelab;

int main() {
  // Wordle: the colours ERROR gets against the secret ELDER (G green, Y yellow, . gray).
  const pl::wordle::Pattern pattern = pl::wordle::score("elder", "error");
  std::cout << "wordle elder error: " << pl::wordle::pattern_text(pattern, 5) << '\n';

  // 24: every distinct way to make 24 from 3 3 8 8.
  const std::vector<pl::game24::Rational> hand{pl::game24::Rational(3), pl::game24::Rational(3),
                                               pl::game24::Rational(8), pl::game24::Rational(8)};
  const auto solved = pl::game24::solve(hand, pl::game24::SolveOptions{});
  if (!solved) {
    std::cerr << "24: " << solved.error().message << '\n';
    return 1;
  }
  for (const auto& s : solved->solutions) std::cout << "24 3 3 8 8: " << s.text << '\n';

  // 2048: the board after a move to the right (no new tile).
  auto grid = pl::game2048::parse_grid("2 2 2 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0");
  if (!grid) {
    std::cerr << "2048: " << grid.error().message << '\n';
    return 1;
  }
  const pl::game2048::GridMove move = pl::game2048::move_grid(*grid, pl::game2048::Move::Right);
  std::cout << "2048 right: " << pl::game2048::grid_values_line(*grid) << " (score +" << move.score << ")\n";
  return 0;
}
