// `puzzlelab 2048 ...`: the verbs (one file each, app/game2048_verbs.h) and the AI's
// options they share.
#include <fmt/format.h>

#include <filesystem>
#include <memory>

#include "app/commands.h"
#include "app/game2048_verbs.h"
#include "game2048/ntuple.h"

namespace puzzlelab::app {

void add_game2048_ai_options(CLI::App* cmd, Game2048AiOptions& o) {
  cmd->add_option("--level", o.level, "Search level: fast, normal or strong")
      ->check(CLI::IsMember({"fast", "normal", "strong"}))
      ->capture_default_str();
  cmd->add_option("--depth", o.depth,
                  "Search D spawns deep: your move, then D times (spawn, best reply); overrides the level")
      ->check(CLI::Range(1, 12));
  cmd->add_option("--ms-per-move", o.ms_per_move, "Deepen while each move stays within T ms (depends on the machine)")
      ->check(number_in(0.1, 600000.0));
  cmd->add_flag("--no-lookup", o.no_lookup,
                "Search only: no endgame lookup (exact odds of building the next big tile, from 16384 on)");
  cmd->add_option("--network", o.network,
                  "Value the search's leaves with this learned network (`2048 train`) instead of the heuristic "
                  "(experimental; give --depth 2 or 3: the levels' depths are far too deep for it)");
}

core::Result<game2048::AiSettings> game2048_ai_settings(const Game2048AiOptions& o, unsigned threads) {
  game2048::AiSettings s;
  if (o.network) {
    auto net = game2048::NTupleNetwork::load(*o.network);
    if (!net) return net.error();
    s.network = std::make_shared<const game2048::NTupleNetwork>(std::move(*net));
  }
  s.level = game2048::parse_level(o.level).value_or(game2048::Level::Normal);
  s.depth = o.depth;
  s.ms_per_move = o.ms_per_move;
  s.threads = threads;
  s.endgame = !o.no_lookup;
  return s;
}

nlohmann::json game2048_ai_config(const Game2048AiOptions& o) {
  nlohmann::json j{{"level", o.level}};
  if (o.depth) j["depth"] = *o.depth;
  if (o.ms_per_move) j["ms_per_move"] = *o.ms_per_move;
  if (o.no_lookup) j["lookup"] = false;
  if (o.network) j["network"] = std::filesystem::path(*o.network).filename().string();
  return j;
}

void add_game2048_commands(CLI::App& root, Context& ctx) {
  auto* game = root.add_subcommand("2048", "2048: the sliding-tile game, its AI and simulation");
  game->footer(R"(Examples:
  puzzlelab 2048 play                      full-screen game (arrows, wasd or hjkl)
  puzzlelab 2048 move "0 2 2 4 / 0 0 4 8 / 0 0 0 0 / 2 0 0 0" right
  puzzlelab 2048 ai --level fast
  puzzlelab 2048 hint "0 2 2 4 / 0 0 4 8 / 0 0 0 16 / 2 0 0 32"
  puzzlelab 2048 sim --player expectimax --level fast --games 20)");

  add_game2048_play(game, ctx);
  add_game2048_move(game, ctx);
  add_game2048_hint(game, ctx);
  add_game2048_watch(game, ctx);
  add_game2048_train(game, ctx);
  add_game2048_sim(game, ctx);
}

}  // namespace puzzlelab::app
