#pragma once
// A decision tree for a guess game: the guess to play at each position and, for each
// pattern that guess can show, the position that follows. It is what the exact solver
// (optimal.h) produces, what `tree --out` writes and `tree --check` reads, and what
// the optimal player follows. verify_tree replays every secret through a tree against
// the game's own feedback (and, in hard mode, the game's rule), so a tree from a file
// is never trusted.
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/result.h"
#include "guess/game.h"
#include "guess/player.h"

namespace puzzlelab::guess {

// A branch's child when the pattern means "solved": the game ends there.
inline constexpr std::uint32_t kSolvedLeaf = ~std::uint32_t{0};

struct TreeNode {
  GuessIndex guess = 0;
  std::uint32_t first_branch = 0;  // into DecisionTree::branches()
  std::uint32_t branch_count = 0;
};

struct TreeBranch {
  Pattern pattern = 0;
  std::uint32_t child = kSolvedLeaf;  // node index, or kSolvedLeaf
};

// Guesses needed over a set of secrets.
struct TreeSummary {
  std::uint32_t secrets = 0;
  std::uint64_t total = 0;  // sum over secrets of the guesses that secret takes
  std::uint32_t max_guesses = 0;
  std::vector<std::uint32_t> distribution;  // [k] = secrets solved with exactly k guesses

  [[nodiscard]] double mean() const { return secrets ? static_cast<double>(total) / secrets : 0.0; }
  friend bool operator==(const TreeSummary&, const TreeSummary&) = default;
};

class DecisionTree {
 public:
  [[nodiscard]] bool empty() const { return nodes_.empty(); }
  [[nodiscard]] std::uint32_t node_count() const { return static_cast<std::uint32_t>(nodes_.size()); }
  // The root is node 0.
  [[nodiscard]] const TreeNode& node(std::uint32_t i) const { return nodes_[i]; }
  [[nodiscard]] std::span<const TreeBranch> branches(std::uint32_t i) const {
    return std::span<const TreeBranch>(branches_).subspan(nodes_[i].first_branch, nodes_[i].branch_count);
  }

  // The child of node `i` for `pattern`: a node index, kSolvedLeaf, or nullopt when
  // the tree has no such branch.
  [[nodiscard]] std::optional<std::uint32_t> follow(std::uint32_t i, Pattern pattern) const;
  // The node reached by playing `history` from the root (each turn's guess must be the
  // node's guess), or nullopt when the history leaves the tree or ends the game.
  [[nodiscard]] std::optional<std::uint32_t> node_after(std::span<const Observation> history) const;

  // Building: a node's branches must be added together, right after the node, in
  // ascending pattern order (follow() searches them by bisection). Children may be
  // added later (set_child).
  std::uint32_t add_node(GuessIndex guess);
  void add_branch(std::uint32_t node, Pattern pattern, std::uint32_t child);
  void set_child(std::uint32_t node, std::size_t branch, std::uint32_t child);

  friend bool operator==(const DecisionTree&, const DecisionTree&);

 private:
  std::vector<TreeNode> nodes_;
  std::vector<TreeBranch> branches_;
};

bool operator==(const TreeNode& a, const TreeNode& b);
bool operator==(const TreeBranch& a, const TreeBranch& b);

// What is wrong with a tree, found while replaying `secret`.
struct TreeDefect {
  enum class Kind {
    MissingBranch,   // the guess showed `pattern` and the tree has no branch for it
    SolvedMismatch,  // a branch's pattern and its leaf-ness disagree with the game
    IllegalGuess,    // the hard-mode rule forbids `guess` after `history`
    TooManyGuesses,  // more guesses than the allowed maximum
    BadGuess,        // a guess index outside the guess list
    Cycle,           // a node reached twice on one path
  };
  Kind kind = Kind::MissingBranch;
  SecretIndex secret = 0;
  std::vector<Observation> history;  // the turns before `guess`
  GuessIndex guess = 0;
  Pattern pattern = 0;
};

struct TreeCheck {
  TreeSummary summary;               // valid when defect is empty
  std::optional<TreeDefect> defect;  // the first problem found (depth first, patterns ascending)
};

// Replays every secret of `secrets` (any order) through `tree`: every pattern comes
// from game.feedback, every guess must be allowed by `hard_mode` after the real
// history (when given), and no secret may need more than `max_guesses` guesses
// (0 = no limit).
TreeCheck verify_tree(const Game& game, const DecisionTree& tree, std::span<const SecretIndex> secrets,
                      const GuessFilter* hard_mode = nullptr, std::uint32_t max_guesses = 0);

// A compact JSON form for caches: {"nodes": [[guess, [pattern, child], ...], ...]}
// with child -1 for a solved leaf. tree_from_json checks the structure (indices in
// range, patterns ascending); verify_tree checks the tree against a game.
nlohmann::json tree_to_json(const DecisionTree& tree);
core::Result<DecisionTree> tree_from_json(const nlohmann::json& json);

// The secrets in the order a depth-first walk of the tree meets them, each with its
// turns (the last one solves it). At each node the branches are taken in the order of
// `pattern_less` (e.g. by the patterns' text, as Selby's files list them), or by
// ascending code when it is empty. Secrets that do not reach a leaf are left out
// (verify_tree reports them).
struct TreePath {
  SecretIndex secret = 0;
  std::vector<Observation> turns;
};
std::vector<TreePath> tree_paths(const Game& game, const DecisionTree& tree, std::span<const SecretIndex> secrets,
                                 const std::function<bool(Pattern, Pattern)>& pattern_less = {});

// One game along the tree against `secret`: the guesses in order (the last one solves
// it); empty when the tree does not reach it.
std::vector<GuessIndex> play_along(const Game& game, const DecisionTree& tree, SecretIndex secret);

}  // namespace puzzlelab::guess
