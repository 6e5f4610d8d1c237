#include "game24/solver.h"

#include <gtest/gtest.h>

#include <fmt/format.h>

namespace puzzlelab::game24 {
namespace {

std::vector<Rational> hand(std::initializer_list<std::int64_t> v) {
  std::vector<Rational> h;
  for (auto x : v) h.emplace_back(x);
  return h;
}

TEST(Solver, Quick) {
  for (auto h : {hand({5, 6, 7, 8}), hand({3, 3, 8, 8}), hand({1, 2, 3, 4}), hand({1, 1, 5, 5}), hand({12, 12, 12, 12}), hand({6,6,6,6}), hand({2,4,8,10})}) {
    auto r = solve(h, {});
    ASSERT_TRUE(r.ok()) << r.error().message;
    std::string s;
    for (auto& x : r->solutions) s += x.text + "  ";
    fmt::print("{} {}: {}\n", to_string(h[0]), r->solutions.size(), s);
  }
  int solvable = 0;
  for (auto& h : all_hands(1, 13, 4)) solvable += *game24::solvable(h) ? 1 : 0;
  EXPECT_EQ(solvable, 1362);
}

}  // namespace
}  // namespace puzzlelab::game24
