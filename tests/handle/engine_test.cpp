#include "handle/engine.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/utf8.h"
#include "handle/session.h"
#include "test_lexicon.h"

namespace puzzlelab::handle {
namespace {

const IdiomTable& table() {
  static const IdiomTable t(test_lexicon());
  return t;
}

EngineOptions options_for(PlayerKind kind) {
  EngineOptions o;
  o.player = kind;
  o.threads = 2;
  return o;
}

TEST(HandleEngine, NamesRoundTrip) {
  for (const auto kind : {PlayerKind::Random, PlayerKind::Frequency, PlayerKind::Entropy}) {
    EXPECT_EQ(parse_player(player_name(kind)), kind);
  }
  for (const auto prior : {Prior::Uniform, Prior::Common}) EXPECT_EQ(parse_prior(prior_name(prior)), prior);
  for (const auto set : {WordSet::Answers, WordSet::Idioms}) EXPECT_EQ(parse_word_set(word_set_name(set)), set);
  EXPECT_FALSE(parse_player("parts"));
  EXPECT_FALSE(parse_prior(""));
  EXPECT_FALSE(parse_word_set("words"));
}

TEST(HandleEngine, DefaultsFollowTheCandidates) {
  const Engine answers(table(), options_for(PlayerKind::Entropy));
  EXPECT_EQ(answers.candidate_set(), WordSet::Answers);
  EXPECT_EQ(answers.prior(), Prior::Uniform);
  EXPECT_EQ(answers.secrets().size(), 424u);
  EXPECT_EQ(answers.start().size(), 424u);
  EngineOptions o = options_for(PlayerKind::Entropy);
  o.candidates = WordSet::Idioms;
  const Engine idioms(table(), o);
  EXPECT_EQ(idioms.prior(), Prior::Common);
  EXPECT_EQ(idioms.secrets().size(), 424u);
  EXPECT_EQ(idioms.start().size(), 29760u);
}

// The run a `sim` plays: its description names the setting and the opener, game i of an
// every-secret run is secret i, and a game's result is its tries and whether it was won
// within ten, with the idioms played when asked.
TEST(HandleEngine, SimulationGames) {
  Engine engine(table(), options_for(PlayerKind::Frequency));
  (void)engine.find_opener(nullptr, false);
  const core::SimSpec spec = engine.sim_spec(7, 424, true);
  EXPECT_EQ(spec.game, "handle");
  EXPECT_EQ(spec.player, "frequency");
  EXPECT_EQ(spec.seed, 7u);
  EXPECT_EQ(spec.config["secrets"], "answers");
  EXPECT_EQ(spec.config["order"], "all");
  EXPECT_FALSE(spec.config.contains("prior"));  // the entropy player's only
  const std::string opener = core::utf8_encode(test_lexicon().idioms()[*engine.opener()].word);
  EXPECT_EQ(spec.extra["first_guess"], opener);
  for (const std::uint64_t index : {0u, 5u, 423u}) {
    core::Rng rng(index);
    const core::GameResult r = engine.sim_game(index, rng, true, true);
    const guess::SecretIndex secret = engine.secrets()[index];
    EXPECT_EQ(r.detail["secret"],
              core::utf8_encode(test_lexicon().idioms()[engine.game().guess_of_secret(secret)].word));
    ASSERT_EQ(r.detail["guesses"].size(), static_cast<std::size_t>(r.primary));
    EXPECT_EQ(r.detail["guesses"][0], opener);
    EXPECT_EQ(r.detail["guesses"].back(), r.detail["secret"]);
    EXPECT_EQ(r.win, r.primary <= kTriesLimit);
  }
  // Drawn secrets: the same stream draws the same game, with no detail unless asked.
  core::Rng a(3), b(3);
  const core::GameResult x = engine.sim_game(0, a, false, false);
  EXPECT_EQ(x.primary, engine.sim_game(0, b, false, false).primary);
  EXPECT_TRUE(x.detail.is_null() || x.detail.empty());
  EXPECT_EQ(engine.sim_spec(1, 10, false).config["order"], "drawn");
}

// Every player solves a few daily answers; the deterministic ones within the game's ten
// tries.
TEST(HandleEngine, EveryPlayerWins) {
  for (const auto kind : {PlayerKind::Random, PlayerKind::Frequency, PlayerKind::Entropy}) {
    Engine engine(table(), options_for(kind));
    const OpenerReport opener = engine.find_opener(nullptr, false);
    EXPECT_EQ(opener.guess == guess::kNoGuess, kind == PlayerKind::Random) << player_name(kind);
    EXPECT_FALSE(opener.cached);
    core::Rng rng(7);
    for (std::size_t i = 0; i < engine.secrets().size(); i += 53) {
      const guess::SecretIndex secret = engine.secrets()[i];
      const guess::GameRecord record = engine.play(secret, rng);
      ASSERT_TRUE(record.solved) << player_name(kind) << " secret " << secret;
      EXPECT_EQ(record.turns.back().guess, engine.game().guess_of_secret(secret));
      if (kind != PlayerKind::Random) {
        EXPECT_LE(record.guesses(), static_cast<std::uint32_t>(kTriesLimit)) << player_name(kind);
        EXPECT_EQ(record.turns.front().guess, opener.guess);
      }
    }
  }
}

class HandleOpenerCache : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("puzzlelab_handle_engine_" + std::to_string(::getpid()) + "_" +
                                                     ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  [[nodiscard]] core::StateStore store() const { return core::StateStore(dir_); }
  void write_cache(const std::string& bytes) const {
    std::ofstream(dir_ / Engine::kOpenerFile, std::ios::binary | std::ios::trunc) << bytes;
  }
  static OpenerReport opener_of(const core::StateStore& s, bool recompute = false) {
    Engine engine(table(), options_for(PlayerKind::Entropy));
    return engine.find_opener(&s, recompute);
  }
  std::filesystem::path dir_;
};

// The opener of the entropy player over the answers.
constexpr const char* kOpener = "补过拾遗";

TEST_F(HandleOpenerCache, SavedAndReloaded) {
  const core::StateStore s = store();
  const OpenerReport first = opener_of(s);
  EXPECT_FALSE(first.cached);
  EXPECT_TRUE(first.warnings.empty());
  EXPECT_EQ(test_lexicon().idioms()[first.guess].word, w(kOpener));
  EXPECT_TRUE(std::filesystem::exists(dir_ / Engine::kOpenerFile));
  const OpenerReport second = opener_of(s);
  EXPECT_TRUE(second.cached);
  EXPECT_EQ(second.guess, first.guess);
  // --recompute finds it again.
  EXPECT_FALSE(opener_of(s, true).cached);
}

// The cache only ever costs time: a cached word is used only when it is an idiom of
// the data, so a planted one shows that the cache is read.
TEST_F(HandleOpenerCache, CachedWordIsUsed) {
  const core::StateStore s = store();
  const OpenerReport first = opener_of(s);
  auto doc = s.load(Engine::kOpenerFile);
  ASSERT_TRUE(doc && doc->value && doc->value->is_object() && doc->value->size() == 1);
  const std::string key = doc->value->begin().key();
  (*doc->value)[key] = nlohmann::json::array({"一心一意"});
  ASSERT_FALSE(s.save(Engine::kOpenerFile, *doc->value));
  const OpenerReport planted = opener_of(s);
  EXPECT_TRUE(planted.cached);
  EXPECT_EQ(test_lexicon().idioms()[planted.guess].word, w("一心一意"));
  // Not an idiom, not a string, not a list: recomputed.
  for (const nlohmann::json& bad :
       {nlohmann::json::array({"abcd"}), nlohmann::json::array({7}), nlohmann::json(7), nlohmann::json::array()}) {
    (*doc->value)[key] = bad;
    ASSERT_FALSE(s.save(Engine::kOpenerFile, *doc->value));
    const OpenerReport again = opener_of(s);
    EXPECT_FALSE(again.cached) << bad.dump();
    EXPECT_EQ(again.guess, first.guess) << bad.dump();
  }
}

TEST_F(HandleOpenerCache, CorruptFileIsRecomputed) {
  const core::StateStore s = store();
  for (const std::string& bytes :
       std::vector<std::string>{"{not json", "", "[1, 2, 3]", "\"text\"", std::string("\0\xff\xfe", 3)}) {
    write_cache(bytes);
    const OpenerReport report = opener_of(s);
    EXPECT_FALSE(report.cached);
    EXPECT_EQ(test_lexicon().idioms()[report.guess].word, w(kOpener));
    // Saved again, in good order.
    EXPECT_TRUE(opener_of(s).cached);
  }
}

}  // namespace
}  // namespace puzzlelab::handle
