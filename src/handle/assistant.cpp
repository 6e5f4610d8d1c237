#include "handle/assistant.h"

#include <algorithm>

#include <fmt/format.h>

#include "core/utf8.h"
#include "handle/pinyin.h"
#include "handle/weighted_player.h"

namespace puzzlelab::handle {

core::Result<std::vector<std::pair<std::string, std::string>>> split_assist_entries(
    const std::vector<std::string>& tokens) {
  std::vector<std::pair<std::string, std::string>> out;
  std::size_t letters = 16;
  for (const std::string& raw : tokens) {
    std::string token = raw;
    auto decoded = core::utf8_decode(token);
    const bool starts_han = decoded && !decoded->empty() && core::is_han((*decoded)[0]);
    if (starts_han) {
      if (letters < 16) return core::Error{fmt::format("'{}' has only {} of its 16 marks", out.back().first, letters)};
      std::string marks;
      if (const auto colon = token.find(':'); colon != std::string::npos) {
        marks = token.substr(colon + 1);
        token = token.substr(0, colon);
      }
      out.emplace_back(token, marks);
      letters = 0;
      for (const char c : marks) letters += c != ' ';
      continue;
    }
    if (out.empty()) return core::Error{fmt::format("'{}': an entry starts with the guessed idiom", raw)};
    if (letters >= 16) {
      return core::Error{fmt::format("'{}': '{}' already has its 16 marks; start the next entry with an idiom", raw,
                                     out.back().first)};
    }
    out.back().second += (out.back().second.empty() ? "" : " ") + token;
    letters += token.size();
  }
  if (!out.empty() && letters < 16) {
    return core::Error{
        fmt::format("'{}' needs 16 marks (4 per character: character, initial, final, tone), e.g. "
                    "补过拾遗 NNNM NMMM NNNN NNNN",
                    out.back().first)};
  }
  return out;
}

ParsedAssistEntry parse_assist_entry(IdiomTable& table, std::string_view idiom, std::string_view marks) {
  ParsedAssistEntry out;
  CheckedGuess checked = check_guess(table.lexicon(), idiom, false);
  if (!checked.word) {
    out.idiom_error = std::move(checked.error);
    return out;
  }
  auto feedback = parse_feedback(marks);
  if (!feedback) {
    out.marks_error = feedback.error().message;
    return out;
  }
  out.entry = AssistEntry{*checked.word, table.compile(*checked.word), *feedback};
  return out;
}

namespace {

// Sorted, so that filtering keeps the candidates sorted and membership is a binary search.
std::vector<guess::SecretIndex> sorted(std::vector<guess::SecretIndex> secrets) {
  std::sort(secrets.begin(), secrets.end());
  return secrets;
}

}  // namespace

Assistant::Assistant(const HandleGame& game, const guess::Analyzer& analyzer, const guess::Player* player,
                     std::vector<guess::SecretIndex> start)
    : game_(&game), analyzer_(&analyzer), player_(player), entries_(sorted(std::move(start))) {}

bool Assistant::solved() const {
  return !entries_.empty() && entries().back().feedback.win();
}

std::optional<AssistRefusal> Assistant::add(const AssistEntry& entry) {
  const std::size_t n = entries().size() + 1;
  std::string word;
  for (const char32_t c : entry.word) word += core::utf8_encode(c);
  if (solved()) {
    return AssistRefusal{AssistRefusal::Kind::Solved,
                         fmt::format("entry {} ({}): the puzzle is already solved; undo first", n, word)};
  }
  // A candidate stays when the guess would have shown exactly these marks against it.
  const Pattern want = encode(entry.feedback);
  const auto idioms = game_->table().idioms();
  std::vector<guess::SecretIndex> next;
  for (const guess::SecretIndex s : candidates()) {
    if (fast_score(entry.compiled, idioms[game_->guess_of_secret(s)]) == want) next.push_back(s);
  }
  if (next.empty()) {
    return AssistRefusal{AssistRefusal::Kind::NoCandidate,
                         fmt::format("No candidate fits entry {} ({} {}): it contradicts the entries before it or "
                                     "the marks are mistyped.",
                                     n, word, format_feedback(entry.feedback))};
  }
  entries_.push(entry, std::move(next));
  return std::nullopt;
}

bool Assistant::undo() {
  return entries_.undo();
}

std::vector<AssistGuess> Assistant::suggestions(std::size_t top, unsigned threads) const {
  const auto c = candidates();
  std::vector<guess::GuessIndex> ranked;
  if (const auto* w = dynamic_cast<const WeightedEntropyPlayer*>(player_)) {
    ranked = w->rank(c, top, threads);
  } else {
    guess::Workspace ws(*analyzer_);
    for (const auto& r :
         analyzer_->rank_guesses(guess::Scoring::Entropy, analyzer_->all_guesses(), c, top, ws, threads)) {
      ranked.push_back(r.guess);
    }
  }
  std::vector<AssistGuess> out;
  guess::Workspace ws(*analyzer_);
  for (const guess::GuessIndex g : ranked) {
    const guess::ClassStats st = analyzer_->class_stats(g, c, ws);
    const bool candidate = std::binary_search(c.begin(), c.end(), game_->secret_of_idiom(g).value_or(~0u));
    out.push_back(AssistGuess{g, st, candidate});
  }
  return out;
}

std::string tone_marked_pinyin(const Idiom& idiom) {
  std::string s;
  for (const auto& p : idiom.pinyin) {
    if (!s.empty()) s += ' ';
    s += tone_marked(p);
  }
  return s;
}

}  // namespace puzzlelab::handle
