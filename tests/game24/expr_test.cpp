// The parser, exact evaluation, number checks and the canonical identities of
// docs/rules/24-distinct.md; every printed solution re-parses to itself.
#include "game24/expr.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "test_support.h"

namespace puzzlelab::game24 {
namespace {

using testing::hand_of;
using testing::hand_text;

std::string canon(const std::string& text) {
  auto e = parse_expression(text);
  EXPECT_TRUE(e.ok()) << text << ": " << (e.ok() ? "" : e.error().message);
  if (!e.ok()) return "<parse error>";
  auto c = canonical_text(*e);
  EXPECT_TRUE(c.ok()) << text;
  return c.ok() ? *c : "<error>";
}

WideRational value_of(const std::string& text) {
  auto e = parse_expression(text);
  EXPECT_TRUE(e.ok()) << text;
  auto v = evaluate(*e);
  EXPECT_TRUE(v.ok()) << text;
  return v.ok() ? *v : WideRational(-999999);
}

std::string parse_error(const std::string& text) {
  auto e = parse_expression(text);
  EXPECT_FALSE(e.ok()) << text;
  return e.ok() ? "" : e.error().message;
}

TEST(Parser, PrecedenceAndLeftAssociativity) {
  EXPECT_EQ(value_of("8/(3-8/3)"), WideRational(24));
  EXPECT_EQ(value_of("2+3*4"), WideRational(14));
  EXPECT_EQ(value_of("12/2/3"), WideRational(2));
  EXPECT_EQ(value_of("10-4-3"), WideRational(3));
  EXPECT_EQ(value_of("((1+2+3))*4"), WideRational(24));
}

TEST(Parser, AcceptsPrettyAndFullWidthForms) {
  EXPECT_EQ(value_of("8 ÷ (3 − 8 ÷ 3)"), WideRational(24));
  EXPECT_EQ(value_of("（１＋２＋３）×４"), WideRational(24));
  EXPECT_EQ(value_of("（1+2+3）x 4"), WideRational(24));
  EXPECT_EQ(value_of("\u30006 * 4\t"), WideRational(24));
  EXPECT_EQ(value_of("6／(1－3／4)"), WideRational(24));
}

TEST(Parser, PreciseMessages) {
  EXPECT_NE(parse_error("").find("empty"), std::string::npos);
  EXPECT_NE(parse_error("   ").find("empty"), std::string::npos);
  EXPECT_NE(parse_error("1+").find("ends after '+'"), std::string::npos);
  EXPECT_NE(parse_error("(1+2").find("never closed"), std::string::npos);
  EXPECT_NE(parse_error("1+2)").find("no matching '('"), std::string::npos);
  EXPECT_NE(parse_error("3 4").find("operator is missing between 3 and 4"), std::string::npos);
  EXPECT_NE(parse_error("2(3+4)").find("operator is missing before '('"), std::string::npos);
  EXPECT_NE(parse_error("(3+4)2").find("operator is missing"), std::string::npos);
  EXPECT_NE(parse_error("-3+27").find("no negative numbers"), std::string::npos);
  EXPECT_NE(parse_error("1++2").find("follows another operator"), std::string::npos);
  EXPECT_NE(parse_error("1+()").find("empty brackets"), std::string::npos);
  EXPECT_NE(parse_error("__import__('os')").find("not allowed"), std::string::npos);
  EXPECT_NE(parse_error("1.5*16").find("whole numbers"), std::string::npos);
  EXPECT_NE(parse_error("a+b").find("column 1"), std::string::npos);
  EXPECT_NE(parse_error(std::string(50, '(') + "1" + std::string(50, ')')).find("nested"), std::string::npos);
  EXPECT_NE(parse_error(std::string(1000, '1')).find("too long"), std::string::npos);
  EXPECT_NE(parse_error("99999999999999999999+4").find("too large"), std::string::npos);
  EXPECT_NE(parse_error("\xff").find("UTF-8"), std::string::npos);
}

TEST(Evaluate, DivisionByZeroAndOverflow) {
  auto e = parse_expression("4/(2-2)");
  ASSERT_TRUE(e.ok());
  auto v = evaluate(*e);
  ASSERT_FALSE(v.ok());
  EXPECT_NE(v.error().message.find("division by zero"), std::string::npos);
  auto big = parse_expression("9223372036854775807*9223372036854775807*9223372036854775807");
  ASSERT_TRUE(big.ok());
  auto bv = evaluate(*big);
  ASSERT_FALSE(bv.ok());
  EXPECT_NE(bv.error().message.find("too large"), std::string::npos);
}

TEST(CheckNumbers, SaysWhatIsMissingOrExtra) {
  const auto hand = hand_of({3, 3, 8, 8});
  auto msg = [&](const std::string& text) {
    auto e = parse_expression(text);
    EXPECT_TRUE(e.ok());
    return check_numbers(*e, hand).value_or("");
  };
  EXPECT_EQ(msg("8/(3-8/3)"), "");
  EXPECT_EQ(msg("8*3"), "3 is used 1 of 2 times; 8 is used 1 of 2 times");
  EXPECT_EQ(msg("8*3+8-3+3"), "3 is used 3 times but the hand has 2");
  EXPECT_EQ(msg("8*3*(8-3-5)"), "5 is not in the hand");
  EXPECT_EQ(msg("6*4"),
            "3 is missing (the hand has 2 of them); 8 is missing (the hand has 2 of them); 4 is not in the hand; 6 is "
            "not in the hand");
}

// docs/rules/24-distinct.md, rules 1, 2 and 4 with numbers for the letters (a=7, b=3, c=2, d=5, x=20).
TEST(Canonical, IdentifiedForms) {
  EXPECT_EQ(canon("7-(3-2)"), canon("7+2-3"));
  EXPECT_EQ(canon("(7-3)-2"), canon("7-(3+2)"));
  EXPECT_EQ(canon("(7+3)-2"), canon("7+(3-2)"));
  EXPECT_EQ(canon("7/(3/2)"), canon("7*2/3"));
  EXPECT_EQ(canon("(7/3)/2"), canon("7/(3*2)"));
  EXPECT_EQ(canon("(3-5)*(1-13)"), canon("(5-3)*(13-1)"));
  EXPECT_EQ(canon("20-(7-3)*2"), canon("20+(3-7)*2"));
  EXPECT_EQ(canon("20-(3-7)*2"), canon("20+(7-3)*2"));
  EXPECT_EQ(canon("(7-3)/(2-5)"), canon("(3-7)/(5-2)"));
  EXPECT_EQ(canon("2*3*4"), canon("4*(3*2)"));
  EXPECT_EQ(canon("1+2+3+4"), canon("(4+3)+(2+1)"));
  // A zero-valued sum is oriented by a fixed order: (3-3)*x = (3-3)*x either way round.
  EXPECT_EQ(canon("(5-5)*7+24"), canon("24+7*(5-5)"));
  EXPECT_EQ(canon("(6-3-3)*7+24"), canon("(3+3-6)*7+24"));
}

TEST(Canonical, NotIdentified) {
  EXPECT_NE(canon("24*1"), canon("24/1"));          // the unit variant
  EXPECT_NE(canon("(5*5-1)*1"), canon("5*5*1-1"));  // where a *1 is attached
  EXPECT_NE(canon("2+2"), canon("2*2"));
  EXPECT_NE(canon("20+4-4"), canon("20*4/4"));
  EXPECT_NE(canon("2*7-7"), canon("(7+7)/2"));
  EXPECT_NE(canon("3*(5+2)"), canon("3*5+3*2"));  // distributivity
}

TEST(Canonical, PrintsWithTheFewestBrackets) {
  EXPECT_EQ(canon("((8/((3-(8/3)))))"), "8/(3-8/3)");
  EXPECT_EQ(canon("(((10*10)-4)/4)"), "(10*10-4)/4");
  EXPECT_EQ(canon("((7*(2*3))/(4))"), "7*3*2/4");
  EXPECT_EQ(canon("8-(2*3)"), "8-3*2");
  auto e = parse_expression("8/(3-8/3)");
  PrintStyle pretty;
  pretty.pretty = true;
  EXPECT_EQ(*canonical_text(*e, pretty), "8÷(3-8÷3)");
}

// Every printed distinct solution of every hand of 1..13: parses back, uses exactly
// the hand's numbers, equals 24 exactly, and is its own canonical text.
TEST(Reparse, EverySolutionOfEveryHand) {
  Solver solver;
  std::size_t checked = 0;
  for (const auto& h : all_hands(1, 13, 4)) {
    const auto r = solver.solve(h, {});
    ASSERT_TRUE(r.ok());
    for (const auto& s : r->solutions) {
      auto e = parse_expression(s.text);
      ASSERT_TRUE(e.ok()) << s.text;
      EXPECT_EQ(*evaluate(*e), WideRational(24)) << s.text;
      EXPECT_FALSE(check_numbers(*e, h)) << s.text;
      EXPECT_EQ(*canonical_text(*e), s.text);
      ++checked;
    }
  }
  EXPECT_EQ(checked, 4078u);  // every distinct solution (KnownFigures.DistinctTotalIsStable)
}

// Left-to-right evaluation of a printed solution with every intermediate checked.
bool every_step(const Expr& e, int id, IntegerRule rule, WideRational& out) {
  const ExprNode& n = e.nodes[static_cast<std::size_t>(id)];
  if (n.leaf) {
    out = widen(n.value);
    return true;
  }
  WideRational a, b;
  if (!every_step(e, n.left, rule, a) || !every_step(e, n.right, rule, b)) return false;
  bool ok = true;
  switch (n.op) {
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
      ok = b.num != 0 && rat_div(a, b, out);
      break;
  }
  if (!ok) return false;
  if (rule == IntegerRule::Integers) return out.den == 1;
  if (rule == IntegerRule::PositiveIntegers) return out.den == 1 && out.num > 0;
  return true;
}

// rapidcheck: random hands (1 to 5 numbers, zero allowed, fractions sometimes), random
// targets and options: every printed solution re-parses, uses the hand's numbers
// (all, or a sub-multiset with --subset), equals the target exactly, respects the
// integer rule step by step, and the printed texts are pairwise distinct canonical forms.
RC_GTEST_PROP(SolverProp, PrintedSolutionsAreExactAndCanonical, ()) {
  const auto n = *rc::gen::inRange(1, 6);
  const bool fractions = *rc::gen::arbitrary<bool>();
  std::vector<Rational> hand;
  for (int i = 0; i < n; ++i) {
    const auto num = *rc::gen::inRange<std::int64_t>(0, 14);
    const auto den = fractions && *rc::gen::arbitrary<bool>() ? *rc::gen::inRange<std::int64_t>(1, 5) : 1;
    Rational r;
    make_rat<std::int64_t>(num, den, r);
    hand.push_back(r);
  }
  SolveOptions o;
  Rational target;
  make_rat<std::int64_t>(*rc::gen::inRange<std::int64_t>(-30, 60), *rc::gen::inRange<std::int64_t>(1, 3), target);
  o.target = *rc::gen::element(Rational(24), target);
  o.subset = *rc::gen::arbitrary<bool>();
  o.closest = *rc::gen::arbitrary<bool>();
  const bool integral =
      std::all_of(hand.begin(), hand.end(), [](const Rational& r) { return r.den == 1 && r.num > 0; });
  o.rule = integral ? *rc::gen::element(IntegerRule::None, IntegerRule::Integers, IntegerRule::PositiveIntegers)
                    : IntegerRule::None;
  const bool one = *rc::gen::arbitrary<bool>();
  if (one) {
    // --one agrees with the complete search on solvability, and its solution is one of
    // the distinct solutions.
    SolveOptions o1 = o;
    o1.mode = SolveMode::One;
    auto r1 = solve(hand, o1);
    auto all = solve(hand, o);
    RC_ASSERT(r1.ok() && all.ok());
    RC_ASSERT(r1->exact == all->exact);
    RC_ASSERT(r1->solutions.size() == (all->found ? 1u : 0u));
    if (all->found) {
      RC_ASSERT(r1->reached == all->reached);
      bool listed = false;
      for (const auto& s : all->solutions) listed = listed || s.text == r1->solutions[0].text;
      RC_ASSERT(listed);
    }
  }
  auto r = solve(hand, o);
  RC_ASSERT(r.ok());
  std::set<std::string> seen;
  for (const auto& s : r->solutions) {
    RC_ASSERT(seen.insert(s.text).second);
    auto e = parse_expression(s.text, ParseOptions{true});
    RC_ASSERT(e.ok());
    WideRational v;
    RC_ASSERT(every_step(*e, e->root, o.rule, v));
    RC_ASSERT(v == r->reached);
    auto used = numbers_of(*e);
    if (o.subset) {
      std::multiset<Rational> pool(hand.begin(), hand.end());
      for (const auto& u : used) {
        auto it = pool.find(u);
        RC_ASSERT(it != pool.end());
        pool.erase(it);
      }
    } else {
      RC_ASSERT(!check_numbers(*e, hand));
    }
    RC_ASSERT(*canonical_text(*e) == s.text);
  }
  if (!o.closest) RC_ASSERT(r->exact == !r->solutions.empty());
  RC_ASSERT(r->found == !r->solutions.empty());
}

}  // namespace
}  // namespace puzzlelab::game24
