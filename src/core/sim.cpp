#include "core/sim.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <map>
#include <stdexcept>
#include <ctime>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "core/distributed.h"
#include "core/parallel.h"
#include "puzzlelab/version.h"

namespace puzzlelab::core {

using nlohmann::json;

namespace {
constexpr std::string_view kSchema = "puzzlelab.sim/1";

Result<std::uint64_t> parse_u64(std::string_view s) {
  if (s.empty() || s.size() > 19) return Error{"not a number"};
  std::uint64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return Error{"not a number"};
    v = v * 10 + static_cast<std::uint64_t>(c - '0');
  }
  return v;
}
}  // namespace

Result<Shard> parse_shard(std::string_view text) {
  const auto slash = text.find('/');
  if (slash == std::string_view::npos) return Error{fmt::format("shard '{}' must look like K/N, e.g. 0/4", text)};
  auto k = parse_u64(text.substr(0, slash));
  auto n = parse_u64(text.substr(slash + 1));
  if (!k || !n) return Error{fmt::format("shard '{}' must look like K/N with whole numbers, e.g. 0/4", text)};
  if (*n == 0) return Error{fmt::format("shard '{}': N must be at least 1", text)};
  if (*k >= *n) return Error{fmt::format("shard '{}': K must be between 0 and N-1", text)};
  return Shard{*k, *n};
}

std::uint64_t shard_size(std::uint64_t games, const Shard& shard) {
  if (shard.index >= games) return 0;
  return (games - shard.index + shard.count - 1) / shard.count;
}

double process_cpu_seconds() {
  timespec ts{};
  ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

double thread_cpu_seconds() {
  timespec ts{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

const Stats* SimSummary::metric(std::string_view name) const {
  for (std::size_t i = 0; i < spec.metrics.size() && i < metrics.size(); ++i) {
    if (spec.metrics[i] == name) return &metrics[i];
  }
  return nullptr;
}

namespace {

// One game's result as it crosses between ranks, every field exactly: flags (win,
// finished, continued), the primary figure, the metrics, the prior CPU time as the
// bits of the double, then '|' and the detail as JSON when there is one. Plain numbers
// rather than JSON: a Wordle game takes microseconds, and JSON would cost as much.
std::string encode_game_result(const GameResult& r) {
  std::string out;
  auto put = [&out](auto v) { fmt::format_to(std::back_inserter(out), "{} ", v); };
  put((r.win ? 1 : 0) | (r.finished ? 2 : 0) | (r.continued ? 4 : 0));
  put(r.primary);
  put(r.metrics.size());
  for (const std::int64_t m : r.metrics) put(m);
  put(std::bit_cast<std::uint64_t>(r.prior_cpu_seconds));
  if (!r.detail.is_null()) out += '|' + r.detail.dump();
  return out;
}

GameResult decode_game_result(std::string_view bytes) {
  GameResult r;
  const char* at = bytes.data();
  const char* const end = bytes.data() + bytes.size();
  auto get = [&](auto& v) {
    while (at < end && *at == ' ') ++at;
    const auto [next, ec] = std::from_chars(at, end, v);
    if (ec != std::errc()) throw std::runtime_error("a game result from another rank is damaged");
    at = next;
  };
  int flags = 0;
  get(flags);
  r.win = (flags & 1) != 0;
  r.finished = (flags & 2) != 0;
  r.continued = (flags & 4) != 0;
  get(r.primary);
  std::size_t k = 0;
  get(k);
  if (k > 64) throw std::runtime_error("a game result from another rank is damaged");
  r.metrics.resize(k);
  for (auto& m : r.metrics) get(m);
  std::uint64_t cpu_bits = 0;
  get(cpu_bits);
  r.prior_cpu_seconds = std::bit_cast<double>(cpu_bits);
  while (at < end && *at == ' ') ++at;
  if (at < end && *at == '|') r.detail = json::parse(std::string_view(at + 1, static_cast<std::size_t>(end - at - 1)));
  return r;
}

}  // namespace

SimSummary run_simulation(const SimSpec& spec, unsigned threads, const PlayFn& play, const SimHooks& hooks) {
  SimSummary summary;
  summary.spec = spec;
  summary.metrics.resize(spec.metrics.size());
  const std::uint64_t n = shard_size(spec.games, spec.shard);
  const auto wall_start = std::chrono::steady_clock::now();
  const double cpu_start = process_cpu_seconds();

  RunOptions opt;
  opt.threads = std::max(1u, threads);
  opt.cancel = hooks.cancel;
  if (hooks.on_progress) {
    opt.tick = [&](std::uint64_t done) { hooks.on_progress(done, n, summary); };
  }
  bool cut_short = false;
  double prior_cpu = 0;
  const auto produce = [&](std::uint64_t j) {
    const std::uint64_t index = spec.shard.index + j * spec.shard.count;
    if (hooks.resumed != nullptr) {
      if (const auto it = hooks.resumed->find(index); it != hooks.resumed->end()) return it->second;
    }
    Rng rng(mix(spec.seed, index));
    return play(index, rng);
  };
  const auto consume = [&](std::uint64_t j, GameResult&& r) {
    if (!r.finished) {
      cut_short = true;
      return;
    }
    if (hooks.resumed != nullptr && hooks.resumed->count(spec.shard.index + j * spec.shard.count)) {
      ++summary.resumed;
    }
    if (r.continued) {
      ++summary.continued;
      prior_cpu += r.prior_cpu_seconds;
    }
    ++summary.games;
    if (r.win) ++summary.wins;
    summary.primary.add(r.primary);
    for (std::size_t m = 0; m < summary.metrics.size() && m < r.metrics.size(); ++m) {
      summary.metrics[m].add(r.metrics[m]);
    }
    if (hooks.on_game) hooks.on_game(spec.shard.index + j * spec.shard.count, r);
  };
  bool finished = false;
  if (hooks.cluster != nullptr && hooks.cluster->size() > 1) {
    ClusterRunStats cluster_stats;
    if (hooks.group) {
      // The games in key order (index order among equal keys): position p of the run is
      // game order[p]. Results come back by position and are held until every game
      // before them in index order is in, then consumed in index order.
      std::vector<std::pair<std::uint64_t, std::uint64_t>> keyed(n);
      for (std::uint64_t j = 0; j < n; ++j) keyed[j] = {hooks.group(spec.shard.index + j * spec.shard.count), j};
      std::sort(keyed.begin(), keyed.end());
      std::vector<std::uint64_t> order(n);
      for (std::uint64_t p = 0; p < n; ++p) order[p] = keyed[p].second;
      // A chunk ends only where the key changes: a kind of game is played on one rank.
      std::vector<std::uint64_t> cuts;
      for (std::uint64_t p = 1; p < n; ++p) {
        if (keyed[p].first != keyed[p - 1].first) cuts.push_back(p);
      }
      keyed = {};
      std::map<std::uint64_t, GameResult> held;
      std::uint64_t next_j = 0;
      finished = run_ordered_on(
          *hooks.cluster, n, opt, [&](std::uint64_t p) { return produce(order[p]); },
          [&](std::uint64_t p, GameResult&& r) {
            held.emplace(order[p], std::move(r));
            for (auto it = held.begin(); it != held.end() && it->first == next_j; it = held.erase(it), ++next_j) {
              consume(next_j, std::move(it->second));
            }
          },
          encode_game_result, decode_game_result, &cluster_stats, std::move(cuts));
      // A stopped run: games after the first one missing in index order are not counted.
      if (!held.empty()) finished = false;
    } else {
      finished = run_ordered_on(*hooks.cluster, n, opt, produce, consume, encode_game_result, decode_game_result,
                                &cluster_stats);
    }
    summary.ranks = hooks.cluster->size();
    prior_cpu += cluster_stats.worker_cpu_seconds;
  } else {
    finished = run_ordered(n, opt, produce, consume);
  }
  summary.complete = finished && !cut_short;
  summary.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  summary.cpu_seconds = process_cpu_seconds() - cpu_start + prior_cpu;
  return summary;
}

namespace {

json stats_brief(const Stats& s) {
  return json{{"mean", s.mean()},
              {"ci95", s.ci95()},
              {"stddev", s.stddev()},
              {"median", s.median()},
              {"min", s.min()},
              {"max", s.max()},
              {"total", static_cast<std::int64_t>(s.sum())}};
}

}  // namespace

json SimSummary::to_json(bool exact) const {
  json j;
  j["schema"] = kSchema;
  j["version"] = kVersion;
  j["game"] = spec.game;
  j["player"] = spec.player;
  j["seed"] = spec.seed;
  j["config"] = spec.config;
  j["games"] = games;
  j["wins"] = wins;
  j["win_rate"] = win_rate();
  j["primary"] = spec.primary;
  j["mean"] = primary.mean();
  j["ci95"] = primary.ci95();
  j["stddev"] = primary.stddev();
  j["median"] = primary.median();
  j["min"] = primary.min();
  j["max"] = primary.max();
  j["total_" + spec.primary] = static_cast<std::int64_t>(primary.sum());
  json dist = json::object();
  for (const auto& [v, c] : primary.histogram()) dist[std::to_string(v)] = c;
  j["distribution"] = dist;
  json metrics_json = json::object();
  for (std::size_t m = 0; m < spec.metrics.size() && m < metrics.size(); ++m) {
    metrics_json[spec.metrics[m]] = stats_brief(metrics[m]);
  }
  j["metrics"] = metrics_json;
  for (const auto& [k, v] : spec.extra.items()) j[k] = v;
  j["seconds"] = wall_seconds;
  j["cpu_seconds"] = cpu_seconds;
  // Only a run over several processes says how many, so one process's output is as before.
  if (ranks > 1) j["ranks"] = ranks;
  j["games_per_second"] = wall_seconds > 0 ? static_cast<double>(games - resumed) / wall_seconds : 0.0;
  j["complete"] = complete;
  j["resumed"] = resumed;
  j["continued"] = continued;
  if (exact) {
    j["shard"] = json{{"index", spec.shard.index}, {"count", spec.shard.count}, {"games_total", spec.games}};
    json ex;
    ex["primary"] = primary.to_json();
    json ms = json::object();
    for (std::size_t m = 0; m < spec.metrics.size() && m < metrics.size(); ++m)
      ms[spec.metrics[m]] = metrics[m].to_json();
    ex["metrics"] = ms;
    ex["metric_order"] = spec.metrics;
    ex["extra"] = spec.extra;
    j["exact"] = ex;
  }
  return j;
}

namespace {

// nlohmann's message for a person: "[json.exception.out_of_range.403] key 'seed' not
// found" becomes "the field \"seed\" is missing"; otherwise the text after the tag.
std::string json_problem(const json::exception& e) {
  std::string what = e.what();
  if (const auto tag = what.find("] "); what.rfind("[json.exception.", 0) == 0 && tag != std::string::npos) {
    what = what.substr(tag + 2);
  }
  const std::string key = "key '", missing = "' not found";
  if (what.rfind(key, 0) == 0 && what.size() > key.size() + missing.size() &&
      what.compare(what.size() - missing.size(), missing.size(), missing) == 0) {
    return fmt::format("the field \"{}\" is missing", what.substr(key.size(), what.size() - key.size() - missing.size()));
  }
  if (e.id >= 300 && e.id < 400) return "a field has the wrong type (" + what + ")";
  return what;
}

}  // namespace

Result<SimSummary> SimSummary::from_json(const json& j, const SummaryCheck& check) {
  auto fail = [](std::string what) { return Error{"not a puzzlelab shard result: " + std::move(what)}; };
  if (!j.is_object()) return fail("expected a JSON object");
  // json::value throws when the key holds another type (found by fuzz_shard).
  const auto schema = j.find("schema");
  if (schema == j.end() || !schema->is_string() || *schema != kSchema) {
    return fail(fmt::format("expected \"schema\": \"{}\"", kSchema));
  }
  if (!j.contains("exact") || !j.contains("shard")) {
    return fail("it has no exact statistics (write shard results with --shard K/N)");
  }
  try {
    SimSummary s;
    s.spec.game = j.at("game").get<std::string>();
    s.spec.player = j.at("player").get<std::string>();
    s.spec.seed = j.at("seed").get<std::uint64_t>();
    s.spec.config = j.at("config");
    s.spec.primary = j.at("primary").get<std::string>();
    const json& shard = j.at("shard");
    s.spec.shard = Shard{shard.at("index").get<std::uint64_t>(), shard.at("count").get<std::uint64_t>()};
    if (s.spec.shard.count == 0 || s.spec.shard.index >= s.spec.shard.count) return fail("bad shard numbers");
    s.spec.games = shard.at("games_total").get<std::uint64_t>();
    s.games = j.at("games").get<std::uint64_t>();
    if (const std::uint64_t most = shard_size(s.spec.games, s.spec.shard); s.games > most) {
      return fail(fmt::format("\"games\": {} is more than the {} games of shard {}/{} of a run of {}", s.games, most,
                              s.spec.shard.index, s.spec.shard.count, s.spec.games));
    }
    s.wins = j.at("wins").get<std::uint64_t>();
    if (s.wins > s.games) return fail("more wins than games");
    s.wall_seconds = j.at("seconds").get<double>();
    s.cpu_seconds = j.at("cpu_seconds").get<double>();
    for (const auto& [name, value] : {std::pair{"seconds", s.wall_seconds}, std::pair{"cpu_seconds", s.cpu_seconds}}) {
      if (!std::isfinite(value) || value < 0) {
        return fail(fmt::format("\"{}\": {} is not a time (a number of seconds >= 0)", name, value));
      }
    }
    s.complete = j.at("complete").get<bool>();
    s.resumed = j.value("resumed", std::uint64_t{0});  // absent in shard files of older versions
    if (s.resumed > s.games) return fail("more resumed games than games");
    s.continued = j.value("continued", std::uint64_t{0});  // absent in shard files of older versions
    if (s.continued > s.games) return fail("more continued games than games");
    const json& ex = j.at("exact");
    // Every figure is counted once a game: each histogram adds up to the games.
    const auto figure = [&](const std::string& name, const json& stats) -> Result<Stats> {
      auto st = Stats::from_json(stats);
      if (!st) return fail(fmt::format("\"{}\": {}", name, st.error().message));
      if (st->count() != s.games) {
        return fail(
            fmt::format("the \"{}\" histogram holds {} games, not the {} of \"games\"", name, st->count(), s.games));
      }
      return st;
    };
    auto primary = figure(s.spec.primary, ex.at("primary"));
    if (!primary) return primary.error();
    s.primary = *primary;
    s.spec.metrics = ex.at("metric_order").get<std::vector<std::string>>();
    for (const auto& name : s.spec.metrics) {
      auto m = figure(name, ex.at("metrics").at(name));
      if (!m) return m.error();
      s.metrics.push_back(*m);
    }
    s.spec.extra = ex.at("extra");
    if (check) {
      if (auto e = check(s)) return fail(*e);
    }
    return s;
  } catch (const json::exception& e) {
    return fail(json_problem(e));
  }
}

Result<SimSummary> merge_summaries(const std::vector<SimSummary>& parts, bool allow_missing,
                                   std::vector<std::uint64_t>* missing) {
  if (parts.empty()) return Error{"nothing to merge"};
  const SimSummary& first = parts.front();
  const std::uint64_t n = first.spec.shard.count;
  std::set<std::uint64_t> seen;
  SimSummary out;
  out.spec = first.spec;
  out.spec.shard = Shard{};
  out.metrics.resize(first.spec.metrics.size());
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const SimSummary& p = parts[i];
    auto differs = [&](std::string_view what) {
      return Error{fmt::format("shard result #{} ({}/{}) is from a different run: its {} differs", i + 1,
                               p.spec.shard.index, p.spec.shard.count, what)};
    };
    if (p.spec.game != first.spec.game) return differs("game");
    if (p.spec.player != first.spec.player) return differs("player");
    if (p.spec.seed != first.spec.seed) return differs("seed");
    if (p.spec.games != first.spec.games) return differs("number of games");
    if (p.spec.config != first.spec.config) return differs("configuration");
    if (p.spec.primary != first.spec.primary || p.spec.metrics != first.spec.metrics) return differs("figures");
    if (p.spec.shard.count != n) return differs("shard count");
    if (!seen.insert(p.spec.shard.index).second) {
      return Error{fmt::format("shard {}/{} is given twice", p.spec.shard.index, n)};
    }
    if (!p.complete && !allow_missing) {
      return Error{
          fmt::format("shard {}/{} is incomplete: its run was interrupted after {} of its {} games "
                      "(--partial summarises the shards as they are)",
                      p.spec.shard.index, n, p.games, shard_size(p.spec.games, p.spec.shard))};
    }
    if (p.games > shard_size(p.spec.games, p.spec.shard) ||
        (p.games != shard_size(p.spec.games, p.spec.shard) && p.complete)) {
      return Error{fmt::format("shard {}/{} holds {} games, expected {}", p.spec.shard.index, n, p.games,
                               shard_size(p.spec.games, p.spec.shard))};
    }
    if (p.wins > p.games || p.primary.count() != p.games || p.metrics.size() != out.metrics.size()) {
      return Error{
          fmt::format("shard {}/{}: its counts do not add up to its {} games", p.spec.shard.index, n, p.games)};
    }
    // The shards are distinct and each holds at most its share of the run's games, so
    // the counts cannot overflow; the totals of the figures can, and are checked.
    out.games += p.games;
    out.wins += p.wins;
    const auto overflow = [&](const std::string& name, const Error& e) {
      return Error{fmt::format("shard {}/{}: \"{}\": {}", p.spec.shard.index, n, name, e.message)};
    };
    if (auto e = out.primary.try_merge(p.primary)) return overflow(first.spec.primary, *e);
    for (std::size_t m = 0; m < out.metrics.size(); ++m) {
      if (auto e = out.metrics[m].try_merge(p.metrics[m])) return overflow(first.spec.metrics[m], *e);
    }
    out.wall_seconds = std::max(out.wall_seconds, p.wall_seconds);  // shards run side by side
    out.cpu_seconds += p.cpu_seconds;
    if (!std::isfinite(out.cpu_seconds)) return overflow("cpu_seconds", Error{"the total is not a finite number"});
    out.complete = out.complete && p.complete;
    out.resumed += p.resumed;
    out.continued += p.continued;
  }
  for (std::uint64_t k = 0; k < n; ++k) {
    if (seen.count(k)) continue;
    if (!allow_missing) return Error{fmt::format("shard {}/{} is missing", k, n)};
    out.complete = false;
    if (missing != nullptr) missing->push_back(k);
  }
  return out;
}

std::string run_fingerprint(const SimSpec& spec) {
  // FNV-1a over the canonical dump (nlohmann sorts object keys).
  const json identity{{"game", spec.game},      {"player", spec.player}, {"seed", spec.seed},
                      {"games", spec.games},    {"config", spec.config}, {"primary", spec.primary},
                      {"metrics", spec.metrics}};
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const unsigned char c : identity.dump()) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return fmt::format("{:016x}", h);
}

json game_log_line(const SimSpec& spec, const std::string& fingerprint, std::uint64_t index, const GameResult& r) {
  json line{{"index", index}, {"win", r.win}, {spec.primary, r.primary}};
  for (std::size_t m = 0; m < spec.metrics.size() && m < r.metrics.size(); ++m) line[spec.metrics[m]] = r.metrics[m];
  if (!r.detail.is_null()) line["detail"] = r.detail;
  line["run"] = fingerprint;
  return line;
}

Result<GameLog> parse_game_log(std::string_view text, const SimSpec& spec, const GameCheck& check) {
  GameLog log;
  // The totals of the games taken, so that one that would overflow is an error here.
  Stats primary_total;
  std::vector<Stats> metric_totals(spec.metrics.size());
  const std::string fingerprint = run_fingerprint(spec);
  std::size_t line_no = 0;
  std::size_t pos = 0;
  while (pos < text.size()) {
    const std::size_t end = text.find('\n', pos);
    const bool last_unterminated = end == std::string_view::npos;
    const std::string_view line = text.substr(pos, last_unterminated ? std::string_view::npos : end - pos);
    pos = last_unterminated ? text.size() : end + 1;
    ++line_no;
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    const auto fail = [&](std::string_view what) { return Error{fmt::format("line {}: {}", line_no, what)}; };
    const json j = json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
      // A run killed while writing leaves its last line cut off: that game is lost,
      // the others stand.
      if (last_unterminated && line_no > 1) {
        log.truncated_tail = true;
        break;
      }
      return fail("not a JSON object (expected the lines that --jsonl writes, one game each)");
    }
    // Without the fingerprint a line could be any run's (a log of another seed would
    // give this run a wrong total), so it is refused rather than trusted.
    const auto run = j.find("run");
    if (run == j.end()) {
      return fail(
          "no \"run\" fingerprint, so it cannot be told apart from a line of another run (only logs that --jsonl "
          "writes can be resumed)");
    }
    if (!run->is_string() || *run != fingerprint) {
      return fail("this game is from another run (its game, player, seed, number of games or settings differ)");
    }
    const auto index_it = j.find("index");
    if (index_it == j.end() || !index_it->is_number_unsigned()) return fail("\"index\" must be a whole number");
    const auto index = index_it->get<std::uint64_t>();
    if (index >= spec.games) return fail(fmt::format("game {} is outside this run of {} games", index, spec.games));
    const auto win = j.find("win");
    if (win == j.end() || !win->is_boolean()) return fail("\"win\" must be true or false");
    GameResult r;
    r.win = win->get<bool>();
    const auto figure = [&](const std::string& name) -> Result<std::int64_t> {
      const auto it = j.find(name);
      if (it == j.end() || !it->is_number_integer()) return fail(fmt::format("\"{}\" must be a whole number", name));
      // A number above 2^63 - 1 would turn negative as a signed figure.
      if (it->is_number_unsigned() && it->get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX)) {
        return fail(fmt::format("\"{}\": {} is out of range (at most {})", name, it->get<std::uint64_t>(), INT64_MAX));
      }
      return it->get<std::int64_t>();
    };
    auto primary = figure(spec.primary);
    if (!primary) return primary.error();
    r.primary = *primary;
    for (const std::string& name : spec.metrics) {
      auto value = figure(name);
      if (!value) return value.error();
      r.metrics.push_back(*value);
    }
    if (const auto detail = j.find("detail"); detail != j.end()) r.detail = *detail;
    if (check) {
      if (auto e = check(spec, r)) return fail(*e);
    }
    if (index % spec.shard.count != spec.shard.index) {
      ++log.other_shards;
      continue;
    }
    if (auto e = primary_total.try_add(r.primary)) return fail(fmt::format("\"{}\": {}", spec.primary, e->message));
    for (std::size_t m = 0; m < spec.metrics.size(); ++m) {
      if (auto e = metric_totals[m].try_add(r.metrics[m])) {
        return fail(fmt::format("\"{}\": {}", spec.metrics[m], e->message));
      }
    }
    if (!log.games.emplace(index, std::move(r)).second) return fail(fmt::format("game {} is given twice", index));
  }
  return log;
}

}  // namespace puzzlelab::core
