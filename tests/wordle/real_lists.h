#pragma once
// The shipped word lists and test vectors, read from the source tree.
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>

#include "core/parallel.h"
#include "wordle/engine.h"
#include "wordle/word_list.h"

namespace puzzlelab::wordle::testing {

inline std::string read_source_file(const std::string& relative) {
  std::ifstream in(std::string(PUZZLELAB_SOURCE_DIR) + "/" + relative, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + relative);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The engine over the original lists (with the pattern table) and the original game's
// day order, built once a process.
inline const Engine& real_engine() {
  static const std::unique_ptr<Engine> engine = [] {
    auto e = Engine::load(read_source_file("data/wordle/answers.txt"), read_source_file("data/wordle/guesses.txt"),
                          guess::TableOptions{std::uint64_t{512} << 20, core::resolve_threads(0)});
    if (!e) throw std::runtime_error(e.error().message);
    auto by_day = parse_word_list(read_source_file("data/wordle/answers-by-day.txt"));
    if (!by_day) throw std::runtime_error(by_day.error().message);
    if (auto err = (*e)->set_day_order(*by_day)) throw std::runtime_error(err->message);
    return std::move(e).value();
  }();
  return *engine;
}

}  // namespace puzzlelab::wordle::testing
