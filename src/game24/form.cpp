#include "game24/form.h"

#include <algorithm>

#include <fmt/format.h>

namespace puzzlelab::game24 {

namespace {

template <class Int>
class Printer {
 public:
  using Arena = FormArena<Int>;
  Printer(const Arena& arena, PrintStyle style) : arena_(arena), style_(style) {}

  std::string node(FormId id) {
    const auto& n = arena_.node(id);
    switch (n.kind) {
      case FormKind::Number:
        return leaf(n.value);
      case FormKind::Sum:
        return sum(arena_.part_a(id), arena_.part_b(id));
      case FormKind::Product:
        return product(id, false);
    }
    return {};
  }

 private:
  struct Item {
    FormId id;
    std::string text;
  };

  [[nodiscard]] const char* times() const { return style_.pretty ? "×" : "*"; }
  [[nodiscard]] const char* divide() const { return style_.pretty ? "÷" : "/"; }

  std::string leaf(const Rat<Int>& v) const {
    if (v.den == 1 && v.num >= 0) return to_string(v);
    for (const LeafText& t : style_.leaf_texts) {
      if (v.num == static_cast<Int>(t.num) && v.den == static_cast<Int>(t.den)) return t.text;
    }
    if (v.den == 1) return fmt::format("({})", to_string(v));
    Rat<Int> top(v.num), bottom(v.den);
    return fmt::format("({}{}{})", to_string(top), divide(), to_string(bottom));
  }

  static std::string to_string(const Rat<Int>& v) {
    if constexpr (std::is_same_v<Int, std::int64_t>) {
      return game24::to_string(v);
    } else {
      return game24::to_string(WideRational(v.num, v.den));
    }
  }

  // Larger value first; at equal value a compound term before a plain number; then text.
  std::vector<Item> ordered(std::span<const FormId> ids) {
    std::vector<Item> items;
    items.reserve(ids.size());
    for (const FormId id : ids) items.push_back({id, node(id)});
    std::sort(items.begin(), items.end(), [&](const Item& x, const Item& y) {
      const auto& nx = arena_.node(x.id);
      const auto& ny = arena_.node(y.id);
      const int c = rat_compare(nx.value, ny.value);
      if (c != 0) return c > 0;
      const bool cx = nx.kind != FormKind::Number, cy = ny.kind != FormKind::Number;
      if (cx != cy) return cx;
      return x.text < y.text;
    });
    return items;
  }

  // Whether a factor or term can be printed negated: a sum with a negative term (swap
  // its multisets), or one whose positive terms include a negatable product; a product
  // with such a sum factor. A negative term always has one: it can only come from a
  // flip (rule 4), and hand numbers are never negative.
  [[nodiscard]] bool sum_negatable(FormId id) const {
    if (!arena_.part_b(id).empty()) return true;
    for (const FormId t : arena_.part_a(id))
      if (product_negatable(t)) return true;
    return false;
  }
  [[nodiscard]] bool product_negatable(FormId id) const {
    if (arena_.node(id).kind != FormKind::Product) return false;
    for (const auto part : {arena_.part_a(id), arena_.part_b(id)})
      for (const FormId f : part)
        if (arena_.node(f).kind == FormKind::Sum && sum_negatable(f)) return true;
    return false;
  }

  std::string sum(std::span<const FormId> pos_ids, std::span<const FormId> neg_ids) {
    auto pos = ordered(pos_ids);
    auto neg = ordered(neg_ids);
    std::string out;
    if (pos.empty()) {
      // Every term is negative (a negative result, or a flipped factor printed back):
      // write the first negatable product with one of its sum factors negated, which
      // turns it into a leading positive term.
      auto it = std::find_if(neg.begin(), neg.end(), [&](const Item& t) { return product_negatable(t.id); });
      assert(it != neg.end());
      if (it == neg.end()) it = neg.begin();
      out = arena_.node(it->id).kind == FormKind::Product ? product(it->id, true) : fmt::format("0-{}", it->text);
      neg.erase(it);
    } else {
      out = pos.front().text;
      for (std::size_t i = 1; i < pos.size(); ++i) {
        out += '+';
        out += pos[i].text;
      }
    }
    for (const auto& t : neg) {
      out += '-';
      out += t.text;
    }
    return out;
  }

  // negate_one: print the first negatable sum factor negated (its multisets swapped).
  std::string product(FormId id, bool negate_one) {
    auto num = ordered(arena_.part_a(id));
    auto den = ordered(arena_.part_b(id));
    auto factor = [&](const Item& f, bool negate) {
      if (arena_.node(f.id).kind != FormKind::Sum) return f.text;
      if (!negate) return fmt::format("({})", f.text);
      return fmt::format("({})", sum(arena_.part_b(f.id), arena_.part_a(f.id)));
    };
    bool pending = negate_one;
    auto take = [&](const Item& f) {
      const bool negate = pending && arena_.node(f.id).kind == FormKind::Sum && sum_negatable(f.id);
      if (negate) pending = false;
      return factor(f, negate);
    };
    std::string out;
    for (std::size_t i = 0; i < num.size(); ++i) {
      if (i > 0) out += times();
      out += take(num[i]);
    }
    for (const auto& f : den) {
      out += divide();
      out += take(f);
    }
    return out;
  }

  const Arena& arena_;
  PrintStyle style_;
};

template <class Int>
std::int64_t capped_magnitude(const Rat<Int>& v) {
  // Ceiling of |v|, capped: a size measure for the difficulty rating only.
  const auto m = magnitude(v.num);
  const auto d = static_cast<typename IntTraits<Int>::Unsigned>(v.den);
  const auto q = m / d + (m % d != 0 ? 1 : 0);
  constexpr std::uint64_t cap = std::uint64_t{1} << 62;
  return q > cap ? static_cast<std::int64_t>(cap) : static_cast<std::int64_t>(q);
}

template <class Int>
void shape_walk(const FormArena<Int>& arena, FormId id, int depth, FormShape& s) {
  const auto& n = arena.node(id);
  if (n.kind == FormKind::Number) {
    ++s.leaves;
    return;
  }
  s.depth = std::max(s.depth, depth);
  const auto a = arena.part_a(id), b = arena.part_b(id);
  if (!n.value.is_integer()) ++s.fraction_nodes;
  s.largest = std::max(s.largest, capped_magnitude(n.value));
  // The partial result a person computes first: the positive part of a sum, the
  // numerator of a product.
  Rat<Int> partial = n.kind == FormKind::Sum ? Rat<Int>(0) : Rat<Int>(1);
  bool ok = true;
  for (const FormId c : a) {
    const auto& v = arena.node(c).value;
    ok = ok && (n.kind == FormKind::Sum ? rat_add(partial, v, partial) : rat_mul(partial, v, partial));
  }
  if (ok) s.largest = std::max(s.largest, capped_magnitude(partial));
  if (n.kind == FormKind::Sum) {
    ++s.sums;
    s.adds += a.empty() ? 0 : static_cast<int>(a.size()) - 1;
    s.subs += static_cast<int>(b.size());
  } else {
    ++s.products;
    s.muls += static_cast<int>(a.size()) - 1;
    s.divs += static_cast<int>(b.size());
  }
  for (const FormId c : a) shape_walk(arena, c, depth + 1, s);
  for (const FormId c : b) shape_walk(arena, c, depth + 1, s);
}

}  // namespace

template <class Int>
std::string print_form(const FormArena<Int>& arena, FormId id, PrintStyle style) {
  return Printer<Int>(arena, style).node(id);
}

template <class Int>
FormShape form_shape(const FormArena<Int>& arena, FormId id) {
  FormShape s;
  shape_walk(arena, id, 1, s);
  return s;
}

template std::string print_form(const FormArena<std::int64_t>&, FormId, PrintStyle);
template std::string print_form(const FormArena<Int128>&, FormId, PrintStyle);
template FormShape form_shape(const FormArena<std::int64_t>&, FormId);
template FormShape form_shape(const FormArena<Int128>&, FormId);

}  // namespace puzzlelab::game24
