#include "game24/solver.h"

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>
#include <unordered_map>

#include <fmt/format.h>

namespace puzzlelab::game24 {

namespace {

// An insertion-ordered hash set of rationals (open addressing, linear probing).
template <class Int>
class RatSet {
 public:
  using R = Rat<Int>;
  void clear() {
    items_.clear();
    slots_.assign(16, 0);
  }
  bool insert(const R& v) {
    std::size_t i = slot_of(v);
    if (slots_[i] != 0) return false;
    items_.push_back(v);
    slots_[i] = static_cast<std::uint32_t>(items_.size());
    if (items_.size() * 2 > slots_.size()) rehash();
    return true;
  }
  [[nodiscard]] bool contains(const R& v) const { return slots_[slot_of(v)] != 0; }
  [[nodiscard]] const std::vector<R>& items() const { return items_; }
  [[nodiscard]] std::size_t size() const { return items_.size(); }

 private:
  [[nodiscard]] std::size_t slot_of(const R& v) const {
    const std::size_t mask = slots_.size() - 1;
    std::size_t i = static_cast<std::size_t>(rat_hash(v)) & mask;
    while (slots_[i] != 0 && !(items_[slots_[i] - 1] == v)) i = (i + 1) & mask;
    return i;
  }
  void rehash() {
    std::vector<std::uint32_t> old;
    old.swap(slots_);
    slots_.assign(old.size() * 2, 0);
    const std::size_t mask = slots_.size() - 1;
    for (std::uint32_t k = 0; k < items_.size(); ++k) {
      std::size_t i = static_cast<std::size_t>(rat_hash(items_[k])) & mask;
      while (slots_[i] != 0) i = (i + 1) & mask;
      slots_[i] = k + 1;
    }
  }
  std::vector<R> items_;
  std::vector<std::uint32_t> slots_ = std::vector<std::uint32_t>(16, 0);
};

enum class Abort { TooMany, Cancelled };

constexpr std::size_t kMaxValues = 8'000'000;

// The search over sub-multisets of the hand. vals(S) is the set of values reachable
// with exactly the numbers of S (each once); it is stored for small S. A question
// "can S reach v?" for a large S is answered by meeting in the middle: for each way
// of splitting S into two parts X and Y, each value x of the smaller part X fixes,
// for each of the six operations, the one value y that Y would have to reach; so the
// large sets are never enumerated. The distinct solutions of (S, v) are collected the
// same way, top-down from the target, so only subexpressions that take part in a
// solution are ever built, and they are deduplicated per (S, value) through the
// canonical forms (form.h).
template <class Int>
class SubsetSearch {
 public:
  using R = Rat<Int>;

  struct Config {
    R target;
    SolveMode mode = SolveMode::All;
    IntegerRule rule = IntegerRule::None;
    bool subset = false;
    bool closest = false;
    PrintStyle style;
    const std::atomic<bool>* cancel = nullptr;
    std::size_t max_forms = 0;
    bool want_text = true;
  };

  // `hand` sorted ascending, 1..8 numbers.
  void reset(const std::vector<R>& hand, const Config& cfg) {
    cfg_ = cfg;
    hand_ = hand;
    n_ = static_cast<int>(hand.size());
    full_ = (1u << n_) - 1;
    store_limit_ = n_ <= 6 ? n_ - 1 : 5;
    overflow_ = false;
    total_values_ = 0;
    ticks_ = 0;
    for (unsigned m = 0; m <= full_; ++m) {
      have_vals_[m] = false;
      have_splits_[m] = false;
    }
    // Canonical mask: the multiset of a mask, written with the lowest positions of
    // each run of equal numbers, so equal multisets share their tables.
    std::array<int, kMaxNumbers> group_start{};
    for (int i = 0; i < n_; ++i) group_start[i] = (i > 0 && hand_[i] == hand_[i - 1]) ? group_start[i - 1] : i;
    for (unsigned m = 0; m <= full_; ++m) {
      unsigned c = 0;
      std::array<int, kMaxNumbers> used{};
      for (int i = 0; i < n_; ++i) {
        if ((m >> i) & 1u) c |= 1u << (group_start[i] + used[group_start[i]]++);
      }
      canon_[m] = static_cast<std::uint8_t>(c);
    }
    reach_memo_.clear();
    forms_memo_.clear();
    forms_pool_.clear();
    arena_.clear();
  }

  [[nodiscard]] bool overflowed() const { return overflow_; }

  // Fills result; throws Abort.
  void run(SolveResult& result, std::vector<FormId>* forms_out) {
    std::vector<unsigned> roots;
    if (cfg_.subset) {
      for (unsigned m = 1; m <= full_; ++m)
        if (canon_[m] == m) roots.push_back(m);
      std::stable_sort(roots.begin(), roots.end(),
                       [](unsigned a, unsigned b) { return std::popcount(a) < std::popcount(b); });
    } else {
      roots.push_back(full_);
    }
    std::vector<FormId> found;
    const bool exact = solve_value(roots, cfg_.target, found);
    result.exact = exact;
    R reached = cfg_.target;
    bool any = exact;
    if (!exact && cfg_.closest) {
      if (const auto nearest = closest_value(roots)) {
        reached = *nearest;
        any = solve_value(roots, reached, found);
      }
    }
    result.found = any;
    result.reached = WideRational(reached.num, reached.den);
    if (forms_out != nullptr) *forms_out = found;
    if (cfg_.want_text) {
      result.solutions.reserve(found.size());
      for (const FormId f : found)
        result.solutions.push_back({print_form(arena_, f, cfg_.style), form_shape(arena_, f)});
      std::sort(result.solutions.begin(), result.solutions.end(),
                [](const Solution& a, const Solution& b) { return a.text < b.text; });
    }
  }

  const FormArena<Int>& arena() const { return arena_; }

 private:
  struct Key {
    unsigned mask;
    R value;
    friend bool operator==(const Key&, const Key&) = default;
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const {
      return static_cast<std::size_t>(rat_hash(k.value) ^ (k.mask * 0x9e3779b97f4a7c15ULL));
    }
  };
  struct Span {
    std::uint32_t first = 0, count = 0;
  };

  void tick() {
    if ((++ticks_ & 0xfff) == 0 && cfg_.cancel != nullptr && cfg_.cancel->load(std::memory_order_relaxed)) {
      throw Abort::Cancelled;
    }
  }

  [[nodiscard]] bool admissible(const R& v) const {
    switch (cfg_.rule) {
      case IntegerRule::None:
        return true;
      case IntegerRule::Integers:
        return v.den == 1;
      case IntegerRule::PositiveIntegers:
        return v.den == 1 && v.num > 0;
    }
    return true;
  }

  [[nodiscard]] R leaf(unsigned single) const { return hand_[std::countr_zero(single)]; }
  [[nodiscard]] bool stored(unsigned s) const { return have_vals_[s] || std::popcount(s) <= store_limit_; }

  // Sum of the numbers of s: a value s always reaches unless every intermediate must be
  // positive, where zero never occurs and it is not needed.
  R leaf_sum(unsigned s) {
    R sum(0);
    for (int i = 0; i < n_; ++i)
      if ((s >> i) & 1u)
        if (!rat_add(sum, hand_[i], sum)) overflow_ = true;
    return sum;
  }
  [[nodiscard]] bool has_nonzero(unsigned s) const {
    for (int i = 0; i < n_; ++i)
      if (((s >> i) & 1u) && hand_[i].num != 0) return true;
    return false;
  }

  // Unordered splits {A, B} of the multiset s, each once, as canonical masks.
  const std::vector<std::pair<std::uint8_t, std::uint8_t>>& splits(unsigned s) {
    auto& out = splits_[s];
    if (have_splits_[s]) return out;
    out.clear();
    const unsigned low = s & (~s + 1);
    for (unsigned a = (s - 1) & s; a != 0; a = (a - 1) & s) {
      if ((a & low) == 0) continue;
      const std::uint8_t ca = canon_[a], cb = canon_[s ^ a];
      const auto pair = std::make_pair(std::min(ca, cb), std::max(ca, cb));
      if (std::find(out.begin(), out.end(), pair) == out.end()) out.push_back(pair);
    }
    have_splits_[s] = true;
    return out;
  }

  // The part to iterate (its values are stored) and the part to query.
  std::pair<unsigned, unsigned> orient(unsigned a, unsigned b) {
    const int pa = std::popcount(a), pb = std::popcount(b);
    if (pa != pb) return pa < pb ? std::make_pair(a, b) : std::make_pair(b, a);
    if (stored(a) && stored(b))
      return ensure_vals(a).size() <= ensure_vals(b).size() ? std::make_pair(a, b) : std::make_pair(b, a);
    return {a, b};
  }

  const RatSet<Int>& ensure_vals(unsigned s) {
    RatSet<Int>& out = vals_[s];
    if (have_vals_[s]) return out;
    out.clear();
    if (std::popcount(s) == 1) {
      out.insert(leaf(s));
      have_vals_[s] = true;
      return out;
    }
    for (const auto& [ma, mb] : splits(s)) {
      const auto& va = ensure_vals(ma).items();
      const auto& vb = ensure_vals(mb).items();
      for (const R& a : va) {
        tick();
        for (const R& b : vb) combine_values(a, b, out);
      }
      if (total_values_ + out.size() > kMaxValues) throw Abort::TooMany;
    }
    total_values_ += out.size();
    have_vals_[s] = true;
    return out;
  }

  void combine_values(const R& a, const R& b, RatSet<Int>& out) {
    if (cfg_.rule == IntegerRule::PositiveIntegers) {
      // Countdown: positive integers only, so plain integer arithmetic suffices.
      const Int x = a.num, y = b.num;
      Int r;
      if (IntTraits<Int>::add(x, y, r))
        out.insert(R(r));
      else
        overflow_ = true;
      if (IntTraits<Int>::mul(x, y, r))
        out.insert(R(r));
      else
        overflow_ = true;
      if (x > y) out.insert(R(x - y));
      if (y > x) out.insert(R(y - x));
      if (x % y == 0) out.insert(R(x / y));
      if (y % x == 0 && x != y) out.insert(R(y / x));
      return;
    }
    R r;
    auto emit = [&](bool ok) {
      if (!ok) {
        overflow_ = true;
      } else if (admissible(r)) {
        out.insert(r);
      }
    };
    emit(rat_add(a, b, r));
    emit(rat_mul(a, b, r));
    emit(rat_sub(a, b, r));
    if (!(a == b)) emit(rat_sub(b, a, r));
    if (b.num != 0) emit(rat_div(a, b, r));
    if (a.num != 0 && !(a == b)) emit(rat_div(b, a, r));
  }

  // The six ways x (from part X) and some y (from part Y) give v; for each, the y
  // needed. `any` marks the zero cases where every (nonzero) y works.
  struct Need {
    Op op;
    bool x_first;  // x op y, else y op x
    enum Kind { Value, AnyValue, AnyNonzero } kind;
    R y;
  };
  int needs(const R& x, const R& v, std::array<Need, 6>& out) {
    int k = 0;
    R y;
    if (rat_sub(v, x, y))
      out[k++] = {Op::Add, true, Need::Value, y};
    else
      overflow_ = true;
    if (rat_sub(x, v, y))
      out[k++] = {Op::Sub, true, Need::Value, y};
    else
      overflow_ = true;
    if (rat_add(v, x, y))
      out[k++] = {Op::Sub, false, Need::Value, y};
    else
      overflow_ = true;
    if (x.num != 0) {
      if (rat_div(v, x, y))
        out[k++] = {Op::Mul, true, Need::Value, y};
      else
        overflow_ = true;
      if (rat_mul(v, x, y))
        out[k++] = {Op::Div, false, Need::Value, y};
      else
        overflow_ = true;
      if (v.num != 0) {
        if (rat_div(x, v, y))
          out[k++] = {Op::Div, true, Need::Value, y};
        else
          overflow_ = true;
      }
    } else if (v.num == 0) {
      out[k++] = {Op::Mul, true, Need::AnyValue, R(0)};
      out[k++] = {Op::Div, true, Need::AnyNonzero, R(0)};
    }
    return k;
  }

  // y / x = v with y == 0 is allowed (0 / x = 0); x / y needs y != 0, guaranteed above
  // because y = x / v is nonzero when x is.
  bool reach(unsigned s, const R& v) {
    if (std::popcount(s) == 1) return leaf(s) == v;
    if (!admissible(v)) return false;
    if (stored(s)) return ensure_vals(s).contains(v);
    const Key key{s, v};
    if (const auto it = reach_memo_.find(key); it != reach_memo_.end()) return it->second;
    bool result = false;
    std::array<Need, 6> need;
    for (const auto& [ma, mb] : splits(s)) {
      const auto [mx, my] = orient(ma, mb);
      for (const R& x : ensure_vals(mx).items()) {
        tick();
        const int k = needs(x, v, need);
        for (int i = 0; i < k && !result; ++i) {
          switch (need[i].kind) {
            case Need::Value:
              result = reach(my, need[i].y);
              break;
            case Need::AnyValue:
              result = true;
              break;
            case Need::AnyNonzero:
              result = has_nonzero(my);
              break;
          }
        }
        if (result) break;
      }
      if (result) break;
    }
    reach_memo_.emplace(key, result);
    return result;
  }

  FormId combine(const Need& nd, FormId fx, FormId fy, const R& v) {
    return nd.x_first ? arena_.combine(nd.op, fx, fy, v) : arena_.combine(nd.op, fy, fx, v);
  }

  // One solution of (s, v), or kNoForm.
  FormId find_one(unsigned s, const R& v) {
    if (std::popcount(s) == 1) return leaf(s) == v ? arena_.number(v) : kNoForm;
    if (!reach(s, v)) return kNoForm;
    std::array<Need, 6> need;
    for (const auto& [ma, mb] : splits(s)) {
      const auto [mx, my] = orient(ma, mb);
      for (const R& x : ensure_vals(mx).items()) {
        const int k = needs(x, v, need);
        for (int i = 0; i < k; ++i) {
          R y = need[i].y;
          if (need[i].kind != Need::Value) {
            y = leaf_sum(my);
            if (need[i].kind == Need::AnyNonzero && y.num == 0) continue;
          }
          if (!reach(my, y)) continue;
          const FormId fx = find_one(mx, x);
          const FormId fy = find_one(my, y);
          if (fx == kNoForm || fy == kNoForm) continue;  // unreachable by construction
          return combine(need[i], fx, fy, v);
        }
      }
    }
    return kNoForm;
  }

  // Every distinct form of (s, v).
  Span forms(unsigned s, const R& v) {
    if (std::popcount(s) == 1) {
      if (!(leaf(s) == v)) return {};
      const Key key{s, v};
      if (const auto it = forms_memo_.find(key); it != forms_memo_.end()) return it->second;
      const Span sp{static_cast<std::uint32_t>(forms_pool_.size()), 1};
      forms_pool_.push_back(arena_.number(v));
      forms_memo_.emplace(key, sp);
      return sp;
    }
    if (!reach(s, v)) return {};
    const Key key{s, v};
    if (const auto it = forms_memo_.find(key); it != forms_memo_.end()) return it->second;
    std::vector<FormId> acc, fx, fy;
    std::array<Need, 6> need;
    auto add_pairs = [&](const Need& nd, unsigned mx, const R& x, unsigned my, const R& y) {
      copy_forms(forms(mx, x), fx);
      copy_forms(forms(my, y), fy);
      for (const FormId a : fx)
        for (const FormId b : fy) acc.push_back(combine(nd, a, b, v));
      if (arena_.size() > cfg_.max_forms) throw Abort::TooMany;
    };
    for (const auto& [ma, mb] : splits(s)) {
      const auto [mx, my] = orient(ma, mb);
      const std::vector<R> xs = ensure_vals(mx).items();  // copy: ensure_vals(my) may run below
      for (const R& x : xs) {
        tick();
        const int k = needs(x, v, need);
        for (int i = 0; i < k; ++i) {
          if (need[i].kind == Need::Value) {
            if (reach(my, need[i].y)) add_pairs(need[i], mx, x, my, need[i].y);
            continue;
          }
          const std::vector<R> ys = ensure_vals(my).items();
          for (const R& y : ys) {
            if (need[i].kind == Need::AnyNonzero && y.num == 0) continue;
            add_pairs(need[i], mx, x, my, y);
          }
        }
      }
    }
    std::sort(acc.begin(), acc.end());
    acc.erase(std::unique(acc.begin(), acc.end()), acc.end());
    const Span sp{static_cast<std::uint32_t>(forms_pool_.size()), static_cast<std::uint32_t>(acc.size())};
    forms_pool_.insert(forms_pool_.end(), acc.begin(), acc.end());
    forms_memo_.emplace(key, sp);
    return sp;
  }

  void copy_forms(Span sp, std::vector<FormId>& out) const {
    out.assign(forms_pool_.begin() + sp.first, forms_pool_.begin() + sp.first + sp.count);
  }

  // --one fast path: depth-first "pick two numbers, combine them" with a node budget.
  // For a solvable hand it usually meets a solution within a few hundred nodes, where
  // the complete search would first tabulate every sub-multiset (hundreds of
  // milliseconds for eight numbers); when the budget runs out, the complete search
  // answers. With --subset any intermediate equal to the target is a solution.
  struct DfsNode {
    R value;
    Op op = Op::Add;
    int left = -1, right = -1;  // -1: a hand number
  };
  struct DfsItem {
    R value;
    int node;
  };
  bool dfs(std::vector<DfsItem>& items, const R& v, std::vector<DfsNode>& nodes, long& budget, int& hit) {
    for (const auto& it : items) {
      if ((items.size() == 1 || cfg_.subset) && it.value == v) {
        hit = it.node;
        return true;
      }
    }
    if (items.size() == 1 || --budget < 0) return false;
    tick();
    const std::size_t n = items.size();
    for (std::size_t i = 0; i < n; ++i) {
      for (std::size_t j = i + 1; j < n; ++j) {
        const DfsItem a = items[i], b = items[j];
        // Equal pairs seen before give the same successors.
        bool seen = false;
        for (std::size_t pi = 0; pi < i && !seen; ++pi)
          for (std::size_t pj = pi + 1; pj < n && !seen; ++pj)
            seen = pj != i && pj != j &&
                   ((items[pi].value == a.value && items[pj].value == b.value) ||
                    (items[pi].value == b.value && items[pj].value == a.value));
        if (seen) continue;
        std::vector<DfsItem> next;
        next.reserve(n - 1);
        for (std::size_t k = 0; k < n; ++k)
          if (k != i && k != j) next.push_back(items[k]);
        const struct {
          Op op;
          bool swap;
        } moves[6] = {{Op::Add, false}, {Op::Mul, false}, {Op::Sub, false},
                      {Op::Sub, true},  {Op::Div, false}, {Op::Div, true}};
        for (const auto& m : moves) {
          const DfsItem& x = m.swap ? b : a;
          const DfsItem& y = m.swap ? a : b;
          R r;
          bool ok = true;
          switch (m.op) {
            case Op::Add:
              ok = rat_add(x.value, y.value, r);
              break;
            case Op::Sub:
              ok = rat_sub(x.value, y.value, r);
              break;
            case Op::Mul:
              ok = rat_mul(x.value, y.value, r);
              break;
            case Op::Div:
              if (y.value.num == 0) continue;
              ok = rat_div(x.value, y.value, r);
              break;
          }
          if (!ok) {
            overflow_ = true;
            continue;
          }
          if (!admissible(r)) continue;
          nodes.push_back({r, m.op, x.node, y.node});
          next.push_back({r, static_cast<int>(nodes.size()) - 1});
          if (dfs(next, v, nodes, budget, hit)) return true;
          next.pop_back();
          nodes.pop_back();
        }
      }
    }
    return false;
  }

  FormId dfs_form(const std::vector<DfsNode>& nodes, int id) {
    const DfsNode& n = nodes[static_cast<std::size_t>(id)];
    if (n.left < 0) return arena_.number(n.value);
    const FormId l = dfs_form(nodes, n.left);
    const FormId r = dfs_form(nodes, n.right);
    return arena_.combine(n.op, l, r, n.value);
  }

  FormId quick_one(const R& v) {
    std::vector<DfsNode> nodes;
    std::vector<DfsItem> items;
    for (int i = 0; i < n_; ++i) {
      nodes.push_back({hand_[i], Op::Add, -1, -1});
      items.push_back({hand_[i], i});
    }
    long budget = 20000;
    int hit = -1;
    if (!dfs(items, v, nodes, budget, hit)) return kNoForm;
    return dfs_form(nodes, hit);
  }

  bool solve_value(const std::vector<unsigned>& roots, const R& v, std::vector<FormId>& found) {
    found.clear();
    bool any = false;
    if (cfg_.mode == SolveMode::One) {
      if (const FormId f = quick_one(v); f != kNoForm) {
        found.push_back(f);
        return true;
      }
    }
    for (const unsigned s : roots) {
      switch (cfg_.mode) {
        case SolveMode::Decide:
          if (reach(s, v)) return true;
          break;
        case SolveMode::One:
          if (const FormId f = find_one(s, v); f != kNoForm) {
            found.push_back(f);
            return true;
          }
          break;
        case SolveMode::All: {
          const Span sp = forms(s, v);
          for (std::uint32_t i = 0; i < sp.count; ++i) found.push_back(forms_pool_[sp.first + i]);
          any = any || sp.count > 0;
          break;
        }
      }
    }
    return any;
  }

  // The reachable value nearest the target (the smaller one on a tie).
  std::optional<R> closest_value(const std::vector<unsigned>& roots) {
    std::optional<R> best;
    R best_dist;
    for (const unsigned s : roots) {
      for (const R& v : ensure_vals(s).items()) {
        if (std::popcount(s) > 1 && !admissible(v)) continue;
        R d;
        if (!rat_sub(v, cfg_.target, d)) {
          overflow_ = true;
          continue;
        }
        if (d.num < 0) d = d.negated();
        const int c = best ? rat_compare(d, best_dist) : -1;
        if (c < 0 || (c == 0 && rat_compare(v, *best) < 0)) {
          best = v;
          best_dist = d;
        }
      }
    }
    return best;
  }

  Config cfg_;
  std::vector<R> hand_;
  int n_ = 0;
  unsigned full_ = 0;
  int store_limit_ = 0;
  bool overflow_ = false;
  std::size_t total_values_ = 0;
  std::uint64_t ticks_ = 0;
  std::array<std::uint8_t, 256> canon_{};
  std::array<RatSet<Int>, 256> vals_;
  std::array<bool, 256> have_vals_{};
  std::array<std::vector<std::pair<std::uint8_t, std::uint8_t>>, 256> splits_;
  std::array<bool, 256> have_splits_{};
  std::unordered_map<Key, bool, KeyHash> reach_memo_;
  std::unordered_map<Key, Span, KeyHash> forms_memo_;
  std::vector<FormId> forms_pool_;
  FormArena<Int> arena_;
};

core::Result<std::vector<Rational>> checked_hand(std::span<const Rational> hand, const SolveOptions& o) {
  if (hand.empty() || hand.size() > kMaxNumbers) {
    return core::Error{fmt::format("a hand has 1 to {} numbers, not {}", kMaxNumbers, hand.size())};
  }
  for (const Rational& r : hand) {
    if (r.num < 0)
      return core::Error{fmt::format("{} is negative: the numbers of a hand are zero or positive", to_string(r))};
    if (o.rule != IntegerRule::None && r.den != 1) {
      return core::Error{fmt::format("{} is not an integer, but every intermediate result must be one", to_string(r))};
    }
    if (o.rule == IntegerRule::PositiveIntegers && r.num == 0) {
      return core::Error{"0 is not a positive integer, but every intermediate result must be one"};
    }
  }
  std::vector<Rational> sorted(hand.begin(), hand.end());
  std::sort(sorted.begin(), sorted.end());
  return sorted;
}

}  // namespace

struct Solver::Impl {
  SubsetSearch<std::int64_t> narrow;
  std::unique_ptr<SubsetSearch<Int128>> wide;

  // One and Decide stop at a value beyond 128 bits that the search of every distinct
  // form need not build (M M M with target 1, M = 2^63-1: "no solution" from that
  // search, "out of range" from the first-solution one). Before giving up they ask that
  // search, so the modes never disagree; true when it answered without overflowing.
  bool settle_with_all(const std::vector<WideRational>& hand, SubsetSearch<Int128>::Config cfg, SolveResult& result,
                       std::vector<FormId>& forms) {
    const SolveMode wanted = cfg.mode;
    cfg.mode = SolveMode::All;
    SolveResult all;
    std::vector<FormId> all_forms;
    try {
      wide->reset(hand, cfg);
      wide->run(all, &all_forms);
    } catch (Abort a) {
      if (a == Abort::Cancelled) throw;
      return false;  // too many forms: the overflow stands
    }
    if (wide->overflowed()) return false;
    all.wide = true;
    if (wanted != SolveMode::All && all.solutions.size() > 1) all.solutions.resize(1);
    result = std::move(all);
    forms = std::move(all_forms);
    return true;
  }

  // Runs the 64-bit search, then the 128-bit one when an overflow could have hidden a
  // value; an answer is certain when nothing overflowed, or when a requested single
  // solution was found anyway (it is exact whatever else overflowed).
  core::Result<SolveResult> run(std::span<const Rational> hand, const SolveOptions& o, bool want_text,
                                std::uint64_t* count) {
    auto sorted = checked_hand(hand, o);
    if (!sorted) return sorted.error();
    SolveResult result;
    std::vector<FormId> forms;
    try {
      SubsetSearch<std::int64_t>::Config cfg{o.target, o.mode,   o.rule,      o.subset, o.closest,
                                       o.style,  o.cancel, o.max_forms, want_text};
      narrow.reset(*sorted, cfg);
      narrow.run(result, &forms);
      const bool certain = !narrow.overflowed() || (o.mode != SolveMode::All && result.exact);
      if (certain) {
        if (count != nullptr) *count = forms.size();
        return result;
      }
      if (!wide) wide = std::make_unique<SubsetSearch<Int128>>();
      std::vector<WideRational> wide_hand;
      for (const Rational& r : *sorted) wide_hand.push_back(widen(r));
      SubsetSearch<Int128>::Config wcfg{widen(o.target), o.mode,   o.rule,      o.subset, o.closest,
                                  o.style,         o.cancel, o.max_forms, want_text};
      result = SolveResult{};
      wide->reset(wide_hand, wcfg);
      wide->run(result, &forms);
      result.wide = true;
      if (wide->overflowed() && !(o.mode != SolveMode::All && result.exact)) {
        if (o.mode == SolveMode::All || o.closest || !settle_with_all(wide_hand, wcfg, result, forms)) {
          return core::Error{
              "out of range: intermediate results exceed 128-bit exact arithmetic, so no answer "
              "can be given without risking a wrong one (use smaller numbers)"};
        }
      }
      if (count != nullptr) *count = forms.size();
      return result;
    } catch (Abort a) {
      if (a == Abort::Cancelled) return core::Error{"interrupted"};
      return core::Error{
          fmt::format("too many distinct forms to enumerate (more than {}); use --one, or fewer numbers", o.max_forms)};
    }
  }
};

Solver::Solver() : impl_(std::make_unique<Impl>()) {}
Solver::~Solver() = default;
Solver::Solver(Solver&&) noexcept = default;
Solver& Solver::operator=(Solver&&) noexcept = default;

core::Result<SolveResult> Solver::solve(std::span<const Rational> hand, const SolveOptions& options) {
  return impl_->run(hand, options, true, nullptr);
}

core::Result<std::uint64_t> Solver::count(std::span<const Rational> hand, const SolveOptions& options) {
  SolveOptions o = options;
  o.mode = SolveMode::All;
  std::uint64_t n = 0;
  auto r = impl_->run(hand, o, false, &n);
  if (!r) return r.error();
  return n;
}

core::Result<SolveResult> solve(std::span<const Rational> hand, const SolveOptions& options) {
  Solver s;
  return s.solve(hand, options);
}

core::Result<bool> solvable(std::span<const Rational> hand, Rational target) {
  thread_local Solver s;
  SolveOptions o;
  o.target = target;
  o.mode = SolveMode::Decide;
  auto r = s.solve(hand, o);
  if (!r) return r.error();
  return r->exact;
}

std::vector<std::vector<Rational>> all_hands(std::int64_t lo, std::int64_t hi, int count) {
  std::vector<std::vector<Rational>> out;
  if (count <= 0 || hi < lo) return out;
  std::vector<std::int64_t> cur(static_cast<std::size_t>(count), lo);
  for (;;) {
    std::vector<Rational> hand;
    for (const auto v : cur) hand.emplace_back(v);
    out.push_back(std::move(hand));
    int i = count - 1;
    while (i >= 0 && cur[static_cast<std::size_t>(i)] == hi) --i;
    if (i < 0) break;
    const std::int64_t next = cur[static_cast<std::size_t>(i)] + 1;
    for (int j = i; j < count; ++j) cur[static_cast<std::size_t>(j)] = next;
  }
  return out;
}

TimedSolve solve_within(std::span<const Rational> hand, const SolveOptions& options, double seconds) {
  const std::atomic<bool>* outer = options.cancel;
  std::atomic<bool> stop{false};
  bool timed_out = false;
  bool finished = false;
  std::mutex mutex;
  std::condition_variable cv;
  // Polls the caller's flag every 50 ms: it is a plain flag (set by a signal handler),
  // not something to wait on.
  std::thread watchdog([&] {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    std::unique_lock lock(mutex);
    while (!finished) {
      if (outer != nullptr && outer->load()) {
        stop = true;
        return;
      }
      if (seconds > 0 && std::chrono::steady_clock::now() >= deadline) {
        timed_out = true;
        stop = true;
        return;
      }
      cv.wait_for(lock, std::chrono::milliseconds(50));
    }
  });
  SolveOptions o = options;
  o.cancel = &stop;
  auto result = solve(hand, o);
  {
    std::lock_guard lock(mutex);
    finished = true;
  }
  cv.notify_all();
  watchdog.join();
  const bool ran_out = timed_out && !result.ok();
  return TimedSolve{std::move(result), ran_out};
}

core::Result<std::vector<Rational>> parse_hand(std::span<const std::string> words) {
  std::vector<Rational> hand;
  for (const auto& w : words) {
    auto r = parse_rational(w);
    if (!r) return r.error();
    if (r->num < 0) return core::Error{fmt::format("'{}' is negative: the numbers of a hand are zero or positive", w)};
    hand.push_back(*r);
  }
  if (hand.empty() || hand.size() > kMaxNumbers) {
    return core::Error{fmt::format("a hand has 1 to {} numbers, not {}", kMaxNumbers, hand.size())};
  }
  return hand;
}

std::vector<std::string> split_hand_line(std::string_view line) {
  std::vector<std::string> words;
  std::string cur;
  for (const char c : line) {
    if (c == ' ' || c == '\t' || c == ',' || c == '\r') {
      if (!cur.empty()) words.push_back(std::move(cur));
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) words.push_back(std::move(cur));
  return words;
}

std::vector<LeafText> written_leaf_texts(std::span<const Rational> hand, std::span<const std::string> words) {
  std::vector<LeafText> out;
  for (std::size_t i = 0; i < hand.size() && i < words.size(); ++i) {
    if (hand[i].den != 1 && words[i].find('.') != std::string::npos)
      out.push_back({hand[i].num, hand[i].den, words[i]});
  }
  return out;
}

}  // namespace puzzlelab::game24
