// `puzzlelab wordle ...`: play, assist, score, sim (watch: wordle_watch.cpp); the Wordle part of
// `puzzlelab bench` and of the `sim` summary.
#include <charconv>
#include <chrono>
#include <thread>

#include <fmt/format.h>

#include "app/commands.h"
#include "app/sim_report.h"
#include "app/wordle_render.h"
#include "app/wordle_setup.h"
#include "app/wordle_tree.h"
#include "app/wordle_verbs.h"
#include "core/rng.h"
#include "core/sim.h"
#include "core/utf8.h"
#include "core/wording.h"
#include "wordle/engine.h"

namespace puzzlelab::app {

namespace {

// ---- score ----------------------------------------------------------------------

struct ScoreOptions {
  std::vector<std::string> words;
  bool from_stdin = false;
};

// The colours as text ("G...G"), or with --json one object a line:
// {"secret":"elder","guess":"error","pattern":"G...G"}.
core::Result<std::string> score_line(const std::string& secret_text, const std::string& guess_text, bool json) {
  auto secret = wordle::normalize_word(secret_text);
  if (!secret) return core::Error{"secret " + secret.error().message};
  auto guess = wordle::normalize_word(guess_text, static_cast<int>(secret->size()));
  if (!guess) return core::Error{"guess " + guess.error().message};
  std::string pattern = wordle::pattern_text(wordle::score(*secret, *guess), static_cast<int>(secret->size()));
  if (!json) return pattern;
  return nlohmann::json{{"secret", *secret}, {"guess", *guess}, {"pattern", pattern}}.dump();
}

void run_score(Context& ctx, const ScoreOptions& o) {
  if (!o.from_stdin) {
    if (o.words.size() != 2) return ctx.fail("give SECRET and GUESS (or --stdin)", kExitUsage);
    auto pattern = score_line(o.words[0], o.words[1], ctx.opts.json);
    if (!pattern) return ctx.fail(pattern.error().message, kExitUsage);
    ctx.out << *pattern << '\n';
    return;
  }
  if (!o.words.empty()) return ctx.fail("with --stdin, give no words on the command line", kExitUsage);
  std::string line;
  std::size_t line_no = 0;
  bool bad = false;
  while (std::getline(ctx.in, line)) {
    ++line_no;
    if (ctx.cancelled()) break;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::vector<std::string> fields;
    std::size_t i = 0;
    while (i < line.size()) {
      while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
      const std::size_t start = i;
      while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
      if (i > start) fields.push_back(line.substr(start, i - start));
    }
    if (fields.empty()) continue;
    if (fields.size() != 2) {
      ctx.err << fmt::format("error: line {}: expected 'SECRET GUESS', got {}\n", line_no,
                             core::counted(fields.size(), "field"));
      bad = true;
      continue;
    }
    auto pattern = score_line(fields[0], fields[1], ctx.opts.json);
    if (!pattern) {
      ctx.err << fmt::format("error: line {}: {}\n", line_no, core::printable(pattern.error().message));
      bad = true;
      continue;
    }
    ctx.out << *pattern << '\n';
  }
  if (bad) ctx.exit_code = kExitFailure;
  if (ctx.cancelled()) ctx.exit_code = kExitInterrupted;
}

// ---- sim ------------------------------------------------------------------------

void run_sim(Context& ctx, const WordleSimOptions& o) {
  const auto kind = wordle::parse_player(o.player);
  if (!kind)
    return ctx.fail(fmt::format("--player '{}': choose one of {}", o.player, wordle::kPlayerNames), kExitUsage);
  const LoadedWordle loaded = load_wordle(ctx, o.lists, guess::TableOptions{});
  if (!loaded.engine) return;
  const wordle::Engine& engine = *loaded.engine;
  const wordle::WordleGame& game = engine.game();
  auto games = parse_games(o.sim.games, game.secret_count());
  if (!games) return ctx.fail(games.error().message, kExitUsage);
  const bool all = o.sim.games == "all";

  wordle::Simulator simulator(engine, *kind, o.hard);
  core::SimSpec spec = simulator.spec(ctx.opts.seed.value_or(0), *games, all, ctx.threads());
  spec.config["lists"] = loaded.builtin ? std::string("original") : fmt::format("{:016x}", loaded.checksum);
  const bool detail = o.sim.jsonl;
  run_sim_command(
      ctx, spec,
      [&](std::uint64_t index, core::Rng& rng) { return simulator.sim_game(index, rng, all, detail); }, o.sim,
      [&, seed = spec.seed](std::uint64_t index) { return simulator.group_key(index, seed, all); });
}

// The --first option of the verbs that take --player optimal.
void add_first_option(CLI::App* cmd, std::optional<std::string>& first) {
  cmd->add_option("--first", first,
                  "With --player optimal: the tree's first guess (default: SALET on the original lists, else the "
                  "best proven over all guesses)");
}

}  // namespace

// CLI11 reads "-1" into an unsigned option as 2^64-1 and saturates numbers too large
// for 64 bits, so a plain whole number that fits is required up front.
CLI::Validator whole_number() {
  return CLI::Validator(
      [](std::string& s) -> std::string {
        std::uint64_t v = 0;
        const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        if (s.empty() || ec != std::errc() || end != s.data() + s.size()) return "'" + s + "' is not a whole number";
        return {};
      },
      "N");
}

void add_wordle_commands(CLI::App& root, Context& ctx) {
  auto* game = root.add_subcommand("wordle", "Wordle: the NYT word game, AI players, assistant, simulation");
  game->footer(R"(Verbs: play, assist, score, sim, watch, tree.

Examples:
  puzzlelab wordle play --hard
  puzzlelab wordle assist crane:....G soare:YY..G
  puzzlelab wordle score elder error
  puzzlelab wordle sim --player entropy --games all
  puzzlelab wordle watch --player parts --word cigar)");

  {
    auto o = std::make_shared<WordlePlayOptions>();
    auto* cmd = game->add_subcommand("play", "Play a game in the terminal (one guess a line from a pipe)");
    cmd->add_flag("--hard", o->hard, "Hard mode: revealed hints must be used in later guesses");
    auto* word = cmd->add_option("--word", o->word, "Play this answer");
    auto* day = cmd->add_option("--day", o->day, "Play the original game's day N (0 = 2021-06-19, CIGAR; up to 2314)")->check(whole_number());
    word->excludes(day);
    cmd->add_option("--palette", o->palette, "Tile colours: normal or high-contrast (orange and blue)")
        ->check(CLI::IsMember({"normal", "high-contrast"}))
        ->capture_default_str();
    add_wordle_list_options(cmd, o->lists);
    cmd->footer(R"(Without --word or --day the answer is drawn at random (reproducibly with --seed S): a
practice game, titled and shared as "Wordle practice". --day N plays the original game's
day N and is titled "Wordle N" as the NYT numbers it (day 0 = 2021-06-19, CIGAR).
On a terminal: type letters, Enter to guess, Backspace to erase, Esc to leave. From a
pipe: one guess a line. Statistics are kept in the state folder (wordle-stats.json).

Examples:
  puzzlelab wordle play
  puzzlelab wordle play --hard --palette high-contrast
  puzzlelab wordle play --day 42
  printf 'crane\nslate\n' | puzzlelab wordle play --word slate)");
    ctx.no_json(cmd);
    ctx.on_run(cmd, [&ctx, o] { run_wordle_play(ctx, *o); });
  }
  {
    auto o = std::make_shared<WordleAssistOptions>();
    auto* cmd = game->add_subcommand("assist", "Help with the daily game: remaining answers and best next guesses");
    cmd->add_option("entries", o->entries, "One-shot: entries GUESS:COLOURS, e.g. crane:..Y.G");
    cmd->add_flag("--hard", o->hard, "Hard mode: suggest only guesses the rule allows (and check the entries)");
    cmd->add_option("--top", o->top, "How many suggestions to show")->check(CLI::Range(0, 100))->capture_default_str();
    cmd->add_option(
           "--player", o->player,
           "Rank suggestions by entropy (information) or parts (pattern classes), or follow the optimal tree (optimal)")
        ->check(CLI::IsMember({"entropy", "parts", "optimal"}))
        ->capture_default_str();
    add_wordle_list_options(cmd, o->lists);
    add_first_option(cmd, o->first);
    cmd->footer(R"(Colours: G green, Y yellow, . gray; also bbygb (b/x/w gray) or 00102 (0 gray, 1 yellow,
2 green). Without entries: one entry a line ("crane ..Y.G"), "undo", "quit".

Examples:
  puzzlelab wordle assist
  puzzlelab wordle assist crane:....G soare:YY..G
  puzzlelab wordle assist soare:bbygb --top 10 --json
  puzzlelab wordle assist --player optimal salet:.Y..G)");
    ctx.on_run(cmd, [&ctx, o] {
      if (o->player == "optimal") return run_wordle_optimal_assist(ctx, *o);
      if (o->first) return ctx.fail("--first is for --player optimal", kExitUsage);
      run_wordle_assist(ctx, *o);
    });
  }
  {
    auto o = std::make_shared<ScoreOptions>();
    auto* cmd =
        game->add_subcommand("score", "Print the colours GUESS gets against SECRET (G green, Y yellow, . gray)");
    cmd->add_option("words", o->words, "SECRET GUESS");
    cmd->add_flag("--stdin", o->from_stdin, "Read 'SECRET GUESS' lines from stdin, print one pattern a line");
    cmd->footer(R"(Any two words of the same length (4 to 8 letters a-z) can be scored.

Examples:
  puzzlelab wordle score elder error          # G...G
  printf 'those geese\ndread added\n' | puzzlelab wordle score --stdin)");
    ctx.on_run(cmd, [&ctx, o] { run_score(ctx, *o); });
  }
  {
    auto o = std::make_shared<WordleSimOptions>();
    auto* cmd = game->add_subcommand("sim", "Let an AI player play many games and report the statistics");
    cmd->add_option("--player", o->player,
                    "random, frequency, entropy, parts or optimal (the exact solver's tree, cached in the state "
                    "folder)")
        ->check(CLI::IsMember({"random", "frequency", "entropy", "parts", "optimal"}))
        ->capture_default_str();
    cmd->add_flag("--hard", o->hard, "Hard mode");
    add_sim_options(ctx, cmd, o->sim, "all");
    add_wordle_list_options(cmd, o->lists);
    add_first_option(cmd, o->first);
    cmd->footer(R"(--games all plays every answer once, in list order; --games N plays N answers drawn with
the seed. Games are never cut off at 6: a win is a game solved within 6 guesses.

Examples:
  puzzlelab wordle sim --player entropy --games all
  puzzlelab wordle sim --player random --games 10000 --seed 7 --json
  puzzlelab wordle sim --player parts --hard --jsonl > games.jsonl
  puzzlelab wordle sim --player optimal --hard      the optimal tree: 8122 guesses)");
    ctx.on_run(cmd, [&ctx, o] {
      if (o->player == "optimal") return run_wordle_optimal_sim(ctx, *o);
      if (o->first) return ctx.fail("--first is for --player optimal", kExitUsage);
      run_sim(ctx, *o);
    });
  }
  add_wordle_watch_command(game, ctx);
  add_wordle_tree_commands(game, ctx);  // `tree` (app/wordle_tree.cpp)
}

std::vector<SimExtraLine> wordle_sim_extra_lines(const core::SimSummary& summary) {
  std::vector<SimExtraLine> lines;
  if (summary.spec.extra.contains("first_guess") && summary.spec.extra["first_guess"].is_string()) {
    lines.push_back({"first guess", upper_word(summary.spec.extra["first_guess"].get<std::string>())});
  }
  // The total is already on the "guesses" line (mean, median, max, total).
  lines.push_back({"over 6 guesses", std::to_string(summary.primary.count_at_least(7))});
  return lines;
}

}  // namespace puzzlelab::app
