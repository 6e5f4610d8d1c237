#include "handle/decision_tree.h"

#include <algorithm>
#include <map>
#include <vector>

#include <fmt/format.h>

#include "core/utf8.h"
#include "handle/feedback.h"

namespace puzzlelab::handle {

namespace {

std::string idiom_text(const HandleGame& game, guess::GuessIndex g) {
  return core::utf8_encode(game.table().lexicon().idioms()[g].word);
}

// A node while the lines are read: its guess and, for each pattern, the next node (-1:
// solved there).
struct ProtoNode {
  guess::GuessIndex guess = 0;
  std::map<guess::Pattern, int> children;
};

// Node `at` and the nodes under it, depth first; a node's branches are added together
// right after it (DecisionTree's rule), its children after that.
std::uint32_t emit(const std::vector<ProtoNode>& protos, int at, guess::DecisionTree& tree) {
  const ProtoNode& proto = protos[static_cast<std::size_t>(at)];
  const std::uint32_t node = tree.add_node(proto.guess);
  for (const auto& [pattern, child] : proto.children) tree.add_branch(node, pattern, guess::kSolvedLeaf);
  std::size_t k = 0;
  for (const auto& [pattern, child] : proto.children) {
    if (child >= 0) tree.set_child(node, k, emit(protos, child, tree));
    ++k;
  }
  return node;
}

}  // namespace

guess::TreeCacheKey optimal_tree_key(std::uint64_t lexicon_checksum, std::uint32_t max_guesses,
                                     std::optional<guess::GuessIndex> first) {
  return guess::TreeCacheKey{
      "handle", fmt::format("{:016x}", lexicon_checksum),
      fmt::format("answers/max={}/first={}", max_guesses, first ? std::to_string(*first) : std::string("best"))};
}

std::string proof_problem(std::uint64_t lexicon_checksum, std::uint32_t max_guesses) {
  return fmt::format("handle/{:016x}/answers/max={}", lexicon_checksum, max_guesses);
}

std::string pattern_marks(guess::Pattern pattern) {
  std::string text = format_feedback(decode(pattern));
  std::erase(text, ' ');
  return text;
}

std::string handle_tree_text(const HandleGame& game, const guess::DecisionTree& tree,
                             std::span<const guess::SecretIndex> secrets) {
  std::string out;
  for (const guess::TreePath& path : guess::tree_paths(game, tree, secrets)) {
    for (std::size_t k = 0; k < path.turns.size(); ++k) {
      if (k > 0) out += ' ';
      out += fmt::format("{} {}{}", idiom_text(game, path.turns[k].guess), pattern_marks(path.turns[k].pattern), k + 1);
    }
    out += '\n';
  }
  return out;
}

core::Result<guess::DecisionTree> parse_handle_tree(const HandleGame& game, std::string_view text) {
  const Lexicon& lexicon = game.table().lexicon();
  std::vector<ProtoNode> protos;
  std::size_t line_no = 0;
  std::size_t pos = 0;
  while (pos < text.size()) {
    const std::size_t end = std::min(text.find('\n', pos), text.size());
    const std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    ++line_no;
    const auto fail = [&](const std::string& what) { return core::Error{fmt::format("line {}: {}", line_no, what)}; };
    std::vector<std::string_view> tokens;
    for (std::size_t at = 0; at < line.size();) {
      const std::size_t stop = std::min(line.find_first_of(" \t\r", at), line.size());
      if (stop > at) tokens.push_back(line.substr(at, stop - at));
      at = stop + 1;
    }
    if (tokens.empty()) continue;
    if (tokens.size() % 2 != 0) return fail("expected pairs of an idiom and its marks with the guess number");
    int at = protos.empty() ? -1 : 0;
    for (std::size_t t = 0; t < tokens.size() / 2; ++t) {
      const std::string_view word = tokens[2 * t];
      const std::string_view marks = tokens[2 * t + 1];
      const auto decoded = core::utf8_decode(word);
      const auto idiom = decoded ? lexicon.find(*decoded) : std::nullopt;
      if (!idiom) return fail(fmt::format("'{}' is not an idiom of the guess list", core::printable(word)));
      const std::string number = std::to_string(t + 1);
      if (marks.size() <= number.size() || marks.substr(marks.size() - number.size()) != number) {
        return fail(fmt::format("'{}' should end with the guess number {}", core::printable(marks), number));
      }
      auto feedback = parse_feedback(marks.substr(0, marks.size() - number.size()));
      if (!feedback) return fail(feedback.error().message);
      const guess::Pattern pattern = encode(*feedback);
      const bool last = 2 * t + 2 == tokens.size();
      if (pattern_wins(pattern) != last) {
        return fail(last ? "the last guess does not solve it" : "goes on after a solved guess");
      }
      if (at < 0) {
        protos.push_back(ProtoNode{*idiom, {}});
        at = static_cast<int>(protos.size() - 1);
      } else if (protos[static_cast<std::size_t>(at)].guess != *idiom) {
        return fail(fmt::format("guess {} is '{}' but another line with the same turns plays '{}'", t + 1,
                                core::printable(word), idiom_text(game, protos[static_cast<std::size_t>(at)].guess)));
      }
      auto& children = protos[static_cast<std::size_t>(at)].children;
      const auto it = children.find(pattern);
      if (last) {
        if (it != children.end()) return fail("the same turns as an earlier line");
        children.emplace(pattern, -1);
      } else if (it == children.end()) {
        const auto next_word = core::utf8_decode(tokens[2 * t + 2]);
        const auto next = next_word ? lexicon.find(*next_word) : std::nullopt;
        if (!next) {
          return fail(fmt::format("'{}' is not an idiom of the guess list", core::printable(tokens[2 * t + 2])));
        }
        protos.push_back(ProtoNode{*next, {}});
        const int child = static_cast<int>(protos.size() - 1);
        protos[static_cast<std::size_t>(at)].children.emplace(pattern, child);
        at = child;
      } else if (it->second < 0) {
        return fail("goes on after a solved guess of an earlier line");
      } else {
        at = it->second;
      }
    }
  }
  if (protos.empty()) return core::Error{"no tree lines"};
  guess::DecisionTree tree;
  emit(protos, 0, tree);
  return tree;
}

}  // namespace puzzlelab::handle
