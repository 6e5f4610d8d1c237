// `puzzlelab 24 solve`: every distinct solution of a hand given on the command line,
// or of each hand read one per line (prompting on a terminal).

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/game24_verbs.h"
#include "app/line_input.h"
#include "core/utf8.h"
#include "core/wording.h"
#include "game24/expr.h"
#include "game24/solver.h"

namespace puzzlelab::app {

namespace {

using game24::hand_text;
using game24::Rational;

std::string wide_text(const game24::WideRational& r) {
  return game24::to_string(r);
}

enum class Layout { Lines, Prefixed, Interactive };

// Solves one hand and prints it; returns 0 (solvable), 1 (no solution or an error).
int solve_and_print(Context& ctx, const Game24SolveOptions& so, const std::vector<Rational>& hand,
                    const std::vector<std::string>& words, const Rational& target, Layout layout) {
  game24::SolveOptions o;
  o.target = target;
  o.mode = so.one ? game24::SolveMode::One : game24::SolveMode::All;
  o.rule = so.integers ? game24::IntegerRule::PositiveIntegers : game24::IntegerRule::None;
  o.subset = so.subset;
  o.closest = so.closest;
  o.style.pretty = so.pretty;
  o.style.leaf_texts = game24::written_leaf_texts(hand, words);
  if (hand.size() >= 7 && !so.one && ctx.err_tty && !ctx.opts.quiet) {
    ctx.err << "note: every distinct solution of 7 or 8 numbers can take minutes (Ctrl-C stops; --one is fast)\n";
  }
  // The time limit: a solve finishes or refuses within a documented time.
  o.cancel = ctx.interrupted;
  const auto [r, timed_out] = game24::solve_within(hand, o, so.max_seconds);
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
      if (!so.one) ctx.out << fmt::format("  {}:\n", core::counted(n, "distinct solution"));
      for (const auto& s : r->solutions) ctx.out << "  " << s.text << '\n';
    }
  } else {
    for (const auto& s : r->solutions) ctx.out << prefix << s.text << '\n';
    if (n == 0 && layout == Layout::Prefixed) ctx.out << prefix << "no solution\n";
  }
  if (n == 0 && layout == Layout::Lines) ctx.err << "no solution\n";
  return r->exact ? 0 : 1;
}

}  // namespace

void run_game24_solve(Context& ctx, const Game24SolveOptions& so) {
  auto target = game24::parse_rational(so.target);
  if (!target) return ctx.fail("--target: " + target.error().message, kExitUsage);
  if (!so.numbers.empty()) {
    auto hand = game24::parse_hand(so.numbers);
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
  LineInput input(ctx);
  for (;;) {
    const auto entry = input.read("numbers> ");
    if (entry.status != LineInput::Status::Line) break;
    const std::string& line = entry.text;
    ++line_no;
    const auto words = game24::split_hand_line(line);
    if (interactive && (words.empty() || words[0] == "q" || words[0] == "quit")) break;
    if (words.empty() || words[0][0] == '#') continue;
    auto hand = game24::parse_hand(words);
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

}  // namespace puzzlelab::app
