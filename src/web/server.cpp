#include "web/server.h"

#include <netdb.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <memory>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

#include <fmt/core.h>
#include <httplib.h>

#include "core/state_store.h"
#include "web/api_games.h"
#include "web/assets.h"
#include "web/handle_view.h"
#include "web/jobs.h"
#include "web/sessions.h"
#include "web/wordle_engine.h"

namespace puzzlelab::web {
namespace {

using nlohmann::json;

double unix_seconds() {
  using namespace std::chrono;
  return duration<double>(system_clock::now().time_since_epoch()).count();
}

void send_json(httplib::Response& res, int status, const json& body) {
  res.status = status;
  res.set_content(body.dump(-1, ' ', false, json::error_handler_t::replace), "application/json");
}

const char* reason_of(int status) {
  switch (status) {
    // httplib's own 400s: a request line or header it cannot read, or a POST, PUT or
    // PATCH that says neither its Content-Length nor a chunked body.
    case 400:
      return "the request cannot be read (a POST needs a Content-Length, even of 0)";
    case 404: return "not found";
    case 405: return "method not allowed";
    case 408: return "request timeout";
    case 413: return "the request body is over the limit";
    case 414: return "the request path is too long";
    case 429: return "too many requests";
    case 431: return "the request headers are too large";
    default: return status >= 500 ? "internal error" : "bad request";
  }
}

// After a failed bind: whether the reason is that something else listens there (httplib
// does not keep errno). A plain socket on the same address answers EADDRINUSE.
bool port_in_use(const std::string& host, int port) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found) != 0) return false;
  bool in_use = false;
  for (addrinfo* a = found; a && !in_use; a = a->ai_next) {
    const int fd = ::socket(a->ai_family, a->ai_socktype, a->ai_protocol);
    if (fd < 0) continue;
    int yes = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    if (::bind(fd, a->ai_addr, a->ai_addrlen) != 0 && errno == EADDRINUSE) in_use = true;
    ::close(fd);
  }
  ::freeaddrinfo(found);
  return in_use;
}

std::string lowercase(std::string s) {
  for (char& c : s) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return s;
}

// The host name of a Host header ("127.0.0.1:8048" -> "127.0.0.1", "[::1]:8048" -> "[::1]").
std::string host_name(const std::string& host) {
  if (!host.empty() && host.front() == '[') return host.substr(0, host.find(']') + 1);
  return host.substr(0, host.find(':'));
}

// localhost, [::1], or an address 127.a.b.c written as digits and dots only (a name such as
// 127.0.0.1.example.com is a name, which another site can point anywhere).
bool is_loopback_name(const std::string& name) {
  if (name == "localhost" || name == "[::1]" || name == "::1") return true;
  if (name.rfind("127.", 0) != 0) return false;
  int dots = 0;
  for (const char c : name) {
    if (c == '.')
      ++dots;
    else if (c < '0' || c > '9')
      return false;
  }
  return dots == 3;
}

constexpr const char* kEventsPattern = "/api/v1/jobs/([0-9a-f]{32})/events";

}  // namespace

struct Server::Impl {
  ServeOptions options;
  SharedStore store;
  core::DataSource data;
  // The Handle lexicon and its compiled table, loaded on first use and shared by the
  // Handle game, its assistant and the watch job.
  std::shared_ptr<HandleData> handle_data;
  Sessions sessions;
  // One worker for long work: on this 2-core machine the other core answers requests.
  Jobs jobs{1, 4};
  httplib::Server http;
  // Event streams open now. Each holds one of the request threads for as long as its job
  // runs (minutes), so without a bound a few dozen streams (to one job, say) would leave
  // no thread to answer anything else; beyond the bound a stream is a 429.
  std::atomic<unsigned> open_streams{0};
  std::vector<Route> routes;
  int listen_fd = -1;

  Impl(ServeOptions o, std::unique_ptr<core::GameStore> db, core::DataSource d)
      : options(std::move(o)),
        store(std::move(db)),
        data(std::move(d)),
        handle_data(std::make_shared<HandleData>(data)),
        sessions(store, make_games(data, handle_data)) {}

  static std::vector<std::unique_ptr<GameApi>> make_games(const core::DataSource& data,
                                                          const std::shared_ptr<HandleData>& handle_data) {
    std::vector<std::unique_ptr<GameApi>> g;
    g.push_back(make_wordle_api(data));
    g.push_back(make_handle_api(handle_data));
    g.push_back(make_2048_api());
    g.push_back(make_24_api());
    return g;
  }

  // Why a request to the API is refused as coming from another site, or nullopt. The
  // server has no CORS headers, so another site's script cannot read its answers, but a
  // browser still sends another site's "simple" requests (a form, or fetch with a
  // text/plain body) and the server would act on them: starting sessions by the thousand
  // would push the player's saved games out of the store, starting jobs would fill the
  // queue. A browser names the page that sent a request in Origin (always on a POST or
  // DELETE from a script or form) and says in Sec-Fetch-Site whether it is another site's;
  // both must be this server's. While the server listens on loopback, Host must name
  // loopback as well: a site whose name an attacker points at 127.0.0.1 (DNS rebinding)
  // is then not answered. Clients that are not browsers (curl, scripts) send neither
  // Origin nor Sec-Fetch-Site and are served as before.
  std::optional<std::string> refused_origin(const httplib::Request& req) const {
    const std::string host = lowercase(req.get_header_value("Host"));
    if (is_loopback_name(options.host) && !host.empty() && !is_loopback_name(host_name(host))) {
      return fmt::format("this server answers only requests addressed to this machine (Host: {})",
                         core_printable(host));
    }
    if (req.has_header("Origin") && lowercase(req.get_header_value("Origin")) != "http://" + host) {
      return fmt::format("requests from another site ({}) are refused", core_printable(req.get_header_value("Origin")));
    }
    if (req.get_header_value("Sec-Fetch-Site") == "cross-site")
      return std::string("requests from another site are refused");
    return std::nullopt;
  }

  // Runs one API route: the body parsed strictly as JSON (a duplicate key, bad UTF-8 or
  // trailing bytes are a 400), the handler called, its reply sent as JSON.
  void answer(const Route& route, const httplib::Request& req, httplib::Response& res) const {
    if (auto refused = refused_origin(req)) return send_json(res, 403, {{"error", *refused}});
    Call call;
    call.now = unix_seconds();
    if (!req.body.empty()) {
      // A NUL byte is never part of a JSON text (inside a string it is written \u0000), but
      // the parser takes it for the end of the input: {"game":"2048"}<NUL>garbage would be
      // read as the object before it.
      if (req.body.find('\0') != std::string::npos) {
        return send_json(res, 400, {{"error", "the body is not JSON: it holds a NUL byte"}});
      }
      auto parsed = core::parse_json_strict(req.body);
      if (!parsed) return send_json(res, 400, {{"error", "the body is not JSON: " + parsed.error().message}});
      call.body = std::move(*parsed);
    } else {
      call.body = json::object();
    }
    for (std::size_t i = 1; i < req.matches.size(); ++i) call.params.push_back(req.matches[i].str());
    for (const auto& [k, v] : req.params) call.query.emplace(k, v);
    Reply reply;
    try {
      reply = route.handler(call);
    } catch (const std::exception& e) {
      reply = error_reply(500, std::string("internal error: ") + e.what());
    }
    send_json(res, reply.status, reply.body);
  }

  void install_routes() {
    routes = routes_common(store);
    for (auto& r : routes_2048()) routes.push_back(std::move(r));
    for (auto& r : routes_24()) routes.push_back(std::move(r));
    for (auto& r : sessions.routes()) routes.push_back(std::move(r));
    auto engines = std::make_shared<WordleEngines>(data);
    for (auto& r : routes_jobs(jobs, engines, make_handle_watch(handle_data))) routes.push_back(std::move(r));
    for (auto& r : routes_assist(jobs, engines)) routes.push_back(std::move(r));
    for (auto& r : routes_handle_assist(handle_data)) routes.push_back(std::move(r));
    for (auto& r : routes_2048_ai(jobs, sessions)) routes.push_back(std::move(r));
    install_events();
    for (const Route& r : routes) {
      auto h = [this, &r](const httplib::Request& req, httplib::Response& res) { answer(r, req, res); };
      if (r.method == "GET") http.Get(r.pattern, h);
      else if (r.method == "POST") http.Post(r.pattern, h);
      else if (r.method == "DELETE") http.Delete(r.pattern, h);
    }
    // Anything else under /api is a JSON error: a 405 naming the methods an endpoint
    // takes (GET /api/v1/wordle/score), else a 404. The 405s are routes of their own, one
    // per endpoint and method it does not take, so that httplib matches the paths (a
    // std::regex built here trips GCC 12's -Wmaybe-uninitialized in the sanitizer build).
    // Every other path is one of the page's embedded files or a 404 (nothing is read from
    // the file system).
    std::vector<std::pair<std::string, std::string>> allowed_at;  // pattern, "GET, POST"
    const auto allow = [&](const std::string& pattern, const std::string& method) {
      auto it = std::find_if(allowed_at.begin(), allowed_at.end(), [&](const auto& p) { return p.first == pattern; });
      if (it == allowed_at.end()) return allowed_at.emplace_back(pattern, method), void();
      if (it->second.find(method) == std::string::npos) it->second += ", " + method;
    };
    for (const Route& r : routes) allow(r.pattern, r.method);
    allow(kEventsPattern, "GET");
    for (const auto& [pattern, allowed] : allowed_at) {
      const auto not_allowed = [allowed](const httplib::Request& req, httplib::Response& res) {
        res.set_header("Allow", allowed);
        send_json(res, 405,
                  {{"error", fmt::format("{} takes {}, not {}", core_printable(req.path), allowed,
                                         core_printable(req.method))}});
      };
      if (allowed.find("GET") == std::string::npos) http.Get(pattern, not_allowed);
      if (allowed.find("POST") == std::string::npos) http.Post(pattern, not_allowed);
      if (allowed.find("DELETE") == std::string::npos) http.Delete(pattern, not_allowed);
      http.Put(pattern, not_allowed);
      http.Patch(pattern, not_allowed);
      http.Options(pattern, not_allowed);
    }
    const auto unknown_api = [](const httplib::Request& req, httplib::Response& res) {
      send_json(res, 404, {{"error", fmt::format("no such endpoint: {} {}", req.method, core_printable(req.path))}});
    };
    http.Get("/api/.*", unknown_api);
    http.Post("/api/.*", unknown_api);
    http.Delete("/api/.*", unknown_api);
    http.Put("/api/.*", unknown_api);
    http.Patch("/api/.*", unknown_api);
    http.Options("/api/.*", unknown_api);
    http.Get(".*", [](const httplib::Request& req, httplib::Response& res) {
      const auto asset = find_asset(req.path);
      if (!asset) {
        res.status = 404;
        res.set_content("not found\n", "text/plain; charset=utf-8");
        return;
      }
      res.set_content(asset->bytes.data(), asset->bytes.size(), std::string(asset->content_type).c_str());
      res.set_header("Cache-Control", "no-cache");
    });
  }

  // GET /api/v1/jobs/ID/events: Server-Sent Events, a "progress" event about every 100 ms
  // and one last event named after how the job ended (done, failed, cancelled) carrying
  // its status and result. A page that goes away (the write fails) cancels the job.
  // At most a quarter of the request threads stream at once (open_streams).
  void install_events() {
    http.Get(kEventsPattern, [this](const httplib::Request& req, httplib::Response& res) {
      if (auto refused = refused_origin(req)) return send_json(res, 403, {{"error", *refused}});
      const std::string id = req.matches[1].str();
      if (!jobs.status(id, false)) return send_json(res, 404, {{"error", "no such job"}});
      // A HEAD request gets the stream's headers only. httplib never runs the provider of a
      // HEAD answer and then releases it as failed, which would cancel the job as if its
      // page had gone away.
      if (req.method == "HEAD") {
        res.set_header("Cache-Control", "no-store");
        res.set_header("Content-Type", "text/event-stream");
        return;
      }
      if (open_streams.fetch_add(1) >= max_streams()) {
        open_streams.fetch_sub(1);
        return send_json(
            res, 429,
            {{"error", "too many event streams are open; close one or follow the job with GET /api/v1/jobs/ID"}});
      }
      res.set_header("Cache-Control", "no-store");
      res.set_chunked_content_provider(
          "text/event-stream",
          [this, id](std::size_t, httplib::DataSink& sink) {
            auto s = jobs.status(id, false);
            if (!s) {
              sink.done();
              return true;
            }
            const std::string state = (*s)["state"].get<std::string>();
            const bool final = state == "done" || state == "failed" || state == "cancelled";
            if (final) s = jobs.status(id, true);
            const std::string event = fmt::format("event: {}\ndata: {}\n\n", final ? state : "progress",
                                                  s ? s->dump() : std::string("{}"));
            if (!sink.write(event.data(), event.size())) {
              jobs.cancel(id);
              return false;
            }
            if (final) {
              sink.done();
              return true;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            return true;
          },
          // Called when the stream's response is destroyed, however it ended (and by each
          // copy of a response, were one copied: the stream is counted out only once).
          [this, id, counted = std::make_shared<std::atomic<bool>>(true)](bool success) {
            if (counted->exchange(false)) open_streams.fetch_sub(1);
            if (!success) jobs.cancel(id);
          });
    });
  }

  unsigned max_streams() const { return std::max(1u, options.request_threads / 4); }

  static std::string core_printable(const std::string& s) {
    std::string out;
    for (const char c : s.substr(0, 200)) out += (c >= 0x20 && c < 0x7f) ? c : '?';
    return out;
  }

  void configure() {
    // SO_REUSEADDR only: httplib's default also sets SO_REUSEPORT, which would let a second
    // server share a port in use instead of saying so.
    // The listening socket is remembered to widen its backlog after the bind.
    http.set_socket_options([this](socket_t sock) {
      int yes = 1;
      ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
      listen_fd = sock;
    });
    http.set_tcp_nodelay(true);  // small JSON answers go out at once (no Nagle delay)
    http.set_payload_max_length(options.max_body);
    http.set_read_timeout(5, 0);
    http.set_write_timeout(5, 0);
    http.set_idle_interval(0, 100000);
    http.set_keep_alive_timeout(2);
    http.set_keep_alive_max_count(1000);
    const unsigned threads = options.request_threads;
    http.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
    http.set_post_routing_handler([](const httplib::Request& req, httplib::Response& res) {
      res.set_header("Content-Security-Policy", kContentSecurityPolicy);
      res.set_header("X-Content-Type-Options", "nosniff");
      res.set_header("Referrer-Policy", "no-referrer");
      res.set_header("X-Frame-Options", "DENY");
      if (req.path.rfind("/api/", 0) == 0) res.set_header("Cache-Control", "no-store");
    });
    // Errors httplib raises itself (an oversized body, a bad request line) get the API's
    // error shape too.
    http.set_error_handler([](const httplib::Request&, httplib::Response& res) {
      if (res.body.empty()) send_json(res, res.status, {{"error", reason_of(res.status)}});
    });
    http.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
      send_json(res, 500, {{"error", "internal error"}});
    });
    install_routes();
  }
};

Server::Server(ServeOptions options, std::unique_ptr<core::GameStore> store, core::DataSource data)
    : impl_(std::make_unique<Impl>(std::move(options), std::move(store), std::move(data))) {
  impl_->configure();
}

Server::~Server() = default;

core::Result<int> Server::bind() {
  auto& o = impl_->options;
  const int port = o.port == 0 ? impl_->http.bind_to_any_port(o.host) : (impl_->http.bind_to_port(o.host, o.port) ? o.port : -1);
  if (port < 0) {
    if (o.port != 0 && port_in_use(o.host, o.port)) {
      return core::Error{fmt::format("port {} on {} is in use (another server? try --port)", o.port, o.host)};
    }
    return core::Error{fmt::format("cannot listen on {} port {} (is the address this machine's?)", o.host, o.port)};
  }
  // httplib listens with a backlog of 5: a burst of new connections (32 clients starting
  // at once) would overflow it and wait for the kernel's one-second retry, or fail. listen()
  // again on the same socket only widens the queue.
  if (impl_->listen_fd >= 0) ::listen(impl_->listen_fd, SOMAXCONN);
  return port;
}

void Server::run() { impl_->http.listen_after_bind(); }

void Server::stop() {
  impl_->jobs.shutdown();  // running jobs stop; their event streams end
  impl_->http.stop();
}

}  // namespace puzzlelab::web
