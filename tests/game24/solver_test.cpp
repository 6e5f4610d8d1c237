// Known figures first: the examples and figures of docs/rules/24-distinct.md and the sample of
// distinct counts in tests/data/24_distinct_sample.tsv.
#include "game24/solver.h"

#include <chrono>

#include <gtest/gtest.h>

#include <fmt/format.h>

#include "game24/expr.h"
#include "test_support.h"

namespace puzzlelab::game24 {
namespace {

using testing::hand_of;
using testing::hand_text;
using testing::texts;

SolveResult solved(const std::vector<Rational>& hand, SolveOptions o = {}) {
  auto r = solve(hand, o);
  EXPECT_TRUE(r.ok()) << hand_text(hand) << ": " << (r.ok() ? "" : r.error().message);
  return r.ok() ? *r : SolveResult{};
}

// The example table of docs/rules/24-distinct.md: the `canon` column and the listed solutions.
TEST(DistinctTable, EveryExampleRow) {
  struct Row {
    std::vector<Rational> hand;
    std::size_t canon;
    std::set<std::string> listed;  // empty: the doc gives only the count
  };
  const std::vector<Row> rows = {
      {hand_of({5, 6, 7, 8}), 3, {"(7+5)*(8-6)", "6*(7+5-8)", "8*6/(7-5)"}},
      {hand_of({3, 3, 8, 8}), 1, {"8/(3-8/3)"}},
      {hand_of({1, 5, 5, 5}), 1, {"5*(5-1/5)"}},
      {hand_of({4, 4, 10, 10}), 1, {"(10*10-4)/4"}},
      {hand_of({1, 1, 1, 1}), 0, {}},
      {hand_of({1, 3, 4, 6}), 1, {"6/(1-3/4)"}},
      {hand_of({1, 2, 3, 4}), 4, {"(3+2+1)*4", "(4+2)*(3+1)", "4*3*2*1", "4*3*2/1"}},
      {hand_of({6, 6, 6, 6}), 2, {"6+6+6+6", "6*6-6-6"}},
      {hand_of({2, 4, 8, 10}), 11, {}},
      {hand_of({1, 1, 5, 5}), 7, {}},
      {hand_of({12, 12, 12, 12}), 3, {"12+12+12-12", "12*12/12+12", "(12+12)*12/12"}},
  };
  for (const auto& row : rows) {
    const auto r = solved(row.hand);
    EXPECT_EQ(r.solutions.size(), row.canon) << hand_text(row.hand);
    if (!row.listed.empty()) {
      EXPECT_EQ(texts(r), row.listed) << hand_text(row.hand);
    }
    EXPECT_EQ(r.exact, row.canon > 0);
  }
  // 1 1 5 5: `5*5-1` with a unit 1 attached in 6 ways, and `(5+1)*(5-1)`.
  const auto r = texts(solved(hand_of({1, 1, 5, 5})));
  EXPECT_TRUE(r.count("(5+1)*(5-1)"));
  int unit_variants = 0;
  for (const auto& s : r) {
    if (s == "(5+1)*(5-1)") continue;
    auto e = parse_expression(s);
    ASSERT_TRUE(e.ok());
    // Dropping the unit 1 leaves 5*5-1.
    EXPECT_TRUE(s.find("*1") != std::string::npos || s.find("/1") != std::string::npos ||
                s.find("1*") != std::string::npos)
        << s;
    ++unit_variants;
  }
  EXPECT_EQ(unit_variants, 6);
}

// Every line of the sample: `a b c d<TAB>distinct count`.
TEST(DistinctSample, EveryLine) {
  const std::string data = testing::read_file(std::string(PUZZLELAB_TEST_DATA) + "/24_distinct_sample.tsv");
  ASSERT_FALSE(data.empty());
  std::istringstream in(data);
  std::string line;
  int lines = 0;
  Solver solver;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    const auto tab = line.find('\t');
    ASSERT_NE(tab, std::string::npos) << line;
    std::istringstream hs(line.substr(0, tab));
    std::vector<Rational> hand;
    std::int64_t v;
    while (hs >> v) hand.emplace_back(v);
    const auto want = std::stoull(line.substr(tab + 1));
    const auto got = solver.count(hand, {});
    ASSERT_TRUE(got.ok());
    EXPECT_EQ(*got, want) << line.substr(0, tab);
    ++lines;
  }
  EXPECT_EQ(lines, 310);
}

struct Tally {
  int hands = 0, solvable = 0;
};
Tally tally(std::int64_t lo, std::int64_t hi, int count) {
  Tally t;
  for (const auto& h : all_hands(lo, hi, count)) {
    ++t.hands;
    const auto s = solvable(h);
    EXPECT_TRUE(s.ok());
    t.solvable += s.ok() && *s ? 1 : 0;
  }
  return t;
}

TEST(KnownFigures, FourNumbers) {
  const Tally a = tally(1, 13, 4);
  EXPECT_EQ(a.hands, 1820);
  EXPECT_EQ(a.solvable, 1362);
  const Tally b = tally(1, 10, 4);
  EXPECT_EQ(b.hands, 715);
  EXPECT_EQ(b.solvable, 566);
  const Tally c = tally(1, 9, 4);
  EXPECT_EQ(c.hands, 495);
  EXPECT_EQ(c.solvable, 404);
}

TEST(KnownFigures, FiveNumbers) {
  const Tally t = tally(1, 13, 5);
  EXPECT_EQ(t.hands, 6188);
  EXPECT_EQ(t.solvable, 6104);
}

// The 16 hands of 1..13 that are solvable only through fractions: solvable, but not
// when every intermediate must be an integer.
TEST(KnownFigures, FractionOnlyHands) {
  std::vector<std::string> found;
  Solver solver;
  for (const auto& h : all_hands(1, 13, 4)) {
    SolveOptions o;
    o.mode = SolveMode::Decide;
    if (!solver.solve(h, o)->exact) continue;
    o.rule = IntegerRule::Integers;
    if (!solver.solve(h, o)->exact) found.push_back(hand_text(h));
  }
  const std::vector<std::string> expected = {"1 3 4 6",   "1 4 5 6",  "1 5 5 5",   "1 6 6 8",  "1 8 12 12", "2 2 11 11",
                                             "2 2 13 13", "2 3 5 12", "2 4 10 10", "2 5 5 10", "2 7 7 10",  "3 3 7 7",
                                             "3 3 8 8",   "4 4 7 7",  "5 5 7 11",  "5 7 7 11"};
  EXPECT_EQ(found, expected);
}

// A floating-point comparison "solves" this hand through rounding error; exactly, it
// has no solution.
TEST(KnownFigures, FiveTwentyFourThousandThousandOne) {
  const auto h = hand_of({5, 24, 1000, 1001});
  for (const auto mode : {SolveMode::Decide, SolveMode::One, SolveMode::All}) {
    SolveOptions o;
    o.mode = mode;
    const auto r = solved(h, o);
    EXPECT_FALSE(r.exact);
    EXPECT_TRUE(r.solutions.empty());
  }
}

// Counting every ordering x 5 bracket shapes x 64 operator choices over all hands gives
// 53,282 strings; they collapse to the distinct solutions counted here.
TEST(KnownFigures, DistinctTotalIsStable) {
  Solver solver;
  std::uint64_t total = 0;
  for (const auto& h : all_hands(1, 13, 4)) total += *solver.count(h, {});
  // The distinct solutions of all 1,820 hands of 1..13 (the sample vectors pin 310 hands
  // one by one); any change to what counts as distinct moves this total.
  EXPECT_EQ(total, 4078u);
}

TEST(Solver, AnyCountOfNumbers) {
  EXPECT_EQ(texts(solved(hand_of({24}))), std::set<std::string>{"24"});
  EXPECT_TRUE(solved(hand_of({23})).solutions.empty());
  EXPECT_EQ(texts(solved(hand_of({4, 6}))), std::set<std::string>{"6*4"});
  EXPECT_EQ(texts(solved(hand_of({20, 4}))), std::set<std::string>{"20+4"});
  SolveOptions one;
  one.mode = SolveMode::One;
  const auto r8 = solved(hand_of({1, 2, 3, 4, 5, 6, 7, 8}), one);
  ASSERT_EQ(r8.solutions.size(), 1u);
  auto e = parse_expression(r8.solutions[0].text);
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(*evaluate(*e), WideRational(24));
  EXPECT_FALSE(check_numbers(*e, hand_of({1, 2, 3, 4, 5, 6, 7, 8})));
  EXPECT_FALSE(solve(hand_of({1, 2, 3, 4, 5, 6, 7, 8, 9}), {}).ok());
  EXPECT_FALSE(solve(std::vector<Rational>{}, {}).ok());
}

TEST(Solver, RationalTargetsAndNumbers) {
  SolveOptions o;
  o.target = Rational(1, 2);
  EXPECT_EQ(texts(solved(hand_of({1, 2}), o)), std::set<std::string>{"1/2"});
  o.target = Rational(-24);
  const auto neg = solved(hand_of({3, 5, 12}), o);
  EXPECT_TRUE(neg.exact);
  for (const auto& s : neg.solutions) {
    auto e = parse_expression(s.text);
    ASSERT_TRUE(e.ok()) << s.text;
    EXPECT_EQ(*evaluate(*e), WideRational(-24)) << s.text;
  }
  EXPECT_TRUE(texts(neg).count("12*(3-5)"));
  o.target = Rational(24);
  const auto frac = solved(std::vector<Rational>{Rational(3, 4), Rational(32)}, o);
  EXPECT_EQ(texts(frac), std::set<std::string>{"32*(3/4)"});
  EXPECT_FALSE(solve(hand_of({-3, 27}), {}).ok());
  // Zero is a number like any other: 0*x and x+0 patterns are distinct solutions.
  const auto zero = solved(hand_of({0, 24}));
  EXPECT_EQ(texts(zero), (std::set<std::string>{"24+0", "24-0"}));
}

TEST(Solver, DivisionByZeroIsNotASolution) {
  SolveOptions o;
  o.target = Rational(0);
  const auto r = solved(hand_of({3, 3}), o);
  EXPECT_EQ(texts(r), std::set<std::string>{"3-3"});
}

TEST(Solver, CountdownSubsetIntegers) {
  SolveOptions o;
  o.target = Rational(952);
  o.subset = true;
  o.rule = IntegerRule::PositiveIntegers;
  const auto hand = hand_of({25, 50, 75, 100, 3, 6});
  const auto r = solved(hand, o);
  EXPECT_TRUE(r.exact);
  EXPECT_EQ(texts(r), (std::set<std::string>{"((100+6)*75*3-50)/25", "(100+3)*75*6/50+25"}));
  // Without --integers there are more (fractional steps allowed).
  o.rule = IntegerRule::None;
  EXPECT_GE(solved(hand, o).solutions.size(), r.solutions.size());
  // Subset: 3 from 1 2 3 is "3", "2+1", "3*1"... with one number left unused or not.
  SolveOptions s;
  s.target = Rational(3);
  s.subset = true;
  const auto small = texts(solved(hand_of({1, 2, 3}), s));
  EXPECT_TRUE(small.count("3"));
  EXPECT_TRUE(small.count("2+1"));
  EXPECT_TRUE(small.count("3*1"));
  EXPECT_TRUE(small.count("3*(2-1)"));
  // --integers needs integer numbers.
  o.rule = IntegerRule::PositiveIntegers;
  EXPECT_FALSE(solve(std::vector<Rational>{Rational(1, 2), Rational(3)}, o).ok());
}

TEST(Solver, Closest) {
  SolveOptions o;
  o.closest = true;
  const auto r = solved(hand_of({1, 1, 1, 1}), o);
  EXPECT_FALSE(r.exact);
  EXPECT_TRUE(r.found);
  EXPECT_EQ(r.reached, WideRational(4));
  EXPECT_EQ(texts(r), (std::set<std::string>{"(1+1)*(1+1)", "1+1+1+1"}));
  // Countdown: 1 2 3 cannot make 100; the closest is 9 = (2+1)*3.
  o.target = Rational(100);
  o.subset = true;
  o.rule = IntegerRule::PositiveIntegers;
  const auto c = solved(hand_of({1, 2, 3}), o);
  EXPECT_EQ(c.reached, WideRational(9));
  EXPECT_EQ(texts(c), std::set<std::string>{"(2+1)*3"});
  // Reachable: closest changes nothing.
  o.target = Rational(6);
  EXPECT_TRUE(solved(hand_of({1, 2, 3}), o).exact);
}

TEST(Solver, OneStopsAtAValidSolution) {
  SolveOptions o;
  o.mode = SolveMode::One;
  for (const auto& h : {hand_of({3, 3, 8, 8}), hand_of({1, 5, 5, 5}), hand_of({5, 6, 7, 8})}) {
    const auto r = solved(h, o);
    ASSERT_EQ(r.solutions.size(), 1u);
    const auto all = texts(solved(h));
    EXPECT_TRUE(all.count(r.solutions[0].text)) << r.solutions[0].text;
  }
}

// Values beyond 64 bits: the 128-bit engine takes over; beyond 128 bits the solver
// refuses rather than risk a wrong answer.
TEST(Solver, OverflowFallsBackThenRefuses) {
  const std::int64_t big = std::int64_t{1} << 40;
  SolveOptions o;
  o.target = Rational(big * 2);
  const auto r = solved(hand_of({big, big, big, 1}), o);  // products reach 2^120 on the way
  EXPECT_TRUE(r.wide);
  EXPECT_TRUE(r.exact);
  for (const auto& s : r.solutions) {
    auto e = parse_expression(s.text);
    ASSERT_TRUE(e.ok());
    EXPECT_EQ(*evaluate(*e), WideRational(big * 2)) << s.text;
  }
  // B*(B/B+1) is the only way to make 2B from B B B 1.
  EXPECT_EQ(texts(r), std::set<std::string>{"1099511627776*(1099511627776/1099511627776+1)"});
  const std::int64_t huge = std::int64_t{1} << 62;
  auto refused = solve(hand_of({huge, huge, huge, 3}), {});
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().message.find("out of range"), std::string::npos);
  // --one still answers when it finds a solution: it is exact whatever overflowed.
  SolveOptions one;
  one.mode = SolveMode::One;
  one.target = Rational(huge);
  auto found = solve(hand_of({huge, huge, huge, 1}), one);
  ASSERT_TRUE(found.ok());
  EXPECT_TRUE(found->exact);
}

TEST(Solver, TooManyFormsIsAnError) {
  SolveOptions o;
  o.max_forms = 1000;
  auto r = solve(hand_of({1, 2, 3, 4, 5, 6}), o);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("too many"), std::string::npos);
}

TEST(Solver, Cancellation) {
  std::atomic<bool> cancel{true};
  SolveOptions o;
  o.cancel = &cancel;
  auto r = solve(hand_of({1, 2, 3, 4, 5, 6, 7}), o);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "interrupted");
}

TEST(Solver, WithinATimeLimit) {
  // In time: the same solutions as without a limit.
  const auto quick = solve_within(hand_of({3, 3, 8, 8}), SolveOptions{}, 30);
  ASSERT_TRUE(quick.result.ok());
  EXPECT_FALSE(quick.timed_out);
  EXPECT_EQ(texts(*quick.result), texts(*solve(hand_of({3, 3, 8, 8}), SolveOptions{})));
  // Every distinct solution of eight numbers takes far longer than 0.2 s (more than 5 s
  // here): the limit stops it, soon, and says so.
  const auto start = std::chrono::steady_clock::now();
  const auto slow = solve_within(hand_of({1, 2, 3, 4, 5, 6, 7, 8}), SolveOptions{}, 0.2);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 10.0);
  ASSERT_FALSE(slow.result.ok());
  EXPECT_TRUE(slow.timed_out);
  // The caller's own cancellation is not a timeout.
  std::atomic<bool> cancel{true};
  SolveOptions o;
  o.cancel = &cancel;
  const auto cancelled = solve_within(hand_of({1, 2, 3, 4, 5, 6, 7, 8}), o, 60);
  ASSERT_FALSE(cancelled.result.ok());
  EXPECT_FALSE(cancelled.timed_out);
}

TEST(Hands, ParsedAsAPersonWritesThem) {
  const std::vector<std::string> words = {"3.5", "7/2", "0", "8"};
  const auto hand = parse_hand(words);
  ASSERT_TRUE(hand.ok()) << hand.error().message;
  EXPECT_EQ(hand_text(*hand), "7/2 7/2 0 8");
  const auto error = [](std::vector<std::string> w) {
    auto h = parse_hand(w);
    return h ? std::string() : h.error().message;
  };
  EXPECT_EQ(error({"3", "-1"}), "'-1' is negative: the numbers of a hand are zero or positive");
  EXPECT_EQ(error({}), "a hand has 1 to 8 numbers, not 0");
  EXPECT_EQ(error({"1", "1", "1", "1", "1", "1", "1", "1", "1"}), "a hand has 1 to 8 numbers, not 9");
  EXPECT_FALSE(error({"3", "x"}).empty());
}

TEST(Hands, ALineSplitsAtSpacesTabsAndCommas) {
  using W = std::vector<std::string>;
  EXPECT_EQ(split_hand_line("3 3 8 8"), (W{"3", "3", "8", "8"}));
  EXPECT_EQ(split_hand_line("  3,3,\t8 , 8\r"), (W{"3", "3", "8", "8"}));
  EXPECT_EQ(split_hand_line("7/2 3.5"), (W{"7/2", "3.5"}));
  EXPECT_EQ(split_hand_line(""), W{});
  EXPECT_EQ(split_hand_line(" ,\t "), W{});
}

TEST(Hands, DecimalsPrintAsWritten) {
  const std::vector<std::string> words = {"3.5", "7/2", "8", "0.25"};
  const auto hand = parse_hand(words);
  ASSERT_TRUE(hand.ok());
  const auto texts = written_leaf_texts(*hand, words);
  // Only the numbers written with a point: 7/2 written as a fraction keeps its brackets.
  ASSERT_EQ(texts.size(), 2u);
  EXPECT_EQ(texts[0].num, 7);
  EXPECT_EQ(texts[0].den, 2);
  EXPECT_EQ(texts[0].text, "3.5");
  EXPECT_EQ(texts[1].num, 1);
  EXPECT_EQ(texts[1].den, 4);
  EXPECT_EQ(texts[1].text, "0.25");
  // A whole number written as 4.0 needs no text of its own.
  const std::vector<std::string> whole = {"4.0", "6"};
  EXPECT_TRUE(written_leaf_texts(*parse_hand(whole), whole).empty());
  // In a solution: 0.5*48 is printed with the 0.5 the person wrote.
  const std::vector<std::string> half = {"0.5", "48"};
  SolveOptions o;
  o.style.leaf_texts = written_leaf_texts(*parse_hand(half), half);
  const auto r = solve(*parse_hand(half), o);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->solutions.size(), 1u);
  EXPECT_NE(r->solutions[0].text.find("0.5"), std::string::npos) << r->solutions[0].text;
  EXPECT_EQ(r->solutions[0].text.find("(1/2)"), std::string::npos) << r->solutions[0].text;
}

TEST(Hands, AllHandsAreMultisetsInOrder) {
  const auto h = all_hands(1, 3, 2);
  ASSERT_EQ(h.size(), 6u);
  EXPECT_EQ(hand_text(h[0]), "1 1");
  EXPECT_EQ(hand_text(h[1]), "1 2");
  EXPECT_EQ(hand_text(h[5]), "3 3");
}

}  // namespace
}  // namespace puzzlelab::game24
