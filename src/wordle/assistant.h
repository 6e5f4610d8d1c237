#pragma once
// The assistant for the real daily game: the user reports each guess and the colours
// it got; the assistant keeps the answers still possible and suggests next guesses.
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/result.h"
#include "guess/analyzer.h"
#include "guess/entry_stack.h"
#include "wordle/engine.h"

namespace puzzlelab::wordle {

struct AssistEntry {
  GuessIndex guess = 0;
  Pattern pattern = 0;
};

// "crane ..Y.G", "crane:..Y.G", "CRANE bbygb", "crane 00102" (colours in any form
// parse_pattern takes). The guess must be in the game's guess list.
core::Result<AssistEntry> parse_assist_entry(const WordleGame& game, std::string_view text);

class Assistant {
 public:
  Assistant(const Engine& engine, bool hard);

  // Applies an entry. Refused, with the reason, when it breaks hard mode (in hard
  // mode the real game would not have taken it), when no answer fits it together with
  // the entries before, or after the puzzle is solved. Nothing changes when refused.
  std::optional<std::string> add(const AssistEntry& entry);
  // Takes the last entry back; false when there is none.
  bool undo();

  [[nodiscard]] std::span<const SecretIndex> candidates() const { return entries_.candidates(); }
  [[nodiscard]] const std::vector<AssistEntry>& entries() const { return entries_.entries(); }
  [[nodiscard]] bool solved() const;
  [[nodiscard]] bool hard() const { return hard_; }

  // The best `top` next guesses by `scoring` among the allowed ones (hard mode: the
  // guesses the rule allows), each with its figures for the current candidates.
  [[nodiscard]] std::vector<guess::RankedGuess> suggestions(guess::Scoring scoring, std::size_t top,
                                                            unsigned threads) const;
  // The state as JSON, as `wordle assist --json` prints it: "entries" (each "guess" and
  // its colours as "pattern"), "solved", the number of "candidates" left and a "sample"
  // of at most 100 of them in list order.
  [[nodiscard]] nlohmann::json state_json() const;
  // Figures of chosen guesses for the current candidates (e.g. cached first guesses).
  [[nodiscard]] std::vector<guess::RankedGuess> figures(std::span<const GuessIndex> guesses) const;

 private:
  const Engine* engine_;
  bool hard_;
  guess::EntryStack<AssistEntry> entries_;
};

}  // namespace puzzlelab::wordle
