#include "core/sim.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <atomic>
#include <stdexcept>

#include "core/parallel.h"

namespace puzzlelab::core {
namespace {

GameResult walk(std::uint64_t, Rng& rng) {
  std::int64_t pos = 0, steps = 0;
  while (pos > -5 && pos < 5) {
    pos += rng.chance(1, 2) ? 1 : -1;
    ++steps;
  }
  GameResult r;
  r.win = pos > 0;
  r.primary = steps;
  r.metrics = {steps * steps, pos};
  return r;
}

SimSpec walk_spec(std::uint64_t games) {
  SimSpec spec;
  spec.game = "test";
  spec.player = "walk";
  spec.seed = 99;
  spec.games = games;
  spec.primary = "steps";
  spec.metrics = {"steps2", "end"};
  spec.config = {{"bound", 5}};
  return spec;
}

TEST(Parallel, OrderedConsumptionForAnyThreadCount) {
  for (unsigned threads : {1u, 2u, 3u, 8u}) {
    std::vector<std::uint64_t> seen;
    RunOptions opt;
    opt.threads = threads;
    opt.block = 7;  // many small blocks
    ASSERT_TRUE(run_ordered(
        100, opt, [](std::uint64_t i) { return i * i; },
        [&](std::uint64_t i, std::uint64_t v) {
          EXPECT_EQ(v, i * i);
          seen.push_back(i);
        }));
    ASSERT_EQ(seen.size(), 100u);
    for (std::uint64_t i = 0; i < 100; ++i) EXPECT_EQ(seen[i], i);
  }
}

TEST(Parallel, ExceptionsPropagate) {
  RunOptions opt;
  opt.threads = 2;
  EXPECT_THROW(run_ordered(
                   50, opt,
                   [](std::uint64_t i) -> int {
                     if (i == 17) throw std::runtime_error("boom");
                     return 0;
                   },
                   [](std::uint64_t, int) {}),
               std::runtime_error);
}

TEST(Parallel, CancelStops) {
  std::atomic<bool> cancel{true};
  RunOptions opt;
  opt.threads = 2;
  opt.cancel = &cancel;
  int consumed = 0;
  EXPECT_FALSE(run_ordered(
      10, opt, [](std::uint64_t) { return 1; }, [&](std::uint64_t, int) { ++consumed; }));
  EXPECT_EQ(consumed, 0);
}

TEST(Parallel, ParallelMapAndRanges) {
  auto v = parallel_map(1000, 2, [](std::uint64_t i) { return 3 * i; });
  ASSERT_EQ(v.size(), 1000u);
  EXPECT_EQ(v[999], 2997u);
  std::vector<int> marks(1001, 0);
  parallel_ranges(1001, 3, [&](std::uint64_t b, std::uint64_t e) {
    for (auto i = b; i < e; ++i) marks[i] += 1;
  });
  for (int m : marks) EXPECT_EQ(m, 1);
}

TEST(Sim, ResultsDoNotDependOnThreads) {
  const SimSpec spec = walk_spec(5000);
  const SimSummary one = run_simulation(spec, 1, walk);
  const SimSummary two = run_simulation(spec, 2, walk);
  const SimSummary five = run_simulation(spec, 5, walk);
  EXPECT_EQ(one.games, 5000u);
  EXPECT_EQ(one.primary, two.primary);
  EXPECT_EQ(one.primary, five.primary);
  EXPECT_EQ(one.wins, two.wins);
  EXPECT_EQ(one.metrics[0], five.metrics[0]);
  auto strip = [](nlohmann::json j) {
    for (const char* k : {"seconds", "cpu_seconds", "games_per_second"}) j.erase(k);
    return j;
  };
  EXPECT_EQ(strip(one.to_json(false)), strip(five.to_json(false)));
}

TEST(Sim, GamesCutShortAreNotCounted) {
  const SimSpec spec = walk_spec(10);
  std::vector<std::uint64_t> reported;
  SimHooks hooks;
  hooks.on_game = [&](std::uint64_t index, const GameResult&) { reported.push_back(index); };
  const PlayFn cut_at_seven = [](std::uint64_t index, Rng& rng) {
    GameResult r = walk(index, rng);
    r.finished = index != 7;
    return r;
  };
  const SimSummary s = run_simulation(spec, 2, cut_at_seven, hooks);
  EXPECT_EQ(s.games, 9u);
  EXPECT_FALSE(s.complete);
  EXPECT_EQ(std::count(reported.begin(), reported.end(), 7u), 0);
  EXPECT_EQ(reported.size(), 9u);
  const SimSummary whole = run_simulation(spec, 2, walk);
  EXPECT_EQ(whole.games, 10u);
  EXPECT_TRUE(whole.complete);
}

// The log of a run interrupted after its first `kept` games (the lines --jsonl wrote).
std::string log_of_first(const SimSpec& spec, std::uint64_t kept) {
  std::string text;
  SimHooks hooks;
  hooks.on_game = [&](std::uint64_t index, const GameResult& r) {
    if (index < kept) text += game_log_line(spec, run_fingerprint(spec), index, r).dump() + "\n";
  };
  run_simulation(spec, 2, walk, hooks);
  return text;
}

nlohmann::json without_timing(const SimSummary& s) {
  nlohmann::json j = s.to_json(true);
  for (const char* k : {"seconds", "cpu_seconds", "games_per_second", "resumed"}) j.erase(k);
  return j;
}

TEST(Sim, AResumedRunEqualsTheWholeRunAndPlaysOnlyTheRest) {
  const SimSpec spec = walk_spec(200);
  const SimSummary whole = run_simulation(spec, 2, walk);
  auto log = parse_game_log(log_of_first(spec, 120), spec);
  ASSERT_TRUE(log.ok()) << log.error().message;
  EXPECT_EQ(log->games.size(), 120u);
  std::atomic<std::uint64_t> played{0};
  std::atomic<bool> replayed{false};
  const PlayFn counting = [&](std::uint64_t index, Rng& rng) {
    ++played;
    if (index < 120) replayed = true;
    return walk(index, rng);
  };
  std::vector<std::uint64_t> reported;
  SimHooks hooks;
  hooks.resumed = &log->games;
  hooks.on_game = [&](std::uint64_t index, const GameResult&) { reported.push_back(index); };
  const SimSummary resumed = run_simulation(spec, 2, counting, hooks);
  EXPECT_EQ(played.load(), 80u);
  EXPECT_FALSE(replayed.load());
  EXPECT_EQ(resumed.resumed, 120u);
  EXPECT_EQ(resumed.games, 200u);
  EXPECT_TRUE(resumed.complete);
  ASSERT_EQ(reported.size(), 200u);  // every game, in index order, resumed or not
  for (std::uint64_t i = 0; i < 200; ++i) EXPECT_EQ(reported[i], i);
  EXPECT_EQ(without_timing(resumed).dump(), without_timing(whole).dump());
  // `resumed` survives the shard-file form.
  auto reread = SimSummary::from_json(nlohmann::json::parse(resumed.to_json(true).dump()));
  ASSERT_TRUE(reread.ok()) << reread.error().message;
  EXPECT_EQ(reread->resumed, 120u);
}

TEST(Sim, ContinuedGamesBringTheirEarlierCpuTime) {
  // Games that went on from a checkpoint (2048 sim --checkpoint) are counted, and the
  // CPU time spent on them before is added, through the shard file and merge too.
  const PlayFn from_checkpoint = [](std::uint64_t index, Rng& rng) {
    GameResult r = walk(index, rng);
    if (index % 4 == 0) {
      r.continued = true;
      r.prior_cpu_seconds = 1000.0;
    }
    return r;
  };
  std::vector<SimSummary> shards;
  for (std::uint64_t k = 0; k < 2; ++k) {
    SimSpec spec = walk_spec(40);
    spec.shard = Shard{k, 2};
    const SimSummary s = run_simulation(spec, 2, from_checkpoint);
    EXPECT_EQ(s.continued, k == 0 ? 10u : 0u);  // indices 0, 4, ... 36 are all in shard 0
    if (k == 0) {
      EXPECT_GE(s.cpu_seconds, 10000.0);
      EXPECT_LT(s.cpu_seconds, 10060.0);
    } else {
      EXPECT_LT(s.cpu_seconds, 60.0);
    }
    auto reread = SimSummary::from_json(nlohmann::json::parse(s.to_json(true).dump()));
    ASSERT_TRUE(reread.ok()) << reread.error().message;
    EXPECT_EQ(reread->continued, s.continued);
    shards.push_back(*reread);
  }
  auto merged = merge_summaries(shards);
  ASSERT_TRUE(merged.ok()) << merged.error().message;
  EXPECT_EQ(merged->continued, 10u);
  EXPECT_GE(merged->cpu_seconds, 10000.0);
  // A shard file cannot claim more continued games than games.
  nlohmann::json j = shards[0].to_json(true);
  j["continued"] = 21;
  auto bad = SimSummary::from_json(j);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("more continued games than games"), std::string::npos);
  // Older shard files have no "continued": none.
  j.erase("continued");
  auto old = SimSummary::from_json(j);
  ASSERT_TRUE(old.ok()) << old.error().message;
  EXPECT_EQ(old->continued, 0u);
}

TEST(Sim, AResumedShardTakesOnlyItsOwnGames) {
  SimSpec spec = walk_spec(30);
  const std::string text = log_of_first(spec, 30);
  spec.shard = Shard{1, 3};
  auto log = parse_game_log(text, spec);
  ASSERT_TRUE(log.ok()) << log.error().message;
  EXPECT_EQ(log->games.size(), 10u);
  EXPECT_EQ(log->other_shards, 20u);
  for (const auto& [index, r] : log->games) EXPECT_EQ(index % 3, 1u);
}

TEST(Sim, GameLogsAreCheckedLineByLine) {
  const SimSpec spec = walk_spec(50);
  const std::string good = log_of_first(spec, 3);
  const auto error_of = [&](const std::string& text) {
    auto log = parse_game_log(text, spec);
    return log.ok() ? std::string("(accepted)") : log.error().message;
  };
  EXPECT_EQ(error_of(good), "(accepted)");
  EXPECT_EQ(error_of(good + "\n\n"), "(accepted)");  // blank lines are fine
  const std::string first_line = good.substr(0, good.find('\n') + 1);
  EXPECT_EQ(error_of(good + first_line), "line 4: game 0 is given twice");
  EXPECT_EQ(error_of("\x93\xff garbage\n" + good),
            "line 1: not a JSON object (expected the lines that --jsonl writes, "
            "one game each)");
  EXPECT_EQ(error_of(good + "[1, 2]\n"),
            "line 4: not a JSON object (expected the lines that --jsonl writes, one game each)");
  // Another run: a different seed changes the fingerprint.
  SimSpec other = spec;
  other.seed = 100;
  EXPECT_EQ(error_of(log_of_first(other, 1)),
            "line 1: this game is from another run (its game, player, seed, number of games or settings differ)");
  nlohmann::json line = nlohmann::json::parse(first_line);
  const auto with = [&](const char* key, const nlohmann::json& value) {
    nlohmann::json j = line;
    if (value.is_null()) {
      j.erase(key);
    } else {
      j[key] = value;
    }
    return j.dump() + "\n";
  };
  EXPECT_EQ(error_of(with("index", 50)), "line 1: game 50 is outside this run of 50 games");
  EXPECT_EQ(error_of(with("index", -1)), "line 1: \"index\" must be a whole number");
  EXPECT_EQ(error_of(with("index", "0")), "line 1: \"index\" must be a whole number");
  EXPECT_EQ(error_of(with("win", 1)), "line 1: \"win\" must be true or false");
  EXPECT_EQ(error_of(with("steps", 1.5)), "line 1: \"steps\" must be a whole number");
  EXPECT_EQ(error_of(with("end", nullptr)), "line 1: \"end\" must be a whole number");
  EXPECT_EQ(error_of(with("run", 7)),
            "line 1: this game is from another run (its game, player, seed, number of games or settings differ)");
  // A line without a fingerprint could come from any run (a log of seed 4 resumed a
  // run of seed 3 and gave a wrong total): refused, by its line number.
  EXPECT_EQ(error_of(with("run", nullptr)),
            "line 1: no \"run\" fingerprint, so it cannot be told apart from a line of another run (only logs "
            "that --jsonl writes can be resumed)");
  EXPECT_TRUE(error_of(good + with("run", nullptr)).starts_with("line 4: no \"run\" fingerprint"));
  // A last line cut off mid-write is skipped; the games before it stand.
  auto cut = parse_game_log(good + first_line.substr(0, 20), spec);
  ASSERT_TRUE(cut.ok()) << cut.error().message;
  EXPECT_TRUE(cut->truncated_tail);
  EXPECT_EQ(cut->games.size(), 3u);
}

TEST(Sim, MergeAddsUpResumedGames) {
  SimSpec spec = walk_spec(40);
  const std::string text = log_of_first(spec, 40);
  std::vector<SimSummary> parts;
  for (std::uint64_t k : {0u, 1u}) {
    SimSpec s = spec;
    s.shard = Shard{k, 2};
    auto log = parse_game_log(k == 0 ? text : std::string{}, s);
    ASSERT_TRUE(log.ok()) << log.error().message;
    SimHooks hooks;
    hooks.resumed = &log->games;
    parts.push_back(run_simulation(s, 1, walk, hooks));
  }
  EXPECT_EQ(parts[0].resumed, 20u);
  EXPECT_EQ(parts[1].resumed, 0u);
  auto merged = merge_summaries(parts);
  ASSERT_TRUE(merged.ok()) << merged.error().message;
  EXPECT_EQ(merged->resumed, 20u);
  EXPECT_EQ(merged->games, 40u);
}

TEST(Sim, ShardsMergeIntoExactlyTheSingleRun) {
  const SimSpec spec = walk_spec(1001);
  const SimSummary single = run_simulation(spec, 2, walk);
  std::vector<SimSummary> parts;
  for (std::uint64_t k : {2u, 0u, 1u}) {  // any order
    SimSpec s = spec;
    s.shard = Shard{k, 3};
    SimSummary part = run_simulation(s, 2, walk);
    EXPECT_EQ(part.games, shard_size(1001, s.shard));
    // Through the shard-file form and back.
    auto reread = SimSummary::from_json(nlohmann::json::parse(part.to_json(true).dump()));
    ASSERT_TRUE(reread.ok()) << reread.error().message;
    parts.push_back(*reread);
  }
  auto merged = merge_summaries(parts);
  ASSERT_TRUE(merged.ok()) << merged.error().message;
  auto strip = [](nlohmann::json j) {
    for (const char* k : {"seconds", "cpu_seconds", "games_per_second"}) j.erase(k);
    return j;
  };
  EXPECT_EQ(strip(merged->to_json(false)).dump(), strip(single.to_json(false)).dump());
}

TEST(Sim, MergeRefusesMismatchedOrIncompleteShards) {
  const SimSpec spec = walk_spec(100);
  SimSpec a = spec, b = spec;
  a.shard = {0, 2};
  b.shard = {1, 2};
  const SimSummary pa = run_simulation(a, 1, walk);
  const SimSummary pb = run_simulation(b, 1, walk);
  auto missing = merge_summaries({pa});
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().message.find("1/2 is missing"), std::string::npos);
  auto twice = merge_summaries({pa, pa});
  ASSERT_FALSE(twice.ok());
  EXPECT_NE(twice.error().message.find("twice"), std::string::npos);
  SimSpec c = b;
  c.seed = 5;
  auto other = merge_summaries({pa, run_simulation(c, 1, walk)});
  ASSERT_FALSE(other.ok());
  EXPECT_NE(other.error().message.find("seed"), std::string::npos);
  EXPECT_TRUE(merge_summaries({pb, pa}).ok());
}

TEST(Sim, APartialMergeSumsTheShardsGivenAndNamesTheMissingOnes) {
  const SimSpec spec = walk_spec(100);
  std::vector<SimSummary> parts;
  for (std::uint64_t k : {3u, 0u}) {
    SimSpec s = spec;
    s.shard = {k, 4};
    parts.push_back(run_simulation(s, 1, walk));
  }
  std::vector<std::uint64_t> missing;
  auto merged = merge_summaries(parts, true, &missing);
  ASSERT_TRUE(merged.ok()) << merged.error().message;
  EXPECT_EQ(missing, (std::vector<std::uint64_t>{1, 2}));
  EXPECT_FALSE(merged->complete);
  EXPECT_EQ(merged->games, 50u);
  EXPECT_EQ(merged->primary.count(), 50u);
  // With every shard there, nothing is missing and the run is complete.
  for (std::uint64_t k : {1u, 2u}) {
    SimSpec s = spec;
    s.shard = {k, 4};
    parts.push_back(run_simulation(s, 1, walk));
  }
  missing.clear();
  auto whole = merge_summaries(parts, true, &missing);
  ASSERT_TRUE(whole.ok()) << whole.error().message;
  EXPECT_TRUE(missing.empty());
  EXPECT_TRUE(whole->complete);
  EXPECT_EQ(whole->games, 100u);
  // The other checks still hold.
  EXPECT_FALSE(merge_summaries({parts[0], parts[0]}, true).ok());
}

TEST(Sim, ShardParsing) {
  EXPECT_EQ(*parse_shard("0/4"), (Shard{0, 4}));
  EXPECT_EQ(*parse_shard("3/4"), (Shard{3, 4}));
  EXPECT_FALSE(parse_shard("4/4").ok());
  EXPECT_FALSE(parse_shard("1/0").ok());
  EXPECT_FALSE(parse_shard("a/b").ok());
  EXPECT_FALSE(parse_shard("1").ok());
  EXPECT_FALSE(parse_shard("-1/3").ok());
  EXPECT_EQ(shard_size(10, {0, 3}), 4u);
  EXPECT_EQ(shard_size(10, {2, 3}), 3u);
  EXPECT_EQ(shard_size(2, {3, 4}), 0u);
}

TEST(Sim, FromJsonRejectsDamagedDocuments) {
  SimSpec s = walk_spec(10);
  s.shard = {0, 1};
  nlohmann::json good = run_simulation(s, 1, walk).to_json(true);
  EXPECT_TRUE(SimSummary::from_json(good).ok());
  nlohmann::json bad = good;
  bad["wins"] = 11;
  EXPECT_FALSE(SimSummary::from_json(bad).ok());
  bad = good;
  bad["games"] = 9;
  EXPECT_FALSE(SimSummary::from_json(bad).ok());
  bad = good;
  bad.erase("exact");
  EXPECT_FALSE(SimSummary::from_json(bad).ok());
  bad = good;
  bad["seed"] = "x";
  EXPECT_FALSE(SimSummary::from_json(bad).ok());
  EXPECT_FALSE(SimSummary::from_json(nlohmann::json::array()).ok());
}

// Figures read from shard files and logs are checked against what a run can produce,
// and totals that would overflow are refused rather than wrapped.
TEST(Sim, FiguresReadFromFilesAreRangeChecked) {
  SimSpec s = walk_spec(10);
  s.shard = {0, 1};
  const SimSummary run = run_simulation(s, 1, walk);
  const nlohmann::json good = run.to_json(true);
  const auto error_of = [](const nlohmann::json& j, const SummaryCheck& check = {}) {
    auto r = SimSummary::from_json(j, check);
    return r.ok() ? std::string("(accepted)") : r.error().message;
  };
  ASSERT_EQ(error_of(good), "(accepted)");
  nlohmann::json bad = good;
  // A metric's histogram that does not add up to the games (an empty one: a mean over
  // no games, shown for 10).
  bad["exact"]["metrics"]["steps2"]["histogram"] = nlohmann::json::array();
  EXPECT_EQ(error_of(bad),
            "not a puzzlelab shard result: the \"steps2\" histogram holds 0 games, not the 10 of \"games\"");
  // A count of 2^64 - 1.
  bad = good;
  bad["games"] = ~std::uint64_t{0};
  bad["shard"]["games_total"] = ~std::uint64_t{0};
  bad["exact"]["primary"]["histogram"] = nlohmann::json::array({nlohmann::json::array({4, ~std::uint64_t{0}})});
  EXPECT_NE(error_of(bad).find("\"steps\": statistics: the total would overflow"), std::string::npos) << error_of(bad);
  // More games than the shard has.
  bad = good;
  bad["games"] = 11;
  EXPECT_NE(error_of(bad).find("\"games\": 11 is more than the 10 games of shard 0/1"), std::string::npos);
  // Negative seconds.
  bad = good;
  bad["cpu_seconds"] = -1.5;
  EXPECT_EQ(error_of(bad),
            "not a puzzlelab shard result: \"cpu_seconds\": -1.5 is not a time (a number of seconds >= 0)");
  // The game's own check runs last and is reported as it says.
  EXPECT_EQ(error_of(good, [](const SimSummary&) { return std::optional<std::string>("\"steps\": 3 is odd"); }),
            "not a puzzlelab shard result: \"steps\": 3 is odd");

  // merge: an interrupted shard only with --partial.
  SimSummary cut = run;
  cut.complete = false;
  auto refused = merge_summaries({cut});
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().message.find("shard 0/1 is incomplete"), std::string::npos) << refused.error().message;
  EXPECT_NE(refused.error().message.find("--partial"), std::string::npos);
  EXPECT_TRUE(merge_summaries({cut}, true).ok());

  // merge: totals that would overflow 64 bits.
  SimSpec big = walk_spec(2);
  std::vector<SimSummary> parts;
  for (std::uint64_t k : {0u, 1u}) {
    SimSummary p;
    p.spec = big;
    p.spec.shard = {k, 2};
    p.games = 1;
    p.primary.add(INT64_MAX);
    p.metrics.resize(2);
    p.metrics[0].add(1);
    p.metrics[1].add(1);
    parts.push_back(p);
  }
  auto overflow = merge_summaries(parts);
  ASSERT_FALSE(overflow.ok());
  EXPECT_EQ(overflow.error().message, "shard 1/2: \"steps\": the count or the total would overflow a 64-bit integer");

  // A log figure above 2^63 - 1 (it would turn negative), and totals that overflow.
  const SimSpec spec = walk_spec(50);
  const std::string first = log_of_first(spec, 1);
  nlohmann::json line = nlohmann::json::parse(first);
  line["steps"] = std::uint64_t{1} << 63;
  auto log = parse_game_log(line.dump() + "\n", spec);
  ASSERT_FALSE(log.ok());
  EXPECT_EQ(log.error().message,
            "line 1: \"steps\": 9223372036854775808 is out of range (at most 9223372036854775807)");
  line["steps"] = INT64_MAX;
  nlohmann::json second = line;
  second["index"] = 1;
  second["run"] = run_fingerprint(spec);
  log = parse_game_log(line.dump() + "\n" + second.dump() + "\n", spec);
  ASSERT_FALSE(log.ok());
  EXPECT_EQ(log.error().message, "line 2: \"steps\": the count or the total would overflow a 64-bit integer");
  // The game's own check names the line.
  const GameCheck positive = [](const SimSpec&, const GameResult& r) -> std::optional<std::string> {
    if (r.primary < 1) return "\"steps\" must be at least 1";
    return std::nullopt;
  };
  line["steps"] = 0;
  log = parse_game_log(first + line.dump() + "\n", spec, positive);
  ASSERT_FALSE(log.ok());
  EXPECT_EQ(log.error().message, "line 2: \"steps\" must be at least 1");
}

// A "schema" that is not a string is refused, not thrown (found by fuzz_shard:
// {"schema": {...}} made json::value throw out of from_json, and `merge` abort).
TEST(Sim, FromJsonRefusesASchemaOfAnotherType) {
  const auto doc = nlohmann::json::parse(R"({"schema": {"primary": 1}, "exact": {}, "shard": 1})");
  auto r = SimSummary::from_json(doc);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("schema"), std::string::npos);
}

}  // namespace
}  // namespace puzzlelab::core
