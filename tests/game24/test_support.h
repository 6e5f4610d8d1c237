#pragma once
// Helpers shared by the game24 tests.
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "game24/solver.h"

namespace puzzlelab::game24::testing {

inline std::vector<Rational> hand_of(std::initializer_list<std::int64_t> values) {
  std::vector<Rational> h;
  for (const auto v : values) h.emplace_back(v);
  return h;
}

using game24::hand_text;

inline std::set<std::string> texts(const SolveResult& r) {
  std::set<std::string> out;
  for (const auto& s : r.solutions) out.insert(s.text);
  return out;
}

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace puzzlelab::game24::testing
