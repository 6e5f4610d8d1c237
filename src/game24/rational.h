#pragma once
// Exact rationals for the 24 game. No floating point anywhere: rounding to five decimals
// (round(eval(...), 5) == 24) would "solve" 5 24 1000 1001. Every operation
// reports overflow instead of wrapping; the solver first runs on 64-bit integers and,
// when anything overflowed, again on 128-bit ones, and refuses with "out of range" if
// even that overflows, so a wrong answer is never printed.
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <string_view>

#include "core/int128.h"
#include "core/result.h"

namespace puzzlelab::game24 {

using core::Int128;
using core::UInt128;

// Integer helpers over int64 and Int128. The magnitude of a valid value is at most
// max(), so negation never overflows (the most negative value is treated as overflow).
template <class Int>
struct IntTraits;

template <>
struct IntTraits<std::int64_t> {
  using Unsigned = std::uint64_t;
  static constexpr std::int64_t max() { return std::numeric_limits<std::int64_t>::max(); }
  static int ctz(Unsigned v) { return __builtin_ctzll(v); }
  static bool mul(std::int64_t a, std::int64_t b, std::int64_t& r) {
    return !__builtin_mul_overflow(a, b, &r) && r != std::numeric_limits<std::int64_t>::min();
  }
  static bool add(std::int64_t a, std::int64_t b, std::int64_t& r) {
    return !__builtin_add_overflow(a, b, &r) && r != std::numeric_limits<std::int64_t>::min();
  }
};

template <>
struct IntTraits<Int128> {
  using Unsigned = UInt128;
  static constexpr Int128 max() { return static_cast<Int128>(~UInt128{0} >> 1); }
  static int ctz(Unsigned v) {
    const auto low = static_cast<std::uint64_t>(v);
    return low != 0 ? __builtin_ctzll(low) : 64 + __builtin_ctzll(static_cast<std::uint64_t>(v >> 64));
  }
  // Written with magnitudes instead of __builtin_mul_overflow, whose 128-bit form
  // needs a compiler-rt helper that clang does not link with libgcc.
  static bool mul(Int128 a, Int128 b, Int128& r) {
    const UInt128 ua = a < 0 ? -static_cast<UInt128>(a) : static_cast<UInt128>(a);
    const UInt128 ub = b < 0 ? -static_cast<UInt128>(b) : static_cast<UInt128>(b);
    if (ua != 0 && ub > static_cast<UInt128>(max()) / ua) return false;
    const UInt128 m = ua * ub;
    r = ((a < 0) != (b < 0)) ? -static_cast<Int128>(m) : static_cast<Int128>(m);
    return true;
  }
  static bool add(Int128 a, Int128 b, Int128& r) {
    if ((b > 0 && a > max() - b) || (b < 0 && a < -max() - b)) return false;
    r = a + b;
    return true;
  }
};

template <class Int>
typename IntTraits<Int>::Unsigned magnitude(Int v) {
  using U = typename IntTraits<Int>::Unsigned;
  return v < 0 ? -static_cast<U>(v) : static_cast<U>(v);
}

// Binary GCD (Stein): no division, fast for the small values of the game.
template <class U>
U gcd_unsigned(U a, U b) {
  if (a == 0) return b;
  if (b == 0) return a;
  using Int = std::conditional_t<sizeof(U) == 8, std::int64_t, Int128>;
  const int shift = IntTraits<Int>::ctz(a | b);
  a >>= IntTraits<Int>::ctz(a);
  do {
    b >>= IntTraits<Int>::ctz(b);
    if (a > b) {
      const U t = a;
      a = b;
      b = t;
    }
    b -= a;
  } while (b != 0);
  return a << shift;
}

// A normalised rational: den > 0, gcd(|num|, den) == 1, |num| <= max().
template <class Int>
struct Rat {
  Int num = 0;
  Int den = 1;

  constexpr Rat() = default;
  constexpr Rat(Int n, Int d = 1) : num(n), den(d) {}  // NOLINT: caller passes a normalised pair
  friend bool operator==(const Rat&, const Rat&) = default;

  [[nodiscard]] bool is_integer() const { return den == 1; }
  [[nodiscard]] int sign() const { return num > 0 ? 1 : (num < 0 ? -1 : 0); }
  [[nodiscard]] Rat negated() const { return Rat(-num, den); }
};

using Rational = Rat<std::int64_t>;
using WideRational = Rat<Int128>;

// Builds num/den in lowest terms; false when den == 0 or a value is out of range.
template <class Int>
bool make_rat(Int num, Int den, Rat<Int>& out) {
  using U = typename IntTraits<Int>::Unsigned;
  if (den == 0) return false;
  const U max = static_cast<U>(IntTraits<Int>::max());
  U un = magnitude(num);
  U ud = magnitude(den);
  if (un > max || ud > max) return false;
  const U g = gcd_unsigned(un, ud);
  un /= g;
  ud /= g;
  const bool negative = (num < 0) != (den < 0);
  out.num = negative ? -static_cast<Int>(un) : static_cast<Int>(un);
  out.den = static_cast<Int>(ud);
  return true;
}

// The checked operations return false on overflow; `out` is then unspecified.
// Knuth, TAOCP vol. 2, 4.5.1: reduce by the gcd of the denominators first, so the
// intermediate products stay as small as possible.
template <class Int>
bool rat_add(const Rat<Int>& a, const Rat<Int>& b, Rat<Int>& out) {
  using T = IntTraits<Int>;
  if (a.den == 1 && b.den == 1) {
    out.den = 1;
    return T::add(a.num, b.num, out.num);
  }
  const Int g = static_cast<Int>(gcd_unsigned(magnitude(a.den), magnitude(b.den)));
  const Int s = a.den / g;
  const Int t = b.den / g;
  Int x, y, n, d;
  if (!T::mul(a.num, t, x) || !T::mul(b.num, s, y) || !T::add(x, y, n) || !T::mul(s, b.den, d)) return false;
  if (n == 0) {
    out = Rat<Int>(0, 1);
    return true;
  }
  const Int g2 = static_cast<Int>(gcd_unsigned(magnitude(n), magnitude(g)));
  out.num = n / g2;
  out.den = d / g2;
  return true;
}

template <class Int>
bool rat_sub(const Rat<Int>& a, const Rat<Int>& b, Rat<Int>& out) {
  return rat_add(a, b.negated(), out);
}

template <class Int>
bool rat_mul(const Rat<Int>& a, const Rat<Int>& b, Rat<Int>& out) {
  using T = IntTraits<Int>;
  if (a.num == 0 || b.num == 0) {
    out = Rat<Int>(0, 1);
    return true;
  }
  const Int g1 = static_cast<Int>(gcd_unsigned(magnitude(a.num), magnitude(b.den)));
  const Int g2 = static_cast<Int>(gcd_unsigned(magnitude(b.num), magnitude(a.den)));
  return T::mul(a.num / g1, b.num / g2, out.num) && T::mul(a.den / g2, b.den / g1, out.den);
}

// Division by zero is the caller's business (it is "not a solution", not an overflow).
template <class Int>
bool rat_div(const Rat<Int>& a, const Rat<Int>& b, Rat<Int>& out) {
  const Rat<Int> inv = b.num < 0 ? Rat<Int>(-b.den, -b.num) : Rat<Int>(b.den, b.num);
  return rat_mul(a, inv, out);
}

// Exact three-way comparison without overflow: compares integer parts, then the
// reciprocals of the fractional parts (a continued-fraction walk).
template <class Int>
int rat_compare(Rat<Int> a, Rat<Int> b) {
  if (a == b) return 0;
  if (a.sign() != b.sign()) return a.sign() < b.sign() ? -1 : 1;
  if (a.sign() < 0) return rat_compare(b.negated(), a.negated());
  if (a.sign() == 0) return b.sign() == 0 ? 0 : -1;
  // Both positive: a = qa + ra/a.den with floor division.
  for (int flip = 1;; flip = -flip) {
    const Int qa = a.num / a.den, ra = a.num % a.den;
    const Int qb = b.num / b.den, rb = b.num % b.den;
    if (qa != qb) return (qa < qb ? -1 : 1) * flip;
    if (ra == 0 || rb == 0) {
      if (ra == rb) return 0;
      return (ra == 0 ? -1 : 1) * flip;
    }
    // Compare ra/a.den vs rb/b.den  <=>  compare b.den/rb vs a.den/ra (order reverses).
    a = Rat<Int>(a.den, ra);
    b = Rat<Int>(b.den, rb);
  }
}

template <class Int>
bool operator<(const Rat<Int>& a, const Rat<Int>& b) {
  return rat_compare(a, b) < 0;
}

template <class Int>
std::uint64_t rat_hash(const Rat<Int>& r) {
  auto x = static_cast<std::uint64_t>(static_cast<UInt128>(r.num)) * 0x9e3779b97f4a7c15ULL;
  x ^= static_cast<std::uint64_t>(static_cast<UInt128>(r.num) >> 64) * 0xc2b2ae3d27d4eb4fULL;
  x ^= static_cast<std::uint64_t>(static_cast<UInt128>(r.den)) * 0x165667b19e3779f9ULL;
  x ^= x >> 29;
  x *= 0xbf58476d1ce4e5b9ULL;
  return x ^ (x >> 32);
}

// "24", "-3", "3/4" (lowest terms).
std::string to_string(const Rational& r);
std::string to_string(const WideRational& r);
// A hand as shown to a person: "3 3 8 8", "1/2 3 7".
std::string hand_text(std::span<const Rational> hand);

WideRational widen(const Rational& r);
// The 64-bit value, if it fits.
bool narrow(const WideRational& r, Rational& out);

// Parses "24", "-3", "3/4", "6/8" (reduced), "0.75", "+2": an exact rational whose
// numerator and denominator fit in 64 bits. The error says what is wrong.
core::Result<Rational> parse_rational(std::string_view text);

}  // namespace puzzlelab::game24
