#pragma once
// The daily answer by the game's calendar (antfu/handle src/state.ts, src/answers/index.ts;
// docs/rules/handle.md §1.5), including the seeded pick the game makes after its list ran
// out, which needs the game's random generator: seedrandom's default ARC4 generator.
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "handle/lexicon.h"

namespace puzzlelab::handle {

// David Bau's seedrandom 3.x default generator (`seedrandom(seed)()` in JavaScript): the
// seed string's UTF-16 units mixed into an RC4 key (`mixkey`), RC4 with the first 256
// bytes dropped, and each double built from 7+ bytes so it has 52 significant bits.
// Only string seeds (all the game uses). Outputs equal JavaScript's bit for bit.
class SeedRandom {
 public:
  explicit SeedRandom(std::u16string_view seed);
  explicit SeedRandom(std::string_view ascii_seed);
  // The next double in [0, 1).
  double next();

 private:
  std::uint64_t bytes(int count);
  std::uint8_t s_[256];
  std::uint8_t i_ = 0;
  std::uint8_t j_ = 0;
};

// The answer list ran out after day 424 (2023-02-28). Day n <= 424 is answers[n]; a later
// day is answers[floor(seedrandom("day-" + n)() * 425)] over the game's list with its empty
// placeholder at index 0. Day 425 itself makes the real game throw (it reads answers[425],
// which does not exist); we treat it like the later days.
inline constexpr int kLastListedDay = 424;

struct DayAnswer {
  int day = 0;
  // nullopt: the pick landed on the placeholder, the game's "啊抱歉！这天的题目还没出好！"
  std::optional<std::size_t> answer_index;  // index into Lexicon::answers()
};

// Day numbers start at 1; day <= 0 is not a game day.
DayAnswer answer_of_day(const Lexicon& lexicon, int day);

// The game's day number for a local calendar date: days since 2021-12-31 (day 1 =
// 2022-01-01). The game measures local midnight to local midnight, with an hour added
// while daylight saving time is observed, which comes to the same count.
int day_of_date(int year, unsigned month, unsigned day);

struct CivilDate {
  int year = 0;
  unsigned month = 0;
  unsigned day = 0;
};
// The calendar date of a game day (day 1 = 2022-01-01).
CivilDate date_of_day(int day);

// The hint character the game derives when its list gives none:
// word[floor(seedrandom(word)() * word.length)] (`getHint`, src/logic/utils.ts).
char32_t derived_hint(std::u32string_view word);

}  // namespace puzzlelab::handle
