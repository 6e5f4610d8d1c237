// `wordle sim --player optimal` and `wordle assist --player optimal`: the optimal
// decision tree (wordle_tree.cpp) played over every answer, or followed in a real game.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "app/optimal_command.h"
#include "app/sim_report.h"
#include "app/wordle_input.h"
#include "app/wordle_render.h"
#include "app/wordle_setup.h"
#include "app/wordle_tree.h"
#include "wordle/assistant.h"
#include "wordle/engine.h"
#include "wordle/optimal_next.h"

namespace puzzlelab::app {

namespace {

// ---- sim --player optimal --------------------------------------------------------

WordleListOptions lists_of(const CLI::App* cmd) {
  WordleListOptions lists;
  if (flag_given(cmd, "--answers")) lists.answers_file = option_text(cmd, "--answers");
  if (flag_given(cmd, "--guesses")) lists.guesses_file = option_text(cmd, "--guesses");
  return lists;
}

void run_optimal_sim(Context& ctx, const CLI::App* sim, const std::optional<std::string>& first_text) {
  const bool hard = flag_given(sim, "--hard");
  auto loaded = std::make_shared<LoadedWordle>(load_wordle(ctx, lists_of(sim), guess::TableOptions{0, 1}));
  if (!loaded->engine) return;
  const wordle::WordleGame& game = loaded->engine->game();
  const SimCliOptions sim_options = sim_options_of(sim);
  const auto games = parse_games(sim_options.games, game.secret_count());
  if (!games) return ctx.fail(games.error().message, kExitUsage);
  const auto first = wordle_opener(*loaded, first_text);
  if (!first) return ctx.fail(first.error().message, kExitUsage);
  auto result = wordle_optimal_tree(ctx, *loaded, hard, wordle::kMaxGuesses, *first, false);
  if (!result) return fail_wordle_solver(ctx, result.error());
  auto tree = std::make_shared<OptimalTree>(std::move(*result));
  if (!ctx.opts.quiet && !ctx.opts.json) {
    ctx.err << fmt::format(
        "opener {} ({}{})\n", upper_word(game.guess_word(tree->first)),
        tree->cached ? "cached optimal tree" : fmt::format("optimal tree in {:.2f} s", tree->seconds),
        tree->proven_all ? ", best over every first guess" : "");
  }
  const bool all = sim_options.games == "all";
  core::SimSpec spec;
  spec.game = "wordle";
  spec.player = "optimal";
  spec.seed = ctx.opts.seed.value_or(0);
  spec.games = *games;
  spec.primary = "guesses";
  spec.config = {{"hard", hard},
                 {"secrets", all ? "every answer in list order" : "drawn with the seed"},
                 {"lists", loaded->builtin ? std::string("original") : fmt::format("{:016x}", loaded->checksum)}};
  spec.extra["first_guess"] = game.guess_word(tree->first);
  const bool detail = sim_options.jsonl;
  run_sim_command(
      ctx, spec,
      [loaded, tree, all, detail](std::uint64_t index, core::Rng& rng) {
        const wordle::WordleGame& g = loaded->engine->game();
        const guess::SecretIndex secret =
            all ? g.list_order()[index] : static_cast<guess::SecretIndex>(rng.below(g.secret_count()));
        const std::vector<guess::GuessIndex> guesses = guess::play_along(g, tree->tree, secret);
        core::GameResult r;
        r.primary = static_cast<std::int64_t>(guesses.size());
        r.win = !guesses.empty() && guesses.size() <= wordle::kMaxGuesses;
        if (detail) {
          nlohmann::json played = nlohmann::json::array();
          for (const guess::GuessIndex x : guesses) played.push_back(g.guess_word(x));
          r.detail = {{"secret", g.secret_word(secret)}, {"guesses", played}, {"solved", !guesses.empty()}};
        }
        return r;
      },
      sim_options);
}

// ---- assist --player optimal -------------------------------------------------------

// The terminal's side of the optimal assistant: the entries, the tree from the opener
// (cached in the state folder) and the advice of wordle::optimal_next.
class OptimalAssist {
 public:
  OptimalAssist(Context& ctx, const LoadedWordle& loaded, const OptimalTree& tree, bool hard)
      : ctx_(ctx), loaded_(loaded), tree_(tree), assistant_(*loaded.engine, hard) {}

  wordle::Assistant& assistant() { return assistant_; }

  core::Result<guess::OptimalAdvice> advice() {
    guess::AdviceOptions options;
    options.threads = ctx_.threads();
    options.cancel = ctx_.interrupted;
    return wordle::optimal_next(*loaded_.engine, assistant_, &tree_.tree, std::move(options));
  }

 private:
  Context& ctx_;
  const LoadedWordle& loaded_;
  const OptimalTree& tree_;
  wordle::Assistant assistant_;
};

std::string entry_text(const wordle::WordleGame& game, const wordle::AssistEntry& e, std::size_t left) {
  return fmt::format("{} {}  {} answer{} left\n", upper_word(game.guess_word(e.guess)),
                     wordle::pattern_text(e.pattern, game.length()), left, left == 1 ? "" : "s");
}

// The state as text or JSON; an error (cancelled, solver limits) fails the command.
bool print_assist_state(Context& ctx, const wordle::WordleGame& game, OptimalAssist& session) {
  wordle::Assistant& assistant = session.assistant();
  const auto c = assistant.candidates();
  std::optional<guess::OptimalAdvice> advice;
  if (!assistant.solved()) {
    auto a = session.advice();
    if (!a) {
      fail_wordle_solver(ctx, a.error());
      return false;
    }
    advice = *a;
  }
  if (ctx.opts.json) {
    nlohmann::json j = assistant.state_json();
    if (advice) {
      j["next"] = {{"guess", game.guess_word(advice->guess)},
                   {"source", advice->on_tree ? "tree" : "solver"},
                   {"total", advice->total},
                   {"expected_guesses", static_cast<double>(advice->total) / static_cast<double>(c.size())},
                   {"max_guesses", advice->max}};
    }
    ctx.out << j.dump(2) << '\n';
    return true;
  }
  if (assistant.solved()) {
    const std::size_t n = assistant.entries().size();
    ctx.out << fmt::format("Solved in {} guess{}.\n", n, n == 1 ? "" : "es");
    return true;
  }
  if (c.size() > 1) {
    std::string out = fmt::format("{} answers left: ", c.size());
    for (std::size_t i = 0; i < c.size() && i < 12; ++i) out += (i ? ", " : "") + game.secret_word(c[i]);
    if (c.size() > 12) out += fmt::format(" … and {} more", c.size() - 12);
    ctx.out << out << '\n';
  }
  const double mean = static_cast<double>(advice->total) / static_cast<double>(c.size());
  ctx.out << fmt::format("Optimal next guess: {}  ({} {:.3f} guesses from here on average, at most {})\n",
                         upper_word(game.guess_word(advice->guess)),
                         advice->on_tree ? "on the optimal tree:" : "off the tree, solved for the answers left:", mean,
                         advice->max);
  return true;
}

void run_optimal_assist(Context& ctx, const CLI::App* assist, const std::optional<std::string>& first_text) {
  const bool hard = flag_given(assist, "--hard");
  const LoadedWordle loaded = load_wordle(ctx, lists_of(assist), guess::TableOptions{0, 1});
  if (!loaded.engine) return;
  const wordle::WordleGame& game = loaded.engine->game();
  const auto first = wordle_opener(loaded, first_text);
  if (!first) return ctx.fail(first.error().message, kExitUsage);
  auto tree = wordle_optimal_tree(ctx, loaded, hard, wordle::kMaxGuesses, *first, false);
  if (!tree) return fail_wordle_solver(ctx, tree.error());
  OptimalAssist session(ctx, loaded, *tree, hard);
  wordle::Assistant& assistant = session.assistant();

  const CLI::Option* entries_option = assist->get_option_no_throw("entries");
  const std::vector<std::string> entries =
      entries_option != nullptr ? entries_option->results() : std::vector<std::string>{};
  if (!entries.empty()) {
    std::string out;
    for (const auto& text : entries) {
      auto entry = wordle::parse_assist_entry(game, text);
      if (!entry) {
        return ctx.fail(fmt::format("entry {} ('{}'): {}", assistant.entries().size() + 1, text, entry.error().message),
                        kExitUsage);
      }
      if (auto refused = assistant.add(*entry)) return ctx.fail(*refused);
      out += entry_text(game, *entry, assistant.candidates().size());
    }
    if (!ctx.opts.json) ctx.out << out;
    print_assist_state(ctx, game, session);
    return;
  }

  LineInput input(ctx);
  if (input.terminal()) {
    ctx.out << "Enter each guess with its colours (crane ..Y.G), \"undo\" or \"quit\".\n\n";
  }
  if (!print_assist_state(ctx, game, session)) return;
  run_assist_loop(ctx, input, game, assistant,
                  {.help = {},
                   .entry_line =
                       [&](const wordle::AssistEntry& e) {
                         return entry_text(game, e, assistant.candidates().size());
                       },
                   .show_state = [&] { return print_assist_state(ctx, game, session); }});
}

// Adds `optimal` to a command's --player and runs `run` when it is chosen (the
// command itself is registered by wordle_commands.cpp).
void extend_with_optimal(Context& ctx, CLI::App* cmd, const std::vector<std::string>& players, const std::string& help,
                         const std::string& example, std::function<void(const std::optional<std::string>&)> run) {
  CLI::Option* player = cmd->get_option_no_throw("--player");
  if (player == nullptr) return;
  allow_players(player, players, help);
  cmd->footer(cmd->get_footer() + "\n  " + example);
  auto first = std::make_shared<std::optional<std::string>>();
  cmd->add_option("--first", *first,
                  "With --player optimal: the tree's first guess (default: SALET on the original lists, else the "
                  "best proven over all guesses)");
  auto previous = ctx.actions[cmd];
  ctx.on_run(cmd, [&ctx, cmd, previous, first, run] {
    if (option_text(cmd, "--player") != "optimal") {
      if (*first) return ctx.fail("--first is for --player optimal", kExitUsage);
      if (previous) previous();
      return;
    }
    run(*first);
  });
}

}  // namespace

void add_wordle_optimal_players(CLI::App* game, Context& ctx) {
  const auto sub = [game](const char* name) -> CLI::App* {
    try {
      return game->get_subcommand(name);
    } catch (const CLI::OptionNotFound&) {
      return nullptr;
    }
  };
  if (CLI::App* sim = sub("sim")) {
    extend_with_optimal(ctx, sim, {"random", "frequency", "entropy", "parts", "optimal"},
                        "random, frequency, entropy, parts or optimal (the exact solver's tree, cached in the state "
                        "folder)",
                        "puzzlelab wordle sim --player optimal --hard      the optimal tree: 8122 guesses",
                        [&ctx, sim](const std::optional<std::string>& first) { run_optimal_sim(ctx, sim, first); });
  }
  if (CLI::App* assist = sub("assist")) {
    extend_with_optimal(
        ctx, assist, {"entropy", "parts", "optimal"},
        "Rank suggestions by entropy (information) or parts (pattern classes), or follow the optimal tree (optimal)",
        "puzzlelab wordle assist --player optimal salet:.Y..G",
        [&ctx, assist](const std::optional<std::string>& first) { run_optimal_assist(ctx, assist, first); });
  }
}

}  // namespace puzzlelab::app
