// `puzzlelab handle tree` and `handle sim --player optimal`: the optimal
// decision tree for the 424 daily answers (secrets and candidates) with every idiom
// as a guess, computed by the exact solver (src/guess/optimal.h) and cached in the
// state folder under the data's checksum.
#include "app/handle_tree.h"

#include <fstream>
#include <memory>

#include <fmt/format.h>

#include "app/handle_session.h"
#include "app/optimal_command.h"
#include "core/state_store.h"
#include "core/utf8.h"
#include "guess/optimal_player.h"
#include "handle/decision_tree.h"
#include "handle/game.h"
#include "handle/session.h"

namespace puzzlelab::app {

namespace {

struct HandleTreeOptions {
  std::optional<std::string> first;
  std::size_t top = 0;
  std::uint32_t max_guesses = 0;
  std::optional<std::string> out;
  bool recompute = false;
  bool all = false;                    // prove the best first guess, resumably, on MPI ranks too
  std::optional<std::string> results;  // --all: the settled first guesses, appended as they come
};

// The game the tree is for: answers as secrets, all idioms as guesses.
struct HandleTreeGame {
  std::unique_ptr<handle::GameData> data;
  std::unique_ptr<handle::HandleGame> game;
  std::vector<guess::SecretIndex> secrets;  // every answer, in day order

  [[nodiscard]] std::string word(guess::GuessIndex g) const {
    return core::utf8_encode(data->lexicon().idioms()[g].word);
  }
  // The optimal tree over every answer, cached in the state folder.
  [[nodiscard]] core::Result<OptimalTree> optimal(Context& ctx, std::uint32_t max_guesses,
                                                  std::optional<guess::GuessIndex> first, bool recompute) const {
    return optimal_tree(ctx, handle::optimal_tree_key(data->lexicon().checksum(), max_guesses, first), recompute,
                        [&](guess::OptimalOptions run, const guess::TreeCacheOptions& cache) {
                          run.max_guesses = max_guesses;
                          return guess::cached_optimal_tree(*game, secrets, std::move(run), first, cache);
                        });
  }
};

core::Result<HandleTreeGame> load_game(Context& ctx) {
  auto data = handle::GameData::load(ctx.data());
  if (!data) return data.error();
  HandleTreeGame h;
  h.data = std::move(*data);
  h.game = std::make_unique<handle::HandleGame>(h.data->table(), handle::WordSet::Answers);
  h.secrets = h.game->answer_secrets();
  return h;
}

// An idiom of the guess list (handle::parse_idiom), its error worded for --first.
core::Result<guess::GuessIndex> parse_idiom(const HandleTreeGame& h, const std::string& text, bool zh) {
  auto idiom = handle::parse_idiom(h.data->lexicon(), text, zh);
  if (!idiom) return core::Error{"--first: " + idiom.error().message};
  return *idiom;
}

void run_tree(Context& ctx, const HandleTreeOptions& o) {
  auto h = load_game(ctx);
  if (!h) return ctx.fail(h.error().message);
  guess::OptimalOptions options;
  options.max_guesses = o.max_guesses;
  const auto word = [&h](guess::GuessIndex g) { return h->word(g); };
  if (o.results && !o.all) return ctx.fail("--results is the record of a proof: give --all", kExitUsage);
  if (o.all) {
    if (o.first || o.out || o.recompute) {
      return ctx.fail("--all proves the best first guess: it takes no --first, --out or --recompute", kExitUsage);
    }
    ProofRequest request;
    request.top = std::max<std::size_t>(o.top, 1);
    request.results = o.results;
    request.problem = handle::proof_problem(h->data->lexicon().checksum(), o.max_guesses);
    request.word = word;
    const bool zh = ctx.chinese();
    request.guess_of = [&h, zh](const std::string& text) -> std::optional<guess::GuessIndex> {
      auto g = parse_idiom(*h, text, zh);
      return g ? std::optional<guess::GuessIndex>(*g) : std::nullopt;
    };
    return run_first_guess_proof(ctx, *h->game, h->secrets, options, request);
  }
  if (o.top > 0) {
    if (o.first) return ctx.fail("--top ranks first guesses; it does not take --first", kExitUsage);
    auto ranked = rank_first_guesses(ctx, *h->game, h->secrets, options, o.top);
    if (!ranked) return fail_solver(ctx, ranked.error());
    return print_ranking(ctx, *ranked, h->secrets.size(), word);
  }
  std::optional<guess::GuessIndex> first;
  if (o.first) {
    auto g = parse_idiom(*h, *o.first, ctx.chinese());
    if (!g) return ctx.fail(g.error().message, kExitUsage);
    first = *g;
  }
  auto result = h->optimal(ctx, o.max_guesses, first, o.recompute);
  if (!result) return fail_solver(ctx, result.error());
  if (result->tree.empty()) {
    return ctx.fail(fmt::format("no strategy solves every answer within {} guesses", o.max_guesses));
  }
  if (o.out) {
    if (auto error = core::write_file_atomic(*o.out, handle::handle_tree_text(*h->game, result->tree, h->secrets)))
      return ctx.fail(error->message);
  }
  print_tree_summary(ctx, *result, word, o.out);
}

}  // namespace

void run_handle_optimal_sim(Context& ctx, const HandleSimOptions& o) {
  const std::string& secrets_set = o.ai.secrets;
  const std::string& candidates = o.ai.candidates;
  if ((!secrets_set.empty() && secrets_set != "answers") || (!candidates.empty() && candidates != "answers")) {
    return ctx.fail(
        "the optimal player plays the daily answers (--secrets answers --candidates answers): with all "
        "29,760 idioms as candidates the exact solver's table does not fit",
        kExitUsage);
  }
  auto h = load_game(ctx);
  if (!h) return ctx.fail(h.error().message);
  const SimCliOptions& sim_options = o.sim;
  const auto games = parse_games(sim_options.games, h->secrets.size());
  if (!games) return ctx.fail(games.error().message, kExitUsage);
  auto result = h->optimal(ctx, 0, std::nullopt, o.ai.recompute);
  if (!result) return fail_solver(ctx, result.error());
  auto shared = std::make_shared<HandleTreeGame>(std::move(*h));
  auto tree = std::make_shared<OptimalTree>(std::move(*result));
  if (!ctx.opts.quiet && !ctx.opts.json) {
    ctx.err << fmt::format(
        "opener {} ({})\n", shared->word(tree->first),
        tree->cached ? "cached optimal tree" : fmt::format("optimal tree in {:.2f} s", tree->seconds));
  }
  const bool every = sim_options.games == "all";
  core::SimSpec spec;
  spec.game = "handle";
  spec.player = "optimal";
  spec.seed = ctx.opts.seed.value_or(0);
  spec.games = *games;
  spec.config = {
      {"secrets", "answers"}, {"candidates", "answers"}, {"guesses", "idioms"}, {"order", every ? "all" : "drawn"}};
  spec.extra["first_guess"] = shared->word(tree->first);
  const bool detail = sim_options.jsonl;
  run_sim_command(
      ctx, spec,
      [shared, tree, every, detail](std::uint64_t index, core::Rng& rng) {
        const std::vector<guess::SecretIndex>& secrets = shared->secrets;
        const guess::SecretIndex secret = every ? secrets[index] : secrets[rng.below(secrets.size())];
        const auto limit = static_cast<std::uint32_t>(handle::kTriesLimit);
        if (!detail) return guess::tree_game(*shared->game, tree->tree, secret, limit);
        return guess::tree_game(*shared->game, tree->tree, secret, limit,
                                [&shared](guess::GuessIndex g) { return shared->word(g); });
      },
      sim_options);
}

void add_handle_tree_commands(CLI::App* game, Context& ctx) {
  auto o = std::make_shared<HandleTreeOptions>();
  auto* tree = game->add_subcommand("tree", "The optimal decision tree for the daily answers (exact solver)");
  tree->add_option("--first,-f", o->first, "Fix the first guess (an idiom); default: the best, proven over all idioms");
  tree->add_option("--top", o->top, "Rank the N first guesses the solver tries first by their exact totals")
      ->check(CLI::Range(1, 1000));
  tree->add_option("--max-guesses", o->max_guesses, "Solve every answer within K guesses (0: no limit)")
      ->capture_default_str();
  tree->add_option("--out,-o", o->out, "Write the tree to FILE: one line a secret, `idiom MARKSk` per guess");
  tree->add_flag("--recompute", o->recompute, "Compute the tree again instead of using the cached one");
  tree->add_flag("--all", o->all,
                 "Prove the best first guess over every idiom (with --top N: the N best), resumably and on MPI "
                 "ranks (puzzlelab-mpi)");
  tree->add_option("--results", o->results,
                   "With --all: append each settled first guess to FILE; a stopped run given the same FILE goes on");
  tree->footer(R"(Secrets and candidates: the 424 daily answers, equally likely; guesses: all 29,760
idioms. The tree minimises the total number of guesses over the answers, and is proven
optimal (branch and bound with exact lower bounds, see docs/optimal.md). Trees are
cached in the state folder under the data's checksum (--recompute to redo them).

Examples:
  puzzlelab handle tree                       best first guess: 补过拾遗, 865 guesses
  puzzlelab handle tree --first 心满意足 --out tree.txt
  puzzlelab handle tree --top 10
  puzzlelab handle tree --all --top 5 --results handle.jsonl
  puzzlelab handle tree --max-guesses 3 --json)");
  ctx.on_run(tree, [&ctx, o] { run_tree(ctx, *o); });
  ctx.distributed[tree] = [o] { return o->all; };
}

}  // namespace puzzlelab::app
