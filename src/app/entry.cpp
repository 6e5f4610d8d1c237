// The program around puzzlelab::app::run: the only place that touches argv, the real
// streams, the environment and process signals. Both executables start here: puzzlelab
// (src/app/main.cpp) and puzzlelab-mpi (src/mpi/main.cpp), which adds the MPI ranks.
#include "app/entry.h"

#include <fcntl.h>
#include <time.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <iostream>

#include "app/cli.h"

namespace puzzlelab::app {

namespace {

std::atomic<bool> g_interrupted{false};
// When the first signal came (CLOCK_MONOTONIC, nanoseconds).
std::atomic<std::int64_t> g_first_signal_ns{0};
static_assert(std::atomic<std::int64_t>::is_always_lock_free, "read and written in a signal handler");

// A second signal within this time of the first is the same request: `timeout` (and
// other supervisors) send one signal twice, to the child and then to its process group,
// and a game that died of the second one would lose what the first was saving.
constexpr std::int64_t kSameRequestNs = 1'000'000'000;

std::int64_t monotonic_ns() {
  timespec now{};
  ::clock_gettime(CLOCK_MONOTONIC, &now);  // async-signal-safe (POSIX)
  return std::int64_t{now.tv_sec} * 1'000'000'000 + now.tv_nsec;
}

// First SIGINT/SIGTERM/SIGHUP: ask the running command to stop cleanly (a simulation
// prints what it has and saves its games in progress, a game is already saved). Another
// one a second or more later: the default action (a stop that takes too long can still
// be forced). The handlers block each other (sa_mask), so they never interleave.
void on_interrupt(int sig) {
  const std::int64_t now = monotonic_ns();
  if (g_interrupted.load()) {
    if (now - g_first_signal_ns.load() < kSameRequestNs) return;
    std::signal(sig, SIG_DFL);
    std::raise(sig);
    return;
  }
  g_first_signal_ns.store(now);
  g_interrupted.store(true);
  // The line-by-line commands (handle play, 24 play, ...) block in a read of stdin,
  // which libstdc++ retries after EINTR: put an empty stdin under it so that read ends
  // and the command finishes (saving) at once. Async-signal-safe calls only.
  const int fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (fd >= 0) {
    ::dup2(fd, 0);
    ::close(fd);
  }
}

}  // namespace

int run_program(int argc, char** argv, core::Cluster* cluster) {
  std::ios::sync_with_stdio(false);
  // Without SA_RESTART (std::signal sets it on glibc), so blocked calls return; SIGHUP
  // (the terminal was closed) ends a command the same way as SIGINT/SIGTERM.
  struct sigaction sa {};
  sa.sa_handler = on_interrupt;
  sigemptyset(&sa.sa_mask);
  for (const int sig : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&sa.sa_mask, sig);
  sa.sa_flags = 0;
  for (const int sig : {SIGINT, SIGTERM, SIGHUP}) ::sigaction(sig, &sa, nullptr);
  std::signal(SIGPIPE, SIG_IGN);  // a closed pipe becomes a write error, not a silent death

  std::vector<std::string> args(argv + 1, argv + argc);
  RunEnvironment env{std::cin,
                                     std::cout,
                                     std::cerr,
                                     ::isatty(0) == 1,
                                     ::isatty(1) == 1,
                                     ::isatty(2) == 1,
                                     [](const char* name) -> std::optional<std::string> {
                                       const char* v = std::getenv(name);
                                       if (v == nullptr) return std::nullopt;
                                       return std::string(v);
                                     },
                                     &g_interrupted,
                                     STDOUT_FILENO,
                                     cluster};
  const int code = run(args, env);
  std::cout.flush();
  if (!std::cout) {
    // stdout went away (closed pipe, full disk): say so instead of exiting 0.
    std::cerr << "error: could not write all output\n";
    return code == 0 ? 1 : code;
  }
  if (g_interrupted.load() && code == 0) return 130;
  return code;
}

}  // namespace puzzlelab::app
