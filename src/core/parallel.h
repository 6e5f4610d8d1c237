#pragma once
// The parallel runner every simulation uses. Work items are claimed by index from an
// atomic counter; results are handed to the caller strictly in index order, block by
// block, so anything reduced from them is identical for any thread count, and memory
// stays bounded by one block however many items there are.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace puzzlelab::core {

// 0 means "all hardware threads" (at least 1).
inline unsigned resolve_threads(unsigned requested) {
  if (requested > 0) return requested;
  const unsigned hw = std::thread::hardware_concurrency();
  return hw > 0 ? hw : 1;
}

struct RunOptions {
  unsigned threads = 1;
  std::size_t block = 0;                       // items per ordered block; 0 = automatic
  const std::atomic<bool>* cancel = nullptr;   // stop early when it becomes true
  // Called on the calling thread about every 100 ms with the number of items done.
  std::function<void(std::uint64_t done)> tick;
};

// Runs produce(i) for i in [0, count) and calls consume(i, result) on the calling
// thread for i = 0, 1, 2, ... in order. Returns false when cancelled (items after the
// last fully finished block are not consumed). An exception thrown by produce is
// rethrown here after every worker has stopped.
template <class Produce, class Consume>
bool run_ordered(std::uint64_t count, const RunOptions& opt, Produce&& produce, Consume&& consume) {
  using R = decltype(produce(std::uint64_t{0}));
  const unsigned threads = std::max(1u, opt.threads);
  auto cancelled = [&] { return opt.cancel != nullptr && opt.cancel->load(std::memory_order_relaxed); };
  std::uint64_t done_total = 0;

  if (threads == 1) {
    auto last_tick = std::chrono::steady_clock::now();
    for (std::uint64_t i = 0; i < count; ++i) {
      if (cancelled()) return false;
      consume(i, produce(i));
      ++done_total;
      if (opt.tick) {
        const auto now = std::chrono::steady_clock::now();
        if (now - last_tick >= std::chrono::milliseconds(100)) {
          opt.tick(done_total);
          last_tick = now;
        }
      }
    }
    if (opt.tick) opt.tick(done_total);
    return true;
  }

  const std::size_t block = opt.block > 0 ? opt.block : std::size_t{4096};
  std::vector<std::optional<R>> results;
  for (std::uint64_t start = 0; start < count; start += block) {
    if (cancelled()) return false;
    const std::uint64_t n = std::min<std::uint64_t>(block, count - start);
    results.assign(n, std::nullopt);
    std::atomic<std::uint64_t> next{0};
    std::atomic<std::uint64_t> finished{0};
    std::atomic<bool> failed{false};
    std::exception_ptr error;
    std::mutex error_mutex;
    std::mutex done_mutex;
    std::condition_variable done_cv;
    unsigned running = 0;
    auto worker = [&] {
      for (;;) {
        if (failed.load(std::memory_order_relaxed) || cancelled()) break;
        const std::uint64_t k = next.fetch_add(1, std::memory_order_relaxed);
        if (k >= n) break;
        try {
          results[k].emplace(produce(start + k));
        } catch (...) {
          std::lock_guard lock(error_mutex);
          if (!error) error = std::current_exception();
          failed = true;
          break;
        }
        finished.fetch_add(1, std::memory_order_relaxed);
      }
      // Wake the caller as soon as the last worker is done (no polling delay).
      std::lock_guard lock(done_mutex);
      if (--running == 0) done_cv.notify_all();
    };
    std::vector<std::thread> pool;
    const unsigned used = static_cast<unsigned>(std::min<std::uint64_t>(threads, n));
    running = used;
    pool.reserve(used);
    for (unsigned t = 0; t < used; ++t) pool.emplace_back(worker);
    if (opt.tick) {
      // Report progress every 100 ms while the block runs; workers never call back
      // into the caller, and the wait ends the moment the last worker finishes.
      std::unique_lock lock(done_mutex);
      while (!done_cv.wait_for(lock, std::chrono::milliseconds(100), [&] { return running == 0; })) {
        lock.unlock();
        opt.tick(done_total + finished.load(std::memory_order_relaxed));
        lock.lock();
      }
    }
    for (auto& t : pool) t.join();
    if (error) std::rethrow_exception(error);
    if (finished.load() < n) return false;  // cancelled inside the block
    for (std::uint64_t k = 0; k < n; ++k) consume(start + k, std::move(*results[k]));
    done_total += n;
    if (opt.tick) opt.tick(done_total);
  }
  return true;
}

// Convenience: fill a vector with produce(i) for all i, in parallel, ordered.
template <class Produce>
auto parallel_map(std::uint64_t count, unsigned threads, Produce&& produce) {
  using R = decltype(produce(std::uint64_t{0}));
  std::vector<R> out;
  out.reserve(count);
  RunOptions opt;
  opt.threads = threads;
  opt.block = static_cast<std::size_t>(std::max<std::uint64_t>(count, 1));
  run_ordered(count, opt, produce, [&](std::uint64_t, R&& r) { out.push_back(std::move(r)); });
  return out;
}

// Splits [0, count) into `threads` contiguous ranges and runs body(begin, end) on
// each in parallel (for table builds where each item writes its own slot).
inline void parallel_ranges(std::uint64_t count, unsigned threads,
                            const std::function<void(std::uint64_t, std::uint64_t)>& body) {
  threads = std::max(1u, std::min<unsigned>(threads, static_cast<unsigned>(std::max<std::uint64_t>(count, 1))));
  if (threads == 1) {
    body(0, count);
    return;
  }
  std::vector<std::thread> pool;
  std::exception_ptr error;
  std::mutex error_mutex;
  for (unsigned t = 0; t < threads; ++t) {
    const std::uint64_t b = count * t / threads;
    const std::uint64_t e = count * (t + 1) / threads;
    pool.emplace_back([&, b, e] {
      try {
        body(b, e);
      } catch (...) {
        std::lock_guard lock(error_mutex);
        if (!error) error = std::current_exception();
      }
    });
  }
  for (auto& th : pool) th.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace puzzlelab::core
