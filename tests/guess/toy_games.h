#pragma once
// Small guess games for the guess module's tests, independent of any real game.
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "guess/game.h"

namespace puzzlelab::guess::testing {

// Every secret of a game, in index order: the candidates at the start of a game.
inline std::vector<SecretIndex> all_secrets(const Game& game) {
  std::vector<SecretIndex> all(game.secret_count());
  for (SecretIndex s = 0; s < all.size(); ++s) all[s] = s;
  return all;
}

// Words of `length` letters over an alphabet of `letters` letters; every word is a
// guess, every `stride`-th word a secret. Feedback is Wordle's rule written out
// plainly (greens first, then yellows while unmatched copies remain), base 3.
class ToyWordGame : public Game {
 public:
  ToyWordGame(int length, int letters, int stride) : length_(length) {
    int count = 1;
    for (int i = 0; i < length; ++i) count *= letters;
    for (int w = 0; w < count; ++w) {
      std::string word;
      for (int i = 0, x = w; i < length; ++i, x /= letters)
        word.insert(word.begin(), static_cast<char>('a' + x % letters));
      words_.push_back(word);
    }
    std::sort(words_.begin(), words_.end());
    for (std::size_t g = 0; g < words_.size(); g += static_cast<std::size_t>(stride)) {
      secret_to_guess_.push_back(static_cast<GuessIndex>(g));
    }
    bound_ = 1;
    for (int i = 0; i < length; ++i) bound_ *= 3;
  }

  std::uint32_t guess_count() const override { return static_cast<std::uint32_t>(words_.size()); }
  std::uint32_t secret_count() const override { return static_cast<std::uint32_t>(secret_to_guess_.size()); }
  std::uint64_t pattern_bound() const override { return bound_; }
  bool is_solved(Pattern p) const override { return p == bound_ - 1; }
  GuessIndex guess_of_secret(SecretIndex s) const override { return secret_to_guess_[s]; }
  Pattern feedback(GuessIndex g, SecretIndex s) const override { return score(words_[g], words_[secret_to_guess_[s]]); }
  const std::string& word(GuessIndex g) const { return words_[g]; }

  static Pattern score(const std::string& guess, const std::string& secret) {
    std::array<int, 26> unmatched{};
    std::array<int, 8> mark{};
    for (std::size_t i = 0; i < guess.size(); ++i) {
      if (guess[i] == secret[i]) {
        mark[i] = 2;
      } else {
        ++unmatched[secret[i] - 'a'];
      }
    }
    for (std::size_t i = 0; i < guess.size(); ++i) {
      if (mark[i] == 0 && unmatched[guess[i] - 'a'] > 0) {
        mark[i] = 1;
        --unmatched[guess[i] - 'a'];
      }
    }
    Pattern code = 0;
    for (std::size_t i = guess.size(); i-- > 0;) code = code * 3 + static_cast<Pattern>(mark[i]);
    return code;
  }

 private:
  int length_;
  std::vector<std::string> words_;
  std::vector<GuessIndex> secret_to_guess_;
  std::uint64_t bound_ = 1;
};

// The same game offering its secret rows (Game::feedback_secret_row), so large
// scoring questions without a table go through rows built for the candidates.
class ToyWordGameWithRows : public ToyWordGame {
 public:
  using ToyWordGame::ToyWordGame;
  bool feedback_secret_row(SecretIndex secret, std::span<Pattern> out) const override {
    for (GuessIndex g = 0; g < guess_count(); ++g) out[g] = feedback(g, secret);
    return true;
  }
};

// The same game with every code sent through an injective map into [0, 2^31), so the
// analyzer must count classes with its hash instead of a direct array, and a table
// needs four bytes a code.
class ScatteredGame : public Game {
 public:
  explicit ScatteredGame(const Game& inner) : inner_(&inner) {}
  static Pattern scatter(Pattern p) {
    return static_cast<Pattern>((std::uint64_t{p} * 2654435761u + 12345u) & 0x7fffffffu);
  }

  std::uint32_t guess_count() const override { return inner_->guess_count(); }
  std::uint32_t secret_count() const override { return inner_->secret_count(); }
  std::uint64_t pattern_bound() const override { return std::uint64_t{1} << 31; }
  bool is_solved(Pattern p) const override { return p == scatter(static_cast<Pattern>(inner_->pattern_bound() - 1)); }
  GuessIndex guess_of_secret(SecretIndex s) const override { return inner_->guess_of_secret(s); }
  Pattern feedback(GuessIndex g, SecretIndex s) const override { return scatter(inner_->feedback(g, s)); }

 private:
  const Game* inner_;
};

// A game given by an explicit guesses x secrets matrix (for tie-rule cases).
class MatrixGame : public Game {
 public:
  MatrixGame(std::vector<std::vector<Pattern>> rows, std::vector<GuessIndex> secret_to_guess, Pattern solved)
      : rows_(std::move(rows)), secret_to_guess_(std::move(secret_to_guess)), solved_(solved) {}
  std::uint32_t guess_count() const override { return static_cast<std::uint32_t>(rows_.size()); }
  std::uint32_t secret_count() const override { return static_cast<std::uint32_t>(secret_to_guess_.size()); }
  std::uint64_t pattern_bound() const override { return 64; }
  bool is_solved(Pattern p) const override { return p == solved_; }
  GuessIndex guess_of_secret(SecretIndex s) const override { return secret_to_guess_[s]; }
  Pattern feedback(GuessIndex g, SecretIndex s) const override { return rows_[g][s]; }

 private:
  std::vector<std::vector<Pattern>> rows_;
  std::vector<GuessIndex> secret_to_guess_;
  Pattern solved_;
};

}  // namespace puzzlelab::guess::testing
