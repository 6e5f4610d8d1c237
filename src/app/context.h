#pragma once
// What every command gets: the global options, the streams it may use, what the
// environment says, and where data and state live. The app layer is the only one that
// reads argv, stdin and the environment; commands receive all of it from here.
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <iosfwd>
#include <optional>
#include <set>
#include <string>

#include "core/cluster.h"
#include "core/data_source.h"
#include "core/game_store.h"
#include "core/state_store.h"
#include "core/terminal.h"

namespace CLI {
class App;
}

namespace puzzlelab::app {

// Exit codes (DESIGN.md): 0 success, 1 runtime failure or "no solution", 2 usage
// error, 130 interrupted.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitUsage = 2;
inline constexpr int kExitInterrupted = 130;

// A seed for a game played without --seed: from the system's entropy source, mixed with
// the clock (only the seed comes from there; every draw is core::Rng's).
std::uint64_t fresh_seed();

struct GlobalOptions {
  std::optional<std::uint64_t> seed;
  unsigned threads = 0;  // 0: all hardware threads
  bool json = false;
  bool quiet = false;
  std::string color = "auto";
  std::optional<std::string> data_dir;
  std::optional<std::string> state_dir;
};

struct Context {
  GlobalOptions opts;
  std::istream& in;
  std::ostream& out;
  std::ostream& err;
  bool in_tty = false;
  bool out_tty = false;
  bool err_tty = false;
  // Reads an environment variable (injected so tests can fake the environment).
  std::function<std::optional<std::string>(const char*)> getenv;
  // Set by SIGINT/SIGTERM while a non-interactive command runs.
  const std::atomic<bool>* interrupted = nullptr;
  int exit_code = kExitOk;
  // The action of each leaf command, run after the whole command line has parsed
  // (so global options given after the verb are already set).
  std::map<const CLI::App*, std::function<void()>> actions;
  // The file descriptor behind `out` (1 in the program), so that a command can tell
  // when stdout is redirected to one of its own files; -1 when `out` is no file.
  int out_fd = -1;
  // The player's store, opened on first use by player_store() (app/player_store.h).
  std::shared_ptr<core::GameStore> store;
  bool store_opened = false;
  std::optional<std::string> store_error;
  // Commands with no machine-readable output: they refuse --json (a usage error) rather
  // than ignore it, so a script never takes their text for JSON.
  std::set<const CLI::App*> without_json;
  // The ranks of an MPI run (puzzlelab-mpi), or null. A command in `distributed` shares
  // its work among the ranks when its function says so for the options given (`tree`
  // only with --all); any other command runs on rank 0 alone.
  core::Cluster* cluster = nullptr;
  std::map<const CLI::App*, std::function<bool()>> distributed;

  // Colour on stdout, by core::decide_color.
  [[nodiscard]] bool color() const;
  // Whether a progress meter may be drawn on stderr.
  [[nodiscard]] bool progress_enabled() const { return err_tty && !opts.quiet && !opts.json; }
  [[nodiscard]] unsigned threads() const;
  [[nodiscard]] core::DataSource data() const;
  // The state folder; an error when neither --state-dir, XDG_STATE_HOME nor HOME gives one.
  [[nodiscard]] core::Result<core::StateStore> state() const;
  // The user's language for messages: true when LC_ALL / LC_MESSAGES / LANG say zh.
  [[nodiscard]] bool chinese() const;
  // Whether this process is a worker of an MPI run: it prints nothing and writes no file.
  [[nodiscard]] bool worker_rank() const { return cluster != nullptr && cluster->rank() != 0; }
  [[nodiscard]] bool cancelled() const { return interrupted != nullptr && interrupted->load(); }

  // Prints "error: <message>" to stderr and sets the exit code.
  void fail(const std::string& message, int code = kExitFailure);
  void warn(const std::string& message);
  // Registers what `cmd` does when it is the command given.
  void on_run(const CLI::App* cmd, std::function<void()> action) { actions[cmd] = std::move(action); }
  // Marks `cmd` as one that refuses --json.
  void no_json(const CLI::App* cmd) { without_json.insert(cmd); }
};

}  // namespace puzzlelab::app
