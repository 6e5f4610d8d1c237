// Load test of `puzzlelab serve` on loopback: C clients (threads, one keep-alive
// connection each) send a fixed number of requests in all, alternating the stateless
// Wordle score and 2048 move endpoints, and the tool reports throughput, latency
// percentiles, errors and the server's resident memory (VmRSS of PID) after the first
// 10% of the requests and at the end.
// Usage: puzzlelab_web_load PORT PID [--clients 32] [--requests 100000] [--json]
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include <httplib.h>

namespace {

long rss_kib(long pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::strtol(line.c_str() + 6, nullptr, 10);
  }
  return -1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: puzzlelab_web_load PORT PID [--clients N] [--requests N] [--json]\n";
    return 2;
  }
  const int port = std::atoi(argv[1]);
  const long pid = std::atol(argv[2]);
  int clients = 32;
  long requests = 100000;
  bool json = false;
  for (int i = 3; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--clients" && i + 1 < argc) clients = std::atoi(argv[++i]);
    else if (a == "--requests" && i + 1 < argc) requests = std::atol(argv[++i]);
    else if (a == "--json") json = true;
    else {
      std::cerr << "unknown argument " << a << "\n";
      return 2;
    }
  }
  if (port <= 0 || clients <= 0 || requests <= 0) {
    std::cerr << "PORT, --clients and --requests must be positive\n";
    return 2;
  }
  std::atomic<long> next{0};
  std::atomic<long> errors{0};
  std::atomic<long> rss_early{-1};
  const long early_mark = requests / 10;
  std::vector<std::vector<double>> latencies(static_cast<std::size_t>(clients));
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<std::thread> threads;
  for (int c = 0; c < clients; ++c) {
    threads.emplace_back([&, c] {
      httplib::Client cli("127.0.0.1", port);
      cli.set_keep_alive(true);
      cli.set_tcp_nodelay(true);
      cli.set_read_timeout(10, 0);
      auto& mine = latencies[static_cast<std::size_t>(c)];
      for (long i = next++; i < requests; i = next++) {
        if (i == early_mark) rss_early = rss_kib(pid);
        const auto s = std::chrono::steady_clock::now();
        const bool wordle = i % 2 == 0;
        auto res = wordle ? cli.Post("/api/v1/wordle/score", R"({"guess":"crane","secret":"those"})", "application/json")
                          : cli.Post("/api/v1/2048/move", R"({"board":"0 2 2 4 / 0 0 4 8 / 0 0 0 16 / 2 0 0 32","move":"left"})",
                                     "application/json");
        const auto e = std::chrono::steady_clock::now();
        if (!res || res->status != 200) {
          if (++errors <= 5) {
            std::cerr << "request " << i << ": "
                      << (res ? "status " + std::to_string(res->status) : httplib::to_string(res.error())) << "\n";
          }
        }
        mine.push_back(std::chrono::duration<double, std::milli>(e - s).count());
      }
    });
  }
  for (auto& t : threads) t.join();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::vector<double> all;
  for (const auto& v : latencies) all.insert(all.end(), v.begin(), v.end());
  std::sort(all.begin(), all.end());
  const auto pct = [&](double p) { return all.empty() ? 0.0 : all[std::min(all.size() - 1, static_cast<std::size_t>(p * static_cast<double>(all.size())))]; };
  const long rss_end = rss_kib(pid);
  char buf[512];
  if (json) {
    std::snprintf(buf, sizeof buf,
                  "{\"clients\":%d,\"requests\":%ld,\"errors\":%ld,\"seconds\":%.3f,\"per_second\":%.0f,"
                  "\"p50_ms\":%.3f,\"p99_ms\":%.3f,\"max_ms\":%.3f,\"rss_kib_at_10pct\":%ld,\"rss_kib_end\":%ld}\n",
                  clients, requests, errors.load(), seconds, static_cast<double>(requests) / seconds, pct(0.50), pct(0.99),
                  all.empty() ? 0.0 : all.back(), rss_early.load(), rss_end);
  } else {
    std::snprintf(buf, sizeof buf,
                  "%d clients, %ld requests, %ld errors in %.2f s: %.0f requests/s, p50 %.2f ms, p99 %.2f ms, "
                  "max %.2f ms; server RSS %ld KiB after %ld requests, %ld KiB at the end\n",
                  clients, requests, errors.load(), seconds, static_cast<double>(requests) / seconds, pct(0.50), pct(0.99),
                  all.empty() ? 0.0 : all.back(), rss_early.load(), early_mark, rss_end);
  }
  std::cout << buf;
  return errors.load() == 0 ? 0 : 1;
}
