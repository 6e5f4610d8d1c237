// Tests of the shared app pieces: the main menu rendering, command suggestions, the
// simulation report and the in-process CLI (argv -> exit code, streams captured).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "app/cli.h"
#include "app/game2048_view.h"
#include "app/help_format.h"
#include "app/menu.h"
#include "app/sim_report.h"
#include "core/utf8.h"

namespace puzzlelab::app {
namespace {

struct CliRun {
  int code;
  std::string out;
  std::string err;
};

CliRun run_cli(const std::vector<std::string>& args, const std::string& input = "",
               std::map<std::string, std::string> env = {}) {
  std::istringstream in(input);
  std::ostringstream out, err;
  RunEnvironment renv{in, out, err, false, false, false,
                      [env](const char* name) -> std::optional<std::string> {
                        auto it = env.find(name);
                        if (it == env.end()) return std::nullopt;
                        return it->second;
                      },
                      nullptr, -1};
  const int code = run(args, renv);
  return {code, out.str(), err.str()};
}

TEST(Menu, PlainRenderingGolden) {
  const std::string screen = render_menu(1, false, 80);
  const std::string expected =
      "puzzlelab — choose a game and a mode\n"
      "----------------------------------------------------------------------\n"
      "Wordle\n"
      "    Play                                                              \n"
      "  > Play in hard mode                                                 \n";
  EXPECT_EQ(screen.substr(0, expected.size()), expected);
  EXPECT_EQ(screen.find('\x1b'), std::string::npos);
  // Every entry appears once, each game heading once.
  for (const auto& e : menu_entries()) EXPECT_NE(screen.find(e.label), std::string::npos) << e.label;
  for (const char* game : {"Wordle\n", "汉兜 Handle\n", "24\n", "2048\n"}) {
    EXPECT_NE(screen.find(game), std::string::npos) << game;
  }
  EXPECT_NE(screen.find("Enter start"), std::string::npos);
}

TEST(Menu, EveryLineFitsTheWidth) {
  for (int width : {40, 80, 200}) {
    std::istringstream lines(render_menu(3, true, width));
    std::string line;
    while (std::getline(lines, line)) EXPECT_LE(core::display_width(line), std::max(width, 42)) << line;
  }
}

int count_lines(const std::string& s) {
  return static_cast<int>(std::count(s.begin(), s.end(), '\n'));
}

TEST(Menu, FitsAn80x24TerminalWithTitleAndEveryHeading) {
  // Fewer lines than rows: the cursor rests on the row after the last line, so a menu of
  // 24 lines would scroll its title away.
  for (std::size_t sel = 0; sel < menu_entries().size(); ++sel) {
    const std::string screen = render_menu(sel, false, 80, 24);
    EXPECT_LE(count_lines(screen), 23) << sel;
    EXPECT_EQ(screen.rfind("puzzlelab — choose a game and a mode\n", 0), 0u);
    for (const auto& e : menu_entries()) EXPECT_NE(screen.find(e.game + "\n"), std::string::npos) << e.game;
  }
}

TEST(Menu, ASmallTerminalShowsAWindowAroundTheSelection) {
  for (std::size_t sel = 0; sel < menu_entries().size(); ++sel) {
    const std::string screen = render_menu(sel, false, 80, 12);
    EXPECT_LE(count_lines(screen), 11) << sel;
    EXPECT_NE(screen.find("> " + menu_entries()[sel].label), std::string::npos) << sel;
    EXPECT_NE(screen.find("Enter start"), std::string::npos);
  }
}

// Smaller than the menu needs (its 42-column key line, 8 rows): a request to enlarge
// the terminal with no line wider than it, where the lines used to wrap and push the
// title and every entry off a 20×5 screen.
TEST(Menu, ATerminalTooSmallGetsARequestToEnlargeIt) {
  for (const auto& [w, h] : {std::pair{20, 5}, std::pair{41, 24}, std::pair{80, 7}}) {
    const std::string screen = render_menu(0, false, w, h);
    EXPECT_NE(screen.find("enlarge"), std::string::npos) << w << "x" << h;
    EXPECT_LT(count_lines(screen), h) << screen;
    std::istringstream lines(screen);
    std::string line;
    while (std::getline(lines, line)) EXPECT_LE(core::display_width(line), w) << line;
  }
  const std::string fits = render_menu(0, false, kMenuMinCols, kMenuMinRows);
  EXPECT_EQ(fits.find("enlarge"), std::string::npos);
  EXPECT_NE(fits.find("> " + menu_entries()[0].label), std::string::npos) << fits;
  EXPECT_LT(count_lines(fits), kMenuMinRows);
  std::istringstream lines(fits);
  std::string line;
  while (std::getline(lines, line)) EXPECT_LE(core::display_width(line), kMenuMinCols) << line;
}

// 2048's request on a very narrow terminal is broken between words, never cut in one
// (it was "Please enlarge the t" at 20 columns).
TEST(Game2048Screen, TheRequestToEnlargeIsBrokenBetweenWords) {
  game2048_view::Screen s;
  s.grid.size = 4;
  const std::string out = game2048_view::render_screen(s, {20, 8}, game2048_view::Style{});
  EXPECT_NE(out.find("terminal"), std::string::npos) << out;
  EXPECT_NE(out.find("(now 20×8)"), std::string::npos) << out;
  std::istringstream lines(out);
  std::string line;
  while (std::getline(lines, line)) EXPECT_LE(core::display_width(line), 20) << line;
}

TEST(Menu, SelectionIsHighlightedInColour) {
  const std::string screen = render_menu(0, true, 80);
  EXPECT_NE(screen.find("\x1b[7m> Play"), std::string::npos);
}

TEST(Menu, EveryEntryIsAnExistingCommand) {
  // Each menu entry names a leaf command of the CLI tree (its words before the options).
  const auto paths = command_paths();
  for (const auto& e : menu_entries()) {
    std::string path;
    for (const auto& a : e.args) {
      if (a.rfind("--", 0) == 0) break;
      path += (path.empty() ? "" : " ") + a;
    }
    EXPECT_NE(std::find(paths.begin(), paths.end(), path), paths.end()) << e.label << ": no command '" << path << "'";
  }
}

TEST(Cli, CommandPathsListLeaves) {
  const auto paths = command_paths();
  EXPECT_NE(std::find(paths.begin(), paths.end(), "merge"), paths.end());
  EXPECT_NE(std::find(paths.begin(), paths.end(), "bench"), paths.end());
  EXPECT_EQ(std::find(paths.begin(), paths.end(), "wordle"), paths.end());  // a game, not a command
}

// Help prose is rewrapped at spaces to the width; indented lines stay as written.
TEST(Help, ReflowWrapsAtSpacesAndKeepsIndentedLines) {
  const std::string text =
      "Without --word the answer is drawn at random from\nthe list above the line.\n\nExamples:\n"
      "  puzzlelab wordle play --word cigar --hard --palette high-contrast\n";
  EXPECT_EQ(reflow_text(text, 24),
            "Without --word the\nanswer is drawn at\nrandom from the list\nabove the line.\n\nExamples:\n"
            "  puzzlelab wordle play --word cigar --hard --palette high-contrast\n");
  EXPECT_EQ(reflow_text("unbreakable-very-long-word x", 8), "unbreakable-very-long-word\nx");
}

std::string squeezed(const std::string& s) {
  std::string out;
  bool blank = false;
  for (const char c : s) {
    if (c == ' ' || c == '\n') {
      blank = !out.empty();
      continue;
    }
    if (blank) out += ' ';
    blank = false;
    out += c;
  }
  return out;
}

// Every command's help fits the reader's width (COLUMNS): prose lines are at most that
// wide unless one word is longer, and no word is split (the words are the same as at
// any other width). Before, footers were hard-wrapped near 90 columns and a narrower
// terminal split words at its edge.
TEST(Help, EveryCommandsHelpFitsTheWidth) {
  for (const auto& path : command_paths()) {
    std::vector<std::string> args;
    std::istringstream words(path);
    for (std::string w; words >> w;) args.push_back(w);
    args.push_back("--help");
    const auto narrow = run_cli(args, "", {{"COLUMNS", "60"}});
    const auto wide = run_cli(args, "", {{"COLUMNS", "400"}});
    ASSERT_EQ(narrow.code, 0) << path;
    EXPECT_EQ(squeezed(narrow.out), squeezed(wide.out)) << path;
    std::istringstream lines(narrow.out);
    for (std::string line; std::getline(lines, line);) {
      if (line.empty() || line.front() == ' ' || line.find(' ') == std::string::npos) continue;
      EXPECT_LE(core::display_width(line), 60) << path << ": " << line;
    }
  }
}

TEST(Suggest, ClosestWithinTwoEdits) {
  EXPECT_EQ(suggest("wordl", {"wordle", "handle", "24", "2048"}), "wordle");
  EXPECT_EQ(suggest("hadnle", {"wordle", "handle"}), "handle");
  EXPECT_EQ(suggest("xyzzy", {"wordle", "handle"}), std::nullopt);
}

TEST(Cli, VersionAndHelp) {
  auto r = run_cli({"--version"});
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out.rfind("puzzlelab ", 0), 0u);
  r = run_cli({});
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("Usage: puzzlelab"), std::string::npos);
}

// Every command either prints JSON with --json or refuses it with status 2, never
// ignores it: a script must not take text for JSON. A new command fails this test
// until it is put in one of the lists.
TEST(Cli, EveryCommandHonoursOrRefusesJson) {
  const auto state_dir = std::filesystem::temp_directory_path() / ("puzzlelab-app-json-" + std::to_string(::getpid()));
  // The arguments of a quick run that must print JSON.
  const std::map<std::string, std::vector<std::string>> honours = {
      {"wordle score", {"elder", "error"}},
      {"wordle assist", {"crane:....G"}},
      {"wordle watch", {"--word", "cigar", "--player", "frequency"}},
      {"wordle sim", {"--player", "random", "--games", "3"}},
      {"handle score", {"一心一意", "心一一一"}},
      {"handle sim", {"--player", "random", "--games", "2"}},
      {"24 solve", {"3", "3", "8", "8"}},
      {"24 stats", {"--range", "1..4", "--top", "1"}},
      {"2048 move", {"2 2 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 0", "left"}},
      {"2048 hint", {"--depth", "1", "2 4 2 4 / 4 2 4 2 / 2 4 2 0 / 4 2 0 0"}},
      {"2048 sim", {"--player", "random", "--games", "2"}},
      {"stats", {"--state-dir", state_dir.string()}},
  };
  // JSON output tested elsewhere (they need shard files or minutes of work):
  // merge (cli.sim_harness), the trees (tests/optimal).
  const std::set<std::string> honours_elsewhere = {"merge", "wordle tree", "handle tree"};
  const std::set<std::string> refuses = {"wordle play", "handle play", "handle watch", "handle assist", "24 play",
                                         "2048 play",   "2048 ai",     "2048 train",   "bench",
                                         "completion",  "man",        "serve"};
  for (const auto& path : command_paths()) {
    std::vector<std::string> args{"--json", "--threads", "1", "--seed", "1"};
    std::istringstream words(path);
    for (std::string w; words >> w;) args.push_back(w);
    if (refuses.count(path) > 0) {
      if (path == "2048 train") args.insert(args.end(), {"--out", "never-written.bin"});  // required
      if (path == "completion") args.emplace_back("bash");                                   // required
      const auto r = run_cli(args);
      EXPECT_EQ(r.code, 2) << path;
      EXPECT_NE(r.err.find("--json"), std::string::npos) << path << ": " << r.err;
      EXPECT_EQ(r.out, "") << path;
      continue;
    }
    if (honours_elsewhere.count(path) > 0) continue;
    const auto example = honours.find(path);
    if (example == honours.end()) {
      ADD_FAILURE() << "'" << path << "': does it honour --json or refuse it? Add it to a list.";
      continue;
    }
    args.insert(args.end(), example->second.begin(), example->second.end());
    const auto r = run_cli(args);
    EXPECT_EQ(r.code, 0) << path << ": " << r.err;
    EXPECT_TRUE(nlohmann::json::accept(r.out)) << path << " printed: " << r.out.substr(0, 200);
  }
  // The interactive assistant has no JSON output either.
  const auto r = run_cli({"--json", "wordle", "assist"}, "crane:....G\n");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--json"), std::string::npos) << r.err;
  std::filesystem::remove_all(state_dir);
}

TEST(Cli, UsageErrorsExitTwo) {
  auto r = run_cli({"wordl"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("did you mean 'wordle'"), std::string::npos);
  r = run_cli({"--threads", "-3", "bench"});
  EXPECT_EQ(r.code, 2);
}

TEST(SimReport, DistributionBars) {
  core::Stats s;
  s.add(2, 10);
  s.add(3, 40);
  s.add(4, 20);
  const std::string chart = render_distribution(s, 8, false);
  EXPECT_EQ(chart,
            "  2 │██       10  14.3%\n"
            "  3 │████████ 40  57.1%\n"
            "  4 │████     20  28.6%\n");
}

TEST(SimReport, ManyValuesAreGroupedIntoRanges) {
  core::Stats s;
  for (int v = 0; v < 1000; ++v) s.add(v);
  const std::string chart = render_distribution(s, 10, false);
  std::istringstream lines(chart);
  std::string line;
  int n = 0;
  while (std::getline(lines, line)) ++n;
  EXPECT_LE(n, 21);
  EXPECT_NE(chart.find("0-"), std::string::npos);
}

TEST(SimReport, SummaryText) {
  core::SimSummary s;
  s.spec.game = "demo";
  s.spec.player = "p";
  s.spec.seed = 7;
  s.spec.games = 4;
  s.games = 4;
  s.wins = 3;
  for (int v : {3, 4, 4, 7}) s.primary.add(v);
  s.wall_seconds = 2;
  s.cpu_seconds = 3;
  const std::string text = render_sim_summary(s, false);
  EXPECT_NE(text.find("demo · p · seed 7 · 4 games"), std::string::npos) << text;
  EXPECT_NE(text.find("3 (75.00%)"), std::string::npos);
  EXPECT_NE(text.find("mean 4.5000"), std::string::npos);
  EXPECT_NE(text.find("median 4, max 7, total 18"), std::string::npos);
  EXPECT_NE(text.find("2.0 games/s"), std::string::npos);
}

TEST(SimReport, ParseGames) {
  EXPECT_EQ(*parse_games("all", 2315), 2315u);
  EXPECT_FALSE(parse_games("all", std::nullopt).ok());
  EXPECT_EQ(*parse_games("12", std::nullopt), 12u);
  EXPECT_FALSE(parse_games("0", 5).ok());
  EXPECT_FALSE(parse_games("-1", 5).ok());
  EXPECT_FALSE(parse_games("1e3", 5).ok());
  EXPECT_FALSE(parse_games("99999999999999999999", 5).ok());
}

}  // namespace
}  // namespace puzzlelab::app
