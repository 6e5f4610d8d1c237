#include "wordle/decision_tree.h"

#include <algorithm>
#include <map>
#include <span>

#include <fmt/format.h>

#include "wordle/hard_mode.h"

namespace puzzlelab::wordle {

namespace {

std::vector<std::string_view> split_blanks(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < s.size() && s[i] != ' ' && s[i] != '\t') ++i;
    if (i > start) out.push_back(s.substr(start, i - start));
  }
  return out;
}

}  // namespace

core::Result<std::vector<TreeLine>> parse_decision_tree(std::string_view text, int length) {
  std::vector<TreeLine> lines;
  std::string previous;
  std::size_t line_no = 0;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view raw = text.substr(start, end - start);
    start = end + 1;
    ++line_no;
    if (!raw.empty() && raw.back() == '\r') raw.remove_suffix(1);
    if (raw.find_first_not_of(" \t") == std::string_view::npos) continue;
    const std::size_t indent = raw.find_first_not_of(' ');
    if (indent > previous.size()) {
      return core::Error{fmt::format("line {}: indented {} columns, past the end of the line above", line_no, indent)};
    }
    const std::string full = previous.substr(0, indent) + std::string(raw.substr(indent));
    previous = full;
    const auto tokens = split_blanks(full);
    if (tokens.size() < 2 || tokens.size() % 2 != 0) {
      return core::Error{fmt::format("line {}: expected pairs of 'word PATTERNk'", line_no)};
    }
    TreeLine line;
    line.line_no = line_no;
    for (std::size_t t = 0; t < tokens.size(); t += 2) {
      auto word = normalize_word(tokens[t], length);
      if (!word) return core::Error{fmt::format("line {}: {}", line_no, word.error().message)};
      const std::string_view mark = tokens[t + 1];
      const std::string_view colours =
          mark.substr(0, std::min<std::size_t>(mark.size(), static_cast<std::size_t>(length)));
      const std::string_view number = mark.substr(colours.size());
      if (colours.size() != static_cast<std::size_t>(length) ||
          colours.find_first_not_of("BYG") != std::string_view::npos) {
        return core::Error{
            fmt::format("line {}: '{}' should be {} letters of B, Y, G and the guess number", line_no, mark, length)};
      }
      if (number != std::to_string(t / 2 + 1)) {
        return core::Error{fmt::format("line {}: '{}' should end with guess number {}", line_no, mark, t / 2 + 1)};
      }
      auto pattern = parse_pattern(colours, length);
      if (!pattern) return core::Error{fmt::format("line {}: {}", line_no, pattern.error().message)};
      line.turns.push_back(TreeTurn{*word, *pattern});
    }
    if (line.turns.back().pattern != solved_pattern(length)) {
      return core::Error{fmt::format("line {}: the last guess is not all green", line_no)};
    }
    lines.push_back(std::move(line));
  }
  return lines;
}

core::Result<TreeSummary> check_decision_tree(const WordleGame& game, const std::vector<TreeLine>& lines, bool hard) {
  TreeSummary summary;
  const int length = game.length();
  std::vector<std::size_t> line_of_secret(game.secret_count(), 0);
  // History (guesses and patterns so far, as text) -> the next guess it leads to.
  std::map<std::string, std::string> next_guess;
  for (const TreeLine& line : lines) {
    const std::string& secret = line.turns.back().guess;
    const auto s = game.find_secret(secret);
    if (!s) return core::Error{fmt::format("line {}: '{}' is not an answer", line.line_no, secret)};
    if (line_of_secret[*s] != 0) {
      return core::Error{fmt::format("line {}: '{}' already has line {}", line.line_no, secret, line_of_secret[*s])};
    }
    line_of_secret[*s] = line.line_no;
    HardModeRule rule(length);
    std::string history;
    for (std::size_t t = 0; t < line.turns.size(); ++t) {
      const TreeTurn& turn = line.turns[t];
      if (!game.find_guess(turn.guess)) {
        return core::Error{fmt::format("line {}: '{}' is not an allowed guess", line.line_no, turn.guess)};
      }
      if (hard) {
        if (auto why = rule.violation(turn.guess)) {
          return core::Error{
              fmt::format("line {}: guess {} '{}' breaks hard mode: {}", line.line_no, t + 1, turn.guess, *why)};
        }
      }
      const Pattern actual = score(secret, turn.guess);
      if (actual != turn.pattern) {
        return core::Error{fmt::format("line {}: '{}' against '{}' gives {}, the tree says {}", line.line_no,
                                       turn.guess, secret, pattern_text(actual, length),
                                       pattern_text(turn.pattern, length))};
      }
      const auto [it, inserted] = next_guess.emplace(history, turn.guess);
      if (!inserted && it->second != turn.guess) {
        return core::Error{fmt::format("line {}: guess {} is '{}' but another line with the same history plays '{}'",
                                       line.line_no, t + 1, turn.guess, it->second)};
      }
      history += turn.guess + pattern_text(turn.pattern, length) + ' ';
      rule.add(turn.guess, turn.pattern);
    }
    const auto n = static_cast<std::uint32_t>(line.turns.size());
    ++summary.games;
    summary.total_guesses += n;
    summary.max_guesses = std::max(summary.max_guesses, n);
    ++summary.distribution[n];
  }
  for (SecretIndex s = 0; s < game.secret_count(); ++s) {
    if (line_of_secret[s] == 0) {
      return core::Error{fmt::format("the tree has no line for the answer '{}'", game.secret_word(s))};
    }
  }
  return summary;
}

namespace {

// B gray, Y yellow, G green, position 0 first (Selby's letters).
std::string selby_pattern(guess::Pattern p, int length) {
  std::string text = wordle::pattern_text(p, length);
  std::replace(text.begin(), text.end(), '.', 'B');
  return text;
}

// The Selby-format line structure as a tree under construction.
struct ProtoNode {
  guess::GuessIndex guess = 0;
  std::map<guess::Pattern, int> children;  // -1: solved
};

std::uint32_t emit(const std::vector<ProtoNode>& protos, int at, guess::DecisionTree& tree) {
  const std::uint32_t id = tree.add_node(protos[static_cast<std::size_t>(at)].guess);
  const auto& children = protos[static_cast<std::size_t>(at)].children;
  for (const auto& [pattern, child] : children) tree.add_branch(id, pattern, guess::kSolvedLeaf);
  std::size_t i = 0;
  for (const auto& [pattern, child] : children) {
    if (child >= 0) tree.set_child(id, i, emit(protos, child, tree));
    ++i;
  }
  return id;
}

}  // namespace

std::string wordle_tree_text(const WordleGame& game, const guess::DecisionTree& tree,
                             std::span<const guess::SecretIndex> secrets) {
  const int length = game.length();
  const auto by_text = [length](guess::Pattern a, guess::Pattern b) {
    return selby_pattern(a, length) < selby_pattern(b, length);
  };
  std::string out;
  std::vector<std::string> previous;
  for (const guess::TreePath& path : guess::tree_paths(game, tree, secrets, by_text)) {
    std::vector<std::string> tokens;
    for (std::size_t k = 0; k < path.turns.size(); ++k) {
      tokens.push_back(game.guess_word(path.turns[k].guess));
      tokens.push_back(fmt::format("{}{}", selby_pattern(path.turns[k].pattern, length), k + 1));
    }
    // The tokens shared with the line above become blanks (Selby's files: "same text as
    // the line above up to this column").
    std::size_t shared = 0;
    std::size_t column = 0;
    while (shared < tokens.size() && shared < previous.size() && tokens[shared] == previous[shared]) {
      column += tokens[shared].size() + 1;
      ++shared;
    }
    out.append(column, ' ');
    for (std::size_t t = shared; t < tokens.size(); ++t) {
      if (t > shared) out += ' ';
      out += tokens[t];
    }
    out += '\n';
    previous = std::move(tokens);
  }
  return out;
}

core::Result<guess::DecisionTree> parse_wordle_tree(const WordleGame& game, std::string_view text) {
  auto lines = parse_decision_tree(text, game.length());
  if (!lines) return lines.error();
  if (lines->empty()) return core::Error{"no tree lines"};
  std::vector<ProtoNode> protos;
  for (const TreeLine& line : *lines) {
    int at = protos.empty() ? -1 : 0;
    for (std::size_t t = 0; t < line.turns.size(); ++t) {
      const TreeTurn& turn = line.turns[t];
      const auto g = game.find_guess(turn.guess);
      if (!g) return core::Error{fmt::format("line {}: '{}' is not an allowed guess", line.line_no, turn.guess)};
      if (at < 0) {
        protos.push_back(ProtoNode{*g, {}});
        at = static_cast<int>(protos.size() - 1);
      } else if (protos[static_cast<std::size_t>(at)].guess != *g) {
        return core::Error{fmt::format("line {}: guess {} is '{}' but another line with the same history plays '{}'",
                                       line.line_no, t + 1, turn.guess,
                                       game.guess_word(protos[static_cast<std::size_t>(at)].guess))};
      }
      const bool last = t + 1 == line.turns.size();
      auto& children = protos[static_cast<std::size_t>(at)].children;
      const auto it = children.find(turn.pattern);
      if (last) {
        if (it != children.end()) {
          return core::Error{fmt::format("line {}: the same history as an earlier line", line.line_no)};
        }
        children.emplace(turn.pattern, -1);
        break;
      }
      if (it == children.end()) {
        const auto next = game.find_guess(line.turns[t + 1].guess);
        if (!next) {
          return core::Error{
              fmt::format("line {}: '{}' is not an allowed guess", line.line_no, line.turns[t + 1].guess)};
        }
        protos.push_back(ProtoNode{*next, {}});
        const int child = static_cast<int>(protos.size() - 1);
        protos[static_cast<std::size_t>(at)].children.emplace(turn.pattern, child);
        at = child;
      } else if (it->second < 0) {
        return core::Error{fmt::format("line {}: continues after a solved turn of an earlier line", line.line_no)};
      } else {
        at = it->second;
      }
    }
  }
  guess::DecisionTree tree;
  emit(protos, 0, tree);
  return tree;
}

core::Result<CheckedTreeFile> check_tree_file(const Engine& engine, std::string_view text, bool hard,
                                              std::uint32_t max_guesses) {
  const WordleGame& game = engine.game();
  CheckedTreeFile out;
  auto lines = parse_decision_tree(text, game.length());
  if (!lines) return lines.error();
  if (lines->empty()) return core::Error{"no tree lines"};
  out.lines = std::move(*lines);
  auto summary = check_decision_tree(game, out.lines, hard);
  if (!summary) return summary.error();
  out.summary = std::move(*summary);
  if (max_guesses > 0) {
    for (std::size_t i = 0; i < out.lines.size(); ++i) {
      if (out.lines[i].turns.size() > max_guesses) {
        out.over_limit = i;
        return out;
      }
    }
  }
  auto tree = parse_wordle_tree(game, text);
  if (!tree) return tree.error();
  const guess::TreeCheck replay = guess::verify_tree(game, *tree, engine.analyzer().all_secrets(),
                                                     hard ? &engine.hard_filter() : nullptr, max_guesses);
  if (replay.defect || replay.summary.total != out.summary.total_guesses) {
    return core::Error{"the tree does not replay through the solver's verifier"};
  }
  out.tree = std::move(*tree);
  return out;
}

}  // namespace puzzlelab::wordle
