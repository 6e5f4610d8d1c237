// `puzzlelab wordle tree`: the optimal decision tree for the answer list, computed by
// the exact solver (src/guess/optimal.h), cached in the state folder under the lists'
// checksum, written and checked in Alex Selby's tree format (data/wordle/trees); the
// proof of the best first guess (`--all`). The optimal player of `sim` and `assist`
// is in wordle_optimal.cpp.
#include "app/wordle_tree.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "app/optimal_command.h"
#include "app/wordle_input.h"
#include "app/wordle_setup.h"
#include "core/data_source.h"
#include "core/state_store.h"
#include "core/wording.h"
#include "wordle/decision_tree.h"
#include "wordle/engine.h"
#include "wordle/optimal_next.h"

namespace puzzlelab::app {

namespace {

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

// A typed guess, its error worded for the option.
core::Result<guess::GuessIndex> parse_guess(const wordle::WordleGame& game, const std::string& text) {
  auto g = wordle::parse_guess(game, text);
  if (!g) return core::Error{fmt::format("--first: {}", g.error().message)};
  return g;
}

}  // namespace

// The first guess the optimal player opens with: --first, else SALET on the original
// lists, else none (the best is then proven over every guess).
core::Result<std::optional<guess::GuessIndex>> wordle_opener(const LoadedWordle& loaded,
                                                             const std::optional<std::string>& first) {
  auto opener = wordle::optimal_opener(loaded.engine->game(), loaded.builtin, first);
  if (!opener) return core::Error{fmt::format("--first: {}", opener.error().message)};
  return opener;
}

core::Result<OptimalTree> wordle_optimal_tree(Context& ctx, const LoadedWordle& loaded, bool hard,
                                              std::uint32_t max_guesses, std::optional<guess::GuessIndex> first,
                                              bool recompute) {
  const wordle::Engine& engine = *loaded.engine;
  return optimal_tree(ctx, wordle::optimal_tree_key(engine.game(), loaded.checksum, hard, max_guesses, first),
                      recompute, [&](guess::OptimalOptions run, const guess::TreeCacheOptions& cache) {
                        return wordle::optimal_tree(engine, hard, max_guesses, first, std::move(run), cache);
                      });
}

namespace {

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
  const std::uint32_t max_guesses = o.max_guesses.value_or(0);
  auto checked = wordle::check_tree_file(*loaded.engine, text, o.hard, max_guesses);
  if (!checked) return fail_file(checked.error().message);
  if (checked->over_limit) {
    const wordle::TreeLine& line = checked->lines[*checked->over_limit];
    return fail_file(fmt::format("line {}: '{}' takes {} guesses, more than --max-guesses {}", line.line_no,
                                 line.turns.back().guess, line.turns.size(), max_guesses));
  }
  const auto& lines = checked->lines;
  const auto& summary = checked->summary;
  if (o.out) {
    // The checked tree in this program's own writing, for comparing trees line by line.
    if (auto error = core::write_file_atomic(
            *o.out, wordle::wordle_tree_text(game, checked->tree, loaded.engine->analyzer().all_secrets()))) {
      return ctx.fail(error->message);
    }
  }
  const std::string first = lines.front().turns.front().guess;
  const double mean = static_cast<double>(summary.total_guesses) / static_cast<double>(summary.games);
  if (ctx.opts.json) {
    nlohmann::json d = nlohmann::json::object();
    for (const auto& [k, n] : summary.distribution) d[std::to_string(k)] = n;
    ctx.out << nlohmann::json{{"file", *o.check},
                              {"valid", true},
                              {"hard", o.hard},
                              {"first_guess", first},
                              {"total", summary.total_guesses},
                              {"secrets", summary.games},
                              {"mean", mean},
                              {"max_guesses", summary.max_guesses},
                              {"distribution", d}}
                   .dump()
            << '\n';
    return;
  }
  ctx.out << fmt::format("tree          {} ({} lines, valid{})\n", *o.check, lines.size(),
                         o.hard ? " in hard mode" : "");
  ctx.out << fmt::format("first guess   {}\n", first);
  ctx.out << fmt::format("total         {} over {} (mean {:.4f})\n",
                         core::counted(static_cast<std::int64_t>(summary.total_guesses), "guess", "guesses"),
                         core::counted(static_cast<std::int64_t>(summary.games), "secret"), mean);
  ctx.out << fmt::format("max           {}\n",
                         core::counted(static_cast<std::int64_t>(summary.max_guesses), "guess", "guesses"));
  ctx.out << fmt::format("distribution  {}\n", distribution_text(summary));
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
    request.problem = wordle::proof_problem(loaded.checksum, o.hard, max_guesses);
    request.word = word;
    request.guess_of = [&game](const std::string& text) -> std::optional<guess::GuessIndex> {
      auto g = parse_guess(game, text);
      return g ? std::optional<guess::GuessIndex>(*g) : std::nullopt;
    };
    return run_first_guess_proof(ctx, game, loaded.engine->analyzer().all_secrets(), std::move(options), request);
  }
  if (o.top > 0) {
    if (o.first) return ctx.fail("--top ranks first guesses; it does not take --first", kExitUsage);
    guess::OptimalOptions options;
    if (o.hard) options.hard_mode = &loaded.engine->hard_filter();
    options.max_guesses = o.max_guesses.value_or(wordle::kMaxGuesses);
    auto ranked = rank_first_guesses(ctx, game, loaded.engine->analyzer().all_secrets(), std::move(options), o.top);
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
        fmt::format("proving the best first guess over all {} guesses takes minutes (Ctrl-C stops it); "
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
    const std::string text = wordle::wordle_tree_text(game, result->tree, loaded.engine->analyzer().all_secrets());
    if (auto error = core::write_file_atomic(*o.out, text)) return ctx.fail(error->message);
  }
  print_tree_summary(ctx, *result, word, o.out);
}

}  // namespace

void add_wordle_tree_commands(CLI::App* game, Context& ctx) {
  auto o = std::make_shared<WordleTreeOptions>();
  auto* tree = game->add_subcommand("tree", "The optimal decision tree (exact solver), or check a tree file");
  tree->add_option("--first,-f", o->first,
                   "Fix the first guess; default: the best, proven over all guesses (minutes on the full lists)");
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
  puzzlelab wordle tree --all --results salet.jsonl     the proof (about 15 CPU-minutes)
  mpirun -np 8 puzzlelab-mpi wordle tree --all --hard --results hard.jsonl
  puzzlelab wordle tree --check salet.hard.tree --hard
  puzzlelab wordle tree --first palet --hard --max-guesses 5 --json)");
  ctx.on_run(tree, [&ctx, o] { run_tree(ctx, *o); });
  ctx.distributed[tree] = [o] { return o->all; };
}

}  // namespace puzzlelab::app
