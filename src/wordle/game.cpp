#include "wordle/game.h"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "core/rng.h"

namespace puzzlelab::wordle {

namespace {

using Packed = std::array<std::uint8_t, kMaxLength>;

constexpr std::array<std::uint32_t, kMaxLength> kPow3 = {1, 3, 9, 27, 81, 243, 729, 2187};

Packed pack(const std::string& word) {
  Packed p{};
  for (std::size_t i = 0; i < word.size(); ++i) p[i] = static_cast<std::uint8_t>(word[i] - 'a');
  return p;
}

// Codes of the green and yellow position masks: sum over set bits i of 2*3^i / 3^i.
struct MaskCodes {
  std::array<Pattern, 256> green{};
  std::array<Pattern, 256> yellow{};
  constexpr MaskCodes() {
    for (unsigned m = 0; m < 256; ++m) {
      for (int i = 0; i < kMaxLength; ++i) {
        if ((m >> i) & 1u) {
          green[m] += 2 * kPow3[static_cast<std::size_t>(i)];
          yellow[m] += kPow3[static_cast<std::size_t>(i)];
        }
      }
    }
  }
};
constexpr MaskCodes kMaskCodes;

// feedback.h's rule on packed letters, branch-free (the outcome of each comparison is
// data, not control flow: random words make branches unpredictable), with the length
// fixed at compile time so the loops unroll. This is the pattern table's inner loop:
// 30 M calls for the real lists.
//
// When the guess has no repeated letter, counting is unnecessary: guess letter x at
// position i is green iff the secret has x at i, and otherwise yellow iff the secret
// has x anywhere (a copy of x at a green position would need x twice in the guess).
// With the secret's position mask of each letter precomputed (bit j of masks[x]:
// secret[j] == x), a pair costs one mask load per position.
template <int L>
inline Pattern score_distinct(const Packed& g, const std::uint8_t* masks) {
  unsigned green = 0;
  unsigned present = 0;
  for (int i = 0; i < L; ++i) {
    const unsigned m = masks[g[i]];
    green |= m & (1u << i);
    present |= static_cast<unsigned>(m != 0) << i;
  }
  return kMaskCodes.green[green] + kMaskCodes.yellow[present & ~green];
}

// Bit counts, and the lowest k set bits of a mask, for masks of up to 8 positions.
struct BitTables {
  std::array<std::uint8_t, 256> count{};
  std::array<std::array<std::uint8_t, kMaxLength + 1>, 256> lowest{};
  constexpr BitTables() {
    for (unsigned m = 0; m < 256; ++m) {
      for (unsigned b = 0; b < 8; ++b) count[m] = static_cast<std::uint8_t>(count[m] + ((m >> b) & 1u));
      for (unsigned k = 0; k <= kMaxLength; ++k) {
        unsigned rest = m, taken = 0;
        for (unsigned j = 0; j < k && rest != 0; ++j) {
          taken |= rest & (~rest + 1);
          rest &= rest - 1;
        }
        lowest[m][k] = static_cast<std::uint8_t>(taken);
      }
    }
  }
};
constexpr BitTables kBits;

// The general rule (the guess repeats a letter), one distinct guess letter x at a
// time: with Q its positions in the guess and P in the secret, the greens are P & Q;
// the secret's unmatched copies number |P| - |P & Q|; and the guess's other copies
// (Q & ~P), left to right, turn yellow while those last.
using detail::LetterGroups;

inline Pattern score_grouped(const LetterGroups& groups, const std::uint8_t* masks) {
  unsigned green = 0;
  unsigned yellow = 0;
  for (unsigned k = 0; k < groups.count; ++k) {
    const unsigned q = groups.positions[k];
    const unsigned p = masks[groups.letter[k]];
    const unsigned g = p & q;
    green |= g;
    yellow |= kBits.lowest[q & ~p & 0xFFu][kBits.count[p] - kBits.count[g]];
  }
  return kMaskCodes.green[green] + kMaskCodes.yellow[yellow];
}

LetterGroups group_letters(const std::string& word) {
  LetterGroups groups;
  for (std::size_t i = 0; i < word.size(); ++i) {
    const auto x = static_cast<std::uint8_t>(word[i] - 'a');
    unsigned k = 0;
    while (k < groups.count && groups.letter[k] != x) ++k;
    if (k == groups.count) groups.letter[groups.count++] = x;
    groups.positions[k] = static_cast<std::uint8_t>(groups.positions[k] | (1u << i));
  }
  return groups;
}

bool has_repeat(const Packed& g, int length) {
  std::uint32_t seen = 0;
  for (int i = 0; i < length; ++i) {
    const std::uint32_t bit = 1u << g[static_cast<std::size_t>(i)];
    if (seen & bit) return true;
    seen |= bit;
  }
  return false;
}

template <int L>
void score_row(const Packed& g, const LetterGroups* groups, const std::uint8_t* masks,
               std::span<const SecretIndex> which, std::span<Pattern> out) {
  if (groups != nullptr) {
    for (std::size_t i = 0; i < which.size(); ++i) out[i] = score_grouped(*groups, masks + std::size_t{which[i]} * 26);
  } else {
    for (std::size_t i = 0; i < which.size(); ++i) out[i] = score_distinct<L>(g, masks + std::size_t{which[i]} * 26);
  }
}

}  // namespace

core::Result<std::unique_ptr<WordleGame>> WordleGame::create(const std::vector<std::string>& answers,
                                                             const std::vector<std::string>& guesses) {
  if (answers.empty()) return core::Error{"the answer list has no words"};
  if (guesses.empty()) return core::Error{"the guess list has no words"};
  const std::size_t length = answers.front().size();
  if (length < kMinLength || length > kMaxLength) {
    return core::Error{fmt::format("answers have {} letters; words have {} to {}", length, kMinLength, kMaxLength)};
  }
  if (guesses.front().size() != length) {
    return core::Error{
        fmt::format("the answers have {} letters but the guesses have {}", length, guesses.front().size())};
  }
  std::unique_ptr<WordleGame> game(new WordleGame());
  game->length_ = static_cast<int>(length);
  game->secrets_ = answers;
  std::sort(game->secrets_.begin(), game->secrets_.end());
  if (std::adjacent_find(game->secrets_.begin(), game->secrets_.end()) != game->secrets_.end()) {
    return core::Error{"the answer list names a word twice"};
  }
  game->guesses_ = guesses;
  std::sort(game->guesses_.begin(), game->guesses_.end());
  game->guesses_.erase(std::unique(game->guesses_.begin(), game->guesses_.end()), game->guesses_.end());
  for (const auto& w : game->secrets_) {
    if (w.size() != length) return core::Error{fmt::format("answer '{}' does not have {} letters", w, length)};
  }
  for (const auto& w : game->guesses_) {
    if (w.size() != length) return core::Error{fmt::format("guess '{}' does not have {} letters", w, length)};
  }
  std::vector<std::string> missing;
  std::set_difference(game->secrets_.begin(), game->secrets_.end(), game->guesses_.begin(), game->guesses_.end(),
                      std::back_inserter(missing));
  if (!missing.empty()) {
    game->added_ = missing.size();
    game->guesses_.insert(game->guesses_.end(), missing.begin(), missing.end());
    std::sort(game->guesses_.begin(), game->guesses_.end());
  }
  for (const auto& w : game->guesses_) {
    game->guess_packed_.push_back(pack(w));
    game->guess_repeats_.push_back(has_repeat(game->guess_packed_.back(), game->length_) ? 1 : 0);
    game->guess_groups_.push_back(group_letters(w));
    const auto g = static_cast<GuessIndex>(game->guess_packed_.size() - 1);
    (game->guess_repeats_.back() != 0 ? game->repeat_guesses_ : game->distinct_guesses_).push_back(g);
  }
  // Guess letters position by position, padded to whole vectors with a letter no
  // word has (31), for the vector kernel.
  game->letter_stride_ = (game->guesses_.size() + 15) / 16 * 16;
  game->guess_letters_.assign(game->letter_stride_ * length, 31);
  for (std::size_t g = 0; g < game->guesses_.size(); ++g) {
    for (std::size_t i = 0; i < length; ++i) {
      game->guess_letters_[i * game->letter_stride_ + g] = static_cast<std::int8_t>(game->guesses_[g][i] - 'a');
    }
  }
  game->secret_masks_.assign(game->secrets_.size() * 26, 0);
  std::size_t secret_rows = 0;
  for (const auto& w : game->secrets_) {
    for (std::size_t i = 0; i < w.size(); ++i) {
      game->secret_masks_[secret_rows * 26 + static_cast<std::size_t>(w[i] - 'a')] |=
          static_cast<std::uint8_t>(1u << i);
    }
    ++secret_rows;
    game->secret_to_guess_.push_back(*game->find_guess(w));
  }
  for (const auto& w : answers) game->list_order_.push_back(*game->find_secret(w));
  return game;
}

std::optional<GuessIndex> WordleGame::find_guess(std::string_view word) const {
  const auto it = std::lower_bound(guesses_.begin(), guesses_.end(), word);
  if (it == guesses_.end() || *it != word) return std::nullopt;
  return static_cast<GuessIndex>(it - guesses_.begin());
}

std::optional<SecretIndex> WordleGame::find_secret(std::string_view word) const {
  const auto it = std::lower_bound(secrets_.begin(), secrets_.end(), word);
  if (it == secrets_.end() || *it != word) return std::nullopt;
  return static_cast<SecretIndex>(it - secrets_.begin());
}

Pattern WordleGame::feedback(GuessIndex g, SecretIndex s) const {
  const SecretIndex one[1] = {s};
  Pattern out[1];
  feedback_row(g, one, out);
  return out[0];
}

void WordleGame::feedback_row(GuessIndex g, std::span<const SecretIndex> secrets, std::span<Pattern> out) const {
  const Packed& packed = guess_packed_[g];
  // Guesses with a repeated letter take the general path (their letter groups).
  const auto* groups = guess_repeats_[g] != 0 ? &guess_groups_[g] : nullptr;
  const std::uint8_t* masks = secret_masks_.data();
  switch (length_) {
    case 4:
      score_row<4>(packed, groups, masks, secrets, out);
      break;
    case 5:
      score_row<5>(packed, groups, masks, secrets, out);
      break;
    case 6:
      score_row<6>(packed, groups, masks, secrets, out);
      break;
    case 7:
      score_row<7>(packed, groups, masks, secrets, out);
      break;
    default:
      score_row<8>(packed, groups, masks, secrets, out);
      break;
  }
}

namespace {

template <int L>
void score_secret_row(const std::vector<Packed>& guesses, const std::vector<LetterGroups>& groups,
                      const std::vector<GuessIndex>& distinct, const std::vector<GuessIndex>& repeats,
                      const std::uint8_t* masks, std::span<Pattern> out) {
  for (const GuessIndex g : distinct) out[g] = score_distinct<L>(guesses[g], masks);
  for (const GuessIndex g : repeats) out[g] = score_grouped(groups[g], masks);
}

// Sixteen guesses at a time in byte lanes (GCC/Clang vector extensions: plain SSE2
// on x86-64, NEON on ARM), for words of up to five letters (codes below 256). Per
// position i of letter l: green when l is the secret's letter at i; otherwise
// yellow when the secret's copies of l not matched by greens outnumber the guess's
// earlier non-green copies of l — the rule of feedback.h, counted instead of
// consumed. Comparisons give 0 / -1 lanes, so counts are kept by subtracting them.
using Bytes = std::int8_t __attribute__((vector_size(16)));
using UBytes = std::uint8_t __attribute__((vector_size(16)));  // codes: wrap-around defined

template <int L>
void score_secret_row_vector(const std::int8_t* letters, std::size_t stride, const std::string& secret,
                             std::uint8_t* out) {
  constexpr std::uint8_t kPow3Byte[5] = {1, 3, 9, 27, 81};
  Bytes s[L];
  for (int j = 0; j < L; ++j) s[j] = Bytes{} + static_cast<std::int8_t>(secret[static_cast<std::size_t>(j)] - 'a');
  for (std::size_t g = 0; g < stride; g += 16) {
    Bytes l[L];
    Bytes green[L];
    for (int i = 0; i < L; ++i) {
      std::memcpy(&l[i], letters + static_cast<std::size_t>(i) * stride + g, sizeof(Bytes));
      green[i] = l[i] == s[i];
    }
    UBytes code{};
    for (int i = 0; i < L; ++i) {
      Bytes copies{};  // counts stay below 9: no overflow in signed lanes
      Bytes matched{};
      Bytes earlier{};
      for (int j = 0; j < L; ++j) {
        const Bytes same = l[i] == s[j];
        copies -= same;
        matched -= same & green[j];
      }
      for (int k = 0; k < i; ++k) earlier -= (l[k] == l[i]) & ~green[k];
      const Bytes yellow = ~green[i] & (earlier + matched < copies);
      const auto pow3 = static_cast<std::uint8_t>(kPow3Byte[i]);
      code += (__builtin_convertvector(green[i], UBytes) & static_cast<std::uint8_t>(2 * pow3)) +
              (__builtin_convertvector(yellow, UBytes) & pow3);
    }
    std::memcpy(out + g, &code, sizeof(UBytes));
  }
}

}  // namespace

// One secret against every guess. Words of up to five letters take the vector
// kernel over the guesses' letters stored position by position; longer words the
// scalar kernels, one pass each (no per-guess branch).
bool WordleGame::feedback_secret_row(SecretIndex s, std::span<Pattern> out) const {
  const std::size_t guesses = guesses_.size();
  if (length_ <= 5) {
    thread_local std::vector<std::uint8_t> codes;
    codes.resize(letter_stride_);
    if (length_ == 4) {
      score_secret_row_vector<4>(guess_letters_.data(), letter_stride_, secrets_[s], codes.data());
    } else {
      score_secret_row_vector<5>(guess_letters_.data(), letter_stride_, secrets_[s], codes.data());
    }
    for (std::size_t g = 0; g < guesses; ++g) out[g] = codes[g];
    return true;
  }
  const std::uint8_t* masks = secret_masks_.data() + std::size_t{s} * 26;
  switch (length_) {
    case 6:
      score_secret_row<6>(guess_packed_, guess_groups_, distinct_guesses_, repeat_guesses_, masks, out);
      break;
    case 7:
      score_secret_row<7>(guess_packed_, guess_groups_, distinct_guesses_, repeat_guesses_, masks, out);
      break;
    default:
      score_secret_row<8>(guess_packed_, guess_groups_, distinct_guesses_, repeat_guesses_, masks, out);
      break;
  }
  return true;
}

std::string day_number_text(std::uint64_t day) {
  std::string digits = std::to_string(day);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

namespace {
constexpr std::uint32_t kNoDay = 0xffffffffu;
}

std::optional<core::Error> WordleGame::set_day_order(const std::vector<std::string>& words_by_day) {
  if (words_by_day.empty()) return core::Error{"the day order lists no word"};
  std::vector<SecretIndex> order;
  std::vector<std::uint32_t> day_of_secret(secrets_.size(), kNoDay);
  order.reserve(words_by_day.size());
  for (std::size_t day = 0; day < words_by_day.size(); ++day) {
    const auto s = find_secret(words_by_day[day]);
    if (!s) return core::Error{fmt::format("day {}: '{}' is not one of the answers", day, words_by_day[day])};
    if (day_of_secret[*s] != kNoDay) {
      return core::Error{fmt::format("day {}: '{}' was already day {}", day, words_by_day[day], day_of_secret[*s])};
    }
    day_of_secret[*s] = static_cast<std::uint32_t>(day);
    order.push_back(*s);
  }
  day_order_ = std::move(order);
  day_of_secret_ = std::move(day_of_secret);
  return std::nullopt;
}

std::optional<std::uint64_t> WordleGame::day_of(SecretIndex s) const {
  if (s >= day_of_secret_.size() || day_of_secret_[s] == kNoDay) return std::nullopt;
  return day_of_secret_[s];
}

std::optional<SecretIndex> WordleGame::secret_of_day(std::uint64_t day) const {
  if (day >= day_order_.size()) return std::nullopt;
  return day_order_[day];
}

core::Result<SecretIndex> choose_secret(const WordleGame& game, const std::optional<std::string>& word,
                                        const std::optional<std::uint64_t>& day, std::uint64_t seed) {
  if (word && day) return core::Error{"give either --word or --day, not both"};
  if (word) {
    auto w = normalize_word(*word, game.length());
    if (!w) return core::Error{"--word: " + w.error().message};
    const auto s = game.find_secret(*w);
    if (!s) return core::Error{fmt::format("--word: '{}' is not one of the {} answers", *w, game.secret_count())};
    return *s;
  }
  if (day) {
    if (!game.has_days()) {
      return core::Error{fmt::format(
          "--day {}: the original game's day order (wordle/answers-by-day.txt) fits only the original answer list",
          *day)};
    }
    const auto s = game.secret_of_day(*day);
    if (!s) {
      return core::Error{
          fmt::format("--day {}: the original game's days run from 0 (2021-06-19, CIGAR) to {}; its list ends there",
                      *day, day_number_text(game.day_count() - 1))};
    }
    return *s;
  }
  core::Rng rng(seed);
  return game.list_order()[rng.below(game.secret_count())];
}

}  // namespace puzzlelab::wordle
