// core/distributed.h on a cluster of threads (one thread a rank, messages through
// in-memory mailboxes): the leader must take every item exactly once, in order, whatever
// the ranks and chunk timings, across several runs, and stop cleanly when any rank is
// cancelled or leaves. The MPI executable runs the same code over real ranks
// (tests/mpi).
#include "core/distributed.h"

#include <atomic>
#include <map>
#include <set>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "core/sim.h"
#include "thread_cluster.h"

namespace puzzlelab::core {
namespace {

using testing::on_ranks;

std::string encode(const std::uint64_t& v) { return std::to_string(v); }
std::uint64_t decode(std::string_view s) { return std::stoull(std::string(s)); }

// The leader's view of one run of `count` items, item i giving i*i+rank-independent.
struct Taken {
  bool complete = false;
  std::vector<std::uint64_t> indices;
  std::vector<std::uint64_t> values;
};

Taken run_squares(Cluster& cluster, std::uint64_t count, unsigned threads,
                  const std::function<void(std::uint64_t)>& delay = {}) {
  RunOptions opt;
  opt.threads = threads;
  Taken t;
  t.complete = run_ordered_on(
      cluster, count, opt,
      [&](std::uint64_t i) {
        if (delay) delay(i);
        return i * i + 7;
      },
      [&](std::uint64_t i, std::uint64_t&& v) {
        t.indices.push_back(i);
        t.values.push_back(v);
      },
      encode, decode);
  return t;
}

void expect_every_item_in_order(const Taken& t, std::uint64_t count) {
  EXPECT_TRUE(t.complete);
  ASSERT_EQ(t.indices.size(), count);
  for (std::uint64_t i = 0; i < count; ++i) {
    EXPECT_EQ(t.indices[i], i);
    EXPECT_EQ(t.values[i], i * i + 7);
  }
}

TEST(Distributed, TheLeaderTakesEveryItemOnceInOrder) {
  for (const int ranks : {2, 3, 5}) {
    for (const std::uint64_t count : {0ULL, 1ULL, 7ULL, 1000ULL, 20000ULL}) {
      for (const unsigned threads : {1u, 3u}) {
        Taken leader;
        on_ranks(ranks, [&](Cluster& c) {
          Taken t = run_squares(c, count, threads);
          if (c.rank() == 0) {
            leader = std::move(t);
          } else {
            EXPECT_FALSE(t.complete);
            EXPECT_TRUE(t.indices.empty());  // workers take nothing
          }
        });
        SCOPED_TRACE(::testing::Message() << ranks << " ranks, " << count << " items, " << threads << " threads");
        expect_every_item_in_order(leader, count);
      }
    }
  }
}

TEST(Distributed, UnevenItemsAreSharedAmongTheRanks) {
  // Items that take very different times (like 2048 games); every rank must get some.
  std::mutex mutex;
  std::vector<int> played_by(3, 0);
  Taken leader;
  on_ranks(3, [&](Cluster& c) {
    Taken t = run_squares(c, 120, 1, [&](std::uint64_t i) {
      std::this_thread::sleep_for(std::chrono::microseconds(i % 7 == 0 ? 3000 : 100));
      std::lock_guard lock(mutex);
      ++played_by[static_cast<std::size_t>(c.rank())];
    });
    if (c.rank() == 0) leader = std::move(t);
  });
  expect_every_item_in_order(leader, 120);
  for (int r = 0; r < 3; ++r) EXPECT_GT(played_by[static_cast<std::size_t>(r)], 0) << "rank " << r;
  EXPECT_EQ(played_by[0] + played_by[1] + played_by[2], 120);  // each item played once
}

TEST(Distributed, SeveralRunsInOneCommand) {
  Taken first;
  Taken second;
  on_ranks(3, [&](Cluster& c) {
    Taken a = run_squares(c, 500, 1);
    Taken b = run_squares(c, 33, 2);
    if (c.rank() == 0) {
      first = std::move(a);
      second = std::move(b);
    }
  });
  expect_every_item_in_order(first, 500);
  expect_every_item_in_order(second, 33);
}

TEST(Distributed, AWorkerThatLeftEarlyIsNotWaitedFor) {
  // Rank 2's command failed before its run: the leader and rank 1 do all the work.
  Taken leader;
  on_ranks(3, [&](Cluster& c) {
    if (c.rank() == 2) return;
    Taken t = run_squares(c, 300, 1);
    if (c.rank() == 0) leader = std::move(t);
  });
  expect_every_item_in_order(leader, 300);
}

TEST(Distributed, TheLeaderLeavingReleasesTheWorkers) {
  // The leader's command failed before the run (say, its --out clashed with stdout): the
  // workers waiting for work are released, and a later run on them returns at once.
  std::atomic<int> released{0};
  on_ranks(3, [&](Cluster& c) {
    if (c.rank() == 0) return;
    const Taken t = run_squares(c, 100, 1);
    EXPECT_FALSE(t.complete);
    if (c.released) ++released;
    EXPECT_FALSE(run_squares(c, 100, 1).complete);
  });
  EXPECT_EQ(released.load(), 2);
}

TEST(Distributed, ACancelledWorkerStopsTheRun) {
  std::atomic<bool> cancel{false};
  bool complete = true;
  std::uint64_t taken = 0;
  on_ranks(3, [&](Cluster& c) {
    RunOptions opt;
    opt.threads = 1;
    if (c.rank() == 2) opt.cancel = &cancel;
    const bool done = run_ordered_on(
        c, 100000, opt,
        [&](std::uint64_t i) {
          std::this_thread::sleep_for(std::chrono::microseconds(50));
          if (c.rank() == 2 && i > 200) cancel = true;  // a signal reaches rank 2 alone
          return i;
        },
        [&](std::uint64_t i, std::uint64_t&& v) {
          EXPECT_EQ(i, taken);
          EXPECT_EQ(v, i);
          ++taken;
        },
        encode, decode);
    if (c.rank() == 0) complete = done;
  });
  EXPECT_FALSE(complete);
  EXPECT_LT(taken, 100000U);
}

TEST(Distributed, TheLeaderCancelledStopsEveryRank) {
  std::atomic<bool> cancel{false};
  bool complete = true;
  on_ranks(3, [&](Cluster& c) {
    RunOptions opt;
    opt.threads = 1;
    if (c.rank() == 0) opt.cancel = &cancel;
    const bool done = run_ordered_on(
        c, 1000000, opt,
        [&](std::uint64_t i) {
          std::this_thread::sleep_for(std::chrono::microseconds(20));
          if (i > 500) cancel = true;
          return i;
        },
        [](std::uint64_t, std::uint64_t&&) {}, encode, decode);
    if (c.rank() == 0) complete = done;
  });
  EXPECT_FALSE(complete);
}

TEST(Distributed, ChunksAreCheckedWhenSplit) {
  const std::string chunk = join_chunk({"a", "", "xyz:1"});
  const auto parts = split_chunk(chunk, 3);
  ASSERT_EQ(parts.size(), 3U);
  EXPECT_EQ(parts[0], "a");
  EXPECT_EQ(parts[1], "");
  EXPECT_EQ(parts[2], "xyz:1");
  EXPECT_THROW(split_chunk(chunk, 4), std::runtime_error);        // fewer results than said
  EXPECT_THROW(split_chunk(chunk, 2), std::runtime_error);        // more
  EXPECT_THROW(split_chunk("9:abc", 1), std::runtime_error);      // a length past the end
  EXPECT_THROW(split_chunk("x1:a", 1), std::runtime_error);       // not a length
}

TEST(Distributed, ASimulationOnRanksGivesTheOneProcessSummary) {
  SimSpec spec;
  spec.game = "test";
  spec.player = "dice";
  spec.seed = 11;
  spec.games = 2000;
  spec.metrics = {"rolls"};
  const PlayFn play = [](std::uint64_t, Rng& rng) {
    GameResult r;
    r.primary = static_cast<std::int64_t>(rng.below(6)) + 1;
    r.win = r.primary == 6;
    r.metrics = {static_cast<std::int64_t>(rng.below(100))};
    r.detail = nlohmann::json{{"roll", r.primary}};
    return r;
  };
  std::vector<std::string> alone_log;
  SimHooks alone_hooks;
  alone_hooks.on_game = [&](std::uint64_t i, const GameResult& r) {
    alone_log.push_back(std::to_string(i) + " " + r.detail.dump());
  };
  const SimSummary alone = run_simulation(spec, 2, play, alone_hooks);

  SimSummary together;
  std::vector<std::string> together_log;
  on_ranks(4, [&](Cluster& c) {
    SimHooks hooks;
    hooks.cluster = &c;
    if (c.rank() == 0) {
      hooks.on_game = [&](std::uint64_t i, const GameResult& r) {
        together_log.push_back(std::to_string(i) + " " + r.detail.dump());
      };
    }
    SimSummary s = run_simulation(spec, 1, play, hooks);
    if (c.rank() == 0) together = std::move(s);
  });
  EXPECT_TRUE(together.complete);
  EXPECT_EQ(together.ranks, 4);
  EXPECT_EQ(together_log, alone_log);
  nlohmann::json a = alone.to_json(true);
  nlohmann::json b = together.to_json(true);
  for (const char* timing : {"seconds", "cpu_seconds", "games_per_second", "ranks"}) {
    a.erase(timing);
    b.erase(timing);
  }
  EXPECT_EQ(a, b);
}

// With a group key the ranks play the games in key order (so alike games meet on one
// rank), yet the leader reports them in index order: the same log and summary as one
// process.
TEST(Distributed, GroupedGamesArePlayedInKeyOrderAndReportedInIndexOrder) {
  SimSpec spec;
  spec.game = "test";
  spec.player = "dice";
  spec.seed = 5;
  spec.games = 500;
  const PlayFn play = [](std::uint64_t, Rng& rng) {
    GameResult r;
    r.primary = static_cast<std::int64_t>(rng.below(6)) + 1;
    r.detail = nlohmann::json{{"roll", r.primary}};
    return r;
  };
  const auto key = [](std::uint64_t index) { return (index * 7919) % 13; };
  std::vector<std::string> alone_log;
  SimHooks alone_hooks;
  alone_hooks.on_game = [&](std::uint64_t i, const GameResult& r) {
    alone_log.push_back(std::to_string(i) + " " + r.detail.dump());
  };
  const SimSummary alone = run_simulation(spec, 1, play, alone_hooks);

  std::mutex mutex;
  std::vector<std::vector<std::uint64_t>> played(3);  // by rank, in the order played
  std::vector<std::string> together_log;
  SimSummary together;
  on_ranks(3, [&](Cluster& c) {
    SimHooks hooks;
    hooks.cluster = &c;
    hooks.group = key;
    if (c.rank() == 0) {
      hooks.on_game = [&](std::uint64_t i, const GameResult& r) {
        together_log.push_back(std::to_string(i) + " " + r.detail.dump());
      };
    }
    const PlayFn recorded = [&, rank = c.rank()](std::uint64_t index, Rng& rng) {
      {
        std::lock_guard lock(mutex);
        played[static_cast<std::size_t>(rank)].push_back(index);
      }
      return play(index, rng);
    };
    SimSummary s = run_simulation(spec, 1, recorded, hooks);
    if (c.rank() == 0) together = std::move(s);
  });
  EXPECT_TRUE(together.complete);
  EXPECT_EQ(together_log, alone_log);
  EXPECT_EQ(together.to_json(true)["distribution"], alone.to_json(true)["distribution"]);
  std::size_t total = 0;
  for (const auto& indices : played) {
    total += indices.size();
    for (std::size_t k = 1; k < indices.size(); ++k) {
      const auto before = std::pair{key(indices[k - 1]), indices[k - 1]};
      const auto now = std::pair{key(indices[k]), indices[k]};
      EXPECT_LT(before, now) << "a rank played game " << indices[k] << " after " << indices[k - 1];
    }
  }
  EXPECT_EQ(total, 500u);
}

TEST(Distributed, AWorkerHeldBackStillGetsWorkWhenItsChunkIsBack) {
  // While hold() is true a worker gets its next chunk only once it has returned the one
  // it has: the run still ends with every item, and no worker ever holds two chunks.
  for (const bool always : {true, false}) {
    std::atomic<int> results{0};
    std::mutex mutex;
    std::vector<int> out(3, 0);  // chunks handed out and not yet back, by rank
    int most = 0;
    Taken leader;
    on_ranks(3, [&](Cluster& c) {
      RunOptions opt;
      opt.threads = 1;
      ChunkWork work;
      work.max_chunk = 1;
      work.hold = [&] { return always || results.load() < 5; };
      work.context = [&](int rank) {
        std::lock_guard lock(mutex);
        if (rank != 0) most = std::max(most, ++out[static_cast<std::size_t>(rank)]);
        return std::string();
      };
      work.play = [&](std::uint64_t first, std::uint64_t n, std::string_view) {
        std::this_thread::sleep_for(std::chrono::microseconds(300));
        std::vector<std::string> parts;
        for (std::uint64_t i = first; i < first + n; ++i) parts.push_back(encode(i * i + 7));
        if (c.rank() != 0) {
          std::lock_guard lock(mutex);
          --out[static_cast<std::size_t>(c.rank())];
        }
        return std::pair<std::uint64_t, std::string>(n, join_chunk(parts));
      };
      Taken t;
      work.take = [&](std::uint64_t first, std::uint64_t n, std::string_view bytes) {
        const auto parts = split_chunk(bytes, n);
        for (std::uint64_t j = 0; j < n; ++j) {
          t.indices.push_back(first + j);
          t.values.push_back(decode(parts[j]));
        }
        ++results;
      };
      t.complete = run_chunks(c, 60, opt, work);
      if (c.rank() == 0) leader = std::move(t);
    });
    expect_every_item_in_order(leader, 60);
    if (always) {
      EXPECT_EQ(most, 1) << "a worker was given a chunk while it had one";
    }
  }
}

TEST(Distributed, AKindOfGamesSmallerThanAChunkGoesToOneRank) {
  // 50 kinds of 12 games (600 games, 2 ranks): each kind is under 1/16 of a rank's share,
  // so its games are never split between the ranks, while both ranks still play.
  SimSpec spec;
  spec.game = "test";
  spec.player = "dice";
  spec.games = 600;
  const auto key = [](std::uint64_t index) { return (index * 7) % 50; };
  std::mutex mutex;
  std::map<std::uint64_t, std::set<int>> ranks_of_kind;
  SimSummary together;
  on_ranks(2, [&](Cluster& c) {
    SimHooks hooks;
    hooks.cluster = &c;
    hooks.group = key;
    const PlayFn play = [&, rank = c.rank()](std::uint64_t index, Rng& rng) {
      std::this_thread::sleep_for(std::chrono::microseconds(200));
      {
        std::lock_guard lock(mutex);
        ranks_of_kind[key(index)].insert(rank);
      }
      GameResult r;
      r.primary = static_cast<std::int64_t>(rng.below(6)) + 1;
      return r;
    };
    SimSummary s = run_simulation(spec, 1, play, hooks);
    if (c.rank() == 0) together = std::move(s);
  });
  EXPECT_TRUE(together.complete);
  EXPECT_EQ(together.games, 600u);
  ASSERT_EQ(ranks_of_kind.size(), 50u);
  std::set<int> ranks;
  for (const auto& [kind, on] : ranks_of_kind) {
    EXPECT_EQ(on.size(), 1u) << "kind " << kind << " was split between ranks";
    ranks.insert(on.begin(), on.end());
  }
  EXPECT_EQ(ranks.size(), 2u);
}

}  // namespace
}  // namespace puzzlelab::core
