// `puzzlelab wordle watch`: an AI player plays one game on the screen, guess by guess.
#include <chrono>
#include <thread>

#include <fmt/format.h>

#include "app/commands.h"
#include "app/wordle_render.h"
#include "app/wordle_setup.h"
#include "app/wordle_verbs.h"
#include "core/rng.h"
#include "wordle/engine.h"

namespace puzzlelab::app {

namespace {

// ---- watch ----------------------------------------------------------------------

struct WatchOptions {
  std::string player = "entropy";
  bool hard = false;
  std::optional<std::string> word;
  std::optional<std::uint64_t> day;
  unsigned delay_ms = 700;
  WordleListOptions lists;
};

void run_watch(Context& ctx, const WatchOptions& o) {
  const auto kind = wordle::parse_player(o.player);
  if (!kind)
    return ctx.fail(fmt::format("--player '{}': choose one of {}", o.player, wordle::kPlayerNames), kExitUsage);
  const LoadedWordle loaded = load_wordle(ctx, o.lists, guess::TableOptions{0, 1});
  if (!loaded.engine) return;
  const wordle::Engine& engine = *loaded.engine;
  const wordle::WordleGame& game = engine.game();
  const auto secret = choose_wordle_secret(ctx, game, o.word, o.day);
  if (!secret) return;
  WordleStyle style;
  style.color = ctx.color();

  // The first guess is the same in every game: take it from the cache of first
  // guesses; the player decides the rest itself.
  std::optional<guess::GuessIndex> opener;
  if (*kind == wordle::PlayerKind::Entropy || *kind == wordle::PlayerKind::Parts) {
    const auto scoring = *kind == wordle::PlayerKind::Entropy ? guess::Scoring::Entropy : guess::Scoring::Classes;
    opener = wordle_openers(ctx, loaded, scoring, 1).front();
  }
  const guess::GameRecord record =
      wordle::watch_game(engine, *kind, o.hard, *secret, ctx.opts.seed.value_or(0), opener);

  // Only the original game's day (--day) has a number; any other game is practice.
  const std::optional<std::uint64_t> day = o.day;
  if (ctx.opts.json) {
    nlohmann::json turns = nlohmann::json::array();
    for (const auto& t : record.turns) {
      turns.push_back({{"guess", game.guess_word(t.guess)},
                       {"pattern", wordle::pattern_text(t.pattern, game.length())},
                       {"candidates_before", t.candidates_before},
                       {"candidates_after", t.candidates_after}});
    }
    ctx.out << nlohmann::json{{"player", o.player},
                              {"hard", o.hard},
                              {"secret", game.secret_word(*secret)},
                              {"day", day ? nlohmann::json(*day) : nlohmann::json(nullptr)},
                              {"turns", turns},
                              {"guesses", record.guesses()},
                              {"solved", record.solved}}
                   .dump(2)
            << '\n';
    return;
  }
  const bool pause = ctx.out_tty && o.delay_ms > 0;
  ctx.out << fmt::format("{} · the {} player{} · {} answers possible\n\n", wordle_title(day), o.player,
                         o.hard ? " in hard mode" : "", game.secret_count());
  std::vector<wordle::PlayedRow> rows;
  for (const auto& t : record.turns) {
    if (pause) {
      ctx.out << std::flush;
      for (unsigned waited = 0; waited < o.delay_ms && !ctx.cancelled(); waited += 50) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
      }
      if (ctx.cancelled()) {
        ctx.exit_code = kExitInterrupted;
        return;
      }
    }
    rows.push_back({game.guess_word(t.guess), t.pattern});
    const std::string left = game.is_solved(t.pattern) ? std::string("solved")
                             : t.candidates_after == 1 ? std::string("1 answer left")
                                                       : fmt::format("{} answers left", t.candidates_after);
    ctx.out << fmt::format("{}/{}  {}  {}\n", rows.size(), wordle::kMaxGuesses,
                           render_wordle_row(rows.back().guess, t.pattern, style), left);
  }
  const bool won = record.solved && record.guesses() <= wordle::kMaxGuesses;
  ctx.out << '\n'
          << (record.solved ? fmt::format("{}Solved in {} guesses: the answer was {}.\n",
                                          won ? std::string(wordle_praise(record.guesses())) + "! " : std::string(),
                                          record.guesses(), upper_word(game.secret_word(*secret)))
                            : fmt::format("Not solved; the answer was {}.\n", upper_word(game.secret_word(*secret))));
  ctx.out << '\n' << render_wordle_share(day, rows, won, o.hard, wordle::kMaxGuesses, game.length(), style.palette);
}

}  // namespace

void add_wordle_watch_command(CLI::App* game, Context& ctx) {
auto o = std::make_shared<WatchOptions>();
  auto* cmd = game->add_subcommand("watch", "Watch an AI player play one game");
  cmd->add_option("--player", o->player, "random, frequency, entropy or parts")
      ->check(CLI::IsMember({"random", "frequency", "entropy", "parts"}))
      ->capture_default_str();
  cmd->add_flag("--hard", o->hard, "Hard mode");
  auto* word = cmd->add_option("--word", o->word, "The answer to play against");
  auto* day = cmd->add_option("--day", o->day, "The original game's day N (0 = 2021-06-19, CIGAR; up to 2314)")->check(whole_number());
  word->excludes(day);
  cmd->add_option("--delay", o->delay_ms, "Pause between guesses on a terminal, in milliseconds")
      ->capture_default_str();
  add_wordle_list_options(cmd, o->lists);
  cmd->footer(R"(Without --word or --day the answer is drawn at random (reproducibly with --seed S).
--day N is the original game's day N (day 0 = 2021-06-19, CIGAR).

Examples:
puzzlelab wordle watch
puzzlelab wordle watch --player parts --word cigar
puzzlelab wordle watch --player random --hard --seed 3)");
  ctx.on_run(cmd, [&ctx, o] { run_watch(ctx, *o); });
}

}  // namespace puzzlelab::app
