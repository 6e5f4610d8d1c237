#include "wordle/engine.h"

#include <fmt/format.h>

#include "core/state_store.h"
#include "wordle/frequency_player.h"
#include "wordle/word_list.h"

namespace puzzlelab::wordle {

std::optional<PlayerKind> parse_player(std::string_view name) {
  if (name == "random") return PlayerKind::Random;
  if (name == "frequency") return PlayerKind::Frequency;
  if (name == "entropy") return PlayerKind::Entropy;
  if (name == "parts") return PlayerKind::Parts;
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
    case PlayerKind::Parts:
      return "parts";
  }
  return "?";
}

core::Result<std::unique_ptr<Engine>> Engine::load(std::string_view answers_text, std::string_view guesses_text,
                                                   const guess::TableOptions& table) {
  auto answers = parse_word_list(answers_text);
  if (!answers) return core::Error{"answer list: " + answers.error().message};
  auto guesses = parse_word_list(guesses_text);
  if (!guesses) return core::Error{"guess list: " + guesses.error().message};
  return create(*answers, *guesses, table);
}

core::Result<std::unique_ptr<Engine>> Engine::create(const std::vector<std::string>& answers,
                                                     const std::vector<std::string>& guesses,
                                                     const guess::TableOptions& table) {
  auto game = WordleGame::create(answers, guesses);
  if (!game) return game.error();
  std::unique_ptr<Engine> engine(new Engine());
  engine->game_ = std::move(game).value();
  engine->analyzer_ = std::make_unique<guess::Analyzer>(*engine->game_, table);
  engine->hard_ = std::make_unique<HardModeFilter>(*engine->game_);
  return engine;
}

std::unique_ptr<guess::Player> Engine::make_player(PlayerKind kind, bool hard, unsigned threads) const {
  const guess::GuessFilter* filter = hard ? hard_.get() : nullptr;
  switch (kind) {
    case PlayerKind::Random:
      return std::make_unique<guess::RandomPlayer>(*analyzer_);
    case PlayerKind::Frequency:
      return std::make_unique<FrequencyPlayer>(*game_);
    case PlayerKind::Entropy:
      return std::make_unique<guess::ScoringPlayer>(*analyzer_, guess::Scoring::Entropy, filter, threads);
    case PlayerKind::Parts:
      return std::make_unique<guess::ScoringPlayer>(*analyzer_, guess::Scoring::Classes, filter, threads);
  }
  return nullptr;
}

Simulator::Simulator(const Engine& engine, PlayerKind kind, bool hard)
    : engine_(&engine), kind_(kind), hard_(hard), player_(engine.make_player(kind, hard, 1)) {}

guess::GuessIndex Simulator::opener(unsigned threads) {
  if (opener_) return *opener_;
  if (!player_->deterministic()) return guess::kNoGuess;
  // The same player with more threads for this one large decision; the cache then
  // hands it to every game.
  const auto wide = engine_->make_player(kind_, hard_, threads);
  guess::Workspace ws(engine_->analyzer());
  core::Rng unused(0);
  const guess::GuessIndex g = wide->choose(guess::Position{engine_->analyzer().all_secrets(), {}}, ws, unused);
  cache_.put({}, g);
  opener_ = g;
  return g;
}

void Simulator::use_opener(guess::GuessIndex guess) {
  cache_.put({}, guess);
  opener_ = guess;
}

guess::GameRecord Simulator::play(SecretIndex secret, core::Rng& rng) const {
  guess::Workspace ws(engine_->analyzer());
  guess::PlayOptions options;
  options.cache = &cache_;
  return guess::play_game(engine_->analyzer(), *player_, secret, engine_->analyzer().all_secrets(), ws, rng, options);
}

guess::GameRecord watch_game(const Engine& engine, PlayerKind kind, bool hard, SecretIndex secret, std::uint64_t seed,
                             std::optional<guess::GuessIndex> opener) {
  Simulator simulator(engine, kind, hard);
  if (opener) {
    simulator.use_opener(*opener);
  } else {
    (void)simulator.opener(1);
  }
  core::Rng rng(core::mix(seed, secret));
  return simulator.play(secret, rng);
}

core::SimSpec Simulator::spec(std::uint64_t seed, std::uint64_t games, bool every_answer, unsigned threads) {
  const WordleGame& game = engine_->game();
  core::SimSpec spec;
  spec.game = "wordle";
  spec.player = std::string(player_name(kind_));
  spec.seed = seed;
  spec.games = games;
  spec.primary = "guesses";
  spec.config = {{"hard", hard_}, {"secrets", every_answer ? "every answer in list order" : "drawn with the seed"}};
  const guess::GuessIndex first = opener(threads);
  if (first != guess::kNoGuess) spec.extra["first_guess"] = game.guess_word(first);
  return spec;
}

std::uint64_t Simulator::group_key(std::uint64_t index, std::uint64_t seed, bool every_answer) const {
  const WordleGame& game = engine_->game();
  // The secret as sim_game draws it from the game's own random stream.
  core::Rng rng(core::mix(seed, index));
  const SecretIndex secret =
      every_answer ? game.list_order()[index] : static_cast<SecretIndex>(rng.below(game.secret_count()));
  if (!opener_ || *opener_ == guess::kNoGuess) return secret;
  return (std::uint64_t{engine_->analyzer().feedback(*opener_, secret)} << 32) | secret;
}

core::GameResult Simulator::sim_game(std::uint64_t index, core::Rng& rng, bool every_answer, bool detail) const {
  const WordleGame& game = engine_->game();
  const SecretIndex secret =
      every_answer ? game.list_order()[index] : static_cast<SecretIndex>(rng.below(game.secret_count()));
  const guess::GameRecord record = play(secret, rng);
  core::GameResult r;
  r.primary = record.guesses();
  r.win = record.solved && record.guesses() <= kMaxGuesses;
  if (detail) {
    nlohmann::json guesses = nlohmann::json::array();
    for (const auto& t : record.turns) guesses.push_back(game.guess_word(t.guess));
    r.detail = {{"secret", game.secret_word(secret)}, {"guesses", guesses}, {"solved", record.solved}};
  }
  return r;
}

core::Result<LoadedEngine> load_engine(const core::DataSource& data, const ListFiles& files,
                                       const guess::TableOptions& table, const std::atomic<bool>* cancel) {
  const auto read = [&](const std::optional<std::string>& file, const char* builtin) {
    return file ? core::read_file_capped(*file, core::kDataFileCap, cancel) : data.read(builtin);
  };
  auto answers = read(files.answers, "wordle/answers.txt");
  if (!answers) return answers.error();
  auto guesses = read(files.guesses, "wordle/guesses.txt");
  if (!guesses) return guesses.error();
  auto answer_words = parse_word_list(*answers);
  if (!answer_words)
    return core::Error{fmt::format("{}: {}", files.answers.value_or("answer list"), answer_words.error().message)};
  auto guess_words = parse_word_list(*guesses);
  if (!guess_words)
    return core::Error{fmt::format("{}: {}", files.guesses.value_or("guess list"), guess_words.error().message)};
  auto engine = Engine::create(*answer_words, *guess_words, table);
  if (!engine) return engine.error();
  LoadedEngine out;
  out.engine = std::move(*engine);
  // The original game's day order, for day numbers. It fits only the original answers:
  // with another answer list games have no day number (said when the list came from the
  // data folder, where it was expected to fit).
  if (auto by_day = data.read("wordle/answers-by-day.txt")) {
    if (auto words = parse_word_list(*by_day)) {
      if (auto e = out.engine->set_day_order(*words); e && !files.answers) {
        out.warnings.push_back("wordle/answers-by-day.txt: " + e->message + " (games have no day number)");
      }
    }
  }
  out.checksum = core::checksum64(*answers + "\n\n" + *guesses);
  out.builtin = !files.answers && !files.guesses && !data.dir();
  return out;
}

}  // namespace puzzlelab::wordle
