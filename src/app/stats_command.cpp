// `puzzlelab stats [GAME]`: the player's statistics and recent games from the store,
// the same figures every front-end shows; `--export FILE` / `--import FILE` move them
// to another machine.
#include <ctime>

#include <fmt/format.h>

#include "app/commands.h"
#include "app/player_store.h"
#include "core/state_store.h"
#include "core/utf8.h"
#include "core/wording.h"

namespace puzzlelab::app {

namespace {

constexpr const char* kGames[] = {"wordle", "handle", "24", "2048"};

std::string when(std::int64_t t) {
  const std::time_t tt = static_cast<std::time_t>(t);
  std::tm tm{};
  ::localtime_r(&tt, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M", &tm);
  return buf;
}

std::string render_game(const std::string& game, const core::GameStats& s,
                        const std::vector<core::FinishedGame>& recent) {
  std::string out = fmt::format("{}\n", game);
  if (game == "2048") {
    out += fmt::format("  games {} (finished {}, left for a new one {}) · reached 2048 in {} · best score {}\n",
                       s.played + s.abandoned, s.played, s.abandoned, s.wins, s.best_score);
  } else if (game == "24") {
    out += fmt::format("  hands {} · solved {} ({}%) · skipped {} · streak {} (best {}) · points {}\n", s.played,
                       s.wins, s.win_percent(), s.abandoned, s.current_streak, s.max_streak, s.total_score);
  } else {
    out += fmt::format("  played {} · win {}% · current streak {} · max streak {}", s.played, s.win_percent(),
                       s.current_streak, s.max_streak);
    if (s.abandoned > 0) out += fmt::format(" · left unfinished {}", s.abandoned);
    out += '\n';
    if (!s.tries.empty()) {
      std::string dist;
      for (const auto& [t, n] : s.tries) dist += fmt::format("{}{}: {}", dist.empty() ? "" : ", ", t, n);
      out += fmt::format("  wins by guesses: {}\n", dist);
    }
  }
  for (const auto& g : recent) {
    out += fmt::format("  {}  {:<9} {:<8} {}", when(g.finished_at), core::outcome_name(g.outcome), g.mode,
                       core::printable(g.puzzle, 40));
    if (g.day) out += fmt::format(" (day {})", *g.day);
    if (game == "2048" || game == "24") out += fmt::format(" · score {}", g.score);
    if (game != "2048") out += fmt::format(" · {} {}", g.tries, g.tries == 1 ? "try" : "tries");
    out += '\n';
  }
  return out;
}

}  // namespace

void add_stats_command(CLI::App& root, Context& ctx) {
  auto* cmd = root.add_subcommand("stats", "Your statistics and recent games (every front-end's, from one store)");
  cmd->footer(R"(Examples:
  puzzlelab stats                      every game: counters and the last games
  puzzlelab stats wordle --json        one game, as JSON
  puzzlelab stats --export mine.json   everything (games, saves, settings) to a file
  puzzlelab stats --import mine.json   ... and into the store on another machine

The store is puzzlelab.db in the state folder (--state-dir). Abandoned games are listed
but not counted as losses; a daily puzzle counts once.)");
  struct Opts {
    std::string game;
    std::size_t recent = 5;
    std::optional<std::string> export_file, import_file;
  };
  auto o = std::make_shared<Opts>();
  cmd->add_option("game", o->game, "wordle, handle, 24 or 2048 (default: all)")
      ->check(CLI::IsMember({"wordle", "handle", "24", "2048"}));
  cmd->add_option("--recent", o->recent, "How many recent games to list (default 5)")->check(CLI::Range(0, 100000));
  auto* ex = cmd->add_option("--export", o->export_file, "Write every game, save and setting to FILE as JSON");
  auto* im = cmd->add_option("--import", o->import_file, "Add the games, saves and settings of an exported FILE");
  ex->excludes(im);
  ctx.on_run(cmd, [&ctx, o] {
    core::GameStore* store = player_store(ctx, nullptr);
    if (store == nullptr) return ctx.fail(ctx.store_error.value_or("the statistics store cannot be opened"));
    if (o->export_file) {
      auto doc = store->export_all();
      if (!doc) return ctx.fail(doc.error().message);
      if (auto e = core::write_file_atomic(*o->export_file, doc->dump(2) + "\n")) return ctx.fail(e->message);
      if (!ctx.opts.quiet)
        ctx.err << fmt::format("exported {} to {}\n",
                               core::counted(static_cast<std::int64_t>((*doc)["games"].size()), "game"),
                               *o->export_file);
      return;
    }
    if (o->import_file) {
      auto text = core::read_file_capped(*o->import_file, core::kLogFileCap, ctx.interrupted);
      if (!text) return ctx.fail(text.error().message);
      const auto doc = nlohmann::json::parse(*text, nullptr, false);
      if (doc.is_discarded()) return ctx.fail(fmt::format("{}: not valid JSON", *o->import_file));
      std::vector<std::string> kept;
      if (auto e = store->import_all(doc, &kept)) {
        return ctx.fail(fmt::format("{}: {}", *o->import_file, e->message));
      }
      for (const auto& key : kept) {
        ctx.warn(
            fmt::format("the saved game '{}' of {} was not taken: this store has a game in progress of its own "
                        "under that key, kept as it is (the other stays in {}; --state-dir with another "
                        "folder imports it there)",
                        key, *o->import_file, *o->import_file));
      }
      if (!ctx.opts.quiet) ctx.err << fmt::format("imported {}\n", *o->import_file);
      return;
    }
    nlohmann::json all = nlohmann::json::object();
    std::string text;
    for (const char* game : kGames) {
      if (!o->game.empty() && o->game != game) continue;
      auto s = store->stats(game);
      if (!s) return ctx.fail(s.error().message);
      auto recent = store->history(game, o->recent);
      if (!recent) return ctx.fail(recent.error().message);
      if (ctx.opts.json) {
        nlohmann::json games = nlohmann::json::array();
        for (const auto& g : *recent) games.push_back(core::finished_game_to_json(g));
        all[game] = {{"stats", core::stats_to_json(*s)}, {"recent", games}};
      } else {
        text += (text.empty() ? "" : "\n") + render_game(game, *s, *recent);
      }
    }
    if (ctx.opts.json) {
      ctx.out << (o->game.empty() ? all : all[o->game]).dump(2) << '\n';
    } else {
      ctx.out << text;
    }
  });
}

}  // namespace puzzlelab::app
