// `puzzlelab handle ...`: 汉兜 Handle — score, play, watch, assist, sim — plus its part of
// `puzzlelab bench` and its lines in sim summaries.
#include <istream>
#include <memory>
#include <sstream>

#include <fmt/format.h>

#include "app/commands.h"
#include "app/handle_assist.h"
#include "app/handle_play.h"
#include "app/handle_session.h"
#include "app/handle_tree.h"
#include "app/sim_report.h"
#include "core/utf8.h"
#include "core/wording.h"
#include "guess/simulation.h"
#include "handle/compiled.h"
#include "handle/feedback.h"

namespace puzzlelab::app {

namespace {

nlohmann::json parsed_json(const handle::ParsedWord& w) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& c : w) out.push_back({c.syllable.initial, c.syllable.final, c.syllable.tone});
  return out;
}

// One `score` result: the marks, or the game's own fields as JSON.
std::string score_line(const handle::Lexicon& lex, const handle::Word& answer, const handle::Word& guess, bool json) {
  const handle::ParsedWord pa = handle::parse_word(lex, answer, answer);
  const handle::ParsedWord pg = handle::parse_word(lex, guess, answer);
  const handle::Feedback f = handle::score(lex, pg, pa);
  const std::string text = handle::format_feedback(f);
  if (!json) return text;
  nlohmann::json groups = nlohmann::json::array();
  for (int i = 0; i < 4; ++i) groups.push_back(text.substr(static_cast<std::size_t>(5 * i), 4));
  return nlohmann::json{{"answer", core::utf8_encode(answer)},  {"guess", core::utf8_encode(guess)},
                        {"guess_in_list", lex.is_idiom(guess)}, {"answer_parsed", parsed_json(pa)},
                        {"guess_parsed", parsed_json(pg)},      {"result", groups},
                        {"pattern", handle::encode(f)},         {"pass", f.win()}}
      .dump();
}

core::Result<handle::Word> checked_word(const handle::Lexicon& lex, const std::string& text, const char* what,
                                        bool zh) {
  const auto c = handle::check_guess(lex, text, false);
  if (!c.word) return core::Error{fmt::format("{}: {}", what, describe_input_error(c.error, zh))};
  return *c.word;
}

struct ScoreOptions {
  std::vector<std::string> words;
  bool stdin_lines = false;
};

void run_score(Context& ctx, const ScoreOptions& o) {
  auto data = handle::GameData::load(ctx.data());
  if (!data) return ctx.fail(data.error().message);
  const handle::Lexicon& lex = (*data)->lexicon();
  const bool zh = ctx.chinese();
  if (!o.stdin_lines) {
    if (o.words.size() != 2) return ctx.fail("give ANSWER and GUESS (or --stdin)", kExitUsage);
    auto answer = checked_word(lex, o.words[0], "answer", zh);
    if (!answer) return ctx.fail(answer.error().message, kExitUsage);
    auto guess = checked_word(lex, o.words[1], "guess", zh);
    if (!guess) return ctx.fail(guess.error().message, kExitUsage);
    ctx.out << score_line(lex, *answer, *guess, ctx.opts.json) << '\n';
    return;
  }
  if (!o.words.empty()) return ctx.fail("--stdin reads ANSWER GUESS lines; give no words", kExitUsage);
  std::string line;
  std::size_t number = 0;
  bool bad = false;
  while (std::getline(ctx.in, line)) {
    ++number;
    if (ctx.cancelled()) break;
    std::istringstream fields(line);
    std::vector<std::string> words;
    for (std::string w; fields >> w;) words.push_back(w);
    if (words.empty()) continue;
    if (words.size() != 2) {
      ctx.err << fmt::format("error: line {}: expected ANSWER GUESS, got {}\n", number,
                             core::counted(words.size(), "field"));
      bad = true;
      continue;
    }
    auto answer = checked_word(lex, words[0], "answer", zh);
    auto guess = answer ? checked_word(lex, words[1], "guess", zh) : core::Result<handle::Word>(answer.error());
    if (!answer || !guess) {
      ctx.err << fmt::format("error: line {}: {}\n", number,
                             core::printable((!answer ? answer : guess).error().message));
      bad = true;
      continue;
    }
    ctx.out << score_line(lex, *answer, *guess, ctx.opts.json) << '\n';
  }
  if (bad) ctx.exit_code = kExitFailure;
}

// Which players --player offers: none (the option is left out), the three AI players, or
// those and the optimal tree's player.
enum class PlayerChoice { None, Ai, AiOrOptimal };

void add_ai_options(CLI::App* cmd, HandleAiOptions& o, PlayerChoice players) {
  if (players == PlayerChoice::Ai) {
    cmd->add_option("--player,-p", o.player, "random, frequency or entropy")
        ->capture_default_str()
        ->check(CLI::IsMember({"random", "frequency", "entropy"}));
  } else if (players == PlayerChoice::AiOrOptimal) {
    cmd->add_option("--player,-p", o.player,
                    "random, frequency, entropy or optimal (the exact solver's tree, cached in the state folder)")
        ->capture_default_str()
        ->check(CLI::IsMember({"random", "frequency", "entropy", "optimal"}));
  }
  cmd->add_option("--candidates", o.candidates,
                  "What the player assumes possible: answers (the 424 daily answers) or idioms (all 29,760); "
                  "default: the same as the secrets")
      ->check(CLI::IsMember({"answers", "idioms"}));
  cmd->add_option("--prior", o.prior,
                  "Entropy player's candidate weights: uniform, or common (by how common the rarest character "
                  "is); default: common for idioms candidates, else uniform")
      ->check(CLI::IsMember({"uniform", "common"}));
  cmd->add_flag("--recompute", o.recompute, "Recompute the entropy player's opener instead of using the cached one");
}

void add_answer_options(CLI::App* cmd, AnswerChoice& a) {
  cmd->add_option("--day,-d", a.day, "Play day N by the game's calendar (day 1 = 2022-01-01)");
  cmd->add_option("--word,-w", a.word, "Play a custom answer: any four Chinese characters");
}

void run_sim(Context& ctx, HandleAiOptions ai_options, const SimCliOptions& sim_options) {
  auto data = handle::GameData::load(ctx.data());
  if (!data) return ctx.fail(data.error().message);
  auto engine = make_handle_engine(ctx, **data, ai_options);
  if (!engine) return ctx.fail(engine.error().message, kExitUsage);
  std::shared_ptr<handle::Engine> ai = std::move(*engine);
  const handle::OpenerReport opener = find_handle_opener(ctx, *ai, ai_options.recompute);
  const auto games = parse_games(sim_options.games, ai->secrets().size());
  if (!games) return ctx.fail(games.error().message, kExitUsage);
  const bool every = sim_options.games == "all";
  const handle::Lexicon& lex = (*data)->lexicon();
  if (ai->opener() && !ctx.opts.quiet && !ctx.opts.json) {
    ctx.err << fmt::format("opener {} ({})\n", core::utf8_encode(lex.idioms()[*ai->opener()].word),
                           opener.cached ? "cached" : fmt::format("found in {:.2f} s", opener.seconds));
  }

  const bool detail = sim_options.jsonl;
  run_sim_command(
      ctx, ai->sim_spec(ctx.opts.seed.value_or(0), *games, every),
      [ai, every, detail](std::uint64_t index, core::Rng& rng) { return ai->sim_game(index, rng, every, detail); },
      sim_options);
}

}  // namespace

void add_handle_commands(CLI::App& root, Context& ctx) {
  auto* game = root.add_subcommand("handle", "汉兜 Handle: the Chinese-idiom Wordle with pinyin feedback");
  game->footer(R"(汉兜 (handle.antfu.me) in pinyin mode, with the real game's rules and data: guess a
four-character idiom; each character, its initial, its final and its tone are marked exact
(E, teal), misplaced (M, orange) or absent (N, grey).

Examples:
  puzzlelab handle play                         today's puzzle
  puzzlelab handle score 一心一意 心一一一       MMME MMME EEEE NEEN
  puzzlelab handle assist 补过拾遗 NENE NNNN NNMN NEEN
  puzzlelab handle watch --day 100
  puzzlelab handle sim --player entropy --games all)");

  // ---- score
  auto score_options = std::make_shared<ScoreOptions>();
  auto* score = game->add_subcommand("score", "Print the marks the game gives GUESS against ANSWER");
  score->add_option("words", score_options->words, "ANSWER GUESS (four Chinese characters each)");
  score->add_flag("--stdin", score_options->stdin_lines, "Read 'ANSWER GUESS' lines from stdin, one result a line");
  score->footer(R"(Four groups, one per character, each four letters in the order character, initial,
final, tone: E exact, M misplaced, N none. --json adds both words' pinyin parses.

Examples:
  puzzlelab handle score 一心一意 心一一一        MMME MMME EEEE NEEN
  puzzlelab handle score 百里挑一 安然无恙 --json
  printf '一心一意 一一列举\n' | puzzlelab handle score --stdin)");
  ctx.on_run(score, [&ctx, score_options] { run_score(ctx, *score_options); });

  // ---- play
  auto play_options = std::make_shared<HandlePlayOptions>();
  auto* play = game->add_subcommand("play", "Play 汉兜 in the terminal (today's puzzle by default)");
  add_answer_options(play, play_options->answer);
  play->add_flag("--strict", play_options->strict, "Strict mode (严格模式): accept only idioms from the list");
  play->add_flag("--hard", play_options->hard, "No hints (禁用提示), as the game's setting");
  play->footer(R"(Type four Chinese characters a line; 'hint' shows the hint character's sound, then
the character; after 10 tries keep guessing or type 'reveal'; 'quit' gives up. The global
--seed S plays a random answer from the list. Piped stdin plays one guess a line.
Statistics are kept in the state folder (handle-stats.json).

Examples:
  puzzlelab handle play
  puzzlelab handle play --day 1 --hard
  puzzlelab handle play --word 一心一意 --strict
  printf '补过拾遗\n路不拾遗\n' | puzzlelab handle play --day 1)");
  ctx.no_json(play);
  ctx.on_run(play, [&ctx, play_options] {
    HandlePlayOptions o = *play_options;
    o.answer.seed = ctx.opts.seed;
    run_handle_play(ctx, o);
  });

  // ---- watch
  auto watch_options = std::make_shared<HandleWatchOptions>();
  auto* watch = game->add_subcommand("watch", "Watch an AI player solve a puzzle, drawn like the human game");
  add_answer_options(watch, watch_options->answer);
  add_ai_options(watch, watch_options->ai, PlayerChoice::Ai);
  watch->add_option("--delay", watch_options->delay_ms, "Milliseconds between guesses (default 700 on a terminal)")
      ->check(CLI::Range(0, 600000));
  watch->footer(R"(The player assumes the candidates given (default: the daily answers).

Examples:
  puzzlelab handle watch
  puzzlelab handle watch --day 100 --player frequency
  puzzlelab handle watch --word 一心一意 --candidates idioms)");
  ctx.no_json(watch);
  ctx.on_run(watch, [&ctx, watch_options] {
    HandleWatchOptions o = *watch_options;
    o.answer.seed = ctx.opts.seed;
    if (o.ai.candidates.empty()) o.ai.candidates = "answers";
    o.ai.secrets = "idioms";
    run_handle_watch(ctx, o);
  });

  // ---- assist
  auto assist_options = std::make_shared<HandleAssistOptions>();
  auto* assist = game->add_subcommand("assist", "Narrow down a real game from the marks it showed");
  assist->add_option("entries", assist_options->entries,
                     "One-shot: entries like 补过拾遗 NENE NNNN NNMN NEEN (or 补过拾遗:NENENNNNNNMNNEEN)");
  add_ai_options(assist, assist_options->ai, PlayerChoice::None);
  // Bounded: a negative count used to wrap to 2^64-1 and rank every idiom for minutes.
  assist->add_option("--top", assist_options->top, "How many next guesses to rank")
      ->check(CLI::Range(0, 100))
      ->capture_default_str();
  assist->add_option("--show", assist_options->show, "How many candidates to list")
      ->check(CLI::Range(0, 100000))
      ->capture_default_str();
  assist->footer(R"(Each entry: the idiom you typed and the 16 marks the game showed (character, initial,
final, tone per character; E exact, M misplaced, N none). Interactive without entries:
one entry a line, 'undo' takes the last one back, 'quit' ends.

Examples:
  puzzlelab handle assist
  puzzlelab handle assist 补过拾遗 NENE NNNN NNMN NEEN
  puzzlelab handle assist 研经铸史:NENNNNNENNNMNNEN --candidates idioms)");
  ctx.no_json(assist);
  ctx.on_run(assist, [&ctx, assist_options] { run_handle_assist(ctx, *assist_options); });

  // ---- sim
  auto sim_options = std::make_shared<HandleSimOptions>();
  auto* sim = game->add_subcommand("sim", "Simulate an AI player over many games");
  add_ai_options(sim, sim_options->ai, PlayerChoice::AiOrOptimal);
  sim->add_option("--secrets", sim_options->ai.secrets, "Where secrets come from: answers or idioms")
      ->capture_default_str()
      ->check(CLI::IsMember({"answers", "idioms"}));
  add_sim_options(ctx, sim, sim_options->sim, "all");
  sim->footer(R"(--games all plays every secret in order (the answers in day order); N draws N secrets
with the seed. Games are never cut off at 10 tries; "wins" counts games solved within 10.
The entropy player's opener is cached in the state folder (--recompute to redo it).

Examples:
  puzzlelab handle sim --player entropy                 865 guesses over the 424 answers
  puzzlelab handle sim --player entropy --candidates idioms
  puzzlelab handle sim --player random --games 1000 --seed 7 --json)");
  ctx.on_run(sim, [&ctx, sim_options] {
    if (sim_options->ai.player == "optimal") return run_handle_optimal_sim(ctx, *sim_options);
    run_sim(ctx, sim_options->ai, sim_options->sim);
  });
  add_handle_tree_commands(game, ctx);  // `tree` (app/handle_tree.cpp)
}

std::vector<SimExtraLine> handle_sim_extra_lines(const core::SimSummary& s) {
  std::vector<SimExtraLine> lines;
  if (s.spec.extra.contains("first_guess") && s.spec.extra["first_guess"].is_string()) {
    lines.push_back({"first guess", s.spec.extra["first_guess"].get<std::string>()});
  }
  if (s.spec.config.is_object()) {
    std::string setting;
    for (const char* k : {"secrets", "candidates", "prior"}) {
      if (s.spec.config.contains(k) && s.spec.config[k].is_string()) {
        setting += fmt::format("{}{} {}", setting.empty() ? "" : ", ", k, s.spec.config[k].get<std::string>());
      }
    }
    if (!setting.empty()) lines.push_back({"setting", setting});
  }
  // The total is already on the "guesses" line (mean, median, max, total).
  const std::uint64_t over = s.primary.count_at_least(handle::kTriesLimit + 1);
  lines.push_back({"over 10 tries", core::counted(over, "game")});
  const std::uint64_t played = s.games - s.resumed;  // the resumed games' time is not known
  if (played > 0) {
    lines.push_back({"time per game",
                     fmt::format("{:.3f} ms wall, {:.3f} ms CPU", 1000 * s.wall_seconds / static_cast<double>(played),
                                 1000 * s.cpu_seconds / static_cast<double>(played))});
  }
  return lines;
}

}  // namespace puzzlelab::app
