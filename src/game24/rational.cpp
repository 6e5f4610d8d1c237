#include "game24/rational.h"

#include <algorithm>

#include <fmt/format.h>

namespace puzzlelab::game24 {

namespace {

std::string int128_to_string(Int128 v) {
  if (v == 0) return "0";
  UInt128 m = magnitude(v);
  std::string digits;
  while (m != 0) {
    digits.push_back(static_cast<char>('0' + static_cast<int>(m % 10)));
    m /= 10;
  }
  if (v < 0) digits.push_back('-');
  std::reverse(digits.begin(), digits.end());
  return digits;
}

// Digits to an unsigned value, false when it exceeds `limit`.
bool parse_digits(std::string_view digits, std::uint64_t limit, std::uint64_t& out) {
  out = 0;
  for (const char c : digits) {
    const auto d = static_cast<std::uint64_t>(c - '0');
    if (out > (limit - d) / 10) return false;
    out = out * 10 + d;
  }
  return true;
}

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

std::string to_string(const Rational& r) {
  return r.den == 1 ? fmt::format("{}", r.num) : fmt::format("{}/{}", r.num, r.den);
}

std::string to_string(const WideRational& r) {
  return r.den == 1 ? int128_to_string(r.num) : int128_to_string(r.num) + "/" + int128_to_string(r.den);
}

std::string hand_text(std::span<const Rational> hand) {
  std::string s;
  for (const auto& r : hand) {
    if (!s.empty()) s += ' ';
    s += to_string(r);
  }
  return s;
}

WideRational widen(const Rational& r) {
  return WideRational(r.num, r.den);
}

bool narrow(const WideRational& r, Rational& out) {
  const Int128 lim = std::numeric_limits<std::int64_t>::max();
  if (r.num > lim || r.num < -lim || r.den > lim) return false;
  out = Rational(static_cast<std::int64_t>(r.num), static_cast<std::int64_t>(r.den));
  return true;
}

core::Result<Rational> parse_rational(std::string_view text) {
  const std::string shown(text);
  if (text.empty()) return core::Error{"an empty number"};
  bool negative = false;
  std::string_view body = text;
  if (body.front() == '-' || body.front() == '+') {
    negative = body.front() == '-';
    body.remove_prefix(1);
  }
  constexpr std::uint64_t kMax = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
  const auto too_large = [&] {
    return core::Error{fmt::format("'{}' is out of range (numerator and denominator must stay below 2^63)", shown)};
  };
  const auto not_a_number = [&] {
    return core::Error{
        fmt::format("'{}' is not a number (write an integer such as 7, a fraction such as 3/4, "
                    "or a decimal such as 0.5)",
                    shown)};
  };
  std::uint64_t num = 0, den = 1;
  if (const auto slash = body.find('/'); slash != std::string_view::npos) {
    const auto top = body.substr(0, slash), bottom = body.substr(slash + 1);
    if (!all_digits(top) || !all_digits(bottom)) return not_a_number();
    if (!parse_digits(top, kMax, num) || !parse_digits(bottom, kMax, den)) return too_large();
    if (den == 0) return core::Error{fmt::format("'{}' divides by zero", shown)};
  } else if (const auto dot = body.find('.'); dot != std::string_view::npos) {
    const auto whole = body.substr(0, dot), frac = body.substr(dot + 1);
    if ((!whole.empty() && !all_digits(whole)) || (!frac.empty() && !all_digits(frac)) ||
        (whole.empty() && frac.empty())) {
      return not_a_number();
    }
    if (frac.size() > 18) return too_large();
    std::string joined = std::string(whole) + std::string(frac);
    if (!parse_digits(joined.empty() ? "0" : joined, kMax, num)) return too_large();
    for (std::size_t i = 0; i < frac.size(); ++i) den *= 10;
  } else {
    if (!all_digits(body)) return not_a_number();
    if (!parse_digits(body, kMax, num)) return too_large();
  }
  Rational r;
  const auto n = static_cast<std::int64_t>(num);
  make_rat<std::int64_t>(negative ? -n : n, static_cast<std::int64_t>(den), r);
  return r;
}

}  // namespace puzzlelab::game24
