#include "game2048/hint.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "core/wording.h"
#include "game2048/game.h"

namespace puzzlelab::game2048 {

namespace {

// Each move's words: the best one, how the others compare with it, or that the move
// changes nothing. The values are the search's evaluations (not points a player scores),
// so the words compare them relative to the best one's size instead of quoting them:
// within 0.05% is "about as good", within 0.5% "a little worse", within 5% "worse",
// and anything further "much worse".
void describe_moves(Hint& h) {
  const float top = h.best ? h.advice(*h.best).value.value_or(0.0f) : 0.0f;
  for (const Move m : kMoves) {
    MoveAdvice& a = h.moves[static_cast<std::size_t>(m)];
    const std::string name(move_name(m));
    if (!a.legal) {
      a.rating = "changes nothing";
      a.words = name + ": " + a.rating;
    } else if (h.best && m == *h.best) {
      a.rating = "the best move";
      a.words = name + ": " + a.rating;
    } else {
      const double gap = std::max(0.0, static_cast<double>(top) - static_cast<double>(*a.value));
      const double rel = gap / std::max(1.0, std::abs(static_cast<double>(top)));
      a.rating = rel < 0.0005 ? "about as good" : rel < 0.005 ? "a little worse" : rel < 0.05 ? "worse" : "much worse";
      a.words = fmt::format("{}: {} than the best", name, a.rating);
    }
  }
}

}  // namespace

std::optional<std::string> hint_board_problem(const Grid& g) {
  if (count_empty(g) == g.area()) return "the board has no tiles: give a position with at least one tile";
  return std::nullopt;
}

Hint compute_hint(const MoveTables& tables, const Grid& g, const AiSettings& settings) {
  Ai ai(tables, settings);
  return compute_hint(tables, ai, g);
}

Hint compute_hint(const MoveTables& tables, Ai& ai, const Grid& g) {
  const auto board = board_from_grid(g);
  const AiChoice c = board ? ai.choose(*board) : ai.choose(g);
  Hint h;
  h.depth = c.depth;
  h.stats = c.stats;
  h.endgame = c.endgame;
  for (const Move m : kMoves) {
    const auto i = static_cast<std::size_t>(m);
    if (!exact_move(tables, g, m).moved) continue;
    h.moves[i].legal = true;
    // Legal only by a 32768 merge the AI cannot see: no value of its own.
    h.moves[i].value = c.values[i].value_or(0.0f);
  }
  if (c.best && h.advice(*c.best).legal) h.best = c.best;
  for (const Move m : kMoves) {
    if (!h.best && h.advice(m).legal) h.best = m;
  }
  describe_moves(h);
  return h;
}

std::vector<std::pair<Move, float>> ranked_moves(const Hint& h) {
  std::vector<std::pair<Move, float>> out;
  for (const Move m : kMoves) {
    if (const auto v = h.advice(m).value) out.emplace_back(m, *v);
  }
  std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  return out;
}

std::string endgame_line(const Hint& h) {
  const auto& e = *h.endgame;
  const auto tile = tile_value(e.goal);
  const std::string then =
      e.chain_to > 0 ? fmt::format(" (then the chain merges into {})", tile_value(e.chain_to)) : "";
  return fmt::format("Endgame lookup: {} makes a {} next to the big tiles' {}{} with probability {:.3f} ({}: {:.3f})",
                     move_name(*h.best), tile, tile, then, e.probability, move_name(e.searched),
                     e.searched_probability);
}

std::vector<std::string> hint_lines(const Hint& h) {
  if (!h.best) return {"Hint: no move changes the board."};
  const std::string how = h.endgame     ? std::string(" (the endgame table's choice)")
                          : h.depth > 0 ? " (the AI looked " + core::counted(h.depth, "move") + " ahead)"
                                        : std::string();
  std::vector<std::string> out = {fmt::format("Hint: {} is the best move{}.", move_name(*h.best), how)};
  // The other moves best first, then those that change nothing.
  std::string others;
  auto add = [&](Move m) {
    others += fmt::format("{}{}: {}", others.empty() ? "" : " · ", move_name(m), h.advice(m).rating);
  };
  for (const auto& ranked : ranked_moves(h)) {
    if (ranked.first != *h.best) add(ranked.first);
  }
  for (const Move m : kMoves) {
    if (!h.advice(m).legal) add(m);
  }
  if (!others.empty()) out.push_back(others);
  return out;
}

}  // namespace puzzlelab::game2048
