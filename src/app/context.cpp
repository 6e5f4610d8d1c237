#include "app/context.h"

#include <chrono>
#include <ostream>
#include <random>

#include "core/parallel.h"
#include "core/utf8.h"

namespace puzzlelab::app {

std::uint64_t fresh_seed() {
  std::random_device rd;
  const auto t = static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  return (static_cast<std::uint64_t>(rd()) << 32) ^ rd() ^ t;
}

bool Context::color() const {
  const auto choice = core::parse_color_choice(opts.color).value_or(core::ColorChoice::Auto);
  core::ColorEnv env;
  env.no_color = getenv("NO_COLOR");
  env.force_color = getenv("FORCE_COLOR");
  env.term = getenv("TERM");
  env.is_tty = out_tty;
  return core::decide_color(choice, env);
}

unsigned Context::threads() const {
  // Under MPI each rank usually has a core of its own: one thread per rank unless asked.
  if (opts.threads == 0 && cluster != nullptr && cluster->size() > 1) return 1;
  return core::resolve_threads(opts.threads);
}

core::DataSource Context::data() const {
  if (opts.data_dir) return core::DataSource(std::filesystem::path(*opts.data_dir));
  return core::DataSource();
}

core::Result<core::StateStore> Context::state() const {
  if (opts.state_dir) return core::StateStore(std::filesystem::path(*opts.state_dir));
  const auto xdg = getenv("XDG_STATE_HOME");
  const auto home = getenv("HOME");
  auto dir = core::default_state_dir(xdg ? xdg->c_str() : nullptr, home ? home->c_str() : nullptr);
  if (!dir) return core::Error{"no state folder: set HOME or XDG_STATE_HOME, or pass --state-dir DIR"};
  return core::StateStore(*dir);
}

bool Context::chinese() const {
  for (const char* var : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    const auto v = getenv(var);
    if (v && !v->empty()) return v->rfind("zh", 0) == 0;
  }
  return false;
}

void Context::fail(const std::string& message, int code) {
  // Messages often quote what the user typed: escape control bytes, shorten huge input.
  err << "error: " << core::printable(message) << '\n';
  exit_code = code;
}

void Context::warn(const std::string& message) { err << "warning: " << core::printable(message) << '\n'; }

}  // namespace puzzlelab::app
