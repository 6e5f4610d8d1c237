#pragma once
// Canonical forms of expressions: the definition of a *distinct* solution
// (docs/rules/24-distinct.md; summarised in docs/game24.md):
//   1. + and - are flattened into one sum node: a multiset of positive and a multiset
//      of negative terms; a term is a number or a product (never a sum).
//   2. * and / are flattened into one product node: numerator and denominator
//      multisets; a factor is a number or a sum (never a product).
//   3. Each multiset is sorted (here: by node id, a fixed total order within an arena).
//   4. Every sum used as a factor is oriented so its value is >= 0; the flip changes the
//      product's sign, and a negative product moves to the other multiset of the
//      enclosing sum. A zero-valued sum is oriented by the fixed order, and a
//      zero-valued product counts as positive.
// Forms are hash-consed: equal forms have equal ids, so "same distinct solution" is an
// integer comparison. The form of (x op y) depends only on the forms of x and y, which
// lets the solver deduplicate at every sub-multiset instead of only at the end.
//
// A product whose sign came out negative and which has no enclosing sum yet (a
// subexpression such as (3-5)*2) is represented as the sum with no positive term and
// the positive product as its only negative term; adding or subtracting it then simply
// merges that multiset, and using it as a factor flips it back (rule 4).
#include <algorithm>
#include <cassert>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "game24/rational.h"

namespace puzzlelab::game24 {

enum class Op : std::uint8_t { Add, Sub, Mul, Div };
enum class FormKind : std::uint8_t { Number, Sum, Product };

using FormId = std::uint32_t;
inline constexpr FormId kNoForm = ~FormId{0};

// Printing a form: each multiset in a readable order (larger value first, a compound
// term before a plain number of equal value), the fewest brackets ordinary precedence
// and left associativity need: brackets only around a sum used as a factor (a*b/c/d
// needs none). A non-integer hand number is printed in brackets, "(3/4)", unless the
// style gives its text: a number the user wrote as 3.5 is shown as 3.5, not (7/2).
struct LeafText {
  std::int64_t num = 0;
  std::int64_t den = 1;
  std::string text;
};

struct PrintStyle {
  bool pretty = false;  // × and ÷ instead of * and /
  std::vector<LeafText> leaf_texts;
};

template <class Int>
class FormArena;
template <class Int>
std::string print_form(const FormArena<Int>& arena, FormId id, PrintStyle style = {});

template <class Int>
class FormArena {
 public:
  using R = Rat<Int>;
  struct Node {
    FormKind kind = FormKind::Number;
    R value;
    std::uint32_t first = 0;    // children in pool_: [first, first + count_a) then count_b more
    std::uint32_t count_a = 0;  // positive terms (sum) or numerator factors (product)
    std::uint32_t count_b = 0;  // negative terms (sum) or denominator factors (product)
    std::uint64_t hash = 0;
  };

  FormArena() { clear(); }

  void clear() {
    nodes_.clear();
    pool_.clear();
    slots_.assign(1024, kNoForm);
  }
  [[nodiscard]] std::size_t size() const { return nodes_.size(); }
  [[nodiscard]] const Node& node(FormId id) const { return nodes_[id]; }
  [[nodiscard]] std::span<const FormId> part_a(FormId id) const {
    const Node& n = nodes_[id];
    return {pool_.data() + n.first, n.count_a};
  }
  [[nodiscard]] std::span<const FormId> part_b(FormId id) const {
    const Node& n = nodes_[id];
    return {pool_.data() + n.first + n.count_a, n.count_b};
  }

  FormId number(const R& v) { return intern(FormKind::Number, v, {}, {}); }

  // The form of (x op y), whose exact value the caller has computed. y must not be
  // zero-valued for Div (division by zero is not a solution; the caller skips it).
  FormId combine(Op op, FormId x, FormId y, const R& value) {
    // Scratch reused across calls (combine never re-enters itself; append_factors keeps
    // its own copies before interning a flipped sum).
    std::vector<FormId>& a = scratch_a_;
    std::vector<FormId>& b = scratch_b_;
    a.clear();
    b.clear();
    if (op == Op::Add || op == Op::Sub) {
      append_terms(x, a, b);
      if (op == Op::Add) {
        append_terms(y, a, b);
      } else {
        append_terms(y, b, a);
      }
      std::sort(a.begin(), a.end());
      std::sort(b.begin(), b.end());
      return intern(FormKind::Sum, value, a, b);
    }
    bool negative = append_factors(x, a, b);
    negative ^= op == Op::Mul ? append_factors(y, a, b) : append_factors(y, b, a);
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    if (value.num == 0) negative = false;  // a zero-valued product counts as positive
    if (!negative) return intern(FormKind::Product, value, a, b);
    const FormId positive = intern(FormKind::Product, value.negated(), a, b);
    return intern(FormKind::Sum, value, {}, std::span<const FormId>(&positive, 1));
  }

 private:
  // Terms of x as a member of a sum: a sum's own multisets, else x itself.
  void append_terms(FormId x, std::vector<FormId>& pos, std::vector<FormId>& neg) const {
    const Node& n = nodes_[x];
    if (n.kind == FormKind::Sum) {
      const auto pa = part_a(x), pb = part_b(x);
      pos.insert(pos.end(), pa.begin(), pa.end());
      neg.insert(neg.end(), pb.begin(), pb.end());
    } else {
      pos.push_back(x);
    }
  }

  // Factors of x as a member of a product; returns true when x had to be flipped
  // (rule 4), which flips the sign of the product.
  bool append_factors(FormId x, std::vector<FormId>& num, std::vector<FormId>& den) {
    const Node n = nodes_[x];  // copy: intern below may grow nodes_
    if (n.kind == FormKind::Number) {
      num.push_back(x);
      return false;
    }
    if (n.kind == FormKind::Product) {
      const auto pa = part_a(x), pb = part_b(x);
      num.insert(num.end(), pa.begin(), pa.end());
      den.insert(den.end(), pb.begin(), pb.end());
      return false;
    }
    const int sign = n.value.sign();
    if (sign > 0) {
      num.push_back(x);
      return false;
    }
    std::vector<FormId> pos(part_a(x).begin(), part_a(x).end());
    std::vector<FormId> neg(part_b(x).begin(), part_b(x).end());
    if (sign < 0) {
      if (pos.empty() && neg.size() == 1) {
        // -(product): flipping gives the product itself, which is flattened in.
        const FormId p = neg.front();
        assert(nodes_[p].kind == FormKind::Product);
        const auto pa = part_a(p), pb = part_b(p);
        num.insert(num.end(), pa.begin(), pa.end());
        den.insert(den.end(), pb.begin(), pb.end());
        return true;
      }
      num.push_back(intern(FormKind::Sum, n.value.negated(), neg, pos));
      return true;
    }
    // Zero-valued: orient by a fixed order (keeping a positive term first, which any
    // printable form needs). The product is then zero-valued, so its sign is moot. The
    // order compares the printed terms, not the ids, so the choice does not depend on
    // the order in which an arena met the forms (canonical texts agree across arenas).
    const bool flip = pos.empty() || (!neg.empty() && terms_text(neg) < terms_text(pos));
    num.push_back(flip ? intern(FormKind::Sum, n.value, neg, pos) : x);
    return false;
  }

  // The sorted printed terms of a multiset, joined: the key of the fixed order.
  std::string terms_text(const std::vector<FormId>& ids) const {
    std::vector<std::string> t;
    for (const FormId id : ids) t.push_back(print_form(*this, id, PrintStyle{}));
    std::sort(t.begin(), t.end());
    std::string out;
    for (const auto& x : t) {
      out += x;
      out += '\n';
    }
    return out;
  }

  static std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
    h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    return h;
  }

  FormId intern(FormKind kind, const R& value, std::span<const FormId> a, std::span<const FormId> b) {
    std::uint64_t h = static_cast<std::uint64_t>(kind) * 0x100000001b3ULL;
    if (kind == FormKind::Number) {
      h = mix(h, rat_hash(value));
    } else {
      for (const FormId id : a) h = mix(h, id);
      h = mix(h, 0xabcdefULL + a.size());
      for (const FormId id : b) h = mix(h, id);
    }
    const std::size_t mask = slots_.size() - 1;
    std::size_t i = static_cast<std::size_t>(h) & mask;
    for (; slots_[i] != kNoForm; i = (i + 1) & mask) {
      const Node& n = nodes_[slots_[i]];
      if (n.hash != h || n.kind != kind) continue;
      if (kind == FormKind::Number) {
        if (n.value == value) return slots_[i];
        continue;
      }
      if (n.count_a != a.size() || n.count_b != b.size()) continue;
      const FormId* p = pool_.data() + n.first;
      if (std::equal(a.begin(), a.end(), p) && std::equal(b.begin(), b.end(), p + a.size())) return slots_[i];
    }
    const auto id = static_cast<FormId>(nodes_.size());
    Node n;
    n.kind = kind;
    n.value = value;
    n.first = static_cast<std::uint32_t>(pool_.size());
    n.count_a = static_cast<std::uint32_t>(a.size());
    n.count_b = static_cast<std::uint32_t>(b.size());
    n.hash = h;
    pool_.insert(pool_.end(), a.begin(), a.end());
    pool_.insert(pool_.end(), b.begin(), b.end());
    nodes_.push_back(n);
    slots_[i] = id;
    if (nodes_.size() * 2 > slots_.size()) rehash();
    return id;
  }

  void rehash() {
    std::vector<FormId> slots(slots_.size() * 2, kNoForm);
    const std::size_t mask = slots.size() - 1;
    for (FormId id = 0; id < nodes_.size(); ++id) {
      std::size_t i = static_cast<std::size_t>(nodes_[id].hash) & mask;
      while (slots[i] != kNoForm) i = (i + 1) & mask;
      slots[i] = id;
    }
    slots_.swap(slots);
  }

  std::vector<Node> nodes_;
  std::vector<FormId> pool_;
  std::vector<FormId> slots_;
  std::vector<FormId> scratch_a_, scratch_b_;
};

// Shape of a form, for the difficulty rating and `24 stats`.
struct FormShape {
  int adds = 0, subs = 0, muls = 0, divs = 0;
  int sums = 0, products = 0;  // compound nodes
  int fraction_nodes = 0;      // compound nodes whose value is not an integer
  int depth = 0;               // nesting of compound nodes
  int leaves = 0;
  std::int64_t largest = 0;  // largest |value| of a compound node, capped at 2^62
};

template <class Int>
FormShape form_shape(const FormArena<Int>& arena, FormId id);

extern template std::string print_form(const FormArena<std::int64_t>&, FormId, PrintStyle);
extern template std::string print_form(const FormArena<Int128>&, FormId, PrintStyle);
extern template FormShape form_shape(const FormArena<std::int64_t>&, FormId);
extern template FormShape form_shape(const FormArena<Int128>&, FormId);

}  // namespace puzzlelab::game24
