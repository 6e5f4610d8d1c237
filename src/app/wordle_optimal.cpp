// `wordle sim --player optimal` and `wordle assist --player optimal`: the optimal
// decision tree (wordle_tree.cpp) played over every answer, or followed in a real game.
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
#include "app/wordle_verbs.h"
#include "core/wording.h"
#include "guess/optimal_player.h"
#include "wordle/assistant.h"
#include "wordle/engine.h"
#include "wordle/optimal_next.h"

namespace puzzlelab::app {

// ---- sim --player optimal --------------------------------------------------------

void run_wordle_optimal_sim(Context& ctx, const WordleSimOptions& o) {
  auto loaded = std::make_shared<LoadedWordle>(load_wordle(ctx, o.lists, guess::TableOptions{0, 1}));
  if (!loaded->engine) return;
  const wordle::WordleGame& game = loaded->engine->game();
  const SimCliOptions& sim_options = o.sim;
  const auto games = parse_games(sim_options.games, game.secret_count());
  if (!games) return ctx.fail(games.error().message, kExitUsage);
  const auto first = wordle_opener(*loaded, o.first);
  if (!first) return ctx.fail(first.error().message, kExitUsage);
  auto result = wordle_optimal_tree(ctx, *loaded, o.hard, wordle::kMaxGuesses, *first, false);
  if (!result) return fail_solver(ctx, result.error());
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
  spec.config = {{"hard", o.hard},
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
        if (!detail) return guess::tree_game(g, tree->tree, secret, wordle::kMaxGuesses);
        return guess::tree_game(g, tree->tree, secret, wordle::kMaxGuesses,
                                [&g](guess::GuessIndex x) { return g.guess_word(x); });
      },
      sim_options);
}

namespace {

// ---- assist --player optimal -------------------------------------------------------

// The optimal next guess (wordle::optimal_next) with the command's threads and Ctrl-C.
core::Result<guess::OptimalAdvice> next_guess_advice(Context& ctx, const wordle::Engine& engine,
                                                     const wordle::Assistant& assistant, const OptimalTree& tree) {
  guess::AdviceOptions options;
  options.threads = ctx.threads();
  options.cancel = ctx.interrupted;
  return wordle::optimal_next(engine, assistant, &tree.tree, std::move(options));
}

std::string entry_text(const wordle::WordleGame& game, const wordle::AssistEntry& e, std::size_t left) {
  return fmt::format("{} {}  {} left\n", upper_word(game.guess_word(e.guess)),
                     wordle::pattern_text(e.pattern, game.length()), core::counted(left, "answer"));
}

// The state as text or JSON; an error (cancelled, solver limits) fails the command.
bool print_assist_state(Context& ctx, const wordle::Engine& engine, const wordle::Assistant& assistant,
                        const OptimalTree& tree) {
  const wordle::WordleGame& game = engine.game();
  const auto c = assistant.candidates();
  std::optional<guess::OptimalAdvice> advice;
  if (!assistant.solved()) {
    auto a = next_guess_advice(ctx, engine, assistant, tree);
    if (!a) {
      fail_solver(ctx, a.error());
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

}  // namespace

void run_wordle_optimal_assist(Context& ctx, const WordleAssistOptions& o) {
  const LoadedWordle loaded = load_wordle(ctx, o.lists, guess::TableOptions{0, 1});
  if (!loaded.engine) return;
  const wordle::WordleGame& game = loaded.engine->game();
  const auto first = wordle_opener(loaded, o.first);
  if (!first) return ctx.fail(first.error().message, kExitUsage);
  auto tree = wordle_optimal_tree(ctx, loaded, o.hard, wordle::kMaxGuesses, *first, false);
  if (!tree) return fail_solver(ctx, tree.error());
  wordle::Assistant assistant(*loaded.engine, o.hard);

  if (!o.entries.empty()) {
    std::string out;
    for (const auto& text : o.entries) {
      auto entry = wordle::parse_assist_entry(game, text);
      if (!entry) {
        return ctx.fail(fmt::format("entry {} ('{}'): {}", assistant.entries().size() + 1, text, entry.error().message),
                        kExitUsage);
      }
      if (auto refused = assistant.add(*entry)) return ctx.fail(*refused);
      out += entry_text(game, *entry, assistant.candidates().size());
    }
    if (!ctx.opts.json) ctx.out << out;
    print_assist_state(ctx, *loaded.engine, assistant, *tree);
    return;
  }

  LineInput input(ctx);
  if (input.terminal()) {
    ctx.out << "Enter each guess with its colours (crane ..Y.G), \"undo\" or \"quit\".\n\n";
  }
  if (!print_assist_state(ctx, *loaded.engine, assistant, *tree)) return;
  run_assist_loop(
      ctx, input, game, assistant,
      {.help = {},
       .entry_line = [&](const wordle::AssistEntry& e) { return entry_text(game, e, assistant.candidates().size()); },
       .show_state = [&] { return print_assist_state(ctx, *loaded.engine, assistant, *tree); }});
}

}  // namespace puzzlelab::app
