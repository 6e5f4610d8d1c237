#pragma once
// run_ordered (core/parallel.h) across the ranks of a cluster. The leader (rank 0) hands
// out chunks of item indices on request, ever smaller as the work runs out (guided
// self-scheduling), so that items of very different lengths — 2048 games — still end
// together; it works on chunks itself meanwhile, and gives the results to `consume` in
// index order, exactly as run_ordered does on one machine. The other ranks only play the
// chunks they are given and send the results back. Results cross as bytes: the caller
// says how to encode and decode one.
//
// Every rank must call the same distributed runs in the same order (they all run the same
// command). A rank that leaves early, before its runs (its command failed), must call
// leave_cluster() before it exits, so that the others are not left waiting for it.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/cluster.h"
#include "core/parallel.h"

namespace puzzlelab::core {

struct ChunkWork {
  // Plays items [first, first + n) and returns the results of those it finished, in
  // order (fewer than n only when cancelled), encoded, with how many there are.
  // `context` is what `context` below gave when the chunk was handed out.
  std::function<std::pair<std::uint64_t, std::string>(std::uint64_t first, std::uint64_t n,
                                                      std::string_view context)>
      play;
  // Leader only: the results of items [first, first + n), in index order (or as they
  // come back, when not `ordered`), on the calling thread.
  std::function<void(std::uint64_t first, std::uint64_t n, std::string_view bytes)> take;
  // Leader only, optional: a text sent along with each chunk as it is handed out to
  // `rank` (say, the best total proven so far, and what other ranks found that this one
  // has not been told yet). Called from any of the leader's threads.
  std::function<std::string(int rank)> context;
  // Leader only, optional: while true, a worker that still has a chunk out is not given
  // its next one (it asks one chunk ahead): say, while the first chunks run with no best
  // total known yet, so that the next is handed out with one. Called on the run's thread.
  std::function<bool()> hold;
  bool ordered = true;
  std::uint64_t max_chunk = 4096;  // items per chunk at most
  // Optional, ascending: where a chunk should end. A chunk is cut back to the last cut
  // inside it, or stretched to the next one (when that is at most twice its size or 1/16
  // of a rank's share of the run), so that alike items between two cuts, whose shared work
  // a rank does once, go to one rank together unless there are many of them.
  std::vector<std::uint64_t> cuts;
};

struct ClusterRunStats {
  double worker_cpu_seconds = 0;  // CPU time the other ranks spent on the run (leader only)
};

// Runs `work` over [0, count) on every rank of `cluster`. On the leader: true when every
// item was taken (false when cancelled, by opt.cancel on any rank). On the other ranks:
// false (they take nothing), after the leader has ended the run. opt.tick, on the
// leader, gets the number of items taken so far.
bool run_chunks(Cluster& cluster, std::uint64_t count, const RunOptions& opt, const ChunkWork& work,
                ClusterRunStats* stats = nullptr);

// At the end of a command on every rank: the workers tell the leader that they are done,
// and the leader releases any worker still waiting for a run that will not come. After
// it no run may start.
void leave_cluster(Cluster& cluster);

// The chunk format of run_ordered_on: each result's length, then its bytes.
std::string join_chunk(const std::vector<std::string>& parts);
// Splits a chunk into its `n` results; throws std::runtime_error if it is not n results.
std::vector<std::string_view> split_chunk(std::string_view bytes, std::uint64_t n);

// run_ordered on a cluster, for any result type: encode/decode carry one result across.
// `cuts`: as ChunkWork::cuts.
template <class Produce, class Consume, class Encode, class Decode>
bool run_ordered_on(Cluster& cluster, std::uint64_t count, const RunOptions& opt, Produce&& produce,
                    Consume&& consume, Encode&& encode, Decode&& decode, ClusterRunStats* stats = nullptr,
                    std::vector<std::uint64_t> cuts = {}) {
  using R = decltype(produce(std::uint64_t{0}));
  ChunkWork work;
  work.cuts = std::move(cuts);
  work.play = [&](std::uint64_t first, std::uint64_t n, std::string_view) {
    std::vector<std::string> parts;
    RunOptions local = opt;
    local.tick = nullptr;
    run_ordered(
        n, local, [&](std::uint64_t j) { return produce(first + j); },
        [&](std::uint64_t, R&& r) { parts.push_back(encode(r)); });
    return std::pair<std::uint64_t, std::string>(parts.size(), join_chunk(parts));
  };
  work.take = [&](std::uint64_t first, std::uint64_t n, std::string_view bytes) {
    const std::vector<std::string_view> parts = split_chunk(bytes, n);
    for (std::uint64_t j = 0; j < n; ++j) consume(first + j, decode(parts[j]));
  };
  return run_chunks(cluster, count, opt, work, stats);
}

}  // namespace puzzlelab::core
