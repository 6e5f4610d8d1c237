#pragma once
// `puzzlelab serve`: the browser front-end. An HTTP server (cpp-httplib) on loopback that
// serves the embedded page and the JSON API under /api/v1 (docs/api.md) over the games'
// play sessions, kept in the player's store beside terminal play.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/data_source.h"
#include "core/game_store.h"
#include "core/result.h"

namespace puzzlelab::web {

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8048;                // 0: any free port (tests read the chosen one)
  // Threads answering requests. httplib gives a keep-alive connection its thread until it
  // closes, so this bounds the clients served at once (the page itself uses a few).
  unsigned request_threads = 64;
  std::size_t max_body = 64 * 1024;
};

// Headers every answer carries: the page may run only its own scripts and styles (no
// inline script, no eval), load nothing from another host, and not be framed.
inline constexpr const char* kContentSecurityPolicy =
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

class Server {
 public:
  // `store` may be null (it could not be opened): games are then kept in memory only.
  Server(ServeOptions options, std::unique_ptr<core::GameStore> store, core::DataSource data);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds the address; the port bound (the chosen one when options.port is 0), or an
  // error a person can act on ("port 8048 is in use").
  core::Result<int> bind();
  // Answers requests until stop() is called (from any thread).
  void run();
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace puzzlelab::web
