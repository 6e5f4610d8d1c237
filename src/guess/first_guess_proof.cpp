#include "guess/first_guess_proof.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <deque>
#include <limits>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "core/distributed.h"

namespace puzzlelab::guess {

namespace {

// The exact results so far, and the total a first guess must not exceed to be among the
// `top` best: a task is evaluated exactly up to it and only bounded above it.
class Standings {
 public:
  explicit Standings(std::size_t top) : top_(std::max<std::size_t>(top, 1)) {}

  void add(std::uint64_t total) {
    std::lock_guard lock(mutex_);
    exact_.insert(total);
    if (exact_.size() > top_) exact_.erase(std::prev(exact_.end()));
    if (exact_.size() == top_) threshold_ = *std::prev(exact_.end());
  }
  // Totals at or below this are wanted exactly (kInfeasible until `top` are known).
  [[nodiscard]] std::uint64_t threshold() const {
    std::lock_guard lock(mutex_);
    return threshold_;
  }

 private:
  std::size_t top_;
  mutable std::mutex mutex_;
  std::multiset<std::uint64_t> exact_;  // the `top` smallest exact totals
  std::uint64_t threshold_ = kInfeasible;
};

// The leader's record of what each rank's search proved, until every other rank has
// been given it (with its next first guess).
class MemoNews {
 public:
  explicit MemoNews(int ranks) : given_(static_cast<std::size_t>(ranks), 0) {}

  void add(int rank, std::string_view bytes) {
    if (bytes.empty()) return;
    std::lock_guard lock(mutex_);
    pieces_.emplace_back(rank, std::string(bytes));
  }

  // Everything other ranks proved that `rank` has not been given yet.
  std::string for_rank(int rank) {
    std::lock_guard lock(mutex_);
    std::size_t& given = given_[static_cast<std::size_t>(rank)];
    std::string out;
    for (std::size_t i = given - dropped_; i < pieces_.size(); ++i) {
      if (pieces_[i].first != rank) out += pieces_[i].second;
    }
    given = dropped_ + pieces_.size();
    // Pieces every rank has been given are not needed again.
    const std::size_t all = *std::min_element(given_.begin(), given_.end());
    while (dropped_ < all) {
      pieces_.pop_front();
      ++dropped_;
    }
    return out;
  }

 private:
  std::mutex mutex_;
  std::deque<std::pair<int, std::string>> pieces_;
  std::size_t dropped_ = 0;         // pieces dropped from the front
  std::vector<std::size_t> given_;  // by rank: pieces up to here were given (or were its own)
};

std::string encode(const FirstGuessResult& r) {
  return fmt::format("{} {} {:.17g}", r.total, r.exact ? 1 : 0, r.seconds);
}

FirstGuessResult decode(GuessIndex guess, std::string_view bytes) {
  FirstGuessResult r;
  r.guess = guess;
  int exact = 0;
  if (std::sscanf(std::string(bytes).c_str(), "%" SCNu64 " %d %lf", &r.total, &exact, &r.seconds) != 3) {
    throw std::runtime_error("a rank sent a first-guess result that cannot be read");
  }
  r.exact = exact != 0;
  return r;
}

}  // namespace

core::Result<Proof> prove_best_first(OptimalSolver& solver, std::span<const FirstGuessResult> known,
                                     const ProofOptions& options) {
  Proof proof;
  const std::vector<GuessIndex> order = solver.first_guesses_by_heuristic(std::numeric_limits<std::size_t>::max());
  proof.first_guesses = order.size();
  std::map<GuessIndex, FirstGuessResult> results;
  {
    std::map<GuessIndex, std::size_t> position;
    for (std::size_t i = 0; i < order.size(); ++i) position[order[i]] = i;
    for (const FirstGuessResult& r : known) {
      if (position.count(r.guess) != 0) results[r.guess] = r;
    }
  }
  proof.known = results.size();
  Standings standings(options.top);
  for (const auto& [g, r] : results) {
    if (r.exact) standings.add(r.total);
  }
  // Every rank derives the same list of tasks from the same order and the same file.
  std::vector<GuessIndex> tasks;
  for (const GuessIndex g : order) {
    if (results.count(g) == 0) tasks.push_back(g);
  }

  core::RunOptions run;
  run.threads = 1;  // one first guess at a time a rank; the solver has its own threads
  run.cancel = options.cancel;
  if (options.progress) {
    run.tick = [&](std::uint64_t done) { options.progress(proof.known + done, order.size()); };
  }
  core::Cluster* cluster = options.cluster;
  core::SoloCluster solo;
  if (cluster == nullptr) cluster = &solo;
  // On several ranks each has its own memo, and a set solved for one first guess recurs
  // under others (the set after guesses A then B is the set after B then A). So every
  // rank records what its search proves and sends it back with its results; the leader
  // passes it on to the other ranks with their next first guess, and each rank stores
  // what it is given in its own memo. Without this two ranks searched 14% more sets
  // between them than one process.
  const bool share = cluster->size() > 1;
  if (share) solver.record_memo(true);
  MemoNews news(cluster->size());

  core::ChunkWork work;
  work.ordered = false;
  work.max_chunk = 1;
  // Until a total is known every first guess is solved exactly: no rank starts a second
  // one before then (the leader's own thread goes on, and reads the best as it is found).
  work.hold = [&] { return standings.threshold() == kInfeasible; };
  work.context = [&](int rank) { return std::to_string(standings.threshold()) + '\n' + news.for_rank(rank); };
  work.play = [&](std::uint64_t first, std::uint64_t n, std::string_view context) {
    const std::size_t eol = context.find('\n');
    const std::uint64_t handed = std::stoull(std::string(context.substr(0, eol)));
    // The leader's own chunks keep the standings themselves and read them before each
    // first guess: the results it plays reach take() on another thread, later, and a
    // threshold that lags lets the next first guesses be solved exactly for nothing.
    const bool leader = cluster->rank() == 0;
    if (eol != std::string_view::npos && !solver.learn_memo(context.substr(eol + 1))) {
      throw std::runtime_error("the leader sent proven costs that cannot be read");
    }
    // The chunk: this rank, what its search proved (empty on one rank), the results.
    std::vector<std::string> parts{std::to_string(cluster->rank()), std::string()};
    for (std::uint64_t i = first; i < first + n; ++i) {
      const auto start = std::chrono::steady_clock::now();
      // Exact up to the threshold (ties included), a lower bound above it.
      const std::uint64_t threshold = leader ? standings.threshold() : handed;
      const std::uint64_t bound = threshold >= kInfeasible - 1 ? kInfeasible : threshold + 1;
      auto v = solver.value_of_first(tasks[i], bound);
      if (!v) break;  // cancelled
      FirstGuessResult r{tasks[i], v->total, v->exact,
                         std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()};
      if (leader && r.exact) standings.add(r.total);
      parts.push_back(encode(r));
    }
    if (share) parts[1] = solver.take_memo_record();
    return std::pair<std::uint64_t, std::string>(parts.size() - 2, core::join_chunk(parts));
  };
  work.take = [&](std::uint64_t first, std::uint64_t n, std::string_view bytes) {
    const auto parts = core::split_chunk(bytes, n + 2);
    int rank = -1;
    if (std::from_chars(parts[0].data(), parts[0].data() + parts[0].size(), rank).ec != std::errc() || rank < 0 ||
        rank >= cluster->size()) {
      throw std::runtime_error("a rank sent a first-guess result that cannot be read");
    }
    news.add(rank, parts[1]);
    for (std::uint64_t j = 0; j < n; ++j) {
      const FirstGuessResult r = decode(tasks[first + j], parts[j + 2]);
      results[r.guess] = r;
      if (r.exact && rank != 0) standings.add(r.total);  // the leader's own are in already
      if (options.on_result) options.on_result(r);
    }
  };

  core::ClusterRunStats stats;
  const bool done = core::run_chunks(*cluster, tasks.size(), run, work, &stats);
  proof.worker_cpu_seconds = stats.worker_cpu_seconds;
  if (cluster->rank() != 0) return proof;
  proof.complete = done;
  proof.settled = results.size();

  // The best: every exact total at or below the threshold, in the solver's order on ties.
  const std::uint64_t threshold = standings.threshold();
  for (const GuessIndex g : order) {
    const auto it = results.find(g);
    if (it == results.end()) continue;
    if (it->second.exact) ++proof.exact;
    if (it->second.exact && it->second.total <= threshold) proof.best.push_back(it->second);
  }
  std::stable_sort(proof.best.begin(), proof.best.end(),
                   [](const FirstGuessResult& a, const FirstGuessResult& b) { return a.total < b.total; });
  return proof;
}

core::Result<std::vector<RankedFirst>> rank_first_guesses(
    const Game& game, std::span<const SecretIndex> secrets, OptimalOptions options, std::size_t top,
    const std::function<void(std::uint64_t done, std::uint64_t total)>& progress) {
  auto solver = OptimalSolver::create(game, secrets, std::move(options));
  if (!solver) return solver.error();
  const std::vector<GuessIndex> order = (*solver)->first_guesses_by_heuristic(top);
  std::vector<RankedFirst> ranked;
  for (std::size_t i = 0; i < order.size(); ++i) {
    if (progress) progress(i, order.size());
    const auto start = std::chrono::steady_clock::now();
    auto value = (*solver)->value_of_first(order[i]);
    if (!value) return value.error();
    ranked.push_back(
        RankedFirst{order[i], *value, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()});
  }
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const RankedFirst& a, const RankedFirst& b) { return a.total < b.total; });
  return ranked;
}

}  // namespace puzzlelab::guess
