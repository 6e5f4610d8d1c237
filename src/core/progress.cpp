#include "core/progress.h"

#include <fmt/format.h>

namespace puzzlelab::core {

Progress::Progress(std::ostream& out, bool enabled, std::uint64_t total, std::string label)
    : out_(out), enabled_(enabled), total_(total), label_(std::move(label)), start_(std::chrono::steady_clock::now()) {}

Progress::~Progress() { finish(); }

std::string format_duration(double seconds) {
  if (seconds < 0) seconds = 0;
  const auto s = static_cast<long long>(seconds + 0.5);
  if (s >= 3600) return fmt::format("{}h{:02}m", s / 3600, (s / 60) % 60);
  if (s >= 60) return fmt::format("{}m{:02}s", s / 60, s % 60);
  return fmt::format("{}s", s);
}

std::string Progress::format_line(const std::string& label, std::uint64_t done, std::uint64_t total,
                                  double elapsed_seconds, const std::string& figure) {
  const double rate = elapsed_seconds > 0 ? static_cast<double>(done) / elapsed_seconds : 0.0;
  std::string line = fmt::format("{} {}/{}", label, done, total);
  if (total > 0) line += fmt::format(" ({:.0f}%)", 100.0 * static_cast<double>(done) / static_cast<double>(total));
  line += rate >= 100 ? fmt::format(", {:.0f}/s", rate) : fmt::format(", {:.2f}/s", rate);
  if (rate > 0 && total > done) {
    line += ", ETA " + format_duration(static_cast<double>(total - done) / rate);
  }
  if (!figure.empty()) line += ", " + figure;
  return line;
}

void Progress::update(std::uint64_t done, const std::string& figure) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (now - start_ < std::chrono::seconds(1)) return;
  if (drawn_ && now - last_draw_ < std::chrono::milliseconds(100)) return;
  last_draw_ = now;
  drawn_ = true;
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  out_ << "\r\x1b[2K" << format_line(label_, done, total_, elapsed, figure) << std::flush;
}

void Progress::finish() {
  if (drawn_) {
    out_ << "\r\x1b[2K" << std::flush;
    drawn_ = false;
  }
}

}  // namespace puzzlelab::core
