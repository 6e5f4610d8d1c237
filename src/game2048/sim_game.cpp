#include "game2048/sim_game.h"

#include <algorithm>

#include "core/state_store.h"
#include "game2048/board_text.h"
#include "game2048/players.h"

namespace puzzlelab::game2048 {

std::optional<SimPlayer> parse_sim_player(std::string_view name) {
  if (name == "random") return SimPlayer::Random;
  if (name == "greedy") return SimPlayer::Greedy;
  if (name == "expectimax") return SimPlayer::Expectimax;
  return std::nullopt;
}

std::string_view sim_player_name(SimPlayer p) {
  switch (p) {
    case SimPlayer::Random:
      return "random";
    case SimPlayer::Greedy:
      return "greedy";
    case SimPlayer::Expectimax:
      return "expectimax";
  }
  return "expectimax";
}

core::GameResult SimGame::operator()(std::uint64_t index, core::Rng& rng) const {
  if (writes && writes->stopped()) {
    core::GameResult not_played;
    not_played.finished = false;
    return not_played;
  }
  // The start's tiles and the random player's picks come from two streams of the game's
  // own generator, in this order, so that a game is the same in every front-end.
  Game start = Game::start(*tables, size, core::Rng(rng.next()));
  core::Rng pick(rng.next());
  Chooser choose;
  std::unique_ptr<Ai> ai;
  SearchStats stats;
  const double cpu_start = core::thread_cpu_seconds();
  double prior_cpu = 0;
  bool continued = false;
  if (checkpoints) {
    if (const auto it = checkpoints->find(index); it != checkpoints->end()) {
      start = *Game::restore(*tables, it->second.position);  // checked when loaded
      stats.moves = it->second.nodes;
      prior_cpu = it->second.cpu_seconds;
      continued = true;
    }
  }
  // The position before the last search, with the figures before it: what an
  // interrupted game saves (the search of that move is done again).
  std::optional<Checkpoint> last;
  const auto save = [&](const Checkpoint& c) {
    const auto path = checkpoint_path(dir, index);
    const auto e = core::write_file_atomic(path, checkpoint_text(run, index, c));
    if (!writes) return;
    if (e) {
      writes->failed(index, e->message);
    } else {
      writes->succeeded();
    }
  };
  // Set when the game ends early because checkpoints cannot be written.
  bool abandoned = false;
  switch (player) {
    case SimPlayer::Random:
      choose = [&pick](const Game& g) { return random_move(g, pick); };
      break;
    case SimPlayer::Greedy:
      choose = [](const Game& g) { return greedy_move(g); };
      break;
    case SimPlayer::Expectimax:
      ai = std::make_unique<Ai>(*tables, settings);
      choose = [&](const Game& g) -> std::optional<Game::Preview> {
        if (writes && writes->stopped()) {
          abandoned = true;
          return std::nullopt;
        }
        if (!dir.empty()) {
          last = Checkpoint{g.snapshot(), stats.moves, prior_cpu + core::thread_cpu_seconds() - cpu_start};
          if (g.moves() % every == 0 && g.moves() != start.moves()) save(*last);
        }
        return ai_move(*ai, g, &stats);
      };
      break;
  }
  const PlayedGame pg = play_to_end(start, choose, stop, cancel);
  if (pg.cut_short && last) save(*last);
  core::GameResult r = sim_result(pg);
  if (ai) r.metrics.push_back(static_cast<std::int64_t>(stats.moves));
  r.detail = nlohmann::json{{"board", grid_values_line(pg.final_grid)}};
  r.finished = r.finished && !abandoned;
  r.continued = continued;
  r.prior_cpu_seconds = prior_cpu;
  return r;
}

core::SimSpec sim_spec(SimPlayer player, std::uint64_t seed, std::uint64_t games, int size) {
  core::SimSpec spec;
  spec.game = "2048";
  spec.player = std::string(sim_player_name(player));
  spec.seed = seed;
  spec.games = games;
  spec.primary = "max_tile";
  spec.metrics = {"score", "moves"};
  spec.config = nlohmann::json{{"size", size}};
  return spec;
}

std::vector<TileReach> tile_reach(const core::SimSummary& s) {
  std::vector<TileReach> out;
  if (s.games == 0) return out;
  const core::Stats& tiles = s.primary;
  std::int64_t lo = std::min<std::int64_t>(tiles.min(), 2048);
  std::int64_t hi =
      std::max<std::int64_t>(tiles.max(), parse_sim_player(s.spec.player) == SimPlayer::Expectimax ? 65536 : 2048);
  if (lo < 2) lo = 2;
  for (std::int64_t t = lo; t <= hi && t > 0; t *= 2) out.push_back({t, tiles.count_at_least(t)});
  return out;
}

}  // namespace puzzlelab::game2048
