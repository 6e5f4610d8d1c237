#pragma once
// Expressions typed by a player or printed by the solver: an own parser (eval() on what
// a user typed would execute arbitrary code), exact evaluation,
// the check that a hand's numbers are used exactly once each, and the canonical text
// that tells which distinct solution an expression is.
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "game24/form.h"
#include "game24/rational.h"

namespace puzzlelab::game24 {

struct ExprNode {
  bool leaf = true;
  Op op = Op::Add;
  Rational value;  // leaves
  int left = -1, right = -1;
  std::size_t column = 0;  // 1-based character column of the number or operator
};

struct Expr {
  std::vector<ExprNode> nodes;
  int root = -1;
};

struct ParseOptions {
  // Read "(3/4)" (a bracketed quotient of two plain integers) as the single number 3/4,
  // as the solver prints a fractional hand number. Off for play: there "(3/4)" is 3÷4.
  bool fraction_literals = false;
};

inline constexpr std::size_t kMaxExpressionChars = 400;
inline constexpr int kMaxBracketDepth = 40;

// Accepts digits (ASCII or full-width), + - * / and × ÷ − (and their full-width
// forms, and x for times), ASCII and full-width brackets, and spaces. Ordinary
// precedence, left associativity. The error names the column and what is wrong.
core::Result<Expr> parse_expression(std::string_view text, ParseOptions options = {});

// The exact value; errors for division by zero and values beyond 128 bits.
core::Result<WideRational> evaluate(const Expr& expr);

// The numbers used, in order of appearance.
std::vector<Rational> numbers_of(const Expr& expr);

// nullopt when the expression uses exactly the hand's numbers, once each; otherwise a
// message naming what is missing and what is extra ("3 is missing; 5 is not in the hand").
std::optional<std::string> check_numbers(const Expr& expr, std::span<const Rational> hand);

// The canonical form, printed as the solver prints it: two expressions are the same
// distinct solution exactly when their canonical texts are equal.
core::Result<std::string> canonical_text(const Expr& expr, PrintStyle style = {});

}  // namespace puzzlelab::game24
