#include "app/cli.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "app/commands.h"
#include "app/help_format.h"
#include "app/menu.h"
#include "core/terminal.h"
#include "core/utf8.h"
#include "puzzlelab/version.h"

namespace puzzlelab::app {

namespace {

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

// The deepest subcommand that was given on the command line.
CLI::App* deepest_parsed(CLI::App* app) {
  for (CLI::App* sub : app->get_subcommands()) return deepest_parsed(sub);
  return app;
}

std::string command_path(const CLI::App* app) {
  std::vector<std::string> names;
  for (const CLI::App* a = app; a != nullptr; a = a->get_parent()) names.push_back(a->get_name());
  std::reverse(names.begin(), names.end());
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : " ") + n;
  return out;
}

constexpr const char* kOverviewFooter = R"(Games and verbs (the same verb means the same thing in every game):
  wordle  play | assist | watch | score | sim | tree   the NYT word game, its AI players and solver
  handle  play | assist | watch | score | sim | tree   汉兜, the Chinese-idiom Wordle with pinyin feedback
  24      solve | play | stats                         the 24-point game, exact rational arithmetic
  2048    play | ai | hint | move | sim | train        the sliding-tile game and its expectimax AI
  merge   FILES...                                     combine --shard results into one summary
  stats   [GAME]                                       your statistics and recent games
  bench                                                a fixed workload and its signature

Examples:
  puzzlelab                          the main screen (a menu, on a terminal)
  puzzlelab wordle play --hard       a game of Wordle in hard mode
  puzzlelab 24 solve 3 3 8 8         every distinct solution of a hand
  puzzlelab 2048 play                full-screen 2048
  puzzlelab wordle sim --player entropy --games all --json
  puzzlelab <game> <verb> --help     help for one command

Exit status: 0 success, 1 failure or no solution, 2 usage error, 130 interrupted.
Colour: --color=auto|always|never; NO_COLOR and FORCE_COLOR are respected.)";

// Whether an unexpected word is an option someone mistyped (not a negative number).
bool looks_like_option(const std::string& word) {
  if (word.size() < 2 || word[0] != '-') return false;
  const char c = word[1];
  return !(c == '.' || (c >= '0' && c <= '9'));
}

// The long options ("--name") that apply at `at`: its own and, through fallthrough, its
// parents' (the global options).
std::vector<std::string> options_at(const CLI::App* at) {
  std::vector<std::string> names;
  for (const CLI::App* a = at; a != nullptr; a = a->get_parent()) {
    for (const CLI::Option* opt : a->get_options()) {
      for (const auto& name : opt->get_lnames()) names.push_back("--" + name);
    }
  }
  return names;
}

// Explains what CLI11 could not place. CLI11's own message lists the leftover words in
// reverse and, when a verb was mistyped, puts the verb's arguments first, so it named
// the wrong word ("unknown command '4'" for `24 solv 1 2 3 4`). Instead: where a verb
// was expected, the first leftover word is the mistyped verb; otherwise the first
// unknown option; each with the nearest name that exists.
void report_extras(CLI::App& app, std::ostream& err) {
  CLI::App* at = deepest_parsed(&app);
  // In command-line order: CLI11 keeps the leftover words of each command in the order
  // given, and the words after a verb that is not one fall through to the parents.
  const std::vector<std::string> extras = app.remaining(true);
  const std::string path = command_path(at);
  std::vector<std::string> verbs;
  for (const CLI::App* sub : at->get_subcommands({})) verbs.push_back(sub->get_name());
  if (!verbs.empty()) {
    const auto word =
        std::find_if(extras.begin(), extras.end(), [](const std::string& w) { return !looks_like_option(w); });
    if (word != extras.end()) {
      err << fmt::format("error: unknown command '{}' for '{}'", core::printable(*word), path);
      if (auto s = suggest(*word, verbs)) err << fmt::format("; did you mean '{}'?", *s);
      err << fmt::format("\nRun '{} --help' for the list of commands.\n", path);
      return;
    }
  }
  const auto option = std::find_if(extras.begin(), extras.end(), looks_like_option);
  if (option != extras.end()) {
    const std::string name = option->substr(0, option->find('='));
    err << fmt::format("error: unknown option '{}'", core::printable(name));
    if (auto s = suggest(name, options_at(at))) err << fmt::format("; did you mean '{}'?", *s);
    err << fmt::format("\nRun '{} --help' for the options.\n", path);
    return;
  }
  std::string words;
  for (const auto& w : extras) words += (words.empty() ? "'" : " '") + core::printable(w) + "'";
  err << fmt::format("error: '{}' takes no more arguments; not expected: {}\nRun '{} --help' for usage.\n", path, words,
                     path);
}

void add_all_commands(CLI::App& app, Context& ctx) {
  add_wordle_commands(app, ctx);
  add_handle_commands(app, ctx);
  add_game24_commands(app, ctx);
  add_game2048_commands(app, ctx);
  add_merge_command(app, ctx);
  add_bench_command(app, ctx);
  add_stats_command(app, ctx);
  add_serve_command(app, ctx);
  add_completion_command(app, ctx);
  add_man_command(app, ctx);
}

}  // namespace

CLI::Validator number_in(double lo, double hi) {
  return CLI::Validator(
      [lo, hi](std::string& s) -> std::string {
        const char* begin = s.c_str();
        char* end = nullptr;
        errno = 0;
        const double v = std::strtod(begin, &end);
        const bool whole = !s.empty() && end == begin + s.size();
        if (!whole || !std::isfinite(v) || v < lo || v > hi) {
          return fmt::format("'{}' is not a number from {:g} to {:g}", core::printable(s), lo, hi);
        }
        return {};
      },
      fmt::format("FLOAT in [{:g} - {:g}]", lo, hi));
}

std::optional<std::string> suggest(const std::string& word, const std::vector<std::string>& candidates) {
  std::optional<std::string> best;
  std::size_t best_d = 3;
  for (const auto& c : candidates) {
    const std::size_t d = edit_distance(word, c);
    if (d < best_d) {
      best_d = d;
      best = c;
    }
  }
  return best;
}

std::vector<std::string> command_paths() {
  std::istringstream in;
  std::ostringstream out, err;
  Context ctx{GlobalOptions{}, in, out, err, false, false, false, [](const char*) { return std::nullopt; }, nullptr,
              kExitOk, {}, -1, {}, false, {}, {}, nullptr, {}};
  CLI::App app{"", "puzzlelab"};
  add_all_commands(app, ctx);
  std::vector<std::string> paths;
  for (const auto& [cmd, action] : ctx.actions) {
    std::string path = command_path(cmd);
    paths.push_back(path.substr(path.find(' ') + 1));
  }
  std::sort(paths.begin(), paths.end());
  return paths;
}

namespace {

// The width help text is wrapped to: COLUMNS when it is a number, else the terminal's
// width when stdout is one, else 80; never below 40.
std::size_t help_width(const RunEnvironment& env) {
  std::size_t width = 80;
  if (const auto columns = env.getenv ? env.getenv("COLUMNS") : std::nullopt) {
    std::size_t v = 0;
    const auto [end, ec] = std::from_chars(columns->data(), columns->data() + columns->size(), v);
    if (ec == std::errc() && end == columns->data() + columns->size() && v > 0) return std::max<std::size_t>(v, 40);
  }
  if (env.out_tty && env.out_fd >= 0) {
    if (const auto size = core::terminal_size(env.out_fd); size && size->cols > 0) width = static_cast<std::size_t>(size->cols);
  }
  return std::max<std::size_t>(width, 40);
}

}  // namespace

int run(const std::vector<std::string>& args, const RunEnvironment& env) {
  Context ctx{GlobalOptions{}, env.in, env.out, env.err, env.in_tty, env.out_tty, env.err_tty, env.getenv,
              env.interrupted, kExitOk, {}, env.out_fd, {}, false, {}, {}, env.cluster, {}};

  CLI::App app{"puzzlelab: Wordle, 汉兜 Handle, the 24-point game and 2048 — exact rules, strong AI players, "
               "terminal play.",
               "puzzlelab"};
  app.set_version_flag("--version", fmt::format("puzzlelab {} (git {})", kVersion, kGitHash),
                       "Print the version and git hash, then exit");
  // Global options may appear anywhere: subcommands fall through to the root's options.
  app.fallthrough();
  app.require_subcommand(0, 1);
  // Help text wrapped to the terminal's width (COLUMNS when set), 80 columns otherwise.
  auto formatter = std::make_shared<HelpFormatter>(help_width(env));
  formatter->column_width(34);
  app.formatter(formatter);

  std::uint64_t seed = 0;
  // CLI11 reads "-1" into an unsigned option as 2^64-1 and saturates numbers too large
  // for 64 bits; a seed must be a plain whole number that fits.
  auto* seed_opt = app.add_option("--seed", seed, "Seed for every random choice (same seed, same games)")
                       ->check(CLI::Validator(
                           [](std::string& s) -> std::string {
                             std::uint64_t v = 0;
                             const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
                             if (s.empty() || ec != std::errc() || end != s.data() + s.size())
                               return "'" + s + "' is not a whole number from 0 to 18446744073709551615";
                             return {};
                           },
                           "UINT"));
  app.add_option("--threads", ctx.opts.threads, "Worker threads for simulations (default: all cores)")
      ->check(CLI::Range(0u, 4096u));
  app.add_flag("--json", ctx.opts.json, "Machine-readable JSON on stdout");
  app.add_flag("--quiet,-q", ctx.opts.quiet, "No progress meter or informational messages");
  app.add_option("--color", ctx.opts.color, "Colour: auto, always or never (NO_COLOR is respected)")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  // An empty folder name would mean the current folder, where nobody looks for saves.
  const CLI::Validator non_empty(
      [](std::string& s) -> std::string { return s.empty() ? "give a folder name, not an empty one" : ""; }, "DIR");
  app.add_option("--data-dir", ctx.opts.data_dir, "Read game data from DIR instead of the built-in copy")
      ->check(non_empty);
  app.add_option("--state-dir", ctx.opts.state_dir,
                 "Keep saved games and statistics in DIR (default: $XDG_STATE_HOME/puzzlelab)")
      ->check(non_empty);

  add_all_commands(app, ctx);
  set_readable_value_names(app);
  // Set after the games are added, so they do not inherit the overview footer.
  app.footer(kOverviewFooter);

  // CLI11 parses in place from a reversed argv-like vector.
  std::vector<std::string> reversed(args.rbegin(), args.rend());
  try {
    app.parse(reversed);
  } catch (const CLI::CallForHelp& e) {
    ctx.out << app.help();
    return kExitOk;
  } catch (const CLI::CallForAllHelp& e) {
    ctx.out << app.help("", CLI::AppFormatMode::All);
    return kExitOk;
  } catch (const CLI::CallForVersion& e) {
    ctx.out << e.what() << '\n';
    return kExitOk;
  } catch (const CLI::ExtrasError&) {
    report_extras(app, ctx.err);
    return kExitUsage;
  } catch (const CLI::ArgumentMismatch& e) {
    // An option given without its value: CLI11 says "--seed: 1 required UINT:UINT
    // missing"; this names the value as the help does ("--seed needs a value: N").
    CLI::App* at = deepest_parsed(&app);
    const std::string what = e.what();
    const std::string name = what.substr(0, what.find(':'));
    const CLI::Option* opt = nullptr;
    for (const CLI::App* a = at; a != nullptr && opt == nullptr; a = a->get_parent()) {
      opt = a->get_option_no_throw(name);
    }
    if (opt != nullptr && what.find(" missing") != std::string::npos) {
      std::string value = opt->get_option_text();
      value = value.substr(0, value.find('='));
      for (const char* tail : {" ...", " (required)"}) {
        if (const auto k = value.find(tail); k != std::string::npos) value.erase(k);
      }
      ctx.err << fmt::format("error: {} needs a value{}\nRun '{} --help' for usage.\n", name,
                             value.empty() ? "" : ": " + value, command_path(at));
    } else {
      ctx.err << "error: " << what << fmt::format("\nRun '{} --help' for usage.\n", command_path(at));
    }
    return kExitUsage;
  } catch (const CLI::ParseError& e) {
    CLI::App* at = deepest_parsed(&app);
    ctx.err << "error: " << e.what() << fmt::format("\nRun '{} --help' for usage.\n", command_path(at));
    return kExitUsage;
  }
  if (seed_opt->count() > 0) ctx.opts.seed = seed;

  CLI::App* leaf = deepest_parsed(&app);
  try {
    if (leaf == &app) {
      // The main screen: a menu on a terminal, the overview help otherwise.
      if (ctx.in_tty && ctx.out_tty) return run_main_menu(ctx, [&env](const std::vector<std::string>& sub) {
          return run(sub, env);
        });
      ctx.out << app.help();
      return kExitOk;
    }
    if (ctx.opts.json && ctx.without_json.count(leaf) > 0) {
      ctx.err << fmt::format("error: '{}' has no JSON output; leave out --json\n", command_path(leaf));
      return kExitUsage;
    }
    const auto action = ctx.actions.find(leaf);
    if (action == ctx.actions.end()) {
      // A game without a verb: its help, listing the verbs ("Usage: puzzlelab wordle ...";
      // CLI11 names only the subcommand unless given the words before it).
      ctx.out << leaf->help(command_path(leaf->get_parent()));
      return kExitOk;
    }
    const auto shared = ctx.distributed.find(leaf);
    if (ctx.cluster != nullptr && ctx.cluster->size() > 1 && (shared == ctx.distributed.end() || !shared->second())) {
      // Only simulations, surveys and proofs share their work among MPI ranks; anything else runs
      // once, on rank 0, so that nothing is printed or saved twice.
      if (ctx.worker_rank()) return kExitOk;
      if (!ctx.opts.quiet) {
        ctx.err << fmt::format("note: '{}' runs on rank 0 alone; the other {} ranks wait\n", command_path(leaf),
                               ctx.cluster->size() - 1);
      }
    }
    action->second();
  } catch (const std::exception& e) {
    // A command failed in a way it did not report itself (out of memory, a bug):
    // still a clear message and a non-zero status, never an abort.
    ctx.err << "error: " << e.what() << '\n';
    return ctx.exit_code != kExitOk ? ctx.exit_code : kExitFailure;
  }
  if (ctx.cancelled()) {
    // A line mode interrupted at its prompt leaves the cursor after "> ^C": end that
    // line, so the shell's prompt starts on a line of its own.
    if (ctx.in_tty && ctx.out_tty) ctx.out << '\n' << std::flush;
    if (ctx.exit_code == kExitOk) return kExitInterrupted;
  }
  return ctx.exit_code;
}

}  // namespace puzzlelab::app
