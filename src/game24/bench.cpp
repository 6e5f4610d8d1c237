#include "game24/bench.h"

#include "core/parallel.h"
#include "game24/solver.h"

namespace puzzlelab::game24 {

std::vector<core::BenchWorkload> bench_workloads() {
  // Every distinct solution of every 4-number hand of 1..13 (the figure hashes each
  // hand's count in hand order), and solvability of every 5-number hand. Results are
  // reduced in index order, so the figures do not depend on --threads.
  return {{"24: distinct 4 of 1..13",
           [](const core::DataSource&, unsigned threads) {
             const auto hands = all_hands(1, 13, 4);
             const auto counts = core::parallel_map(hands.size(), threads, [&](std::uint64_t i) {
               thread_local Solver solver;
               const auto c = solver.count(hands[i], {});
               return c ? *c : ~std::uint64_t{0};
             });
             std::uint64_t figure = 0xcbf29ce484222325ULL;
             std::uint64_t total = 0;
             for (const auto c : counts) {
               total += c;
               figure = (figure ^ c) * 0x100000001b3ULL;
             }
             return total * 1000000ULL + figure % 1000000ULL;
           }},
          {"24: solvable 5 of 1..13", [](const core::DataSource&, unsigned threads) {
             const auto hands = all_hands(1, 13, 5);
             const auto ok = core::parallel_map(hands.size(), threads, [&](std::uint64_t i) {
               const auto s = solvable(hands[i]);
               return s && *s ? 1 : 0;
             });
             std::uint64_t figure = 0;
             for (std::size_t i = 0; i < ok.size(); ++i) figure += static_cast<std::uint64_t>(ok[i]) * (i % 7 + 1);
             return figure;
           }}};
}

}  // namespace puzzlelab::game24
