#pragma once
// Seeded randomness for every game. xoshiro256** (Blackman & Vigna) seeded through
// splitmix64, plus own bounded-integer and probability helpers: std::*_distribution
// differs between standard libraries, which would make --seed results non-portable.
#include <array>
#include <cstdint>

#include "core/int128.h"

namespace puzzlelab::core {

// One splitmix64 step: advances `state` and returns a well-mixed 64-bit value.
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// Per-game seed: a stateless mix of the run's seed and the game index, so game i
// gets the same randomness whichever thread or shard plays it.
constexpr std::uint64_t mix(std::uint64_t seed, std::uint64_t index) {
  std::uint64_t s = seed ^ (0x6a09e667f3bcc909ULL + (index << 6) + (index >> 2));
  splitmix64(s);
  s ^= index * 0xd1342543de82ef95ULL;
  return splitmix64(s);
}

class Rng {
 public:
  using State = std::array<std::uint64_t, 4>;

  explicit Rng(std::uint64_t seed = 0) { reseed(seed); }

  void reseed(std::uint64_t seed) {
    std::uint64_t sm = seed;
    for (auto& word : s_) word = splitmix64(sm);
  }

  // xoshiro256**: the next 64 random bits.
  std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform integer in [0, bound), bound > 0, exactly unbiased: Lemire's
  // multiply-and-reject method (the rejection removes the 2^64 mod bound surplus).
  std::uint64_t below(std::uint64_t bound) {
    UInt128 m = static_cast<UInt128>(next()) * bound;
    auto low = static_cast<std::uint64_t>(m);
    if (low < bound) {
      const std::uint64_t threshold = (0 - bound) % bound;
      while (low < threshold) {
        m = static_cast<UInt128>(next()) * bound;
        low = static_cast<std::uint64_t>(m);
      }
    }
    return static_cast<std::uint64_t>(m >> 64);
  }

  // Uniform integer in [lo, hi] (inclusive), lo <= hi.
  std::int64_t between(std::int64_t lo, std::int64_t hi) {
    const auto span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
    if (span == ~std::uint64_t{0}) return static_cast<std::int64_t>(next());
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(lo) + below(span + 1));
  }

  // True with probability num/den exactly (den > 0), e.g. chance(9, 10) for a 2048 spawn.
  bool chance(std::uint64_t num, std::uint64_t den) { return below(den) < num; }

  // A double in [0, 1) with 53 random bits (for display and sampling only; never
  // for decisions that must be exact).
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

  [[nodiscard]] const State& state() const { return s_; }
  void set_state(const State& s) { s_ = s; }

 private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  State s_{};
};

// Fisher-Yates shuffle with the project's Rng (std::shuffle's draws are not portable).
template <class RandomIt>
void shuffle(RandomIt first, RandomIt last, Rng& rng) {
  const auto n = static_cast<std::uint64_t>(last - first);
  for (std::uint64_t i = n; i > 1; --i) {
    const std::uint64_t j = rng.below(i);
    using std::swap;
    swap(first[static_cast<std::ptrdiff_t>(i - 1)], first[static_cast<std::ptrdiff_t>(j)]);
  }
}

}  // namespace puzzlelab::core
