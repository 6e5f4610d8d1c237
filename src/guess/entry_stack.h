#pragma once
// What an assistant keeps of a real game in progress, for every guess game: the entries
// the player typed (a guess and the feedback the game showed) and, after each, the
// secrets still possible, so that an entry can be taken back without filtering again.
// The game's assistant decides whether an entry is taken (its own rules and messages);
// this holds the result.
#include <cstddef>
#include <span>
#include <utility>
#include <vector>

#include "guess/game.h"

namespace puzzlelab::guess {

template <class Entry>
class EntryStack {
 public:
  // Before any entry every secret of `start` is possible.
  explicit EntryStack(std::vector<SecretIndex> start) { stack_.push_back(std::move(start)); }

  // The secrets possible after every entry so far.
  [[nodiscard]] std::span<const SecretIndex> candidates() const { return stack_.back(); }
  [[nodiscard]] const std::vector<Entry>& entries() const { return entries_; }
  [[nodiscard]] bool empty() const { return entries_.empty(); }

  // Takes `entry`, after which `next` (not empty: an entry no secret fits is refused by
  // the caller) are possible.
  void push(Entry entry, std::vector<SecretIndex> next) {
    entries_.push_back(std::move(entry));
    stack_.push_back(std::move(next));
  }
  // Takes the last entry back; false when there is none.
  bool undo() {
    if (entries_.empty()) return false;
    entries_.pop_back();
    stack_.pop_back();
    return true;
  }

 private:
  std::vector<Entry> entries_;
  std::vector<std::vector<SecretIndex>> stack_;  // candidates after 0, 1, ... entries
};

}  // namespace puzzlelab::guess
