#include "app/sim_report.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>

#include <fmt/format.h>

#include "core/progress.h"
#include "core/state_store.h"
#include "core/utf8.h"
#include "core/wording.h"
#include "game2048/sim_check.h"
#include "guess/simulation.h"
#include "handle/session.h"
#include "wordle/engine.h"

namespace puzzlelab::app {

using nlohmann::json;

void add_sim_options(Context& ctx, CLI::App* cmd, SimCliOptions& options, const std::string& default_games) {
  ctx.distributed[cmd] = [] { return true; };
  options.games = default_games;
  // The word games default to 'all' (every secret once); 2048 has no list of secrets.
  const bool all = default_games == "all";
  cmd->add_option("--games,-n", options.games,
                  all ? "Games to play: a number, or 'all' for every secret" : "Games to play")
      ->type_name(all ? "N|all" : "N")
      ->capture_default_str();
  cmd->add_option("--shard", options.shard,
                  "Play only games whose index is K modulo N and write a shard result (combine with "
                  "'puzzlelab merge')");
  cmd->add_option("--out", options.out, "Write the result document to FILE (atomically) instead of stdout");
  cmd->add_flag("--jsonl", options.jsonl, "Stream one JSON line per game on stdout");
  cmd->add_option("--resume", options.resume,
                  "Continue an interrupted run: take the games in FILE (its --jsonl output) instead of playing "
                  "them again; with --jsonl, every game's line is printed again, so write to a new file");
}

core::Result<std::uint64_t> parse_games(const std::string& text, std::optional<std::uint64_t> all_count) {
  if (text == "all") {
    if (all_count) return *all_count;
    return core::Error{"--games all is only for word games (their secrets form a list); give a number"};
  }
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos) {
    return core::Error{fmt::format("--games '{}': expected a whole number{}", text, all_count ? " or 'all'" : "")};
  }
  // Twelve digits: far more games than any run can play, and no sum can overflow.
  if (text.size() > 12) return core::Error{fmt::format("--games '{}': at most 999999999999 games", text)};
  const std::uint64_t n = std::stoull(text);
  if (n == 0) return core::Error{"--games must be at least 1"};
  return n;
}

std::string render_distribution(const core::Stats& stats, int bar_width, bool color) {
  const auto& hist = stats.histogram();
  if (hist.empty()) return "  (no games)\n";
  // Few distinct values: one bar each. Many: up to 20 equal ranges.
  struct Row {
    std::string label;
    std::uint64_t count;
  };
  std::vector<Row> rows;
  if (hist.size() <= 24) {
    for (const auto& [v, c] : hist) rows.push_back({std::to_string(v), c});
  } else {
    const std::int64_t lo = stats.min();
    const std::int64_t hi = stats.max();
    const std::int64_t step = std::max<std::int64_t>(1, (hi - lo) / 20 + 1);
    for (std::int64_t a = lo; a <= hi; a += step) {
      const std::int64_t b = std::min(hi, a + step - 1);
      std::uint64_t c = 0;
      for (auto it = hist.lower_bound(a); it != hist.end() && it->first <= b; ++it) c += it->second;
      rows.push_back({a == b ? std::to_string(a) : fmt::format("{}-{}", a, b), c});
    }
  }
  std::uint64_t most = 0;
  std::size_t label_w = 0;
  for (const auto& r : rows) {
    most = std::max(most, r.count);
    label_w = std::max(label_w, r.label.size());
  }
  const std::size_t count_w = std::to_string(most).size();
  std::string out;
  for (const auto& r : rows) {
    // Eighth-block resolution, so small differences still show.
    const double cells = most ? static_cast<double>(r.count) * bar_width / static_cast<double>(most) : 0;
    const int eighths = static_cast<int>(std::lround(cells * 8));
    std::string bar;
    for (int i = 0; i < eighths / 8; ++i) bar += "█";
    static const char* kParts[] = {"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"};
    bar += kParts[eighths % 8];
    if (r.count > 0 && eighths == 0) bar = "▏";
    const double pct = stats.count() ? 100.0 * static_cast<double>(r.count) / static_cast<double>(stats.count()) : 0;
    out += fmt::format("  {:>{}} │{}{}{} {:>{}} {:5.1f}%\n", r.label, label_w, color ? "\x1b[36m" : "",
                       core::pad_right(bar, bar_width), color ? "\x1b[0m" : "", r.count, count_w, pct);
  }
  return out;
}

std::vector<SimExtraLine> sim_extra_lines(const core::SimSummary& s) {
  if (s.spec.game == "wordle") return wordle_sim_extra_lines(s);
  if (s.spec.game == "handle") return handle_sim_extra_lines(s);
  if (s.spec.game == "2048") return game2048_sim_extra_lines(s);
  return {};
}

core::GameCheck sim_game_check(const std::string& game) {
  if (game == "wordle") {
    return [](const core::SimSpec& spec, const core::GameResult& r) {
      return guess::check_sim_game(spec, r, wordle::kMaxGuesses);
    };
  }
  if (game == "handle") {
    return [](const core::SimSpec& spec, const core::GameResult& r) {
      return guess::check_sim_game(spec, r, handle::kTriesLimit);
    };
  }
  if (game == "2048") return game2048::check_sim_game;
  return {};
}

std::optional<std::string> check_sim_summary(const core::SimSummary& s) {
  if (s.spec.game == "wordle") return guess::check_sim_summary(s, wordle::kMaxGuesses);
  if (s.spec.game == "handle") return guess::check_sim_summary(s, handle::kTriesLimit);
  if (s.spec.game == "2048") return game2048::check_sim_summary(s);
  return std::nullopt;
}

std::string render_sim_summary(const core::SimSummary& s, bool color) {
  std::string out;
  const auto bold = [&](const std::string& t) { return color ? "\x1b[1m" + t + "\x1b[0m" : t; };
  std::string title = fmt::format("{} · {} · seed {} · {} games", s.spec.game, s.spec.player, s.spec.seed, s.games);
  if (!s.complete) title += fmt::format(" (incomplete: {} of {} planned)", s.games, s.spec.games);
  out += bold(title) + "\n";
  const auto row = [&](const std::string& label, const std::string& value) {
    out += fmt::format("  {:<16}{}\n", label, value);
  };
  row("games", std::to_string(s.games));
  row("wins", fmt::format("{} ({:.2f}%)", s.wins, 100.0 * s.win_rate()));
  const core::Stats& p = s.primary;
  row(s.spec.primary, fmt::format("mean {:.4f} ± {:.4f} (95%), median {}, max {}, total {}", p.mean(), p.ci95(),
                                  p.median(), p.max(), static_cast<std::int64_t>(p.sum())));
  for (std::size_t m = 0; m < s.spec.metrics.size() && m < s.metrics.size(); ++m) {
    const core::Stats& st = s.metrics[m];
    row(s.spec.metrics[m], fmt::format("mean {:.4g}, median {}, max {}", st.mean(), st.median(), st.max()));
  }
  for (const auto& extra : sim_extra_lines(s)) row(extra.label, extra.value);
  out += fmt::format("  distribution of {}\n", s.spec.primary);
  out += render_distribution(p, 40, color);
  const double gps = s.wall_seconds > 0 ? static_cast<double>(s.games) / s.wall_seconds : 0;
  if (s.resumed > 0) {
    row("time", fmt::format("{:.2f} s wall, {:.2f} s CPU for the {} games played now ({} resumed from a log)",
                            s.wall_seconds, s.cpu_seconds, s.games - s.resumed, s.resumed));
  } else if (s.continued > 0) {
    row("time", fmt::format("{:.2f} s wall, {:.2f} s CPU ({} games went on from a checkpoint: the CPU time includes "
                            "their earlier runs, the wall time does not)",
                            s.wall_seconds, s.cpu_seconds, s.continued));
  } else {
    row("time", fmt::format("{:.2f} s wall, {:.2f} s CPU, {:.1f} games/s{}", s.wall_seconds, s.cpu_seconds, gps,
                            s.ranks > 1 ? fmt::format(" ({} ranks)", s.ranks) : std::string()));
  }
  return out;
}

namespace {

// A run whose output would land on its own input, or two outputs on one file: the
// result written over the --resume log it reads, or stdout redirected (> or >>) to the
// log or to --out. Found by device and inode, so links and other spellings count.
std::optional<std::string> same_file_clash(const Context& ctx, const SimCliOptions& options) {
  // --out is written aside and renamed over the path: over a device or a pipe (run as
  // root, --out /dev/null) that would replace the device itself with a file.
  std::error_code ec;
  if (options.out && std::filesystem::exists(*options.out, ec) && !std::filesystem::is_regular_file(*options.out, ec)) {
    return fmt::format(
        "--out {} is not a regular file (a device, a folder or a pipe): the result is written to a new file and "
        "renamed over the path, which would replace it; give the path of a file",
        *options.out);
  }
  if (options.resume && options.out && core::same_regular_file(*options.resume, *options.out)) {
    return fmt::format(
        "--resume {} and --out {} are the same file: the result would replace the log it resumes; give --out "
        "another file",
        *options.resume, *options.out);
  }
  if (options.resume && core::same_regular_file(ctx.out_fd, *options.resume)) {
    return fmt::format(
        "stdout is the --resume file {}: the run would write into the log it reads; send stdout to another file",
        *options.resume);
  }
  if (options.out && core::same_regular_file(ctx.out_fd, *options.out)) {
    return fmt::format(
        "stdout and --out {} are the same file: two outputs would overwrite each other; send stdout to another "
        "file",
        *options.out);
  }
  return std::nullopt;
}

}  // namespace

void run_sim_command(Context& ctx, core::SimSpec spec, const core::PlayFn& play, const SimCliOptions& options,
                     std::function<std::uint64_t(std::uint64_t index)> group) {
  if (const auto clash = same_file_clash(ctx, options)) return ctx.fail(*clash, kExitUsage);
  if (options.shard) {
    auto shard = core::parse_shard(*options.shard);
    if (!shard) return ctx.fail(shard.error().message, kExitUsage);
    spec.shard = *shard;
  }
  core::GameLog resumed;
  if (options.resume) {
    auto text = core::read_file_capped(*options.resume, core::kLogFileCap, ctx.interrupted);
    if (!text) {
      return ctx.fail(fmt::format("--resume: {} (expected the log a run wrote with --jsonl)", text.error().message));
    }
    auto log = core::parse_game_log(*text, spec, sim_game_check(spec.game));
    if (!log) return ctx.fail(fmt::format("--resume {}: {}", *options.resume, log.error().message));
    resumed = std::move(*log);
    if (!ctx.opts.quiet) {
      ctx.err << fmt::format("resuming: {} from {}", core::counted(resumed.games.size(), "game"), *options.resume);
      if (resumed.other_shards) ctx.err << fmt::format(" ({} lines of other shards skipped)", resumed.other_shards);
      ctx.err << '\n';
      if (resumed.truncated_tail) ctx.err << "note: the last line was cut off mid-write; that game is played again\n";
    }
  }
  const std::uint64_t planned = core::shard_size(spec.games, spec.shard);
  core::Progress progress(ctx.err, ctx.progress_enabled() && !options.jsonl, planned,
                          fmt::format("{} {}", spec.game, spec.player));
  core::SimHooks hooks;
  hooks.cancel = ctx.interrupted;
  hooks.group = std::move(group);
  if (options.resume) hooks.resumed = &resumed.games;
  hooks.on_progress = [&](std::uint64_t done, std::uint64_t, const core::SimSummary& so_far) {
    progress.update(done, so_far.games ? fmt::format("mean {:.4f}", so_far.primary.mean()) : std::string{});
  };
  if (options.jsonl) {
    hooks.on_game = [&, fingerprint = core::run_fingerprint(spec)](std::uint64_t index, const core::GameResult& r) {
      const json line = core::game_log_line(spec, fingerprint, index, r);
      // Flushed per game: a long run's log shows each game as it ends, and an
      // interrupted run keeps the lines it printed.
      ctx.out << line.dump() << '\n' << std::flush;
    };
  }
  hooks.cluster = ctx.cluster;
  const core::SimSummary summary = core::run_simulation(spec, ctx.threads(), play, hooks);
  progress.finish();
  // A worker rank of an MPI run played its share; rank 0 reports the run.
  if (ctx.worker_rank()) return;

  // Where each form goes: a file given with --out always gets the exact document (it
  // can be merged); --jsonl owns stdout, so its summary goes to stderr; a shard result
  // without --out goes to stdout as its exact document; else --json or the text.
  if (options.out) {
    if (auto e = core::write_file_atomic(*options.out, summary.to_json(true).dump(2) + "\n")) {
      return ctx.fail(e->message);
    }
  }
  if (options.jsonl) {
    if (!ctx.opts.quiet) ctx.err << render_sim_summary(summary, false);
  } else if (options.shard && !options.out) {
    ctx.out << summary.to_json(true).dump(2) << '\n';
  } else if (ctx.opts.json && !options.out) {
    ctx.out << summary.to_json(false).dump(2) << '\n';
  } else if (!(options.out && ctx.opts.quiet)) {
    ctx.out << render_sim_summary(summary, ctx.color());
  }
  if (!summary.complete) ctx.exit_code = kExitInterrupted;
}

}  // namespace puzzlelab::app
