#include "game24/expr.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "core/utf8.h"

namespace puzzlelab::game24 {

namespace {

enum class Tok { Number, Plus, Minus, Times, Divide, Open, Close, End };

struct Token {
  Tok kind = Tok::End;
  std::string text;  // digits (ASCII) for numbers, the character as typed otherwise
  std::size_t column = 0;
};

int digit_of(char32_t c) {
  if (c >= U'0' && c <= U'9') return static_cast<int>(c - U'0');
  if (c >= U'\uFF10' && c <= U'\uFF19') return static_cast<int>(c - U'\uFF10');
  return -1;
}

std::optional<Tok> symbol_of(char32_t c) {
  switch (c) {
    case U'+':
    case U'\uFF0B':
      return Tok::Plus;
    case U'-':
    case U'\u2212':
    case U'\uFF0D':
    case U'\u2013':
      return Tok::Minus;
    case U'*':
    case U'\u00D7':
    case U'\uFF0A':
    case U'x':
    case U'X':
    case U'\u00B7':
    case U'\u22C5':
      return Tok::Times;
    case U'/':
    case U'\u00F7':
    case U'\uFF0F':
      return Tok::Divide;
    case U'(':
    case U'\uFF08':
      return Tok::Open;
    case U')':
    case U'\uFF09':
      return Tok::Close;
    default:
      return std::nullopt;
  }
}

bool is_space(char32_t c) {
  return c == U' ' || c == U'\t' || c == U'\u3000' || c == U'\r' || c == U'\n';
}

core::Result<std::vector<Token>> tokenize(std::string_view text) {
  auto decoded = core::utf8_decode(text);
  if (!decoded) return core::Error{"the text is not valid UTF-8 (" + decoded.error().message + ")"};
  const std::u32string& s = *decoded;
  if (s.size() > kMaxExpressionChars) {
    return core::Error{
        fmt::format("the expression is too long ({} characters; at most {})", s.size(), kMaxExpressionChars)};
  }
  std::vector<Token> out;
  for (std::size_t i = 0; i < s.size();) {
    const char32_t c = s[i];
    const std::size_t column = i + 1;
    if (is_space(c)) {
      ++i;
      continue;
    }
    if (digit_of(c) >= 0) {
      Token t{Tok::Number, {}, column};
      while (i < s.size() && digit_of(s[i]) >= 0) t.text.push_back(static_cast<char>('0' + digit_of(s[i++])));
      out.push_back(std::move(t));
      continue;
    }
    if (const auto sym = symbol_of(c)) {
      out.push_back({*sym, core::utf8_encode(c), column});
      ++i;
      continue;
    }
    if (c == U'.' || c == U',') {
      return core::Error{fmt::format("'{}' at column {}: use whole numbers (the hand's numbers are integers)",
                                     core::utf8_encode(c), column)};
    }
    return core::Error{fmt::format("'{}' at column {} is not allowed: use numbers, + - * / (or × ÷) and brackets",
                                   core::utf8_encode(c), column)};
  }
  out.push_back({Tok::End, "", s.size() + 1});
  return out;
}

class Parser {
 public:
  Parser(std::vector<Token> tokens, ParseOptions options) : toks_(std::move(tokens)), opt_(options) {}

  core::Result<Expr> parse() {
    if (toks_.front().kind == Tok::End) return core::Error{"the expression is empty: type one such as (1+2+3)*4"};
    const int root = expression(0);
    if (error_) return core::Error{*error_};
    const Token& t = peek();
    if (t.kind == Tok::Close) return fail(fmt::format("')' at column {} has no matching '('", t.column));
    if (t.kind != Tok::End)
      return fail(fmt::format("an operator is missing before '{}' at column {}", t.text, t.column));
    expr_.root = root;
    return std::move(expr_);
  }

 private:
  const Token& peek(std::size_t ahead = 0) const { return toks_[std::min(pos_ + ahead, toks_.size() - 1)]; }
  const Token& next() { return toks_[std::min(pos_++, toks_.size() - 1)]; }
  core::Error fail(std::string message) {
    if (!error_) error_ = std::move(message);
    return core::Error{*error_};
  }

  int add_node(ExprNode n) {
    expr_.nodes.push_back(n);
    return static_cast<int>(expr_.nodes.size()) - 1;
  }

  int expression(int depth) {
    int left = term(depth);
    while (!error_ && (peek().kind == Tok::Plus || peek().kind == Tok::Minus)) {
      const Token op = next();
      const int right = term(depth);
      if (error_) return -1;
      left = add_node({false, op.kind == Tok::Plus ? Op::Add : Op::Sub, {}, left, right, op.column});
    }
    return left;
  }

  int term(int depth) {
    int left = factor(depth);
    while (!error_ && (peek().kind == Tok::Times || peek().kind == Tok::Divide)) {
      const Token op = next();
      const int right = factor(depth);
      if (error_) return -1;
      left = add_node({false, op.kind == Tok::Times ? Op::Mul : Op::Div, {}, left, right, op.column});
    }
    return left;
  }

  int number(const Token& t) {
    auto r = parse_rational(t.text);
    if (!r) {
      fail(fmt::format("the number at column {} is too large", t.column));
      return -1;
    }
    ExprNode n;
    n.value = *r;
    n.column = t.column;
    return add_node(n);
  }

  int factor(int depth) {
    const Token& t = peek();
    switch (t.kind) {
      case Tok::Number: {
        const Token num = next();
        if (peek().kind == Tok::Number) {
          fail(fmt::format("an operator is missing between {} and {} (column {})", num.text, peek().text,
                           peek().column));
          return -1;
        }
        if (peek().kind == Tok::Open) {
          fail(fmt::format("an operator is missing before '(' at column {}", peek().column));
          return -1;
        }
        return number(num);
      }
      case Tok::Open: {
        if (depth >= kMaxBracketDepth) {
          fail(fmt::format("too many nested brackets (more than {})", kMaxBracketDepth));
          return -1;
        }
        if (opt_.fraction_literals && peek(1).kind == Tok::Number && peek(2).kind == Tok::Divide &&
            peek(3).kind == Tok::Number && peek(4).kind == Tok::Close) {
          const Token open = next();
          const Token top = next();
          next();
          const Token bottom = next();
          next();
          auto r = parse_rational(top.text + "/" + bottom.text);
          if (!r) {
            fail(fmt::format("the fraction at column {}: {}", open.column, r.error().message));
            return -1;
          }
          ExprNode n;
          n.value = *r;
          n.column = open.column;
          return add_node(n);
        }
        const Token open = next();
        if (peek().kind == Tok::Close) {
          fail(fmt::format("empty brackets at column {}", open.column));
          return -1;
        }
        const int inner = expression(depth + 1);
        if (error_) return -1;
        if (peek().kind != Tok::Close) {
          if (peek().kind == Tok::End) {
            fail(fmt::format("the '(' at column {} is never closed", open.column));
          } else {
            fail(fmt::format("an operator is missing before '{}' at column {}", peek().text, peek().column));
          }
          return -1;
        }
        next();
        if (peek().kind == Tok::Number || peek().kind == Tok::Open) {
          fail(fmt::format("an operator is missing before '{}' at column {}", peek().text, peek().column));
          return -1;
        }
        return inner;
      }
      case Tok::Minus:
        if (pos_ == 0 || toks_[pos_ - 1].kind == Tok::Open) {
          fail(fmt::format("'-' at column {} needs a value before it (there are no negative numbers in the game)",
                           t.column));
        } else {
          fail(fmt::format("'{}' at column {} follows another operator: a number or '(' is missing", t.text, t.column));
        }
        return -1;
      case Tok::Plus:
      case Tok::Times:
      case Tok::Divide:
        if (pos_ == 0 || toks_[pos_ - 1].kind == Tok::Open) {
          fail(fmt::format("'{}' at column {} needs a value before it", t.text, t.column));
        } else {
          fail(fmt::format("'{}' at column {} follows another operator: a number or '(' is missing", t.text, t.column));
        }
        return -1;
      case Tok::Close:
        if (pos_ > 0 && toks_[pos_ - 1].kind != Tok::Open) {
          fail(
              fmt::format("')' at column {} follows '{}': a number or '(' is missing", t.column, toks_[pos_ - 1].text));
        } else {
          fail(fmt::format("')' at column {} has no matching '('", t.column));
        }
        return -1;
      case Tok::End:
        fail(pos_ == 0
                 ? "the expression is empty"
                 : fmt::format("the expression ends after '{}': a number or '(' is missing", toks_[pos_ - 1].text));
        return -1;
    }
    return -1;
  }

  std::vector<Token> toks_;
  ParseOptions opt_;
  std::size_t pos_ = 0;
  Expr expr_;
  std::optional<std::string> error_;
};

template <class Visit>
void postorder(const Expr& e, int id, Visit&& visit) {
  const ExprNode& n = e.nodes[static_cast<std::size_t>(id)];
  if (!n.leaf) {
    postorder(e, n.left, visit);
    postorder(e, n.right, visit);
  }
  visit(id);
}

// Applies op exactly; the error explains division by zero or overflow.
std::optional<std::string> apply(Op op, const WideRational& a, const WideRational& b, std::size_t column,
                                 WideRational& out) {
  bool ok = true;
  switch (op) {
    case Op::Add:
      ok = rat_add(a, b, out);
      break;
    case Op::Sub:
      ok = rat_sub(a, b, out);
      break;
    case Op::Mul:
      ok = rat_mul(a, b, out);
      break;
    case Op::Div:
      if (b.num == 0) return fmt::format("division by zero at column {}", column);
      ok = rat_div(a, b, out);
      break;
  }
  if (!ok) return fmt::format("a value at column {} is too large to compute exactly", column);
  return std::nullopt;
}

}  // namespace

core::Result<Expr> parse_expression(std::string_view text, ParseOptions options) {
  auto tokens = tokenize(text);
  if (!tokens) return tokens.error();
  return Parser(std::move(*tokens), options).parse();
}

core::Result<WideRational> evaluate(const Expr& expr) {
  if (expr.root < 0) return core::Error{"empty expression"};
  std::vector<WideRational> value(expr.nodes.size());
  std::optional<std::string> error;
  postorder(expr, expr.root, [&](int id) {
    if (error) return;
    const ExprNode& n = expr.nodes[static_cast<std::size_t>(id)];
    auto& v = value[static_cast<std::size_t>(id)];
    if (n.leaf) {
      v = widen(n.value);
    } else {
      error =
          apply(n.op, value[static_cast<std::size_t>(n.left)], value[static_cast<std::size_t>(n.right)], n.column, v);
    }
  });
  if (error) return core::Error{*error};
  return value[static_cast<std::size_t>(expr.root)];
}

std::vector<Rational> numbers_of(const Expr& expr) {
  std::vector<std::pair<std::size_t, Rational>> leaves;
  for (const auto& n : expr.nodes)
    if (n.leaf) leaves.emplace_back(n.column, n.value);
  std::sort(leaves.begin(), leaves.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<Rational> out;
  for (const auto& [column, value] : leaves) out.push_back(value);
  return out;
}

std::optional<std::string> check_numbers(const Expr& expr, std::span<const Rational> hand) {
  std::map<Rational, int> want, have;
  for (const auto& r : hand) ++want[r];
  for (const auto& r : numbers_of(expr)) ++have[r];
  std::vector<std::string> problems;
  for (const auto& [value, n] : want) {
    const int h = have.count(value) ? have[value] : 0;
    if (h == 0) {
      problems.push_back(n == 1 ? fmt::format("{} is missing", to_string(value))
                                : fmt::format("{} is missing (the hand has {} of them)", to_string(value), n));
    } else if (h < n) {
      problems.push_back(fmt::format("{} is used {} of {} times", to_string(value), h, n));
    } else if (h > n) {
      problems.push_back(n == 1 ? fmt::format("{} is used {} times but the hand has one", to_string(value), h)
                                : fmt::format("{} is used {} times but the hand has {}", to_string(value), h, n));
    }
  }
  for (const auto& [value, h] : have) {
    if (!want.count(value)) {
      problems.push_back(h == 1 ? fmt::format("{} is not in the hand", to_string(value))
                                : fmt::format("{} is not in the hand (used {} times)", to_string(value), h));
    }
  }
  if (problems.empty()) return std::nullopt;
  std::string out;
  for (const auto& p : problems) out += (out.empty() ? "" : "; ") + p;
  return out;
}

core::Result<std::string> canonical_text(const Expr& expr, PrintStyle style) {
  if (expr.root < 0) return core::Error{"empty expression"};
  FormArena<Int128> arena;
  std::vector<FormId> form(expr.nodes.size(), kNoForm);
  std::vector<WideRational> value(expr.nodes.size());
  std::optional<std::string> error;
  postorder(expr, expr.root, [&](int id) {
    if (error) return;
    const auto i = static_cast<std::size_t>(id);
    const ExprNode& n = expr.nodes[i];
    if (n.leaf) {
      value[i] = widen(n.value);
      form[i] = arena.number(value[i]);
      return;
    }
    const auto l = static_cast<std::size_t>(n.left), r = static_cast<std::size_t>(n.right);
    error = apply(n.op, value[l], value[r], n.column, value[i]);
    if (!error) form[i] = arena.combine(n.op, form[l], form[r], value[i]);
  });
  if (error) return core::Error{*error};
  return print_form(arena, form[static_cast<std::size_t>(expr.root)], style);
}

}  // namespace puzzlelab::game24
