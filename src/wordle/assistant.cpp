#include "wordle/assistant.h"

#include <fmt/format.h>

#include "wordle/feedback.h"

namespace puzzlelab::wordle {

core::Result<AssistEntry> parse_assist_entry(const WordleGame& game, std::string_view text) {
  std::string s(text);
  for (char& c : s) {
    if (c == ':' || c == '\t' || c == '=') c = ' ';
  }
  const auto first = s.find_first_not_of(' ');
  if (first == std::string::npos) return core::Error{"empty entry"};
  const auto gap = s.find(' ', first);
  const auto second = gap == std::string::npos ? std::string::npos : s.find_first_not_of(' ', gap);
  if (second == std::string::npos) {
    return core::Error{fmt::format("'{}': give the guess and its colours, e.g. crane ..Y.G", text)};
  }
  const auto end = s.find(' ', second);
  if (end != std::string::npos && s.find_first_not_of(' ', end) != std::string::npos) {
    return core::Error{fmt::format("'{}': one guess and its colours per entry, e.g. crane ..Y.G", text)};
  }
  const std::string_view word_text = std::string_view(s).substr(first, gap - first);
  const std::string_view colours = std::string_view(s).substr(second, end == std::string::npos ? end : end - second);
  auto word = normalize_word(word_text, game.length());
  if (!word) return word.error();
  const auto g = game.find_guess(*word);
  if (!g) return core::Error{fmt::format("'{}' is not in the word list", *word)};
  auto pattern = parse_pattern(colours, game.length());
  if (!pattern) return pattern.error();
  return AssistEntry{*g, *pattern};
}

Assistant::Assistant(const Engine& engine, bool hard)
    : engine_(&engine),
      hard_(hard),
      entries_({engine.analyzer().all_secrets().begin(), engine.analyzer().all_secrets().end()}) {}

bool Assistant::solved() const {
  return !entries_.empty() && engine_->game().is_solved(entries().back().pattern);
}

std::optional<std::string> Assistant::add(const AssistEntry& entry) {
  const WordleGame& game = engine_->game();
  const std::string& word = game.guess_word(entry.guess);
  const auto n = entries().size() + 1;
  if (solved()) return fmt::format("entry {} ({}): the puzzle is already solved; undo first", n, word);
  if (hard_) {
    std::vector<guess::Observation> history;
    for (const auto& e : entries()) history.push_back({e.guess, e.pattern});
    const HardModeRule rule = engine_->hard_filter().rule_after(history);
    if (auto why = rule.violation(word)) {
      return fmt::format("entry {} ({}) breaks hard mode: {}", n, word, *why);
    }
  }
  std::vector<SecretIndex> next;
  engine_->analyzer().filter(candidates(), guess::Observation{entry.guess, entry.pattern}, next);
  if (next.empty()) {
    const std::size_t before = candidates().size();
    return fmt::format("entry {} ({} {}): no answer fits it{}", n, word, pattern_text(entry.pattern, game.length()),
                       entries_.empty() ? std::string()
                                        : fmt::format(" together with the entries before ({} answer{} fitted those)",
                                                      before, before == 1 ? "" : "s"));
  }
  entries_.push(entry, std::move(next));
  return std::nullopt;
}

bool Assistant::undo() {
  return entries_.undo();
}

std::vector<guess::RankedGuess> Assistant::suggestions(guess::Scoring scoring, std::size_t top,
                                                       unsigned threads) const {
  const guess::Analyzer& analyzer = engine_->analyzer();
  guess::Workspace ws(analyzer);
  std::vector<guess::Observation> history;
  for (const auto& e : entries()) history.push_back({e.guess, e.pattern});
  const auto allowed = guess::allowed_guesses(analyzer, hard_ ? &engine_->hard_filter() : nullptr, history, ws);
  return analyzer.rank_guesses(scoring, allowed, candidates(), top, ws, threads);
}

std::vector<guess::RankedGuess> Assistant::figures(std::span<const GuessIndex> guesses) const {
  const guess::Analyzer& analyzer = engine_->analyzer();
  guess::Workspace ws(analyzer);
  analyzer.mark_candidates(candidates(), ws);
  std::vector<guess::RankedGuess> out;
  for (const GuessIndex g : guesses) {
    out.push_back(guess::RankedGuess{g, analyzer.class_stats(g, candidates(), ws), ws.candidate_mark[g] != 0});
  }
  analyzer.clear_candidate_marks(candidates(), ws);
  return out;
}

nlohmann::json Assistant::state_json() const {
  const WordleGame& game = engine_->game();
  nlohmann::json entries = nlohmann::json::array();
  for (const auto& e : entries_.entries()) {
    entries.push_back({{"guess", game.guess_word(e.guess)}, {"pattern", pattern_text(e.pattern, game.length())}});
  }
  nlohmann::json sample = nlohmann::json::array();
  const auto c = candidates();
  for (std::size_t i = 0; i < c.size() && i < 100; ++i) sample.push_back(game.secret_word(c[i]));
  return {{"entries", entries}, {"solved", solved()}, {"candidates", c.size()}, {"sample", sample}};
}

}  // namespace puzzlelab::wordle
