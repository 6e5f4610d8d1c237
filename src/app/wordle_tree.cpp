// `puzzlelab wordle tree`, `wordle sim --player optimal` and `wordle assist --player
// optimal`: the optimal decision tree for the answer list, computed by the
// exact solver (src/guess/optimal.h), cached in the state folder under the lists'
// checksum, written and checked in Alex Selby's tree format (data/wordle/trees).
#include "app/wordle_tree.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "app/optimal_command.h"
#include "app/sim_report.h"
#include "app/wordle_input.h"
#include "app/wordle_setup.h"
#include "core/data_source.h"
#include "core/state_store.h"
#include "wordle/assistant.h"
#include "wordle/decision_tree.h"
#include "wordle/engine.h"

namespace puzzlelab::app {

namespace {

// The opener of the optimal player when none is given and the lists are the original
// ones: SALET, proven the best first guess over all 12,972 by Alex Selby (7,920;
// github.com/alex1770/wordle). Proving it here would take hours; evaluating it, seconds.
constexpr const char* kOriginalOpener = "salet";

std::string upper(std::string w) {
  for (auto& c : w) c = static_cast<char>(c - 'a' + 'A');
  return w;
}

std::vector<guess::SecretIndex> every_secret(const wordle::WordleGame& game) {
  std::vector<guess::SecretIndex> all(game.secret_count());
  for (guess::SecretIndex s = 0; s < all.size(); ++s) all[s] = s;
  return all;
}

struct WordleTreeOptions {
  std::optional<std::string> first;
  bool hard = false;
  std::optional<std::uint32_t> max_guesses;  // default: the game's six (none for --check)
  std::optional<std::string> out;
  std::size_t top = 0;
  std::optional<std::string> check;
  bool recompute = false;
  bool all = false;                    // prove the best first guess, resumably, on MPI ranks too
  std::optional<std::string> results;  // --all: the settled first guesses, appended as they come
  WordleListOptions lists;
};

void fail_solver(Context& ctx, const core::Error& error) {
  if (error.message == "cancelled" || ctx.cancelled()) return ctx.fail("interrupted", kExitInterrupted);
  ctx.fail(error.message);
}

core::Result<guess::GuessIndex> parse_guess(const wordle::WordleGame& game, const std::string& text) {
  auto word = wordle::normalize_word(text, game.length());
  if (!word) return core::Error{fmt::format("--first: {}", word.error().message)};
  const auto g = game.find_guess(*word);
  if (!g) return core::Error{fmt::format("--first: '{}' is not an allowed guess", *word)};
  return *g;
}

TreeKey tree_key(const LoadedWordle& loaded, bool hard, std::uint32_t max_guesses, const std::string& first,
                 bool recompute) {
  return TreeKey{"wordle", fmt::format("{:016x}", loaded.checksum),
                 fmt::format("{}/max={}/first={}", hard ? "hard" : "normal", max_guesses, first), true, recompute};
}

// The first guess the optimal player opens with: --first, else SALET on the original
// lists, else none (the best is then proven over every guess).
core::Result<std::optional<guess::GuessIndex>> opener_of(const LoadedWordle& loaded,
                                                         const std::optional<std::string>& first) {
  const wordle::WordleGame& game = loaded.engine->game();
  if (first) {
    auto g = parse_guess(game, *first);
    if (!g) return g.error();
    return std::optional<guess::GuessIndex>(*g);
  }
  if (loaded.builtin) {
    if (const auto g = game.find_guess(kOriginalOpener)) return std::optional<guess::GuessIndex>(*g);
  }
  return std::optional<guess::GuessIndex>();
}

core::Result<OptimalTree> wordle_optimal_tree(Context& ctx, const LoadedWordle& loaded, bool hard,
                                              std::uint32_t max_guesses, std::optional<guess::GuessIndex> first,
                                              bool recompute) {
  const wordle::WordleGame& game = loaded.engine->game();
  guess::OptimalOptions options;
  if (hard) options.hard_mode = &loaded.engine->hard_filter();
  options.max_guesses = max_guesses;
  const std::string first_name = first ? game.guess_word(*first) : std::string("best");
  return optimal_tree(ctx, game, every_secret(game), std::move(options), first,
                      tree_key(loaded, hard, max_guesses, first_name, recompute));
}

// ---- tree --check ------------------------------------------------------------------

std::string distribution_text(const wordle::TreeSummary& s) {
  std::string out;
  for (const auto& [k, n] : s.distribution) {
    if (!out.empty()) out += "  ";
    out += fmt::format("{}: {}", k, n);
  }
  return out;
}

void run_check(Context& ctx, const WordleTreeOptions& o, const LoadedWordle& loaded) {
  const wordle::WordleGame& game = loaded.engine->game();
  std::string text;
  if (*o.check == "-") {
    text.assign(std::istreambuf_iterator<char>(ctx.in), std::istreambuf_iterator<char>());
  } else {
    auto read = core::read_file_capped(*o.check, core::kDataFileCap, ctx.interrupted);
    if (!read) return ctx.fail(read.error().message);
    text = std::move(*read);
  }
  const auto fail_file = [&](const std::string& message) { ctx.fail(fmt::format("{}: {}", *o.check, message)); };
  auto lines = wordle::parse_decision_tree(text, game.length());
  if (!lines) return fail_file(lines.error().message);
  if (lines->empty()) return fail_file("no tree lines");
  auto summary = wordle::check_decision_tree(game, *lines, o.hard);
  if (!summary) return fail_file(summary.error().message);
  const std::uint32_t max_guesses = o.max_guesses.value_or(0);
  if (max_guesses > 0) {
    for (const wordle::TreeLine& line : *lines) {
      if (line.turns.size() > max_guesses) {
        return fail_file(fmt::format("line {}: '{}' takes {} guesses, more than --max-guesses {}", line.line_no,
                                     line.turns.back().guess, line.turns.size(), max_guesses));
      }
    }
  }
  // A second, independent replay through the solver's own tree type and verifier.
  auto tree = wordle::parse_wordle_tree(game, text);
  if (!tree) return fail_file(tree.error().message);
  const guess::TreeCheck replay = guess::verify_tree(game, *tree, every_secret(game),
                                                     o.hard ? &loaded.engine->hard_filter() : nullptr, max_guesses);
  if (replay.defect || replay.summary.total != summary->total_guesses) {
    return fail_file("the tree does not replay through the solver's verifier");
  }
  if (o.out) {
    // The checked tree in this program's own writing, for comparing trees line by line.
    if (auto error = core::write_file_atomic(*o.out, wordle::wordle_tree_text(game, *tree, every_secret(game)))) {
      return ctx.fail(error->message);
    }
  }
  const std::string first = lines->front().turns.front().guess;
  const double mean = static_cast<double>(summary->total_guesses) / static_cast<double>(summary->games);
  if (ctx.opts.json) {
    nlohmann::json d = nlohmann::json::object();
    for (const auto& [k, n] : summary->distribution) d[std::to_string(k)] = n;
    ctx.out << nlohmann::json{{"file", *o.check},
                              {"valid", true},
                              {"hard", o.hard},
                              {"first_guess", first},
                              {"total", summary->total_guesses},
                              {"secrets", summary->games},
                              {"mean", mean},
                              {"max_guesses", summary->max_guesses},
                              {"distribution", d}}
                   .dump()
            << '\n';
    return;
  }
  ctx.out << fmt::format("tree          {} ({} lines, valid{})\n", *o.check, lines->size(),
                         o.hard ? " in hard mode" : "");
  ctx.out << fmt::format("first guess   {}\n", first);
  ctx.out << fmt::format("total         {} guesses over {} secrets (mean {:.4f})\n", summary->total_guesses,
                         summary->games, mean);
  ctx.out << fmt::format("max           {} guesses\n", summary->max_guesses);
  ctx.out << fmt::format("distribution  {}\n", distribution_text(*summary));
}

// ---- tree ----------------------------------------------------------------------

void run_tree(Context& ctx, const WordleTreeOptions& o) {
  const LoadedWordle loaded = load_wordle(ctx, o.lists, guess::TableOptions{0, 1});
  if (!loaded.engine) return;
  const wordle::WordleGame& game = loaded.engine->game();
  if (o.check) {
    if (o.first || o.top > 0) return ctx.fail("--check takes no --first or --top", kExitUsage);
    return run_check(ctx, o, loaded);
  }
  const auto word = [&game](guess::GuessIndex g) { return game.guess_word(g); };
  if (o.results && !o.all) return ctx.fail("--results is the record of a proof: give --all", kExitUsage);
  if (o.all) {
    if (o.first || o.out || o.recompute) {
      return ctx.fail("--all proves the best first guess: it takes no --first, --out or --recompute", kExitUsage);
    }
    guess::OptimalOptions options;
    if (o.hard) options.hard_mode = &loaded.engine->hard_filter();
    const std::uint32_t max_guesses = o.max_guesses.value_or(wordle::kMaxGuesses);
    options.max_guesses = max_guesses;
    ProofRequest request;
    request.top = std::max<std::size_t>(o.top, 1);
    request.results = o.results;
    request.problem = fmt::format("wordle/{:016x}/{}/max={}", loaded.checksum, o.hard ? "hard" : "normal", max_guesses);
    request.word = word;
    request.guess_of = [&game](const std::string& text) -> std::optional<guess::GuessIndex> {
      auto g = parse_guess(game, text);
      return g ? std::optional<guess::GuessIndex>(*g) : std::nullopt;
    };
    return run_first_guess_proof(ctx, game, every_secret(game), std::move(options), request);
  }
  if (o.top > 0) {
    if (o.first) return ctx.fail("--top ranks first guesses; it does not take --first", kExitUsage);
    guess::OptimalOptions options;
    if (o.hard) options.hard_mode = &loaded.engine->hard_filter();
    options.max_guesses = o.max_guesses.value_or(wordle::kMaxGuesses);
    auto ranked = rank_first_guesses(ctx, game, every_secret(game), std::move(options), o.top);
    if (!ranked) return fail_solver(ctx, ranked.error());
    return print_ranking(ctx, *ranked, game.secret_count(), word);
  }
  std::optional<guess::GuessIndex> first;
  if (o.first) {
    auto g = parse_guess(game, *o.first);
    if (!g) return ctx.fail(g.error().message, kExitUsage);
    first = *g;
  } else if (!ctx.opts.quiet && game.guess_count() > 2000) {
    ctx.warn(
        fmt::format("proving the best first guess over all {} guesses can take hours (Ctrl-C stops it); "
                    "--first WORD evaluates one opener in seconds",
                    game.guess_count()));
  }
  const std::uint32_t max_guesses = o.max_guesses.value_or(wordle::kMaxGuesses);
  auto result = wordle_optimal_tree(ctx, loaded, o.hard, max_guesses, first, o.recompute);
  if (!result) return fail_solver(ctx, result.error());
  if (result->tree.empty()) {
    return ctx.fail(fmt::format("no strategy solves every answer within {} guesses", max_guesses));
  }
  if (o.out) {
    const std::string text = wordle::wordle_tree_text(game, result->tree, every_secret(game));
    if (auto error = core::write_file_atomic(*o.out, text)) return ctx.fail(error->message);
  }
  print_tree_summary(ctx, *result, word, o.out);
}

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
  const auto first = opener_of(*loaded, first_text);
  if (!first) return ctx.fail(first.error().message, kExitUsage);
  auto result = wordle_optimal_tree(ctx, *loaded, hard, wordle::kMaxGuesses, *first, false);
  if (!result) return fail_solver(ctx, result.error());
  auto tree = std::make_shared<OptimalTree>(std::move(*result));
  if (!ctx.opts.quiet && !ctx.opts.json) {
    ctx.err << fmt::format(
        "opener {} ({}{})\n", upper(game.guess_word(tree->first)),
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
        const std::vector<guess::GuessIndex> guesses = play_along(g, tree->tree, secret);
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

// The optimal next guess after the entries, with the guesses the answers left still
// need on average (from the next guess on) and at most.
struct OptimalAdvice {
  guess::GuessIndex guess = guess::kNoGuess;
  bool on_tree = false;  // from the cached tree; else solved for the answers left
  std::uint64_t total = 0;
  std::uint32_t max = 0;
};

class OptimalAssist {
 public:
  OptimalAssist(Context& ctx, const LoadedWordle& loaded, const OptimalTree& tree, bool hard)
      : ctx_(ctx), loaded_(loaded), tree_(tree), hard_(hard), assistant_(*loaded.engine, hard) {}

  wordle::Assistant& assistant() { return assistant_; }

  std::vector<guess::Observation> history() const {
    std::vector<guess::Observation> h;
    for (const auto& e : assistant_.entries()) h.push_back({e.guess, e.pattern});
    return h;
  }

  // The tree's guess while the entries follow it; off the tree, the exact solver on
  // the answers left (any candidate set works; after one guess it takes moments).
  core::Result<OptimalAdvice> advice() {
    const wordle::WordleGame& game = loaded_.engine->game();
    const auto candidates = assistant_.candidates();
    const std::vector<guess::Observation> h = history();
    OptimalAdvice a;
    if (const auto node = tree_.tree.node_after(h)) {
      a.guess = tree_.tree.node(*node).guess;
      a.on_tree = true;
      for (const guess::SecretIndex s : candidates) {
        const std::size_t n = play_along(game, tree_.tree, s).size() - h.size();
        a.total += n;
        a.max = std::max(a.max, static_cast<std::uint32_t>(n));
      }
      return a;
    }
    guess::OptimalOptions options;
    if (hard_) options.hard_mode = &loaded_.engine->hard_filter();
    options.history = h;
    options.threads = ctx_.threads();
    options.cancel = ctx_.interrupted;
    // Within the game's six guesses when that is still possible, else without a limit.
    options.max_guesses = h.size() < wordle::kMaxGuesses ? wordle::kMaxGuesses : 0;
    auto solver = guess::OptimalSolver::create(game, candidates, options);
    if (!solver) return solver.error();
    auto best = (*solver)->best_first();
    if (!best) return best.error();
    if (best->total == guess::kInfeasible && options.max_guesses != 0) {
      options.max_guesses = 0;
      solver = guess::OptimalSolver::create(game, candidates, options);
      if (!solver) return solver.error();
      best = (*solver)->best_first();
      if (!best) return best.error();
    }
    auto sub = (*solver)->tree(best->guess);
    if (!sub) return sub.error();
    a.guess = best->guess;
    a.total = best->total;
    for (const guess::SecretIndex s : candidates) {
      a.max = std::max(a.max, static_cast<std::uint32_t>(play_along(game, *sub, s).size()));
    }
    return a;
  }

 private:
  Context& ctx_;
  const LoadedWordle& loaded_;
  const OptimalTree& tree_;
  bool hard_;
  wordle::Assistant assistant_;
};

std::string entry_text(const wordle::WordleGame& game, const wordle::AssistEntry& e, std::size_t left) {
  return fmt::format("{} {}  {} answer{} left\n", upper(game.guess_word(e.guess)),
                     wordle::pattern_text(e.pattern, game.length()), left, left == 1 ? "" : "s");
}

// The state as text or JSON; an error (cancelled, solver limits) fails the command.
bool print_assist_state(Context& ctx, const wordle::WordleGame& game, OptimalAssist& session) {
  wordle::Assistant& assistant = session.assistant();
  const auto c = assistant.candidates();
  std::optional<OptimalAdvice> advice;
  if (!assistant.solved()) {
    auto a = session.advice();
    if (!a) {
      fail_solver(ctx, a.error());
      return false;
    }
    advice = *a;
  }
  if (ctx.opts.json) {
    nlohmann::json j;
    nlohmann::json entries = nlohmann::json::array();
    for (const auto& e : assistant.entries()) {
      entries.push_back(
          {{"guess", game.guess_word(e.guess)}, {"pattern", wordle::pattern_text(e.pattern, game.length())}});
    }
    j["entries"] = entries;
    j["solved"] = assistant.solved();
    j["candidates"] = c.size();
    nlohmann::json sample = nlohmann::json::array();
    for (std::size_t i = 0; i < c.size() && i < 100; ++i) sample.push_back(game.secret_word(c[i]));
    j["sample"] = sample;
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
                         upper(game.guess_word(advice->guess)),
                         advice->on_tree ? "on the optimal tree:" : "off the tree, solved for the answers left:", mean,
                         advice->max);
  return true;
}

void run_optimal_assist(Context& ctx, const CLI::App* assist, const std::optional<std::string>& first_text) {
  const bool hard = flag_given(assist, "--hard");
  const LoadedWordle loaded = load_wordle(ctx, lists_of(assist), guess::TableOptions{0, 1});
  if (!loaded.engine) return;
  const wordle::WordleGame& game = loaded.engine->game();
  const auto first = opener_of(loaded, first_text);
  if (!first) return ctx.fail(first.error().message, kExitUsage);
  auto tree = wordle_optimal_tree(ctx, loaded, hard, wordle::kMaxGuesses, *first, false);
  if (!tree) return fail_solver(ctx, tree.error());
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

void add_wordle_tree_commands(CLI::App* game, Context& ctx) {
  auto o = std::make_shared<WordleTreeOptions>();
  auto* tree = game->add_subcommand("tree", "The optimal decision tree (exact solver), or check a tree file");
  tree->add_option("--first,-f", o->first,
                   "Fix the first guess; default: the best, proven over all guesses (hours on the full lists)");
  tree->add_flag("--hard", o->hard, "Hard mode (the NYT rule)");
  tree->add_option("--max-guesses", o->max_guesses,
                   "Solve every answer within K guesses (default: the game's 6; 0: no limit; with --check: no "
                   "limit unless given)");
  tree->add_option("--out,-o", o->out, "Write the tree to FILE in Selby's format (one line an answer)");
  tree->add_option("--top", o->top, "Rank the N first guesses the solver tries first by their exact totals")
      ->check(CLI::Range(1, 1000));
  tree->add_option("--check", o->check,
                   "Replay a tree FILE (- for stdin) against the lists and rules and print its total");
  tree->add_flag("--recompute", o->recompute, "Compute the tree again instead of using the cached one");
  tree->add_flag("--all", o->all,
                 "Prove the best first guess over every allowed guess (with --top N: the N best), resumably and "
                 "on MPI ranks (puzzlelab-mpi)");
  tree->add_option("--results", o->results,
                   "With --all: append each settled first guess to FILE; a stopped run given the same FILE goes on");
  add_wordle_list_options(tree, o->lists);
  tree->footer(R"(Secrets: every answer, equally likely; guesses: the allowed-guess list. The tree
minimises the total number of guesses over the answers and is proven optimal (for
the given first guess; over every first guess without --first). Trees are cached in
the state folder under the lists' checksum (--recompute to redo them). Tree files:
one line an answer, `word PATTERNk` pairs (B gray, Y yellow, G green; k the guess
number), leading blanks repeat the line above (the format of Selby's trees).

Examples:
  puzzlelab wordle tree --first salet                 7920 guesses, proven for SALET
  puzzlelab wordle tree --first salet --hard --out salet.hard.tree
  puzzlelab wordle tree --top 20
  puzzlelab wordle tree --all --results salet.jsonl     the proof (hours on one core)
  mpirun -np 8 puzzlelab-mpi wordle tree --all --hard --results hard.jsonl
  puzzlelab wordle tree --check salet.hard.tree --hard
  puzzlelab wordle tree --first palet --hard --max-guesses 5 --json)");
  ctx.on_run(tree, [&ctx, o] { run_tree(ctx, *o); });
  ctx.distributed[tree] = [o] { return o->all; };

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
