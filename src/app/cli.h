#pragma once
// Entry point of the puzzlelab program: builds the CLI11 tree, parses argv, runs the
// chosen command and maps every outcome to an exit code.
#include <atomic>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "core/cluster.h"

namespace puzzlelab::app {

struct RunEnvironment {
  std::istream& in;
  std::ostream& out;
  std::ostream& err;
  bool in_tty = false;
  bool out_tty = false;
  bool err_tty = false;
  std::function<std::optional<std::string>(const char*)> getenv;
  const std::atomic<bool>* interrupted = nullptr;
  int out_fd = -1;  // the file descriptor behind `out`; -1 when it is no file
  // The ranks of an MPI run (puzzlelab-mpi); none for the plain program.
  core::Cluster* cluster = nullptr;
};

// Runs puzzlelab with args (without the program name); returns the exit code.
int run(const std::vector<std::string>& args, const RunEnvironment& env);

// Every runnable command as its words ("wordle play", "merge"), for tests and docs.
std::vector<std::string> command_paths();

// Closest candidate to `word` within edit distance 2 (for "did you mean").
std::optional<std::string> suggest(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace puzzlelab::app
