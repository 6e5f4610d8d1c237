#pragma once
// Handle as a guess game for src/guess: every idiom compiled once, the guess list (all
// idioms, code-point order, which is the order ties are broken by) and a secret list (the
// daily answers or all idioms), with the fast feedback as the game's feedback function.
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "guess/game.h"
#include "guess/player.h"
#include "handle/compiled.h"
#include "handle/lexicon.h"

namespace puzzlelab::handle {

// The lexicon's idioms compiled once; the shared base of every Handle game.
class IdiomTable {
 public:
  explicit IdiomTable(const Lexicon& lexicon);
  IdiomTable(const IdiomTable&) = delete;
  IdiomTable& operator=(const IdiomTable&) = delete;

  [[nodiscard]] const Lexicon& lexicon() const { return *lexicon_; }
  [[nodiscard]] std::span<const CompiledWord> idioms() const { return idioms_; }
  // The idiom index of each daily answer (day 1 first).
  [[nodiscard]] std::span<const std::uint32_t> answer_idioms() const { return answer_idioms_; }
  // Compiles any four-character word against the same part table (for words typed by a
  // person). Not to be called while another thread compiles.
  CompiledWord compile(std::u32string_view word) { return compiler_.compile(word); }

 private:
  const Lexicon* lexicon_;
  WordCompiler compiler_;
  std::vector<CompiledWord> idioms_;
  std::vector<std::uint32_t> answer_idioms_;
};

// Which words: the 424 daily answers or all 29,760 idioms.
enum class WordSet { Answers, Idioms };

class HandleGame final : public guess::Game {
 public:
  // Guesses: all idioms. Secrets: the answers or all idioms.
  HandleGame(const IdiomTable& table, WordSet secrets);

  [[nodiscard]] std::uint32_t guess_count() const override {
    return static_cast<std::uint32_t>(table_->idioms().size());
  }
  [[nodiscard]] std::uint32_t secret_count() const override { return static_cast<std::uint32_t>(secret_idiom_.size()); }
  [[nodiscard]] std::uint64_t pattern_bound() const override { return kPatternCount; }
  // `checkPass`: all four characters exact.
  [[nodiscard]] bool is_solved(guess::Pattern pattern) const override { return pattern_wins(pattern); }
  [[nodiscard]] guess::GuessIndex guess_of_secret(guess::SecretIndex s) const override { return secret_idiom_[s]; }
  [[nodiscard]] guess::Pattern feedback(guess::GuessIndex g, guess::SecretIndex s) const override {
    return fast_score(table_->idioms()[g], table_->idioms()[secret_idiom_[s]]);
  }
  void feedback_row(guess::GuessIndex g, std::span<const guess::SecretIndex> secrets,
                    std::span<guess::Pattern> out) const override;

  [[nodiscard]] const IdiomTable& table() const { return *table_; }
  [[nodiscard]] WordSet secrets() const { return secrets_; }
  // The secret index of an idiom, or nullopt when the idiom is not a secret of this game.
  [[nodiscard]] std::optional<guess::SecretIndex> secret_of_idiom(std::uint32_t idiom) const;
  // The secret indices of the daily answers, in day order.
  [[nodiscard]] std::vector<guess::SecretIndex> answer_secrets() const;

 private:
  const IdiomTable* table_;
  WordSet secrets_;
  std::vector<std::uint32_t> secret_idiom_;
  std::vector<guess::SecretIndex> secret_of_idiom_;  // kNoSecret when not a secret
  static constexpr guess::SecretIndex kNoSecret = ~guess::SecretIndex{0};
};

// The frequency player (the toy's idea made exact): among the candidates C, count for each
// position i and channel k (character after the variant map, initial, final, tone) how many
// candidates have symbol x there, pos[i][k][x], and in how many candidates x occurs in that
// channel anywhere, any[k][x]. A candidate w scores
//     sum over i, k of pos[i][k][w_ik]  +  sum over k, over the distinct symbols x of w in k, of any[k][x]
// with each candidate read as the answer would be (`parseWord(w, w)`). The best-scoring
// candidate is played; ties go to code-point order; with one or two candidates left, the
// first. Candidates that are not guesses (none, here) are skipped.
class FrequencyPlayer final : public guess::Player {
 public:
  explicit FrequencyPlayer(const HandleGame& game) : game_(&game) {}
  [[nodiscard]] guess::GuessIndex choose(const guess::Position& position, guess::Workspace& ws,
                                         core::Rng& rng) const override;

 private:
  const HandleGame* game_;
};

}  // namespace puzzlelab::handle
