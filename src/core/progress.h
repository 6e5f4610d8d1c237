#pragma once
// A progress line for long runs: done/total, rate, ETA and a running figure. It stays
// silent for the first second (short runs print nothing), redraws at most ten times a
// second, and is disabled outright when the app says so (not a terminal, --quiet, --json).
#include <chrono>
#include <cstdint>
#include <ostream>
#include <string>

namespace puzzlelab::core {

// A duration as a progress line writes it: "7s", "5m40s", "2h05m" (rounded to the
// second; negative counts as 0).
std::string format_duration(double seconds);

class Progress {
 public:
  Progress(std::ostream& out, bool enabled, std::uint64_t total, std::string label);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // Reports progress; `figure` is a short running result such as "mean 3.46".
  void update(std::uint64_t done, const std::string& figure = {});
  // Erases the line (if one was drawn).
  void finish();

  // The text of the line for the given state (pure; used by tests).
  static std::string format_line(const std::string& label, std::uint64_t done, std::uint64_t total,
                                 double elapsed_seconds, const std::string& figure);

 private:
  std::ostream& out_;
  bool enabled_;
  std::uint64_t total_;
  std::string label_;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_draw_{};
  bool drawn_ = false;
};

}  // namespace puzzlelab::core
