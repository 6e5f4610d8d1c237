#include "app/handle_ai.h"

#include <chrono>

#include <fmt/format.h>

#include "core/utf8.h"
#include "handle/players.h"
#include "handle/weighted_player.h"

namespace puzzlelab::app {

namespace {

constexpr const char* kOpenerFile = "handle-openers.json";

std::optional<handle::WordSet> parse_set(const std::string& s) {
  if (s == "answers") return handle::WordSet::Answers;
  if (s == "idioms") return handle::WordSet::Idioms;
  return std::nullopt;
}

}  // namespace

core::Result<std::unique_ptr<HandleAi>> HandleAi::create(Context& ctx, HandleSession& session,
                                                         const HandleAiOptions& options) {
  std::unique_ptr<HandleAi> ai(new HandleAi());
  ai->options_ = options;
  HandleAiOptions& o = ai->options_;
  if (!handle::parse_player(o.player)) {
    return core::Error{fmt::format("--player '{}': choose {}", o.player, handle::kPlayerNames)};
  }
  if (o.candidates.empty()) o.candidates = o.secrets;
  const auto secrets = parse_set(o.secrets);
  if (!secrets) return core::Error{fmt::format("--secrets '{}': choose answers or idioms", o.secrets)};
  const auto candidates = parse_set(o.candidates);
  if (!candidates) return core::Error{fmt::format("--candidates '{}': choose answers or idioms", o.candidates)};
  if (o.prior.empty()) o.prior = *candidates == handle::WordSet::Idioms ? "common" : "uniform";
  if (o.prior != "uniform" && o.prior != "common") {
    return core::Error{fmt::format("--prior '{}': choose uniform or common", o.prior)};
  }

  handle::IdiomTable& table = session.table();
  // The game's secret list must hold every candidate and every secret.
  const bool all = *secrets == handle::WordSet::Idioms || *candidates == handle::WordSet::Idioms;
  ai->game_ = std::make_unique<handle::HandleGame>(table, all ? handle::WordSet::Idioms : handle::WordSet::Answers);
  // No pattern table: with the opener cached, building one (12.6 M codes even for the
  // answers) would cost more than every game after the opener.
  guess::TableOptions table_options;
  table_options.threads = ctx.threads();
  table_options.memory_budget = 0;
  ai->analyzer_ = std::make_unique<guess::Analyzer>(*ai->game_, table_options);
  const auto set_of = [&](handle::WordSet set) {
    std::vector<guess::SecretIndex> out;
    if (set == handle::WordSet::Answers) {
      out = ai->game_->answer_secrets();
    } else {
      for (guess::SecretIndex s = 0; s < ai->game_->secret_count(); ++s) out.push_back(s);
    }
    return out;
  };
  ai->secrets_ = set_of(*secrets);
  ai->start_ = set_of(*candidates);
  std::sort(ai->start_.begin(), ai->start_.end());

  handle::PlayerSetting setting;
  setting.idiom_candidates = *candidates == handle::WordSet::Idioms;
  setting.common_prior = o.prior == "common";
  ai->player_ = handle::make_player(*handle::parse_player(o.player), *ai->game_, *ai->analyzer_, setting);
  if (o.player == "random" || !o.need_opener) return ai;

  // The opener: from the cache when it was computed for the same data and setting.
  const std::string key = fmt::format("{}/candidates={}/prior={}/guesses=idioms", o.player, o.candidates,
                                      o.player == "entropy" ? o.prior : "-");
  const std::string checksum = fmt::format("{:016x}", session.lexicon().checksum());
  auto store = ctx.state();
  nlohmann::json doc = nlohmann::json::object();
  if (store && o.player == "entropy") {
    auto loaded = store->load(kOpenerFile);
    if (!loaded) {
      ctx.warn(loaded.error().message);
    } else {
      if (loaded->warning) ctx.warn(*loaded->warning);
      if (loaded->value && loaded->value->is_object()) doc = *loaded->value;
    }
    if (!doc.contains("checksum") || doc["checksum"] != checksum || !doc["openers"].is_object()) {
      doc = nlohmann::json{{"checksum", checksum}, {"openers", nlohmann::json::object()}};
    }
    if (!o.recompute && doc["openers"].contains(key) && doc["openers"][key].is_string()) {
      auto word = core::utf8_decode(doc["openers"][key].get<std::string>());
      if (word) {
        if (auto i = session.lexicon().find(*word)) {
          ai->opener_ = *i;
          ai->opener_cached_ = true;
        }
      }
    }
  }
  if (!ai->opener_) {
    const auto t0 = std::chrono::steady_clock::now();
    guess::Workspace ws(*ai->analyzer_);
    if (auto* w = dynamic_cast<handle::WeightedEntropyPlayer*>(ai->player_.get())) {
      ai->opener_ = w->rank(ai->start_, 1, ctx.threads()).front();
    } else if (o.player == "entropy") {
      ai->opener_ = ai->analyzer_->best_guess(guess::Scoring::Entropy, ai->analyzer_->all_guesses(), ai->start_, ws,
                                              ctx.threads());
    } else {
      core::Rng unused(0);
      ai->opener_ = ai->player_->choose(guess::Position{ai->start_, {}}, ws, unused);
    }
    ai->opener_seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (store && o.player == "entropy") {
      doc["openers"][key] = core::utf8_encode(session.lexicon().idioms()[*ai->opener_].word);
      if (auto e = store->save(kOpenerFile, doc)) ctx.warn("could not cache the opener: " + e->message);
    }
  }
  ai->cache_.put({}, *ai->opener_);
  return ai;
}

guess::GameRecord HandleAi::play(guess::SecretIndex secret, core::Rng& rng) {
  thread_local std::unique_ptr<guess::Workspace> ws;
  thread_local const guess::Analyzer* owner = nullptr;
  if (!ws || owner != analyzer_.get()) {
    ws = std::make_unique<guess::Workspace>(*analyzer_);
    owner = analyzer_.get();
  }
  guess::PlayOptions po;
  po.cache = &cache_;
  return guess::play_game(*analyzer_, *player_, secret, start_, *ws, rng, po);
}

}  // namespace puzzlelab::app
