// `puzzlelab serve`: starts the browser front-end (src/web) and waits for Ctrl-C.
#include <chrono>
#include <cstdlib>
#include <thread>

#include <fmt/format.h>

#include "app/commands.h"
#include "app/player_store.h"
#include "web/server.h"

namespace puzzlelab::app {
namespace {

struct ServeCommandOptions {
  int port = 8048;
  std::string host = "127.0.0.1";
  bool open = false;
};

bool is_loopback(const std::string& host) {
  return host == "127.0.0.1" || host == "localhost" || host == "::1" || host.rfind("127.", 0) == 0;
}

// Starts the desktop's browser on `url` when there is one (xdg-open), without waiting
// for it and without its output on our terminal.
void open_browser(Context& ctx, const std::string& url) {
  if (std::getenv("DISPLAY") == nullptr && std::getenv("WAYLAND_DISPLAY") == nullptr) {
    ctx.warn("no desktop to open a browser on; open the address yourself");
    return;
  }
  const std::string cmd = fmt::format("xdg-open '{}' >/dev/null 2>&1 &", url);
  if (std::system(cmd.c_str()) != 0) ctx.warn("could not start a browser; open the address yourself");
}

void run_serve(Context& ctx, const ServeCommandOptions& o) {
  if (!is_loopback(o.host)) {
    ctx.warn(fmt::format("listening on {}: the games (and your statistics) are reachable from the network", o.host));
  }
  std::unique_ptr<core::GameStore> store;
  if (auto dir = ctx.state(); !dir) {
    ctx.warn(dir.error().message + " (games are kept in memory only)");
  } else {
    std::vector<std::string> warnings;
    auto opened = core::GameStore::open(dir->dir(), warnings, legacy_state_files());
    for (const auto& w : warnings) ctx.warn(w);
    if (opened) {
      store = std::move(*opened);
    } else {
      ctx.warn(opened.error().message + " (games are kept in memory only)");
    }
  }
  web::ServeOptions so;
  so.host = o.host;
  so.port = o.port;
  web::Server server(so, std::move(store), ctx.data());
  auto port = server.bind();
  if (!port) return ctx.fail(port.error().message);
  const std::string url = fmt::format("http://{}:{}/", o.host.find(':') != std::string::npos ? "[" + o.host + "]" : o.host, *port);
  ctx.out << fmt::format("serving on {} (Ctrl-C to stop)", url) << std::endl;
  if (o.open) open_browser(ctx, url);
  // Ctrl-C and SIGTERM set ctx.interrupted (main.cpp); a watcher stops the server, which
  // finishes the requests in flight. Every game is saved at each input, so none is lost.
  std::atomic<bool> done{false};
  std::thread watcher([&] {
    while (!done.load() && !ctx.cancelled()) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    server.stop();
  });
  server.run();
  done.store(true);
  watcher.join();
  if (!ctx.opts.quiet) ctx.err << "stopped; every game is saved\n";
}

}  // namespace

void add_serve_command(CLI::App& root, Context& ctx) {
  auto* cmd = root.add_subcommand("serve", "Play in the browser: a local web app for all four games");
  cmd->footer(R"(Examples:
  puzzlelab serve                 http://127.0.0.1:8048/
  puzzlelab serve --port 0        any free port (the address is printed)
  puzzlelab serve --open          and open it in the desktop's browser

Games in progress and statistics are kept in the same store as terminal play
(puzzlelab.db in the state folder). The API is described in docs/api.md.)");
  auto o = std::make_shared<ServeCommandOptions>();
  cmd->add_option("--port", o->port, "TCP port (0: any free one; default 8048)")->check(CLI::Range(0, 65535));
  // An empty address would listen on every interface, with the warning naming ":".
  cmd->add_option("--host", o->host, "Address to listen on (default 127.0.0.1, this machine only)")
      ->check(CLI::Validator(
          [](std::string& s) -> std::string {
            return s.empty() ? "give an address such as 127.0.0.1 or 0.0.0.0, not an empty one" : "";
          },
          ""));
  cmd->add_flag("--open", o->open, "Open the page in the desktop's browser");
  ctx.no_json(cmd);
  ctx.on_run(cmd, [&ctx, o] { run_serve(ctx, *o); });
}

}  // namespace puzzlelab::app
