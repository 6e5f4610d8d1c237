// `puzzlelab 24 ...`: solve, stats, play, and the 24 part of `puzzlelab bench`.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <sstream>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/commands.h"
#include "app/game24_play.h"
#include "app/player_store.h"
#include "app/sim_report.h"
#include "core/parallel.h"
#include "core/progress.h"
#include "core/utf8.h"
#include "game24/difficulty.h"
#include "game24/expr.h"
#include "game24/solver.h"
#include "game24/survey.h"

namespace puzzlelab::app {

namespace {

using game24::Rational;

using game24::hand_text;

std::string wide_text(const game24::WideRational& r) {
  return game24::to_string(r);
}

// "1..13" -> {1, 13}.
core::Result<std::pair<std::int64_t, std::int64_t>> parse_range(const std::string& text) {
  const auto dots = text.find("..");
  const auto bad = core::Error{fmt::format("--range '{}': write LO..HI with whole numbers, e.g. 1..13", text)};
  if (dots == std::string::npos) return bad;
  auto lo = game24::parse_rational(text.substr(0, dots));
  auto hi = game24::parse_rational(text.substr(dots + 2));
  if (!lo || !hi || lo->den != 1 || hi->den != 1) return bad;
  if (lo->num < 0 || hi->num < lo->num) return core::Error{fmt::format("--range '{}': need 0 <= LO <= HI", text)};
  if (hi->num > 1000000) return core::Error{fmt::format("--range '{}': HI must be at most 1000000", text)};
  return std::make_pair(lo->num, hi->num);
}

// The number of multisets of k numbers from n values, C(n+k-1, k), capped.
std::uint64_t multiset_count(std::int64_t n, int k) {
  long double c = 1;
  for (int i = 1; i <= k; ++i) c = c * static_cast<long double>(n + i - 1) / i;
  return c > 1e15L ? std::uint64_t{1000000000000000ULL} : static_cast<std::uint64_t>(c + 0.5L);
}

core::Result<std::vector<Rational>> parse_hand(const std::vector<std::string>& words) {
  std::vector<Rational> hand;
  for (const auto& w : words) {
    auto r = game24::parse_rational(w);
    if (!r) return r.error();
    if (r->num < 0) return core::Error{fmt::format("'{}' is negative: the numbers of a hand are zero or positive", w)};
    hand.push_back(*r);
  }
  if (hand.empty() || hand.size() > game24::kMaxNumbers) {
    return core::Error{fmt::format("a hand has 1 to {} numbers, not {}", game24::kMaxNumbers, hand.size())};
  }
  return hand;
}

std::vector<std::string> split_words(const std::string& line) {
  std::vector<std::string> words;
  std::string cur;
  for (const char c : line) {
    if (c == ' ' || c == '\t' || c == ',' || c == '\r') {
      if (!cur.empty()) words.push_back(std::move(cur));
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) words.push_back(std::move(cur));
  return words;
}

struct SolveOpts {
  std::vector<std::string> numbers;
  std::string target = "24";
  bool count = false;
  bool one = false;
  bool subset = false;
  bool integers = false;
  bool closest = false;
  bool pretty = false;
  double max_seconds = 60;  // per hand; 0: no limit
};

enum class Layout { Lines, Prefixed, Interactive };

// Solves one hand and prints it; returns 0 (solvable), 1 (no solution or an error).
int solve_and_print(Context& ctx, const SolveOpts& so, const std::vector<Rational>& hand,
                    const std::vector<std::string>& words, const Rational& target, Layout layout) {
  game24::SolveOptions o;
  o.target = target;
  o.mode = so.one ? game24::SolveMode::One : game24::SolveMode::All;
  o.rule = so.integers ? game24::IntegerRule::PositiveIntegers : game24::IntegerRule::None;
  o.subset = so.subset;
  o.closest = so.closest;
  o.style.pretty = so.pretty;
  // A number written as a decimal (3.5) is printed as written, not as (7/2).
  for (std::size_t i = 0; i < hand.size() && i < words.size(); ++i) {
    if (hand[i].den != 1 && words[i].find('.') != std::string::npos) {
      o.style.leaf_texts.push_back({hand[i].num, hand[i].den, words[i]});
    }
  }
  if (hand.size() >= 7 && !so.one && ctx.err_tty && !ctx.opts.quiet) {
    ctx.err << "note: every distinct solution of 7 or 8 numbers can take minutes (Ctrl-C stops; --one is fast)\n";
  }
  // The time limit (a solve finishes or refuses within a documented time): a watchdog
  // raises the solver's cancel flag at the deadline or on Ctrl-C, whichever comes first.
  std::atomic<bool> stop{false};
  bool timed_out = false;
  bool finished = false;
  std::mutex mutex;
  std::condition_variable cv;
  std::thread watchdog([&] {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(so.max_seconds);
    std::unique_lock lock(mutex);
    while (!finished) {
      if (ctx.cancelled()) {
        stop = true;
        return;
      }
      if (so.max_seconds > 0 && std::chrono::steady_clock::now() >= deadline) {
        timed_out = true;
        stop = true;
        return;
      }
      cv.wait_for(lock, std::chrono::milliseconds(50));
    }
  });
  o.cancel = &stop;
  const auto r = game24::solve(hand, o);
  {
    std::lock_guard lock(mutex);
    finished = true;
  }
  cv.notify_all();
  watchdog.join();
  if (!r && timed_out && !ctx.cancelled()) {
    const std::string msg = fmt::format(
        "gave up after {:g} s (--max-seconds): {} numbers have too many ways to search in time; --one is fast",
        so.max_seconds, hand.size());
    if (layout == Layout::Lines) {
      ctx.fail(msg);
    } else {
      ctx.err << "error: " << (layout == Layout::Prefixed ? hand_text(hand) + ": " : std::string()) << msg << '\n';
    }
    return 1;
  }
  const std::string prefix = layout == Layout::Prefixed ? hand_text(hand) + ": " : std::string();
  if (!r) {
    if (layout == Layout::Lines) {
      ctx.fail(r.error().message);
    } else {
      ctx.err << "error: " << prefix << r.error().message << '\n';
    }
    return 1;
  }
  const std::size_t n = r->solutions.size();
  if (ctx.opts.json) {
    nlohmann::json j;
    j["hand"] = nlohmann::json::array();
    for (const auto& h : hand) j["hand"].push_back(game24::to_string(h));
    j["target"] = game24::to_string(target);
    j["solvable"] = r->exact;
    if (so.closest) j["reached"] = wide_text(r->reached);
    if (!so.one) j["count"] = n;
    if (!so.count) {
      j["solutions"] = nlohmann::json::array();
      for (const auto& s : r->solutions) j["solutions"].push_back(s.text);
    }
    ctx.out << j.dump() << '\n';
    return r->exact ? 0 : 1;
  }
  const bool near = !r->exact && r->found;
  if (near) {
    std::string diff;
    game24::WideRational d;
    if (game24::rat_sub(r->reached, game24::widen(target), d)) diff = wide_text(d.num < 0 ? d.negated() : d);
    const std::string msg =
        fmt::format("no exact solution; the closest reachable value is {} ({} away)", wide_text(r->reached), diff);
    if (layout == Layout::Prefixed) {
      ctx.out << prefix << msg << '\n';
    } else {
      ctx.err << msg << '\n';
    }
  }
  if (so.count) {
    ctx.out << prefix << n << '\n';
  } else if (layout == Layout::Interactive) {
    if (n == 0) {
      ctx.out << "  no solution\n";
    } else {
      if (!so.one) ctx.out << fmt::format("  {} distinct solution{}:\n", n, n == 1 ? "" : "s");
      for (const auto& s : r->solutions) ctx.out << "  " << s.text << '\n';
    }
  } else {
    for (const auto& s : r->solutions) ctx.out << prefix << s.text << '\n';
    if (n == 0 && layout == Layout::Prefixed) ctx.out << prefix << "no solution\n";
  }
  if (n == 0 && layout == Layout::Lines) ctx.err << "no solution\n";
  return r->exact ? 0 : 1;
}

void run_solve(Context& ctx, const SolveOpts& so) {
  auto target = game24::parse_rational(so.target);
  if (!target) return ctx.fail("--target: " + target.error().message, kExitUsage);
  if (!so.numbers.empty()) {
    auto hand = parse_hand(so.numbers);
    if (!hand) return ctx.fail(hand.error().message, kExitUsage);
    ctx.exit_code = solve_and_print(ctx, so, *hand, so.numbers, *target, Layout::Lines);
    if (ctx.cancelled()) ctx.exit_code = kExitInterrupted;
    return;
  }
  // No numbers: one hand per line (prompting on a terminal).
  const bool interactive = ctx.in_tty;
  if (interactive) {
    ctx.out << fmt::format(
        "Type the numbers of a hand (e.g. 3 3 8 8) to see every distinct way to make {}; an "
        "empty line or q quits.\n",
        game24::to_string(*target));
  }
  int status = kExitOk;
  int line_no = 0;
  std::string line;
  for (;;) {
    if (interactive) ctx.out << "numbers> " << std::flush;
    if (!std::getline(ctx.in, line)) break;
    ++line_no;
    if (ctx.cancelled()) break;
    const auto words = split_words(line);
    if (interactive && (words.empty() || words[0] == "q" || words[0] == "quit")) break;
    if (words.empty() || words[0][0] == '#') continue;
    auto hand = parse_hand(words);
    if (!hand) {
      const std::string why = core::printable(hand.error().message);
      ctx.err << (interactive ? fmt::format("  {}\n", why) : fmt::format("error: line {}: {}\n", line_no, why));
      if (!interactive) status = kExitFailure;
      continue;
    }
    const int rc =
        solve_and_print(ctx, so, *hand, words, *target, interactive ? Layout::Interactive : Layout::Prefixed);
    if (!interactive && rc != 0) status = kExitFailure;
    ctx.out << std::flush;
  }
  ctx.exit_code = ctx.cancelled() ? kExitInterrupted : status;
}

// ---- stats ------------------------------------------------------------------

struct StatsOpts {
  std::string range = "1..13";
  int numbers = 4;
  std::string target = "24";
  int top = 10;
};

void run_stats(Context& ctx, const StatsOpts& so) {
  const auto range = parse_range(so.range);
  if (!range) return ctx.fail(range.error().message, kExitUsage);
  auto target = game24::parse_rational(so.target);
  if (!target) return ctx.fail("--target: " + target.error().message, kExitUsage);
  const auto [lo, hi] = *range;
  const std::uint64_t expected = multiset_count(hi - lo + 1, so.numbers);
  if (expected > 2000000) {
    return ctx.fail(fmt::format("{} numbers from {}..{} make {} hands; at most 2,000,000 are supported", so.numbers, lo,
                                hi, expected),
                    kExitUsage);
  }
  const auto start = std::chrono::steady_clock::now();
  game24::SurveyOptions options;
  options.lo = lo;
  options.hi = hi;
  options.numbers = so.numbers;
  options.target = *target;
  options.top = static_cast<std::size_t>(std::max(0, so.top));
  options.threads = ctx.threads();
  options.cancel = ctx.interrupted;
  core::Progress progress(ctx.err, ctx.progress_enabled(), multiset_count(hi - lo + 1, so.numbers), "24 stats");
  options.tick = [&](std::uint64_t done) { progress.update(done); };
  const auto result = game24::survey(options);
  progress.finish();
  if (result && !result->complete) return ctx.fail("interrupted", kExitInterrupted);
  if (!result) return ctx.fail(result.error().message);
  const game24::Survey& survey = *result;
  const auto& hands = survey.hands;
  const auto& stats = survey.stats;
  const std::uint64_t solvable = survey.solvable;
  const std::uint64_t total = survey.total;
  const auto& histogram = survey.histogram;
  const auto& fraction_only = survey.fraction_only;
  const auto& hardest = survey.hardest;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  // The rating against human solve rates, when the hands are those of the data.
  std::optional<double> rho;
  std::size_t rho_hands = 0;
  // Why the comparison is missing where it applies, so the section never just vanishes.
  std::string rho_missing;
  if (so.numbers == 4 && *target == Rational(24)) {
    rho_missing = "the human solve rates (game24/human_difficulty_4nums.csv) could not be read";
    if (auto csv = ctx.data().read("game24/human_difficulty_4nums.csv")) {
      if (auto data = game24::parse_human_data(*csv)) {
        const auto agreement = game24::agreement_with_humans(survey, *data);
        rho_hands = agreement.hands;
        rho = agreement.spearman;
        if (rho) {
          rho_missing.clear();
        } else {
          rho_missing = fmt::format("only {} hands of this range have human solve rates ({} needed)", rho_hands,
                                    game24::kMinHumanHands);
        }
      } else {
        ctx.warn(data.error().message);
      }
    }
  }

  const double pct = hands.empty() ? 0.0 : 100.0 * static_cast<double>(solvable) / static_cast<double>(hands.size());
  if (ctx.opts.json) {
    nlohmann::json j;
    j["range"] = {lo, hi};
    j["numbers"] = so.numbers;
    j["target"] = game24::to_string(*target);
    j["hands"] = hands.size();
    j["solvable"] = solvable;
    j["solvable_percent"] = std::round(pct * 100) / 100;
    j["distinct_solutions_total"] = total;
    j["distinct_solutions_histogram"] = nlohmann::json::object();
    for (const auto& [k, v] : histogram) j["distinct_solutions_histogram"][std::to_string(k)] = v;
    j["fraction_only"] = nlohmann::json::array();
    for (const auto i : fraction_only) j["fraction_only"].push_back(hand_text(hands[i]));
    j["hardest"] = nlohmann::json::array();
    for (const auto i : hardest) {
      j["hardest"].push_back({{"hand", hand_text(hands[i])},
                              {"rating", std::round(stats[i].rating * 1000) / 1000},
                              {"solutions", stats[i].count},
                              {"example", stats[i].example}});
    }
    if (rho) {
      j["spearman_rating_vs_solved_percent"] = std::round(*rho * 10000) / 10000;
      j["spearman_hands"] = rho_hands;
    } else if (!rho_missing.empty()) {
      j["spearman_missing"] = rho_missing;
    }
    j["seconds"] = std::round(seconds * 1000) / 1000;
    ctx.out << j.dump(2) << '\n';
    return;
  }
  auto& out = ctx.out;
  out << fmt::format("Hands of {} number{} from {}..{}, target {}\n", so.numbers, so.numbers == 1 ? "" : "s", lo, hi,
                     game24::to_string(*target));
  out << fmt::format("  hands            {}\n", hands.size());
  out << fmt::format("  solvable         {} ({:.2f}%)\n", solvable, pct);
  out << fmt::format("  distinct solutions in all: {}\n", total);
  out << fmt::format("  solvable only through fractions: {}\n", fraction_only.size());
  std::string line = "   ";
  std::size_t shown = 0;
  for (const auto i : fraction_only) {
    if (shown == 40) break;
    const std::string h = hand_text(hands[i]);
    if (line.size() + h.size() + 3 > 78) {
      out << line << '\n';
      line = "   ";
    }
    line += (line.size() > 3 ? ", " : " ") + h;
    ++shown;
  }
  if (shown > 0)
    out << line << (fraction_only.size() > shown ? fmt::format(", ... {} more", fraction_only.size() - shown) : "")
        << '\n';
  out << "Distinct solutions per hand:\n";
  const std::vector<std::pair<std::uint64_t, std::uint64_t>> buckets = {
      {0, 0}, {1, 1}, {2, 2}, {3, 3}, {4, 5}, {6, 10}, {11, 20}, {21, 50}, {51, 100}, {101, ~std::uint64_t{0}}};
  for (const auto& [a, b] : buckets) {
    std::uint64_t n = 0;
    for (const auto& [k, v] : histogram)
      if (k >= a && k <= b) n += v;
    if (n == 0) continue;
    const std::string label =
        a == b ? std::to_string(a) : (b == ~std::uint64_t{0} ? fmt::format("{}+", a) : fmt::format("{}-{}", a, b));
    out << fmt::format("  {:>8}  {:>7}\n", label, n);
  }
  out << fmt::format("Hardest hands by difficulty rating (top {}):\n", hardest.size());
  for (const auto i : hardest) {
    out << fmt::format("  {:<14} rating {:5.2f}  {:>4} solution{}  e.g. {}\n", hand_text(hands[i]), stats[i].rating,
                       stats[i].count, stats[i].count == 1 ? " " : "s", stats[i].example);
  }
  if (rho) {
    out << fmt::format("Difficulty rating vs. human solve rates (4nums.com, {} hands): Spearman {:.4f}\n", rho_hands,
                       *rho);
  } else if (!rho_missing.empty()) {
    out << fmt::format("Difficulty rating vs. human solve rates: not computed: {}\n", rho_missing);
  }
  out << fmt::format("Time: {:.3f} s ({} threads)\n", seconds, ctx.threads());
}

// ---- play -------------------------------------------------------------------

struct PlayOpts {
  std::string range = "1..13";
  std::string difficulty = "any";
  double time_limit = 0;
};

void run_play(Context& ctx, const PlayOpts& po) {
  const auto range = parse_range(po.range);
  if (!range) return ctx.fail(range.error().message, kExitUsage);
  const auto level = game24::parse_level(po.difficulty);
  if (!level) return ctx.fail("--difficulty must be easy, medium, hard or any", kExitUsage);
  if (po.time_limit < 0) return ctx.fail("--time-limit must be positive (seconds)", kExitUsage);
  const auto [lo, hi] = *range;
  if (multiset_count(hi - lo + 1, 4) > 50000) {
    return ctx.fail(fmt::format("--range {}..{} is too wide for play (at most 50,000 hands)", lo, hi), kExitUsage);
  }
  auto pool = game24_play::build_pool(lo, hi, 4, Rational(24), *level, ctx.threads());
  if (pool.empty()) {
    const std::string which = *level == game24::Level::Any ? "" : po.difficulty + " ";
    return ctx.fail(fmt::format("no {}hand of numbers in {}..{} makes 24; choose a wider --range", which, lo, hi),
                    kExitUsage);
  }

  // The score so far comes from the player's store: every hand played is a game there.
  game24_play::Score score;
  core::GameStore* store = player_store(ctx, "the score is");
  if (store != nullptr) {
    if (auto st = store->stats("24")) {
      score.played = static_cast<int>(st->played);
      score.solved = static_cast<int>(st->wins);
      score.skipped = static_cast<int>(st->abandoned);
      score.gave_up = static_cast<int>(st->ended.contains("gave up") ? st->ended.at("gave up") : 0);
      score.failed = score.played - score.solved - score.gave_up;
      score.streak = static_cast<int>(st->current_streak);
      score.best_streak = static_cast<int>(st->max_streak);
      score.points = static_cast<int>(st->total_score);
    } else {
      ctx.warn(st.error().message + " (the score will not be saved)");
      store = nullptr;
    }
  }

  std::uint64_t seed = 0;
  if (ctx.opts.seed) {
    seed = *ctx.opts.seed;
  } else {
    std::random_device rd;
    seed = (static_cast<std::uint64_t>(rd()) << 32) ^ rd() ^
           static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  }
  game24_play::PlayConfig cfg;
  if (po.time_limit > 0) cfg.time_limit = po.time_limit;
  cfg.show_time = ctx.in_tty;
  cfg.echo_input = !ctx.in_tty;
  game24_play::PlaySession session(cfg, std::move(pool), seed, score);
  const auto t0 = std::chrono::steady_clock::now();
  auto now = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  bool save_warned = false;
  auto save = [&] {
    for (const auto& h : session.take_finished()) {
      if (store == nullptr) continue;
      core::FinishedGame f;
      f.game = "24";
      f.mode = h.level;
      f.finished_at = unix_now();
      f.puzzle = h.hand;
      f.outcome = h.ended == "solved"    ? core::GameOutcome::Won
                  : h.ended == "skipped" ? core::GameOutcome::Abandoned
                                         : core::GameOutcome::Lost;
      f.score = h.points;
      f.tries = h.tries + 1;
      f.assisted = h.hints > 0;
      f.duration_seconds = h.seconds;
      f.detail = {{"ended", h.ended}};
      if (auto r = store->record(f); !r && !save_warned) {
        ctx.warn("could not save the score: " + r.error().message);
        save_warned = true;
      }
    }
  };
  ctx.out << session.start(now());
  std::string line;
  while (!session.done()) {
    if (ctx.in_tty) ctx.out << "> " << std::flush;
    if (!std::getline(ctx.in, line) || ctx.cancelled()) break;
    ctx.out << session.handle(line, now()) << std::flush;
    save();
  }
  if (!session.done()) ctx.out << (ctx.in_tty ? "\n" : "") << session.summary();
  save();
  if (ctx.cancelled()) ctx.exit_code = kExitInterrupted;
}

}  // namespace

void add_game24_commands(CLI::App& root, Context& ctx) {
  auto* game = root.add_subcommand("24", "The 24-point game: exact solver, play, statistics");
  game->footer(R"(Examples:
  puzzlelab 24 solve 3 3 8 8
  puzzlelab 24 play --difficulty hard
  puzzlelab 24 stats --range 1..10)");

  // solve
  auto so = std::make_shared<SolveOpts>();
  auto* solve = game->add_subcommand("solve", "Every distinct solution of a hand (exact arithmetic)");
  solve->add_option("numbers", so->numbers, "1 to 8 numbers: integers or fractions such as 3/4 (none: read hands)");
  solve->add_option("--target,-t", so->target, "The value to make (any rational, default 24)");
  auto* count = solve->add_flag("--count", so->count, "Print only the number of distinct solutions");
  auto* one = solve->add_flag("--one", so->one, "Print one solution (stops at the first: fastest)");
  count->excludes(one);
  solve->add_flag("--subset", so->subset, "Numbers may be left unused (Countdown)");
  solve->add_flag("--integers", so->integers, "Every intermediate result must be a positive integer (Countdown)");
  solve->add_flag("--closest", so->closest, "If the target cannot be made, solve for the nearest reachable value");
  solve->add_flag("--pretty", so->pretty, "Write × and ÷ instead of * and /");
  solve->add_option("--max-seconds", so->max_seconds, "Give up on a hand after S seconds, exit status 1 (0: no limit)")
      ->check(CLI::Range(0.0, 1e9))
      ->capture_default_str();
  solve->footer(R"(Distinct solutions follow docs/game24.md (24-distinct.md): sums and products are
flattened, their terms sorted, subtraction/division laws and sign orientation applied,
so (7+5)*(8-6) and (8-6)*(5+7) are one solution. Exit status 0 when solvable, 1 when
not ("no solution" on stderr) or when a hand takes longer than --max-seconds (default
60 s: 8 numbers can need minutes for every distinct solution), 2 for bad numbers.
Without numbers, hands are read one per line: on a terminal with a prompt; from a pipe
each line prints "hand: solution" lines ("hand: no solution").

Examples:
  puzzlelab 24 solve 3 3 8 8                   8/(3-8/3)
  puzzlelab 24 solve 5 6 7 8 --count           3
  puzzlelab 24 solve 1 2 3 4 5 6 --one --target 100
  puzzlelab 24 solve 25 50 75 100 3 6 --target 952 --subset --integers
  puzzlelab 24 solve 1 1 1 1 --closest
  printf '3 3 8 8\n1 1 1 1\n' | puzzlelab 24 solve)");
  ctx.on_run(solve, [&ctx, so] { run_solve(ctx, *so); });

  // stats
  auto st = std::make_shared<StatsOpts>();
  auto* stats =
      game->add_subcommand("stats", "Statistics of every hand of a range: solvable, distinct solutions, hardest");
  stats->add_option("--range", st->range, "Numbers from LO..HI (default 1..13)");
  stats->add_option("--numbers,-n", st->numbers, "Numbers in a hand (default 4)")->check(CLI::Range(1, 8));
  stats->add_option("--target,-t", st->target, "The value to make (default 24)");
  stats->add_option("--top", st->top, "How many hardest hands to list (default 10)")->check(CLI::Range(0, 100000));
  stats->footer(R"(Lists how many hands there are and how many are solvable, the distribution of
distinct-solution counts, the hands that need fractions, the hardest hands by the
difficulty rating, and (for 4 numbers and target 24) the Spearman correlation of the
rating with human solve rates from 4nums.com.

Examples:
  puzzlelab 24 stats
  puzzlelab 24 stats --range 1..10 --json
  puzzlelab 24 stats --numbers 5 --threads 2)");
  ctx.on_run(stats, [&ctx, st] { run_stats(ctx, *st); });

  // play
  auto po = std::make_shared<PlayOpts>();
  auto* play = game->add_subcommand("play", "Play: make 24 from a dealt hand");
  play->add_option("--range", po->range, "Numbers from LO..HI (default 1..13)");
  play->add_option("--difficulty,-d", po->difficulty, "easy, medium, hard or any (default any)")
      ->check(CLI::IsMember({"easy", "medium", "hard", "any"}));
  play->add_option("--time-limit", po->time_limit, "Seconds per hand (default: none)");
  play->footer(R"(Type an expression with each number used once: digits, + - * / or × ÷, brackets
(ASCII or full-width), spaces. Commands: hint (one step of a solution), give up (all
distinct solutions), skip (a new hand), quit. Three retries per hand; the score and
streak are kept in the state folder (24-score.json). From a pipe, one input per line.

Examples:
  puzzlelab 24 play
  puzzlelab 24 play --difficulty hard --time-limit 60
  printf '(11+5)*6/4\nquit\n' | puzzlelab 24 play --seed 7    # seed 7 deals 4 5 6 11)");
  ctx.no_json(play);
  ctx.on_run(play, [&ctx, po] { run_play(ctx, *po); });
}

std::vector<BenchPart> game24_bench_parts() {
  // Every distinct solution of every 4-number hand of 1..13 (the figure hashes each
  // hand's count in hand order), and solvability of every 5-number hand. Results are
  // reduced in index order, so the figures do not depend on --threads.
  return {{"24: distinct 4 of 1..13",
           [](const Context& ctx) {
             const auto hands = game24::all_hands(1, 13, 4);
             const auto counts = core::parallel_map(hands.size(), ctx.threads(), [&](std::uint64_t i) {
               thread_local game24::Solver solver;
               const auto c = solver.count(hands[i], {});
               return c ? *c : ~std::uint64_t{0};
             });
             std::uint64_t figure = 0xcbf29ce484222325ULL;
             std::uint64_t total = 0;
             for (const auto c : counts) {
               total += c;
               figure = (figure ^ c) * 0x100000001b3ULL;
             }
             return total * 1000000ULL + figure % 1000000ULL;
           }},
          {"24: solvable 5 of 1..13", [](const Context& ctx) {
             const auto hands = game24::all_hands(1, 13, 5);
             const auto ok = core::parallel_map(hands.size(), ctx.threads(), [&](std::uint64_t i) {
               const auto s = game24::solvable(hands[i]);
               return s && *s ? 1 : 0;
             });
             std::uint64_t figure = 0;
             for (std::size_t i = 0; i < ok.size(); ++i) figure += static_cast<std::uint64_t>(ok[i]) * (i % 7 + 1);
             return figure;
           }}};
}

}  // namespace puzzlelab::app
