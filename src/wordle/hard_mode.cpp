#include "wordle/hard_mode.h"

#include <algorithm>

#include <fmt/format.h>

namespace puzzlelab::wordle {

namespace {

std::string ordinal(int n) {
  switch (n) {
    case 1:
      return "1st";
    case 2:
      return "2nd";
    case 3:
      return "3rd";
    default:
      return fmt::format("{}th", n);
  }
}

std::string times(int n) {
  static const char* const kWords[] = {"", "", "two ", "three ", "four ", "five ", "six ", "seven ", "eight "};
  return n >= 0 && n <= 8 ? kWords[n] : fmt::format("{} ", n);
}

}  // namespace

void HardModeRule::add(std::string_view guess, Pattern pattern) {
  std::array<int, 26> shown{};
  for (int i = 0; i < length_; ++i) {
    const int letter = guess[static_cast<std::size_t>(i)] - 'a';
    const Mark m = mark_at(pattern, i);
    if (m == Mark::Green) green_[static_cast<std::size_t>(i)] = letter;
    if (m != Mark::Gray) ++shown[static_cast<std::size_t>(letter)];
  }
  // Letters in the guess's order, so messages follow the order letters were revealed.
  for (int i = 0; i < length_; ++i) {
    const auto letter = static_cast<std::size_t>(guess[static_cast<std::size_t>(i)] - 'a');
    if (shown[letter] > min_count_[letter]) {
      if (min_count_[letter] == 0) reveal_order_.push_back(static_cast<int>(letter));
      min_count_[letter] = shown[letter];
    }
  }
}

std::optional<std::string> HardModeRule::violation(std::string_view guess) const {
  for (int i = 0; i < length_; ++i) {
    const int want = green_[static_cast<std::size_t>(i)];
    if (want >= 0 && guess[static_cast<std::size_t>(i)] - 'a' != want) {
      return fmt::format("{} letter must be {}", ordinal(i + 1), static_cast<char>('A' + want));
    }
  }
  for (const int letter : reveal_order_) {
    const auto have = std::count(guess.begin(), guess.end(), static_cast<char>('a' + letter));
    const int need = min_count_[static_cast<std::size_t>(letter)];
    if (have < need) return fmt::format("guess must contain {}{}", times(need), static_cast<char>('A' + letter));
  }
  return std::nullopt;
}

HardModeFilter::HardModeFilter(const WordleGame& game) : game_(&game) {
  for (const auto& w : game.guess_words()) {
    std::uint32_t seen = 0, repeated = 0;
    for (const char c : w) {
      const std::uint32_t bit = 1u << (c - 'a');
      if (seen & bit) repeated |= bit;
      seen |= bit;
    }
    letter_mask_.push_back(seen);
    repeat_mask_.push_back(repeated);
  }
}

HardModeRule HardModeFilter::rule_after(std::span<const guess::Observation> history) const {
  HardModeRule rule(game_->length());
  for (const auto& o : history) rule.add(game_->guess_word(o.guess), o.pattern);
  return rule;
}

void HardModeFilter::allowed(std::span<const guess::Observation> history, std::vector<GuessIndex>& out) const {
  const HardModeRule rule = rule_after(history);
  const int length = game_->length();
  std::uint32_t need = 0, need_repeat = 0;
  bool counts_above_two = false;
  for (int x = 0; x < 26; ++x) {
    if (rule.min_count(x) >= 1) need |= 1u << x;
    if (rule.min_count(x) >= 2) need_repeat |= 1u << x;
    if (rule.min_count(x) >= 3) counts_above_two = true;
  }
  out.clear();
  for (GuessIndex g = 0; g < game_->guess_count(); ++g) {
    // Masks settle the common cases; exact counts only when a letter is needed 3+ times.
    if ((letter_mask_[g] & need) != need || (repeat_mask_[g] & need_repeat) != need_repeat) continue;
    const std::string& w = game_->guess_word(g);
    bool ok = true;
    for (int i = 0; i < length && ok; ++i) {
      const int want = rule.green_at(i);
      ok = want < 0 || w[static_cast<std::size_t>(i)] - 'a' == want;
    }
    if (ok && counts_above_two) ok = rule.allows(w);
    if (ok) out.push_back(g);
  }
}

}  // namespace puzzlelab::wordle
