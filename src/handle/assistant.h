#pragma once
// The assistant for a real Handle game: the user reports each guessed idiom and the sixteen
// marks the game showed for it; the assistant keeps the candidates that would have shown
// exactly those marks and ranks the next guesses. Shared by `handle assist` and the web API.
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/result.h"
#include "guess/analyzer.h"
#include "guess/entry_stack.h"
#include "guess/player.h"
#include "handle/feedback.h"
#include "handle/game.h"
#include "handle/session.h"

namespace puzzlelab::handle {

struct AssistEntry {
  Word word;
  CompiledWord compiled;  // the word compiled against the game's part table
  Feedback feedback;
};

// Splits words such as {"补过拾遗", "NNNM", "NMMM", "NNNN", "NNNN"} or {"补过拾遗:NNNMNMMMNNNNNNNN"}
// into (idiom, marks) pairs. Tokens are read left to right: a token starting with a Han
// character opens an entry (a ':' may join the marks to it), the following tokens are its
// marks until 16 letters are read.
core::Result<std::vector<std::pair<std::string, std::string>>> split_assist_entries(
    const std::vector<std::string>& tokens);

// An entry read from its idiom and marks: the entry, or why the idiom is not a guess (the
// rules of check_guess, not strict: any four Han characters), or why the marks do not read.
struct ParsedAssistEntry {
  std::optional<AssistEntry> entry;
  std::optional<InputError> idiom_error;
  std::string marks_error;
};
// Compiles the word with `table` (not to be called while another thread compiles).
ParsedAssistEntry parse_assist_entry(IdiomTable& table, std::string_view idiom, std::string_view marks);

// Why an entry was not taken.
struct AssistRefusal {
  enum class Kind {
    Solved,       // the entries before already solved the puzzle
    NoCandidate,  // no candidate fits it together with the entries before
  };
  Kind kind = Kind::NoCandidate;
  std::string message;  // in English, naming the entry by its number
};

struct AssistGuess {
  guess::GuessIndex guess = 0;  // an idiom index
  guess::ClassStats stats;      // its figures against the current candidates
  bool candidate = false;       // it could be the answer
};

class Assistant {
 public:
  // The candidates start as `start` (secrets of `game`, any order). The next guesses are
  // ranked by `player` when it is a WeightedEntropyPlayer (its prior over the candidates),
  // otherwise by plain entropy over every idiom. All must outlive the assistant.
  Assistant(const HandleGame& game, const guess::Analyzer& analyzer, const guess::Player* player,
            std::vector<guess::SecretIndex> start);

  // Applies an entry; nothing changes when it is refused.
  std::optional<AssistRefusal> add(const AssistEntry& entry);
  // Takes the last entry back; false when there is none.
  bool undo();

  [[nodiscard]] std::span<const guess::SecretIndex> candidates() const { return entries_.candidates(); }
  [[nodiscard]] const std::vector<AssistEntry>& entries() const { return entries_.entries(); }
  // The last entry's four characters are all exact.
  [[nodiscard]] bool solved() const;

  // The best `top` next guesses for the current candidates, best first.
  [[nodiscard]] std::vector<AssistGuess> suggestions(std::size_t top, unsigned threads) const;

  [[nodiscard]] const HandleGame& game() const { return *game_; }

 private:
  const HandleGame* game_;
  const guess::Analyzer* analyzer_;
  const guess::Player* player_;
  guess::EntryStack<AssistEntry> entries_;
};

// The idiom's pinyin with tone marks, syllables separated by spaces (jué, not jve2).
std::string tone_marked_pinyin(const Idiom& idiom);

}  // namespace puzzlelab::handle
