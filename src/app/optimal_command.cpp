#include "app/optimal_command.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>

#include <fmt/format.h>

#include "core/progress.h"
#include "core/sim.h"
#include "core/state_store.h"
#include "core/utf8.h"
#include "guess/first_guess_proof.h"
#include "guess/optimal_advice.h"

namespace puzzlelab::app {

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The solver's progress (classes or first guesses done) as core::Progress lines; a new
// line when the stage (its total) changes.
class SolverProgress {
 public:
  SolverProgress(Context& ctx, std::string label) : ctx_(ctx), label_(std::move(label)) {}
  void update(std::uint64_t done, std::uint64_t total) {
    if (!progress_ || total != total_) {
      progress_.reset();
      total_ = total;
      progress_ = std::make_unique<core::Progress>(ctx_.err, ctx_.progress_enabled(), total, label_);
    }
    progress_->update(done);
  }
  void finish() {
    if (progress_) progress_->finish();
  }

 private:
  Context& ctx_;
  std::string label_;
  std::uint64_t total_ = 0;
  std::unique_ptr<core::Progress> progress_;
};

std::string distribution_text(const guess::TreeSummary& s) {
  std::string out;
  for (std::size_t k = 1; k < s.distribution.size(); ++k) {
    if (s.distribution[k] == 0) continue;
    if (!out.empty()) out += "  ";
    out += fmt::format("{}: {}", k, s.distribution[k]);
  }
  return out;
}

nlohmann::json distribution_json(const guess::TreeSummary& s) {
  nlohmann::json d = nlohmann::json::object();
  for (std::size_t k = 1; k < s.distribution.size(); ++k) {
    if (s.distribution[k] != 0) d[std::to_string(k)] = s.distribution[k];
  }
  return d;
}

}  // namespace

core::Result<OptimalTree> optimal_tree(Context& ctx, const guess::Game& game,
                                       std::span<const guess::SecretIndex> secrets, guess::OptimalOptions options,
                                       std::optional<guess::GuessIndex> first, const TreeKey& key) {
  const auto start = std::chrono::steady_clock::now();
  const std::string file = key.game + "-optimal.json";
  std::optional<core::StateStore> store;
  if (key.use_cache) {
    auto state = ctx.state();
    if (state) {
      store = *state;
    } else if (!ctx.opts.quiet) {
      ctx.warn(fmt::format("{} (the tree is not cached)", state.error().message));
    }
  }
  nlohmann::json doc;
  if (store) {
    auto loaded = store->load(file);
    if (!loaded) {
      ctx.warn(loaded.error().message);
    } else {
      if (loaded->warning) ctx.warn(*loaded->warning);
      if (loaded->value) doc = *loaded->value;
    }
  }
  if (!doc.is_object() || !doc.contains("data") || doc["data"] != key.data || !doc.contains("trees") ||
      !doc["trees"].is_object()) {
    doc = nlohmann::json{{"data", key.data}, {"trees", nlohmann::json::object()}};
  }

  // A cached tree is used only when it still replays to its recorded total.
  if (store && !key.recompute && doc["trees"].contains(key.variant)) {
    const nlohmann::json& entry = doc["trees"][key.variant];
    auto tree = entry.contains("tree") ? guess::tree_from_json(entry["tree"]) : core::Error{"no tree"};
    if (tree && !tree->empty() && entry.value("total", std::uint64_t{0}) != 0) {
      const guess::TreeCheck check = guess::verify_tree(game, *tree, secrets, options.hard_mode, options.max_guesses);
      if (!check.defect && check.summary.total == entry.value("total", std::uint64_t{0})) {
        OptimalTree result;
        result.first = tree->node(0).guess;
        result.tree = std::move(*tree);
        result.summary = check.summary;
        result.proven_all = entry.value("proven_all", false);
        result.cached = true;
        result.seconds = entry.value("seconds", 0.0);
        return result;
      }
    }
    ctx.warn(fmt::format("the cached tree in {} does not replay; computing it again", store->path_of(file).string()));
  }

  SolverProgress progress(ctx, "optimal tree");
  options.threads = ctx.threads();
  options.cancel = ctx.interrupted;
  options.progress = [&progress](std::uint64_t done, std::uint64_t total) { progress.update(done, total); };
  auto solved = guess::solve_optimal_tree(game, secrets, std::move(options), first);
  progress.finish();
  if (!solved) return solved.error();
  OptimalTree result;
  result.first = solved->first;
  result.proven_all = solved->proven_all;
  result.tree = std::move(solved->tree);
  result.summary = solved->summary;
  result.counters = solved->counters;
  result.seconds = seconds_since(start);
  if (result.tree.empty()) return result;  // no strategy within the limit

  if (store) {
    doc["trees"][key.variant] = nlohmann::json{{"total", result.summary.total},
                                               {"proven_all", result.proven_all},
                                               {"seconds", result.seconds},
                                               {"tree", guess::tree_to_json(result.tree)}};
    if (auto error = store->save(file, doc)) ctx.warn(fmt::format("{} (the tree is not cached)", error->message));
  }
  return result;
}

core::Result<std::vector<RankedFirst>> rank_first_guesses(Context& ctx, const guess::Game& game,
                                                          std::span<const guess::SecretIndex> secrets,
                                                          guess::OptimalOptions options, std::size_t top) {
  SolverProgress progress(ctx, "ranking first guesses");
  options.threads = ctx.threads();
  options.cancel = ctx.interrupted;
  auto solver = guess::OptimalSolver::create(game, secrets, std::move(options));
  if (!solver) return solver.error();
  const std::vector<guess::GuessIndex> order = (*solver)->first_guesses_by_heuristic(top);
  std::vector<RankedFirst> ranked;
  for (std::size_t i = 0; i < order.size(); ++i) {
    progress.update(i, order.size());
    const auto start = std::chrono::steady_clock::now();
    auto value = (*solver)->value_of_first(order[i]);
    if (!value) return value.error();
    ranked.push_back(RankedFirst{order[i], *value, seconds_since(start)});
  }
  progress.finish();
  // Stable: equal totals keep the solver's order.
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const RankedFirst& a, const RankedFirst& b) { return a.total < b.total; });
  return ranked;
}

namespace {

// The results file of a proof: one JSON object a line, {"problem", "guess", "total",
// "exact", "seconds"}. A last line cut off mid-write (a killed run) is skipped; anything
// else wrong is an error naming the line.
core::Result<std::vector<guess::FirstGuessResult>> read_proof_results(Context& ctx, const std::string& path,
                                                                     const ProofRequest& request) {
  std::vector<guess::FirstGuessResult> out;
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return out;  // a new run
  auto text = core::read_file_capped(path, core::kLogFileCap, ctx.interrupted);
  if (!text) return text.error();
  std::map<guess::GuessIndex, std::size_t> seen;
  std::size_t pos = 0;
  std::size_t line_no = 0;
  while (pos < text->size()) {
    const std::size_t end = text->find('\n', pos);
    const bool unterminated = end == std::string::npos;
    const std::string line = text->substr(pos, unterminated ? std::string::npos : end - pos);
    pos = unterminated ? text->size() : end + 1;
    ++line_no;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const auto fail = [&](const std::string& what) {
      return core::Error{fmt::format("{} line {}: {}", path, line_no, what)};
    };
    const nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
      if (unterminated) break;  // cut off mid-write: that first guess is evaluated again
      return fail("not a JSON object (expected the lines `tree --all --results` writes)");
    }
    const auto problem = j.find("problem");
    if (problem == j.end() || !problem->is_string() || *problem != request.problem) {
      return fail(fmt::format("the results of another problem (this one is {}); give another --results file",
                              request.problem));
    }
    const auto guess = j.find("guess");
    const auto total = j.find("total");
    const auto exact = j.find("exact");
    if (guess == j.end() || !guess->is_string()) return fail("no \"guess\"");
    if (total == j.end() || !total->is_number_unsigned()) return fail("no \"total\" (a whole number)");
    if (exact == j.end() || !exact->is_boolean()) return fail("no \"exact\" (true or false)");
    const auto g = request.guess_of(guess->get<std::string>());
    if (!g) return fail(fmt::format("'{}' is not an allowed guess", core::printable(guess->get<std::string>())));
    if (const auto [at, fresh] = seen.emplace(*g, line_no); !fresh) {
      return fail(fmt::format("{} is given twice (first on line {})", request.word(*g), at->second));
    }
    out.push_back(guess::FirstGuessResult{*g, total->get<std::uint64_t>(), exact->get<bool>(),
                                          j.value("seconds", 0.0)});
  }
  return out;
}

}  // namespace

void run_first_guess_proof(Context& ctx, const guess::Game& game, std::span<const guess::SecretIndex> secrets,
                           guess::OptimalOptions options, const ProofRequest& request) {
  const auto start = std::chrono::steady_clock::now();
  const double cpu_start = core::process_cpu_seconds();
  std::vector<guess::FirstGuessResult> known;
  if (request.results) {
    auto read = read_proof_results(ctx, *request.results, request);
    if (!read) return ctx.fail(read.error().message);
    known = std::move(*read);
  }
  options.threads = ctx.threads();
  options.cancel = ctx.interrupted;
  auto solver = guess::OptimalSolver::create(game, secrets, std::move(options));
  if (!solver) return ctx.fail(solver.error().message);

  // Rank 0 appends each result as it comes, flushed: a killed run keeps them.
  std::ofstream results;
  if (request.results && !ctx.worker_rank()) {
    results.open(*request.results, std::ios::app);
    if (!results) return ctx.fail(fmt::format("--results {}: cannot write to it", *request.results));
  }
  if (!known.empty() && !ctx.opts.quiet) {
    ctx.err << fmt::format("resuming: {} first guesses settled in {}\n", known.size(), *request.results);
  }
  SolverProgress progress(ctx, "first guesses");
  guess::ProofOptions po;
  po.top = std::max<std::size_t>(request.top, 1);
  po.cluster = ctx.cluster;
  po.cancel = ctx.interrupted;
  po.progress = [&](std::uint64_t done, std::uint64_t total) { progress.update(done, total); };
  po.on_result = [&](const guess::FirstGuessResult& r) {
    if (!results.is_open()) return;
    results << nlohmann::json{{"problem", request.problem},
                              {"guess", request.word(r.guess)},
                              {"total", r.total},
                              {"exact", r.exact},
                              {"seconds", std::round(r.seconds * 1000) / 1000}}
                   .dump()
            << '\n'
            << std::flush;
    if (!results) ctx.warn(fmt::format("--results {}: a write failed", *request.results));
  };
  auto proof = guess::prove_best_first(**solver, known, po);
  progress.finish();
  if (ctx.worker_rank()) return;
  if (!proof) return ctx.fail(proof.error().message);
  const double wall = seconds_since(start);
  const double cpu = core::process_cpu_seconds() - cpu_start + proof->worker_cpu_seconds;
  const int ranks = ctx.cluster != nullptr ? ctx.cluster->size() : 1;
  const std::size_t n = secrets.size();
  const auto mean = [n](std::uint64_t total) { return n ? static_cast<double>(total) / static_cast<double>(n) : 0.0; };
  if (!proof->complete) {
    ctx.err << fmt::format("interrupted: {} of {} first guesses settled", proof->settled, proof->first_guesses);
    if (request.results) {
      ctx.err << fmt::format("; the same command goes on from {}", *request.results);
    } else {
      ctx.err << " (with --results FILE a stopped run can go on)";
    }
    ctx.err << '\n';
    ctx.exit_code = kExitInterrupted;
    return;
  }
  if (proof->best.empty()) return ctx.fail("no first guess has a strategy within the guess limit");
  const guess::FirstGuessResult& best = proof->best.front();
  if (best.total == guess::kInfeasible) return ctx.fail("no first guess has a strategy within the guess limit");
  if (ctx.opts.json) {
    nlohmann::json top = nlohmann::json::array();
    for (const auto& r : proof->best) {
      top.push_back({{"first_guess", request.word(r.guess)}, {"total", r.total}, {"mean", mean(r.total)}});
    }
    nlohmann::json j{{"first_guess", request.word(best.guess)},
                     {"total", best.total},
                     {"mean", mean(best.total)},
                     {"secrets", n},
                     {"guesses", game.guess_count()},
                     {"splitting_guesses", proof->first_guesses},
                     {"exact", proof->exact},
                     {"resumed", proof->known},
                     {"top", top},
                     {"seconds", wall},
                     {"cpu_seconds", cpu}};
    if (ranks > 1) j["ranks"] = ranks;
    ctx.out << j.dump() << '\n';
    return;
  }
  ctx.out << fmt::format("best first guess  {}: {} guesses over {} secrets (mean {:.4f})\n", request.word(best.guess),
                         best.total, n, mean(best.total));
  ctx.out << fmt::format(
      "proven            over all {} allowed guesses ({} split the secrets; {} evaluated exactly, the others "
      "shown worse by a lower bound)\n",
      game.guess_count(), proof->first_guesses, proof->exact);
  if (request.top > 1) {
    ctx.out << "rank  first guess  total  mean\n";
    for (std::size_t i = 0; i < proof->best.size(); ++i) {
      const auto& r = proof->best[i];
      ctx.out << fmt::format("{:>4}  {}  {:>5}  {:.4f}\n", i + 1, request.word(r.guess), r.total, mean(r.total));
    }
  }
  ctx.out << fmt::format("time              {:.1f} s wall, {:.1f} s CPU{}\n", wall, cpu,
                         ranks > 1 ? fmt::format(" over {} ranks", ranks) : std::string());
  if (request.results) {
    ctx.out << fmt::format("results           {} ({} taken from an earlier run)\n", *request.results, proof->known);
  }
}

void print_tree_summary(Context& ctx, const OptimalTree& r, const std::function<std::string(guess::GuessIndex)>& word,
                        const std::optional<std::string>& written_to) {
  const guess::TreeSummary& s = r.summary;
  if (ctx.opts.json) {
    nlohmann::json j{{"first_guess", word(r.first)},
                     {"total", s.total},
                     {"secrets", s.secrets},
                     {"mean", s.mean()},
                     {"max_guesses", s.max_guesses},
                     {"distribution", distribution_json(s)},
                     {"proven", r.proven_all ? "all_first_guesses" : "this_first_guess"},
                     {"cached", r.cached},
                     {"seconds", r.seconds}};
    if (written_to) j["out"] = *written_to;
    ctx.out << j.dump() << '\n';
    return;
  }
  ctx.out << fmt::format("first guess   {}\n", word(r.first));
  ctx.out << fmt::format("total         {} guesses over {} secrets (mean {:.4f})\n", s.total, s.secrets, s.mean());
  ctx.out << fmt::format("max           {} guesses\n", s.max_guesses);
  ctx.out << fmt::format("distribution  {}\n", distribution_text(s));
  ctx.out << fmt::format("proven        {}\n", r.proven_all
                                                   ? "optimal over every first guess"
                                                   : fmt::format("optimal among trees opening {}", word(r.first)));
  ctx.out << fmt::format("time          {:.2f} s{}\n", r.seconds, r.cached ? " (when computed; cached tree)" : "");
  if (written_to) ctx.out << fmt::format("tree written  {}\n", *written_to);
}

void print_ranking(Context& ctx, const std::vector<RankedFirst>& ranked, std::size_t secrets,
                   const std::function<std::string(guess::GuessIndex)>& word) {
  if (ctx.opts.json) {
    nlohmann::json rows = nlohmann::json::array();
    for (std::size_t i = 0; i < ranked.size(); ++i) {
      rows.push_back({{"rank", i + 1},
                      {"first_guess", word(ranked[i].guess)},
                      {"total", ranked[i].total},
                      {"mean", static_cast<double>(ranked[i].total) / static_cast<double>(secrets)},
                      {"seconds", ranked[i].seconds}});
    }
    ctx.out << nlohmann::json{{"secrets", secrets}, {"ranking", rows}}.dump() << '\n';
    return;
  }
  ctx.out << "rank  first guess  total  mean     time\n";
  for (std::size_t i = 0; i < ranked.size(); ++i) {
    const RankedFirst& r = ranked[i];
    if (r.total == guess::kInfeasible) {
      ctx.out << fmt::format("{:>4}  {}  (no strategy within the limit)\n", i + 1, word(r.guess));
      continue;
    }
    ctx.out << fmt::format("{:>4}  {}  {:>5}  {:.4f}  {:.2f} s\n", i + 1, word(r.guess), r.total,
                           static_cast<double>(r.total) / static_cast<double>(secrets), r.seconds);
  }
}

std::string option_text(const CLI::App* cmd, const std::string& name) {
  const CLI::Option* opt = cmd->get_option_no_throw(name);
  if (opt == nullptr) return "";
  if (opt->count() > 0) return opt->results().back();
  return opt->get_default_str();
}

bool flag_given(const CLI::App* cmd, const std::string& name) {
  const CLI::Option* opt = cmd->get_option_no_throw(name);
  return opt != nullptr && opt->count() > 0;
}

SimCliOptions sim_options_of(const CLI::App* sim) {
  SimCliOptions o;
  o.games = option_text(sim, "--games");
  if (flag_given(sim, "--shard")) o.shard = option_text(sim, "--shard");
  if (flag_given(sim, "--out")) o.out = option_text(sim, "--out");
  o.jsonl = flag_given(sim, "--jsonl");
  if (flag_given(sim, "--resume")) o.resume = option_text(sim, "--resume");
  return o;
}

void allow_players(CLI::Option* player, const std::vector<std::string>& players, const std::string& help) {
  try {
    player->get_validator()->active(false).description("");
  } catch (const CLI::OptionNotFound&) {
    // No check to switch off.
  }
  player->check(CLI::IsMember(players));
  player->description(help);
}

}  // namespace puzzlelab::app
