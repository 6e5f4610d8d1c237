#include "handle/calendar.h"

#include <chrono>
#include <cmath>
#include <string>
#include <vector>

namespace puzzlelab::handle {

namespace {
std::u16string to_utf16(std::u32string_view text) {
  std::u16string out;
  for (const char32_t c : text) {
    if (c > 0xFFFF) {
      const char32_t v = c - 0x10000;
      out.push_back(static_cast<char16_t>(0xD800 + (v >> 10)));
      out.push_back(static_cast<char16_t>(0xDC00 + (v & 0x3FF)));
    } else {
      out.push_back(static_cast<char16_t>(c));
    }
  }
  return out;
}
}  // namespace

SeedRandom::SeedRandom(std::string_view ascii_seed)
    : SeedRandom(std::u16string(ascii_seed.begin(), ascii_seed.end())) {}

SeedRandom::SeedRandom(std::u16string_view seed) {
  // mixkey(seed, key): key[j & 255] = 255 & ((smear ^= key[j & 255] * 19) + charCode(j)).
  // In JavaScript an unset key entry is undefined, and undefined * 19 = NaN, whose int32
  // is 0; so an unset entry leaves smear unchanged.
  std::vector<int> key;
  std::int32_t smear = 0;
  for (std::size_t j = 0; j < seed.size(); ++j) {
    const std::size_t at = j & 255;
    if (at < key.size()) smear ^= key[at] * 19;
    const int value = static_cast<int>((static_cast<std::int64_t>(smear) + seed[j]) & 255);
    if (at < key.size()) {
      key[at] = value;
    } else {
      key.push_back(value);
    }
  }
  if (key.empty()) key.push_back(0);  // "The empty key [] is treated as [0]."
  // RC4 key scheduling.
  for (int i = 0; i < 256; ++i) s_[i] = static_cast<std::uint8_t>(i);
  std::uint8_t j = 0;
  for (std::size_t i = 0; i < 256; ++i) {
    const std::uint8_t t = s_[i];
    j = static_cast<std::uint8_t>(j + key[i % key.size()] + t);
    s_[i] = s_[j];
    s_[j] = t;
  }
  bytes(256);  // RC4-drop[256]
}

std::uint64_t SeedRandom::bytes(int count) {
  std::uint64_t r = 0;
  while (count-- > 0) {
    i_ = static_cast<std::uint8_t>(i_ + 1);
    const std::uint8_t t = s_[i_];
    j_ = static_cast<std::uint8_t>(j_ + t);
    s_[i_] = s_[j_];
    s_[j_] = t;
    r = r * 256 + s_[static_cast<std::uint8_t>(s_[i_] + t)];
  }
  return r;
}

double SeedRandom::next() {
  // n / d with n < 2^48 from six bytes, extended a byte at a time until n has 52
  // significant bits, then shifted right so that n + x fits 53 bits: every step is exact
  // in JavaScript doubles, so integers reproduce it.
  constexpr std::uint64_t kSignificance = std::uint64_t{1} << 52;
  constexpr std::uint64_t kOverflow = kSignificance * 2;
  std::uint64_t n = bytes(6);
  int denominator_bits = 48;
  std::uint64_t x = 0;
  while (n < kSignificance) {
    n = (n + x) * 256;
    denominator_bits += 8;
    x = bytes(1);
  }
  while (n >= kOverflow) {
    n /= 2;
    denominator_bits -= 1;
    x >>= 1;
  }
  return std::ldexp(static_cast<double>(n + x), -denominator_bits);
}

DayAnswer answer_of_day(const Lexicon& lexicon, int day) {
  DayAnswer out;
  out.day = day;
  if (day <= 0) return out;
  const auto listed = static_cast<int>(lexicon.answers().size());
  if (day <= listed) {
    out.answer_index = static_cast<std::size_t>(day - 1);
    return out;
  }
  // answers[floor(seedrandom('day-' + day)() * answers.length)], with the game's list of
  // listed + 1 entries (index 0 the placeholder).
  SeedRandom rng("day-" + std::to_string(day));
  const auto pick = static_cast<std::size_t>(std::floor(rng.next() * static_cast<double>(listed + 1)));
  if (pick > 0) out.answer_index = pick - 1;
  return out;
}

int day_of_date(int year, unsigned month, unsigned day) {
  using namespace std::chrono;
  const sys_days date{std::chrono::year{year} / std::chrono::month{month} / std::chrono::day{day}};
  const sys_days start{std::chrono::year{2021} / December / 31};
  return static_cast<int>((date - start).count());
}

CivilDate date_of_day(int day) {
  using namespace std::chrono;
  const sys_days start{std::chrono::year{2021} / December / 31};
  const year_month_day ymd{start + days{day}};
  return CivilDate{static_cast<int>(ymd.year()), static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day())};
}

char32_t derived_hint(std::u32string_view word) {
  if (word.empty()) return 0;
  const std::u16string units = to_utf16(word);
  SeedRandom rng{std::u16string_view(units)};
  // `word[i]` indexes UTF-16 units; the game's words are in the BMP, so units = characters.
  const auto at = static_cast<std::size_t>(std::floor(rng.next() * static_cast<double>(units.size())));
  return at < word.size() ? word[at] : word.back();
}

}  // namespace puzzlelab::handle
