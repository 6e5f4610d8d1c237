// `puzzlelab 24 ...`: the command tree of solve, stats and play (each verb runs from
// its own file, game24_verbs.h), and the 24 part of `puzzlelab bench`.
#include <memory>

#include <fmt/format.h>

#include "app/commands.h"
#include "app/game24_verbs.h"
#include "core/parallel.h"
#include "game24/solver.h"

namespace puzzlelab::app {

// "1..13" -> {1, 13}.
core::Result<std::pair<std::int64_t, std::int64_t>> parse_game24_range(const std::string& text) {
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

void add_game24_commands(CLI::App& root, Context& ctx) {
  auto* game = root.add_subcommand("24", "The 24-point game: exact solver, play, statistics");
  game->footer(R"(Examples:
  puzzlelab 24 solve 3 3 8 8
  puzzlelab 24 play --difficulty hard
  puzzlelab 24 stats --range 1..10)");

  // solve
  auto so = std::make_shared<Game24SolveOptions>();
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
      ->check(number_in(0.0, 1e9))
      ->capture_default_str();
  solve->footer(R"(Distinct solutions follow docs/rules/24-distinct.md: sums and products are
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
  ctx.on_run(solve, [&ctx, so] { run_game24_solve(ctx, *so); });

  // stats
  auto st = std::make_shared<Game24StatsOptions>();
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
  ctx.on_run(stats, [&ctx, st] { run_game24_stats(ctx, *st); });
  ctx.distributed[stats] = [] { return true; };  // MPI ranks share the hands (puzzlelab-mpi)

  // play
  auto po = std::make_shared<Game24PlayOptions>();
  auto* play = game->add_subcommand("play", "Play: make 24 from a dealt hand");
  play->add_option("--range", po->range, "Numbers from LO..HI (default 1..13)");
  play->add_option("--difficulty,-d", po->difficulty, "easy, medium, hard or any (default any)")
      ->check(CLI::IsMember({"easy", "medium", "hard", "any"}));
  play->add_option("--time-limit", po->time_limit, "Seconds per hand (default: none)")->check(number_in(0.0, 86400.0));
  play->footer(R"(Type an expression with each number used once: digits, + - * / or × ÷, brackets
(ASCII or full-width), spaces. Commands: hint (one step of a solution), give up (all
distinct solutions), skip (a new hand), quit. Three retries per hand; the score and
streak are kept in the state folder (24-score.json). From a pipe, one input per line.

Examples:
  puzzlelab 24 play
  puzzlelab 24 play --difficulty hard --time-limit 60
  printf '(11+5)*6/4\nquit\n' | puzzlelab 24 play --seed 7    # seed 7 deals 4 5 6 11)");
  ctx.no_json(play);
  ctx.on_run(play, [&ctx, po] { run_game24_play(ctx, *po); });
}

}  // namespace puzzlelab::app
