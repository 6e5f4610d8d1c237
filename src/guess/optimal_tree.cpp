#include "guess/optimal_tree.h"

#include <algorithm>
#include <cassert>
#include <map>

namespace puzzlelab::guess {

bool operator==(const TreeNode& a, const TreeNode& b) {
  return a.guess == b.guess && a.first_branch == b.first_branch && a.branch_count == b.branch_count;
}
bool operator==(const TreeBranch& a, const TreeBranch& b) {
  return a.pattern == b.pattern && a.child == b.child;
}
bool operator==(const DecisionTree& a, const DecisionTree& b) {
  return a.nodes_ == b.nodes_ && a.branches_ == b.branches_;
}

std::optional<std::uint32_t> DecisionTree::follow(std::uint32_t i, Pattern pattern) const {
  const auto b = branches(i);
  const auto it =
      std::lower_bound(b.begin(), b.end(), pattern, [](const TreeBranch& br, Pattern p) { return br.pattern < p; });
  if (it == b.end() || it->pattern != pattern) return std::nullopt;
  return it->child;
}

std::optional<std::uint32_t> DecisionTree::node_after(std::span<const Observation> history) const {
  if (empty()) return std::nullopt;
  std::uint32_t at = 0;
  for (const Observation& turn : history) {
    if (nodes_[at].guess != turn.guess) return std::nullopt;
    const auto next = follow(at, turn.pattern);
    if (!next || *next == kSolvedLeaf) return std::nullopt;
    at = *next;
  }
  return at;
}

std::uint32_t DecisionTree::add_node(GuessIndex guess) {
  TreeNode n;
  n.guess = guess;
  n.first_branch = static_cast<std::uint32_t>(branches_.size());
  nodes_.push_back(n);
  return static_cast<std::uint32_t>(nodes_.size() - 1);
}

void DecisionTree::add_branch(std::uint32_t node, Pattern pattern, std::uint32_t child) {
  TreeNode& n = nodes_[node];
  assert(n.first_branch + n.branch_count == branches_.size());
  assert(n.branch_count == 0 || branches_.back().pattern < pattern);
  branches_.push_back(TreeBranch{pattern, child});
  ++n.branch_count;
}

void DecisionTree::set_child(std::uint32_t node, std::size_t branch, std::uint32_t child) {
  assert(branch < nodes_[node].branch_count);
  branches_[nodes_[node].first_branch + branch].child = child;
}

namespace {

// Depth-first replay of the secrets that reach each node, with the real history so
// the hard-mode rule sees exactly what a player would have played.
class Replay {
 public:
  Replay(const Game& game, const DecisionTree& tree, const GuessFilter* hard_mode, std::uint32_t max_guesses)
      : game_(game), tree_(tree), hard_(hard_mode), max_(max_guesses), on_path_(tree.node_count(), 0) {}

  TreeCheck run(std::vector<SecretIndex> secrets) {
    TreeCheck check;
    std::sort(secrets.begin(), secrets.end());
    secrets.erase(std::unique(secrets.begin(), secrets.end()), secrets.end());
    check.summary.secrets = static_cast<std::uint32_t>(secrets.size());
    check.summary.distribution.assign(1, 0);
    if (!secrets.empty()) {
      if (tree_.empty()) {
        check.defect = TreeDefect{TreeDefect::Kind::MissingBranch, secrets.front(), {}, 0, 0};
        return check;
      }
      visit(0, secrets, check);
    }
    if (check.defect) check.summary = TreeSummary{};
    return check;
  }

 private:
  void visit(std::uint32_t at, const std::vector<SecretIndex>& secrets, TreeCheck& check) {
    const GuessIndex guess = tree_.node(at).guess;
    const auto defect = [&](TreeDefect::Kind kind, SecretIndex secret, Pattern pattern) {
      check.defect = TreeDefect{kind, secret, history_, guess, pattern};
    };
    if (on_path_[at]) return defect(TreeDefect::Kind::Cycle, secrets.front(), 0);
    if (guess >= game_.guess_count()) return defect(TreeDefect::Kind::BadGuess, secrets.front(), 0);
    const std::uint32_t turn = static_cast<std::uint32_t>(history_.size()) + 1;
    if (max_ != 0 && turn > max_) return defect(TreeDefect::Kind::TooManyGuesses, secrets.front(), 0);
    if (hard_ != nullptr) {
      hard_->allowed(history_, allowed_);
      if (!std::binary_search(allowed_.begin(), allowed_.end(), guess)) {
        return defect(TreeDefect::Kind::IllegalGuess, secrets.front(), 0);
      }
    }
    // Secrets by pattern, each class in secret order; classes in pattern order.
    std::map<Pattern, std::vector<SecretIndex>> classes;
    for (const SecretIndex s : secrets) classes[game_.feedback(guess, s)].push_back(s);
    on_path_[at] = 1;
    for (const auto& [pattern, members] : classes) {
      const auto child = tree_.follow(at, pattern);
      if (!child) return defect(TreeDefect::Kind::MissingBranch, members.front(), pattern);
      const bool solved = game_.is_solved(pattern);
      if (solved != (*child == kSolvedLeaf)) return defect(TreeDefect::Kind::SolvedMismatch, members.front(), pattern);
      if (solved) {
        TreeSummary& sum = check.summary;
        sum.total += std::uint64_t{turn} * members.size();
        sum.max_guesses = std::max(sum.max_guesses, turn);
        if (sum.distribution.size() <= turn) sum.distribution.resize(turn + 1, 0);
        sum.distribution[turn] += static_cast<std::uint32_t>(members.size());
        continue;
      }
      history_.push_back(Observation{guess, pattern});
      visit(*child, members, check);
      history_.pop_back();
      if (check.defect) return;
    }
    on_path_[at] = 0;
  }

  const Game& game_;
  const DecisionTree& tree_;
  const GuessFilter* hard_;
  std::uint32_t max_;
  std::vector<std::uint8_t> on_path_;
  std::vector<Observation> history_;
  std::vector<GuessIndex> allowed_;
};

}  // namespace

TreeCheck verify_tree(const Game& game, const DecisionTree& tree, std::span<const SecretIndex> secrets,
                      const GuessFilter* hard_mode, std::uint32_t max_guesses) {
  Replay replay(game, tree, hard_mode, max_guesses);
  return replay.run(std::vector<SecretIndex>(secrets.begin(), secrets.end()));
}

}  // namespace puzzlelab::guess

namespace puzzlelab::guess {

nlohmann::json tree_to_json(const DecisionTree& tree) {
  nlohmann::json nodes = nlohmann::json::array();
  for (std::uint32_t i = 0; i < tree.node_count(); ++i) {
    nlohmann::json node = nlohmann::json::array();
    node.push_back(tree.node(i).guess);
    for (const TreeBranch& b : tree.branches(i)) {
      node.push_back(
          nlohmann::json::array({b.pattern, b.child == kSolvedLeaf ? -1 : static_cast<std::int64_t>(b.child)}));
    }
    nodes.push_back(std::move(node));
  }
  return nlohmann::json{{"nodes", std::move(nodes)}};
}

core::Result<DecisionTree> tree_from_json(const nlohmann::json& json) {
  const core::Error bad{"the tree is damaged"};
  if (!json.is_object() || !json.contains("nodes") || !json["nodes"].is_array()) return bad;
  const nlohmann::json& nodes = json["nodes"];
  DecisionTree tree;
  for (const nlohmann::json& node : nodes) {
    if (!node.is_array() || node.empty() || !node[0].is_number_unsigned()) return bad;
    const std::uint32_t at = tree.add_node(node[0].get<GuessIndex>());
    bool first = true;
    Pattern last = 0;
    for (std::size_t k = 1; k < node.size(); ++k) {
      const nlohmann::json& b = node[k];
      if (!b.is_array() || b.size() != 2 || !b[0].is_number_unsigned() || !b[1].is_number_integer()) return bad;
      const auto pattern = b[0].get<std::uint64_t>();
      const auto child = b[1].get<std::int64_t>();
      if (pattern > 0xfffffffeULL || (!first && pattern <= last)) return bad;
      if (child < -1 || child >= static_cast<std::int64_t>(nodes.size()) || child == static_cast<std::int64_t>(at)) {
        return bad;
      }
      last = static_cast<Pattern>(pattern);
      first = false;
      tree.add_branch(at, last, child < 0 ? kSolvedLeaf : static_cast<std::uint32_t>(child));
    }
  }
  return tree;
}

namespace {

void walk(const Game& game, const DecisionTree& tree, std::uint32_t at, const std::vector<SecretIndex>& secrets,
          const std::function<bool(Pattern, Pattern)>& less, std::vector<Observation>& turns,
          std::vector<TreePath>& out, std::size_t depth_left) {
  if (depth_left == 0) return;  // a cycle in a damaged tree: leave the rest out
  const GuessIndex guess = tree.node(at).guess;
  std::map<Pattern, std::vector<SecretIndex>> classes;
  for (const SecretIndex s : secrets) classes[game.feedback(guess, s)].push_back(s);
  std::vector<Pattern> order;
  for (const auto& [p, members] : classes) order.push_back(p);
  if (less) std::stable_sort(order.begin(), order.end(), less);
  for (const Pattern p : order) {
    const auto child = tree.follow(at, p);
    if (!child) continue;
    turns.push_back(Observation{guess, p});
    if (*child == kSolvedLeaf) {
      if (game.is_solved(p)) out.push_back(TreePath{classes[p].front(), turns});
    } else {
      walk(game, tree, *child, classes[p], less, turns, out, depth_left - 1);
    }
    turns.pop_back();
  }
}

}  // namespace

std::vector<TreePath> tree_paths(const Game& game, const DecisionTree& tree, std::span<const SecretIndex> secrets,
                                 const std::function<bool(Pattern, Pattern)>& pattern_less) {
  std::vector<TreePath> out;
  if (tree.empty()) return out;
  std::vector<SecretIndex> all(secrets.begin(), secrets.end());
  std::sort(all.begin(), all.end());
  std::vector<Observation> turns;
  walk(game, tree, 0, all, pattern_less, turns, out, tree.node_count() + 1);
  return out;
}

std::vector<GuessIndex> play_along(const Game& game, const DecisionTree& tree, SecretIndex secret) {
  std::vector<GuessIndex> guesses;
  if (tree.empty()) return guesses;
  std::uint32_t at = 0;
  for (std::uint32_t step = 0; step <= tree.node_count(); ++step) {
    const GuessIndex g = tree.node(at).guess;
    guesses.push_back(g);
    const Pattern p = game.feedback(g, secret);
    if (game.is_solved(p)) return guesses;
    const auto next = tree.follow(at, p);
    if (!next || *next == kSolvedLeaf) break;
    at = *next;
  }
  return {};
}

}  // namespace puzzlelab::guess
