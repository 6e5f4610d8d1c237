#include "wordle/game.h"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

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
// When the guess has no repeated letter, counting is unnecessary: guess letter x
// (not green) is yellow iff x occurs at some non-green position of the secret —
// greens elsewhere match other letters, and no other copy of x in the guess competes.
template <int L>
inline Pattern score_distinct(const Packed& g, const Packed& s) {
  unsigned green = 0;
  std::uint32_t open = 0;  // letters at the secret's non-green positions
  for (int i = 0; i < L; ++i) {
    const unsigned eq = g[i] == s[i];
    green |= eq << i;
    open |= (eq ^ 1u) << s[i];
  }
  unsigned yellow = 0;
  for (int i = 0; i < L; ++i) yellow |= ((open >> g[i]) & 1u) << i;
  yellow &= ~green;
  return kMaskCodes.green[green] + kMaskCodes.yellow[yellow];
}

// The general rule (the guess repeats a letter): count the secret's unmatched
// letters, then hand yellows out left to right while copies remain.
template <int L>
inline Pattern score_general(const Packed& g, const Packed& s) {
  std::uint8_t unmatched[32];
  std::memset(unmatched, 0, sizeof unmatched);
  unsigned green = 0;
  for (int i = 0; i < L; ++i) {
    const unsigned eq = g[i] == s[i];
    green |= eq << i;
    unmatched[s[i]] = static_cast<std::uint8_t>(unmatched[s[i]] + (eq ^ 1u));
  }
  unsigned yellow = 0;
  for (int i = 0; i < L; ++i) {
    const unsigned ok = ((green >> i) & 1u) == 0 && unmatched[g[i]] > 0;
    unmatched[g[i]] = static_cast<std::uint8_t>(unmatched[g[i]] - ok);
    yellow |= ok << i;
  }
  return kMaskCodes.green[green] + kMaskCodes.yellow[yellow];
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
void score_row(const Packed& g, const std::vector<Packed>& secrets, std::span<const SecretIndex> which,
               std::span<Pattern> out) {
  if (has_repeat(g, L)) {
    for (std::size_t i = 0; i < which.size(); ++i) out[i] = score_general<L>(g, secrets[which[i]]);
  } else {
    for (std::size_t i = 0; i < which.size(); ++i) out[i] = score_distinct<L>(g, secrets[which[i]]);
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
  for (const auto& w : game->guesses_) game->guess_packed_.push_back(pack(w));
  for (const auto& w : game->secrets_) {
    game->secret_packed_.push_back(pack(w));
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
  switch (length_) {
    case 4:
      score_row<4>(packed, secret_packed_, secrets, out);
      break;
    case 5:
      score_row<5>(packed, secret_packed_, secrets, out);
      break;
    case 6:
      score_row<6>(packed, secret_packed_, secrets, out);
      break;
    case 7:
      score_row<7>(packed, secret_packed_, secrets, out);
      break;
    default:
      score_row<8>(packed, secret_packed_, secrets, out);
      break;
  }
}

}  // namespace puzzlelab::wordle
