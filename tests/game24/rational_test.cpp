#include "game24/rational.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <limits>

namespace puzzlelab::game24 {
namespace {

Rational parsed(const char* text) {
  auto r = parse_rational(text);
  EXPECT_TRUE(r.ok()) << text;
  return r.ok() ? *r : Rational();
}

TEST(Rational, ParsesIntegersFractionsDecimals) {
  EXPECT_EQ(parsed("24"), Rational(24));
  EXPECT_EQ(parsed("3/4"), Rational(3, 4));
  EXPECT_EQ(parsed("6/8"), Rational(3, 4));
  EXPECT_EQ(parsed("-3"), Rational(-3));
  EXPECT_EQ(parsed("+2"), Rational(2));
  EXPECT_EQ(parsed("0.75"), Rational(3, 4));
  EXPECT_EQ(parsed(".5"), Rational(1, 2));
  EXPECT_EQ(parsed("9223372036854775807"), Rational(std::numeric_limits<std::int64_t>::max()));
}

TEST(Rational, RejectsWithAMessage) {
  for (const char* bad : {"", "abc", "3/", "/4", "1/0", "1.2.3", "3e5", "99999999999999999999", "1/-2", "--3"}) {
    auto r = parse_rational(bad);
    EXPECT_FALSE(r.ok()) << bad;
    if (!r.ok()) {
      EXPECT_FALSE(r.error().message.empty());
    }
  }
  EXPECT_NE(parse_rational("1/0").error().message.find("zero"), std::string::npos);
  EXPECT_NE(parse_rational("99999999999999999999").error().message.find("out of range"), std::string::npos);
}

TEST(Rational, ArithmeticIsExactAndNormalised) {
  Rational r;
  ASSERT_TRUE(rat_add(Rational(1, 6), Rational(1, 3), r));
  EXPECT_EQ(r, Rational(1, 2));
  ASSERT_TRUE(rat_sub(Rational(8, 3), Rational(3), r));
  EXPECT_EQ(r, Rational(-1, 3));
  ASSERT_TRUE(rat_div(Rational(8), Rational(1, 3), r));
  EXPECT_EQ(r, Rational(24));
  ASSERT_TRUE(rat_div(Rational(3), Rational(-6), r));
  EXPECT_EQ(r, Rational(-1, 2));
  ASSERT_TRUE(rat_mul(Rational(-2, 3), Rational(3, 4), r));
  EXPECT_EQ(r, Rational(-1, 2));
  EXPECT_EQ(to_string(Rational(-7, 2)), "-7/2");
}

TEST(Rational, OverflowIsReportedNotWrapped) {
  const std::int64_t max = std::numeric_limits<std::int64_t>::max();
  Rational r;
  EXPECT_FALSE(rat_add(Rational(max), Rational(1), r));
  EXPECT_FALSE(rat_mul(Rational(max / 2 + 1), Rational(2), r));
  EXPECT_FALSE(rat_add(Rational(1, max), Rational(1, max - 1), r));
  EXPECT_FALSE(rat_sub(Rational(-max), Rational(1), r));  // would be INT64_MIN: refused too
  // The same values fit in 128 bits.
  WideRational w;
  ASSERT_TRUE(rat_add(widen(Rational(max)), widen(Rational(1)), w));
  EXPECT_EQ(to_string(w), "9223372036854775808");
  Rational back;
  EXPECT_FALSE(narrow(w, back));
  const Int128 wmax = IntTraits<Int128>::max();
  EXPECT_FALSE(rat_mul(WideRational(wmax / 3 + 1), WideRational(3), w));
  EXPECT_FALSE(rat_add(WideRational(wmax), WideRational(1), w));
}

TEST(Rational, CompareIsExactNearTheLimit) {
  const std::int64_t max = std::numeric_limits<std::int64_t>::max();
  EXPECT_GT(rat_compare(Rational(max - 1, max), Rational(max - 2, max - 1)), 0);
  EXPECT_EQ(rat_compare(Rational(-1, 3), Rational(-1, 3)), 0);
  EXPECT_LT(rat_compare(Rational(-1, 2), Rational(-1, 3)), 0);
  EXPECT_LT(rat_compare(Rational(0), Rational(1, max)), 0);
}

RC_GTEST_PROP(RationalProp, AgreesWith128BitCrossMultiplication, ()) {
  const auto small = [] { return *rc::gen::inRange<std::int64_t>(-1000000, 1000000); };
  const auto positive = [] { return *rc::gen::inRange<std::int64_t>(1, 1000000); };
  Rational a, b;
  ASSERT_TRUE(make_rat<std::int64_t>(small(), positive(), a));
  ASSERT_TRUE(make_rat<std::int64_t>(small(), positive(), b));
  Rational s, d, p;
  RC_ASSERT(rat_add(a, b, s));
  RC_ASSERT(rat_sub(s, b, d));
  RC_ASSERT(d == a);
  RC_ASSERT(rat_mul(a, b, p));
  // p == a*b  <=>  p.num * a.den * b.den == a.num * b.num * p.den (exact in 128 bits here)
  RC_ASSERT(static_cast<Int128>(p.num) * a.den * b.den == static_cast<Int128>(a.num) * b.num * p.den);
  const Int128 lhs = static_cast<Int128>(a.num) * b.den, rhs = static_cast<Int128>(b.num) * a.den;
  RC_ASSERT(rat_compare(a, b) == (lhs < rhs ? -1 : (lhs > rhs ? 1 : 0)));
  RC_ASSERT(s.den > 0);
}

}  // namespace
}  // namespace puzzlelab::game24
