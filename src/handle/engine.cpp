#include "handle/engine.h"

#include <algorithm>
#include <chrono>

#include <fmt/format.h>

#include "core/utf8.h"
#include "guess/opener_cache.h"
#include "handle/session.h"
#include "handle/weighted_player.h"

namespace puzzlelab::handle {

std::optional<PlayerKind> parse_player(std::string_view name) {
  if (name == "random") return PlayerKind::Random;
  if (name == "frequency") return PlayerKind::Frequency;
  if (name == "entropy") return PlayerKind::Entropy;
  return std::nullopt;
}

std::string_view player_name(PlayerKind kind) {
  switch (kind) {
    case PlayerKind::Random:
      return "random";
    case PlayerKind::Frequency:
      return "frequency";
    case PlayerKind::Entropy:
      return "entropy";
  }
  return "?";
}

std::optional<Prior> parse_prior(std::string_view name) {
  if (name == "uniform") return Prior::Uniform;
  if (name == "common") return Prior::Common;
  return std::nullopt;
}

std::string_view prior_name(Prior prior) {
  return prior == Prior::Common ? "common" : "uniform";
}

std::optional<WordSet> parse_word_set(std::string_view name) {
  if (name == "answers") return WordSet::Answers;
  if (name == "idioms") return WordSet::Idioms;
  return std::nullopt;
}

std::string_view word_set_name(WordSet set) {
  return set == WordSet::Idioms ? "idioms" : "answers";
}

Engine::Engine(const IdiomTable& table, const EngineOptions& options)
    : kind_(options.player),
      secret_set_(options.secrets),
      candidate_set_(options.candidates.value_or(options.secrets)),
      prior_(options.prior.value_or(candidate_set_ == WordSet::Idioms ? Prior::Common : Prior::Uniform)),
      threads_(options.threads) {
  // The game's secret list must hold every candidate and every secret.
  const bool all = secret_set_ == WordSet::Idioms || candidate_set_ == WordSet::Idioms;
  game_ = std::make_unique<HandleGame>(table, all ? WordSet::Idioms : WordSet::Answers);
  // No pattern table: with the opener cached, building one (12.6 M codes even for the
  // answers) would cost more than every game after the opener.
  guess::TableOptions table_options;
  table_options.threads = threads_;
  table_options.memory_budget = 0;
  analyzer_ = std::make_unique<guess::Analyzer>(*game_, table_options);
  const auto set_of = [&](WordSet set) {
    std::vector<guess::SecretIndex> out;
    if (set == WordSet::Answers) {
      out = game_->answer_secrets();
    } else {
      for (guess::SecretIndex s = 0; s < game_->secret_count(); ++s) out.push_back(s);
    }
    return out;
  };
  secrets_ = set_of(secret_set_);
  start_ = set_of(candidate_set_);
  std::sort(start_.begin(), start_.end());

  switch (kind_) {
    case PlayerKind::Random:
      player_ = std::make_unique<guess::RandomPlayer>(*analyzer_);
      break;
    case PlayerKind::Frequency:
      player_ = std::make_unique<FrequencyPlayer>(*game_);
      break;
    case PlayerKind::Entropy:
      if (prior_ == Prior::Uniform && candidate_set_ == WordSet::Answers) {
        player_ = std::make_unique<guess::ScoringPlayer>(*analyzer_, guess::Scoring::Entropy);
      } else {
        std::vector<double> weights =
            prior_ == Prior::Common ? common_prior(*game_) : std::vector<double>(game_->secret_count(), 1.0);
        WeightedPlayerOptions wo;
        // With the uniform prior E is not used (plain entropy); the common prior lets E
        // decide among at most 8 candidates (see weighted_player.h).
        wo.endgame = prior_ == Prior::Common ? 8 : 2;
        player_ = std::make_unique<WeightedEntropyPlayer>(*analyzer_, std::move(weights), wo);
      }
      break;
  }
}

std::string Engine::cache_setting() const {
  return fmt::format("{}/candidates={}/prior={}/guesses=idioms", player_name(kind_), word_set_name(candidate_set_),
                     kind_ == PlayerKind::Entropy ? prior_name(prior_) : "-");
}

OpenerReport Engine::find_opener(const core::StateStore* store, bool recompute) {
  OpenerReport report;
  if (kind_ == PlayerKind::Random) return report;
  if (opener_) {
    report.guess = *opener_;
    return report;
  }
  const Lexicon& lex = game_->table().lexicon();
  // Only the entropy player's opener is worth caching: the frequency player's takes a
  // moment.
  std::optional<guess::OpenerCache> cache;
  if (store && kind_ == PlayerKind::Entropy) cache.emplace(*store, kOpenerFile, lex.checksum());
  if (cache) {
    guess::CachedOpeners cached = cache->load(cache_setting());
    report.warnings = std::move(cached.warnings);
    if (!recompute && !cached.words.empty()) {
      // A word that is no longer an idiom of this data is ignored (and recomputed).
      if (const auto word = core::utf8_decode(cached.words.front())) {
        if (const auto idiom = lex.find(*word)) {
          opener_ = *idiom;
          report.cached = true;
        }
      }
    }
  }
  if (!opener_) {
    const auto t0 = std::chrono::steady_clock::now();
    guess::Workspace ws(*analyzer_);
    if (const auto* w = dynamic_cast<const WeightedEntropyPlayer*>(player_.get())) {
      opener_ = w->rank(start_, 1, threads_).front();
    } else if (kind_ == PlayerKind::Entropy) {
      opener_ = analyzer_->best_guess(guess::Scoring::Entropy, analyzer_->all_guesses(), start_, ws, threads_);
    } else {
      core::Rng unused(0);
      opener_ = player_->choose(guess::Position{start_, {}}, ws, unused);
    }
    report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (cache) {
      if (auto e = cache->save(cache_setting(), {core::utf8_encode(lex.idioms()[*opener_].word)})) {
        report.warnings.push_back("could not cache the opener: " + e->message);
      }
    }
  }
  cache_.put({}, *opener_);
  report.guess = *opener_;
  return report;
}

guess::GameRecord Engine::play(guess::SecretIndex secret, core::Rng& rng) const {
  guess::Workspace ws(*analyzer_);
  guess::PlayOptions po;
  po.cache = &cache_;
  return guess::play_game(*analyzer_, *player_, secret, start_, ws, rng, po);
}

core::SimSpec Engine::sim_spec(std::uint64_t seed, std::uint64_t games, bool every_secret) const {
  const Lexicon& lex = game_->table().lexicon();
  core::SimSpec spec;
  spec.game = "handle";
  spec.player = std::string(player_name(kind_));
  spec.seed = seed;
  spec.games = games;
  spec.config = {{"secrets", word_set_name(secret_set_)},
                 {"candidates", word_set_name(candidate_set_)},
                 {"guesses", "idioms"},
                 {"order", every_secret ? "all" : "drawn"}};
  if (kind_ == PlayerKind::Entropy) spec.config["prior"] = prior_name(prior_);
  if (opener_) spec.extra["first_guess"] = core::utf8_encode(lex.idioms()[*opener_].word);
  return spec;
}

core::GameResult Engine::sim_game(std::uint64_t index, core::Rng& rng, bool every_secret, bool detail) const {
  const Lexicon& lex = game_->table().lexicon();
  const guess::SecretIndex secret = every_secret ? secrets_[index] : secrets_[rng.below(secrets_.size())];
  const guess::GameRecord rec = play(secret, rng);
  core::GameResult r;
  r.win = rec.solved && rec.guesses() <= static_cast<std::uint32_t>(kTriesLimit);
  r.primary = rec.guesses();
  if (detail) {
    nlohmann::json guesses = nlohmann::json::array();
    for (const auto& t : rec.turns) guesses.push_back(core::utf8_encode(lex.idioms()[t.guess].word));
    r.detail = {{"secret", core::utf8_encode(lex.idioms()[game_->guess_of_secret(secret)].word)},
                {"solved", rec.solved},
                {"guesses", guesses}};
  }
  return r;
}

}  // namespace puzzlelab::handle
