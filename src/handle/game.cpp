#include "handle/game.h"

#include <algorithm>
#include <unordered_map>

namespace puzzlelab::handle {

IdiomTable::IdiomTable(const Lexicon& lexicon) : lexicon_(&lexicon), compiler_(lexicon) {
  idioms_.reserve(lexicon.idioms().size());
  for (const Idiom& idiom : lexicon.idioms()) idioms_.push_back(compiler_.compile(idiom.word));
  answer_idioms_.reserve(lexicon.answers().size());
  for (const Word& a : lexicon.answers()) {
    // Every answer is an idiom (SOURCES.md); Lexicon::parse does not insist, so an answer
    // missing from a custom table is left out here rather than trusted.
    if (auto i = lexicon.find(a)) answer_idioms_.push_back(*i);
  }
}

HandleGame::HandleGame(const IdiomTable& table, WordSet secrets) : table_(&table), secrets_(secrets) {
  const auto n = static_cast<std::uint32_t>(table.idioms().size());
  if (secrets == WordSet::Idioms) {
    secret_idiom_.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) secret_idiom_[i] = i;
  } else {
    secret_idiom_.assign(table.answer_idioms().begin(), table.answer_idioms().end());
    // Secret order = guess order, so that ties between candidates follow code points.
    std::sort(secret_idiom_.begin(), secret_idiom_.end());
    secret_idiom_.erase(std::unique(secret_idiom_.begin(), secret_idiom_.end()), secret_idiom_.end());
  }
  secret_of_idiom_.assign(n, kNoSecret);
  for (std::uint32_t s = 0; s < secret_idiom_.size(); ++s) secret_of_idiom_[secret_idiom_[s]] = s;
}

void HandleGame::feedback_row(guess::GuessIndex g, std::span<const guess::SecretIndex> secrets,
                              std::span<guess::Pattern> out) const {
  const CompiledWord* idioms = table_->idioms().data();
  const CompiledWord& guess = idioms[g];
  const std::uint32_t* to_idiom = secret_idiom_.data();
  for (std::size_t i = 0; i < secrets.size(); ++i) out[i] = fast_score(guess, idioms[to_idiom[secrets[i]]]);
}

std::optional<guess::SecretIndex> HandleGame::secret_of_idiom(std::uint32_t idiom) const {
  if (idiom >= secret_of_idiom_.size() || secret_of_idiom_[idiom] == kNoSecret) return std::nullopt;
  return secret_of_idiom_[idiom];
}

std::vector<guess::SecretIndex> HandleGame::answer_secrets() const {
  std::vector<guess::SecretIndex> out;
  for (const std::uint32_t i : table_->answer_idioms()) {
    if (auto s = secret_of_idiom(i)) out.push_back(*s);
  }
  return out;
}

guess::GuessIndex FrequencyPlayer::choose(const guess::Position& position, guess::Workspace&, core::Rng&) const {
  const auto& c = position.candidates;
  if (c.empty()) return guess::kNoGuess;
  const auto idioms = game_->table().idioms();
  if (c.size() <= 2) return game_->guess_of_secret(c.front());
  // Symbols of one candidate per position and channel: character (after S), initial,
  // final, tone. Channels get disjoint keys: the channel in the top bits.
  const auto symbols = [&](const CompiledWord& w, std::array<std::array<std::uint64_t, 4>, 4>& out) {
    for (int i = 0; i < 4; ++i) {
      out[i][0] = w.simp[i];
      out[i][1] = (std::uint64_t{1} << 40) | w.as_answer.initial[i];
      out[i][2] = (std::uint64_t{2} << 40) | w.as_answer.final[i];
      out[i][3] = (std::uint64_t{3} << 40) | w.as_answer.tone[i];
    }
  };
  std::array<std::unordered_map<std::uint64_t, std::uint32_t>, 4> pos;  // per position, keyed by channel+symbol
  std::unordered_map<std::uint64_t, std::uint32_t> any;
  std::array<std::array<std::uint64_t, 4>, 4> sym{};
  for (const guess::SecretIndex s : c) {
    symbols(idioms[game_->guess_of_secret(s)], sym);
    std::array<std::uint64_t, 16> seen{};
    int n_seen = 0;
    for (int i = 0; i < 4; ++i) {
      for (int k = 0; k < 4; ++k) {
        ++pos[i][sym[i][k]];
        if (std::find(seen.begin(), seen.begin() + n_seen, sym[i][k]) == seen.begin() + n_seen) {
          seen[n_seen++] = sym[i][k];
          ++any[sym[i][k]];
        }
      }
    }
  }
  guess::GuessIndex best = guess::kNoGuess;
  std::uint64_t best_score = 0;
  for (const guess::SecretIndex s : c) {
    const guess::GuessIndex g = game_->guess_of_secret(s);
    symbols(idioms[g], sym);
    std::array<std::uint64_t, 16> seen{};
    int n_seen = 0;
    std::uint64_t score = 0;
    for (int i = 0; i < 4; ++i) {
      for (int k = 0; k < 4; ++k) {
        score += pos[i][sym[i][k]];
        if (std::find(seen.begin(), seen.begin() + n_seen, sym[i][k]) == seen.begin() + n_seen) {
          seen[n_seen++] = sym[i][k];
          score += any[sym[i][k]];
        }
      }
    }
    if (best == guess::kNoGuess || score > best_score || (score == best_score && g < best)) {
      best = g;
      best_score = score;
    }
  }
  return best;
}

}  // namespace puzzlelab::handle
