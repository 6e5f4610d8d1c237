// The puzzlelab executable: the only place that touches argv, the real streams,
// the environment and process signals.
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <iostream>

#include "app/cli.h"

namespace {

std::atomic<bool> g_interrupted{false};

// First SIGINT/SIGTERM: ask the running command to stop cleanly (a simulation
// prints what it has, a game is already saved). A second one: default action.
void on_interrupt(int sig) {
  if (g_interrupted.exchange(true)) {
    std::signal(sig, SIG_DFL);
    std::raise(sig);
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  std::signal(SIGINT, on_interrupt);
  std::signal(SIGTERM, on_interrupt);
  std::signal(SIGPIPE, SIG_IGN);  // a closed pipe becomes a write error, not a silent death

  std::vector<std::string> args(argv + 1, argv + argc);
  puzzlelab::app::RunEnvironment env{std::cin,
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
                                     &g_interrupted};
  const int code = puzzlelab::app::run(args, env);
  std::cout.flush();
  if (!std::cout) {
    // stdout went away (closed pipe, full disk): say so instead of exiting 0.
    std::cerr << "error: could not write all output\n";
    return code == 0 ? 1 : code;
  }
  if (g_interrupted.load() && code == 0) return 130;
  return code;
}
