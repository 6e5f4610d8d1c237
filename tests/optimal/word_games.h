#pragma once
// Word games for the exact solver's tests and benchmarks, independent of the Wordle
// module: any lists of equal-length lower-case words, Wordle's feedback written out
// plainly (greens first, then yellows while unmatched copies remain; code
// sum d_i 3^i), and the NYT hard-mode rule as a GuessFilter.
#include <algorithm>
#include <array>
#include <cstdint>
#include <fstream>
#include <span>
#include <string>
#include <vector>

#include "core/rng.h"
#include "guess/game.h"
#include "guess/player.h"
#include "../guess/toy_games.h"

namespace puzzlelab::guess::testing {

class WordListGame final : public Game {
 public:
  // `guesses` must contain every answer; both lists are sorted here.
  WordListGame(std::vector<std::string> answers, std::vector<std::string> guesses)
      : answers_(std::move(answers)), guesses_(std::move(guesses)) {
    std::sort(answers_.begin(), answers_.end());
    std::sort(guesses_.begin(), guesses_.end());
    length_ = guesses_.empty() ? 0 : static_cast<int>(guesses_[0].size());
    bound_ = 1;
    for (int i = 0; i < length_; ++i) bound_ *= 3;
    for (const std::string& a : answers_) {
      const auto it = std::lower_bound(guesses_.begin(), guesses_.end(), a);
      to_guess_.push_back(static_cast<GuessIndex>(it - guesses_.begin()));
    }
  }

  std::uint32_t guess_count() const override { return static_cast<std::uint32_t>(guesses_.size()); }
  std::uint32_t secret_count() const override { return static_cast<std::uint32_t>(answers_.size()); }
  std::uint64_t pattern_bound() const override { return bound_; }
  bool is_solved(Pattern p) const override { return p == bound_ - 1; }
  GuessIndex guess_of_secret(SecretIndex s) const override { return to_guess_[s]; }
  Pattern feedback(GuessIndex g, SecretIndex s) const override { return score(guesses_[g], answers_[s]); }

  const std::string& guess_word(GuessIndex g) const { return guesses_[g]; }
  const std::string& secret_word(SecretIndex s) const { return answers_[s]; }
  GuessIndex find_guess(const std::string& w) const {
    const auto it = std::lower_bound(guesses_.begin(), guesses_.end(), w);
    return it != guesses_.end() && *it == w ? static_cast<GuessIndex>(it - guesses_.begin()) : kNoGuess;
  }
  int length() const { return length_; }

  // The same reference Wordle rule as the guess tests' toy games.
  static Pattern score(const std::string& guess, const std::string& secret) { return ToyWordGame::score(guess, secret); }

 private:
  std::vector<std::string> answers_;
  std::vector<std::string> guesses_;
  std::vector<GuessIndex> to_guess_;
  int length_ = 0;
  std::uint64_t bound_ = 1;
};

// The NYT hard-mode rule: every earlier green kept in place, and each letter at least
// as many times as it was shown green or yellow in any one earlier guess.
class WordHardRule final : public GuessFilter {
 public:
  explicit WordHardRule(const WordListGame& game) : game_(&game) {}

  static bool allows(const std::string& guess, const std::string& earlier, Pattern pattern) {
    std::array<int, 26> need{};
    for (std::size_t i = 0; i < earlier.size(); ++i, pattern /= 3) {
      const Pattern mark = pattern % 3;
      if (mark == 2 && guess[i] != earlier[i]) return false;
      if (mark != 0) ++need[static_cast<std::size_t>(earlier[i] - 'a')];
    }
    for (const char c : guess) --need[static_cast<std::size_t>(c - 'a')];
    return std::all_of(need.begin(), need.end(), [](int k) { return k <= 0; });
  }

  void allowed(std::span<const Observation> history, std::vector<GuessIndex>& out) const override {
    out.clear();
    for (GuessIndex g = 0; g < game_->guess_count(); ++g) {
      bool ok = true;
      for (const Observation& o : history)
        ok = ok && allows(game_->guess_word(g), game_->guess_word(o.guess), o.pattern);
      if (ok) out.push_back(g);
    }
  }

 private:
  const WordListGame* game_;
};

// A game with coarse feedback: only how many letters are in the right place (like
// Mastermind's black pegs). Few classes per guess, so trees are deep and a guess
// limit binds.
class GreensGame final : public Game {
 public:
  GreensGame(std::vector<std::string> secrets, std::vector<std::string> guesses)
      : inner_(std::move(secrets), std::move(guesses)) {}
  std::uint32_t guess_count() const override { return inner_.guess_count(); }
  std::uint32_t secret_count() const override { return inner_.secret_count(); }
  std::uint64_t pattern_bound() const override { return static_cast<std::uint64_t>(inner_.length()) + 1; }
  bool is_solved(Pattern p) const override { return p == static_cast<Pattern>(inner_.length()); }
  GuessIndex guess_of_secret(SecretIndex s) const override { return inner_.guess_of_secret(s); }
  Pattern feedback(GuessIndex g, SecretIndex s) const override {
    const std::string& a = inner_.guess_word(g);
    const std::string& b = inner_.secret_word(s);
    Pattern greens = 0;
    for (std::size_t i = 0; i < a.size(); ++i) greens += a[i] == b[i] ? 1u : 0u;
    return greens;
  }

 private:
  WordListGame inner_;
};

// A game where a second spelling of some secrets also wins, with its own "solved"
// pattern and different feedback elsewhere (like Handle's variant characters: 青红皁白
// wins against 青红皂白, with other readings). Here an alias also tells the parity of
// the secret's index, so it can split what its secret's own guess cannot. Guesses: the
// inner game's, then one alias for each listed secret.
class AliasGame final : public Game {
 public:
  AliasGame(const WordListGame& inner, std::vector<SecretIndex> aliased)
      : inner_(&inner), aliased_(std::move(aliased)) {}
  std::uint32_t guess_count() const override {
    return inner_->guess_count() + static_cast<std::uint32_t>(aliased_.size());
  }
  std::uint32_t secret_count() const override { return inner_->secret_count(); }
  std::uint64_t pattern_bound() const override { return 3 * inner_->pattern_bound() + 1; }
  bool is_solved(Pattern p) const override { return p + 1 == inner_->pattern_bound() || p == inner_->pattern_bound(); }
  GuessIndex guess_of_secret(SecretIndex s) const override { return inner_->guess_of_secret(s); }
  Pattern feedback(GuessIndex g, SecretIndex s) const override {
    if (g < inner_->guess_count()) return inner_->feedback(g, s);
    const SecretIndex own = aliased_[g - inner_->guess_count()];
    if (own == s) return static_cast<Pattern>(inner_->pattern_bound());  // the alias's own win
    const Pattern p = inner_->feedback(inner_->guess_of_secret(own), s);
    return static_cast<Pattern>(inner_->pattern_bound()) + 1 + 2 * p + (s & 1);
  }

 private:
  const WordListGame* inner_;
  std::vector<SecretIndex> aliased_;
};

// Reads one word a line.
inline std::vector<std::string> read_words(const std::string& path) {
  std::vector<std::string> words;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) words.push_back(line);
  }
  return words;
}

// Every word over the first `letters` letters of the alphabet, `length` long.
inline std::vector<std::string> all_words(int length, int letters) {
  std::vector<std::string> out{""};
  for (int i = 0; i < length; ++i) {
    std::vector<std::string> next;
    for (const std::string& w : out) {
      for (int c = 0; c < letters; ++c) next.push_back(w + static_cast<char>('a' + c));
    }
    out = std::move(next);
  }
  return out;
}

// `count` distinct words drawn from `from` with the seed (sorted).
inline std::vector<std::string> sample(const std::vector<std::string>& from, std::size_t count, std::uint64_t seed) {
  std::vector<std::string> pool = from;
  core::Rng rng(seed);
  core::shuffle(pool.begin(), pool.end(), rng);
  pool.resize(std::min(count, pool.size()));
  std::sort(pool.begin(), pool.end());
  return pool;
}

}  // namespace puzzlelab::guess::testing
