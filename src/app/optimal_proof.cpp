// `tree --all` for every guess game: the proof of the best first guess (guess::
// prove_best_first) in one process or on MPI ranks, its results file read back and
// appended to, and the outcome printed.
#include <chrono>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "app/optimal_command.h"
#include "core/progress.h"
#include "core/state_store.h"
#include "core/wording.h"
#include "guess/first_guess_proof.h"
#include "guess/proof_results.h"

namespace puzzlelab::app {

namespace {

// The results file of a proof (guess/proof_results.h), read before a run goes on; a
// missing file is a new run.
core::Result<std::vector<guess::FirstGuessResult>> read_proof_results(Context& ctx, const std::string& path,
                                                                      const guess::ProofNaming& naming) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return std::vector<guess::FirstGuessResult>{};
  auto text = core::read_file_capped(path, core::kLogFileCap, ctx.interrupted);
  if (!text) return text.error();
  auto results = guess::parse_proof_results(*text, naming);
  if (!results) return core::Error{fmt::format("{} {}", path, results.error().message)};
  return results;
}

}  // namespace

void run_first_guess_proof(Context& ctx, const guess::Game& game, std::span<const guess::SecretIndex> secrets,
                           guess::OptimalOptions options, const ProofRequest& request) {
  const auto start = std::chrono::steady_clock::now();
  const double cpu_start = core::process_cpu_seconds();
  const guess::ProofNaming naming{request.problem, request.word, request.guess_of};
  std::vector<guess::FirstGuessResult> known;
  if (request.results) {
    auto read = read_proof_results(ctx, *request.results, naming);
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
    results << guess::proof_result_line(naming, r) << std::flush;
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
  ctx.out << fmt::format("best first guess  {}: {} over {} (mean {:.4f})\n", request.word(best.guess),
                         core::counted(static_cast<std::int64_t>(best.total), "guess", "guesses"),
                         core::counted(static_cast<std::int64_t>(n), "secret"), mean(best.total));
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

}  // namespace puzzlelab::app
