#pragma once
// The best first guesses of a guess game, cached as JSON in the state folder: finding
// them scores every guess against every candidate (seconds, or minutes with all Handle
// idioms as candidates), and they never change for the same data and setting. One file
// per game ("wordle-openers.json", "handle-openers.json"), one entry per data and
// setting, keyed "<data checksum as 16 hex digits>-<setting>", holding the guesses as
// words, best first: other data never reuses a stale answer, and the words are checked
// against the game's list by the caller. Cache problems only cost time, so they come back
// as warnings (a file that does not parse is moved aside by the store).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "core/state_store.h"

namespace puzzlelab::guess {

struct CachedOpeners {
  std::vector<std::string> words;     // empty: nothing cached for this data and setting
  std::vector<std::string> warnings;  // the file could not be read, or was moved aside
};

class OpenerCache {
 public:
  // `file` is the file's name in the store's folder; `checksum` identifies the data.
  OpenerCache(core::StateStore store, std::string file, std::uint64_t checksum)
      : store_(std::move(store)), file_(std::move(file)), checksum_(checksum) {}

  // The words cached for `setting` (anything but strings ignores the entry).
  [[nodiscard]] CachedOpeners load(std::string_view setting) const;
  // Stores `words` for `setting`, keeping the file's other entries.
  [[nodiscard]] std::optional<core::Error> save(std::string_view setting, const std::vector<std::string>& words) const;

 private:
  [[nodiscard]] std::string key(std::string_view setting) const;
  core::StateStore store_;
  std::string file_;
  std::uint64_t checksum_;
};

}  // namespace puzzlelab::guess
