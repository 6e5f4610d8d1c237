// Whole games of Wordle played through PlaySession, no terminal: refusals, hard mode,
// won, lost and abandoned games, what the player's history records, and the save
// format (round trip, and hostile documents refused with a reason).
#include "wordle/session.h"

#include <algorithm>

#include <gtest/gtest.h>

#include "real_lists.h"
#include "wordle/player_stats.h"

namespace puzzlelab::wordle {
namespace {

using Kind = GuessOutcome::Kind;
using nlohmann::json;

const WordleGame& words() {
  return testing::real_engine().game();
}

SecretIndex secret_of(const char* word) {
  return *words().find_secret(word);
}

std::uint64_t day_of(const char* word) {
  return words().day_of(secret_of(word)).value();
}

std::string word_of_day(std::uint64_t day) {
  const auto s = words().secret_of_day(day);
  return s ? words().secret_word(*s) : std::string("(none)");
}

// The original game's days (data/wordle/answers-by-day.txt), not the sorted list's
// places: day 0 = 2021-06-19 = CIGAR; known numbers of the original game; every answer
// has exactly one day; the list ends at day 2,314.
TEST(WordleDays, TheOriginalGamesDays) {
  ASSERT_TRUE(words().has_days());
  EXPECT_EQ(words().day_count(), 2315u);
  EXPECT_EQ(word_of_day(0), "cigar");
  EXPECT_EQ(word_of_day(1), "rebut");
  EXPECT_EQ(word_of_day(2), "sissy");
  EXPECT_EQ(word_of_day(3), "humph");
  EXPECT_EQ(word_of_day(4), "awake");
  EXPECT_EQ(word_of_day(196), "rebus");
  EXPECT_EQ(word_of_day(219), "knoll");
  EXPECT_EQ(word_of_day(233), "elder");
  EXPECT_EQ(word_of_day(2314), "shave");
  EXPECT_EQ(word_of_day(2315), "(none)");
  EXPECT_EQ(day_of("cigar"), 0u);
  EXPECT_EQ(day_of("tight"), 2073u);
  std::vector<int> seen(words().secret_count(), 0);
  for (std::uint64_t d = 0; d < words().day_count(); ++d) {
    const SecretIndex s = *words().secret_of_day(d);
    ++seen[s];
    EXPECT_EQ(words().day_of(s), d);
  }
  EXPECT_EQ(std::count(seen.begin(), seen.end(), 1), static_cast<std::ptrdiff_t>(words().secret_count()));
}

// A day order must name answers, each once; without one no game has a day.
TEST(WordleDays, ADayOrderIsChecked) {
  auto e = Engine::create({"cigar", "rebut", "sissy"}, {"crane"}, guess::TableOptions{0, 1});
  ASSERT_TRUE(e) << e.error().message;
  EXPECT_FALSE((*e)->game().has_days());
  EXPECT_FALSE((*e)->game().day_of(0).has_value());
  EXPECT_FALSE((*e)->game().secret_of_day(0).has_value());
  const auto bad = (*e)->set_day_order({"cigar", "crane"});
  ASSERT_TRUE(bad.has_value());
  EXPECT_NE(bad->message.find("day 1: 'crane' is not one of the answers"), std::string::npos);
  const auto twice = (*e)->set_day_order({"cigar", "sissy", "cigar"});
  ASSERT_TRUE(twice.has_value());
  EXPECT_NE(twice->message.find("was already day 0"), std::string::npos);
  EXPECT_FALSE((*e)->game().has_days());
  EXPECT_FALSE((*e)->set_day_order({"sissy", "cigar", "rebut"}).has_value());
  EXPECT_EQ((*e)->game().secret_word(*(*e)->game().secret_of_day(0)), "sissy");
}

TEST(WordleDays, DayNumbersAreWrittenTheNytWay) {
  EXPECT_EQ(day_number_text(0), "0");
  EXPECT_EQ(day_number_text(999), "999");
  EXPECT_EQ(day_number_text(1000), "1,000");
  EXPECT_EQ(day_number_text(2314), "2,314");
  EXPECT_EQ(day_number_text(1234567), "1,234,567");
}

TEST(WordlePlaySession, RefusalsCostNoTurn) {
  PlaySession game(words(), secret_of("cigar"), false);
  auto o = game.submit("xyzzy");
  EXPECT_EQ(o.kind, Kind::Rejected);
  EXPECT_EQ(o.rejection, Rejection::NotInWordList);
  EXPECT_EQ(o.message, "not in word list");
  o = game.submit("cra");
  EXPECT_EQ(o.rejection, Rejection::TooShort);
  EXPECT_EQ(o.message, "not enough letters");
  o = game.submit("cranes");
  EXPECT_EQ(o.rejection, Rejection::TooLong);
  EXPECT_EQ(o.message, "too many letters (a guess has 5)");
  o = game.submit("cr4ne");
  EXPECT_TRUE(o.rejected());
  EXPECT_EQ(o.rejection, Rejection::NotLetters);
  EXPECT_TRUE(game.rows().empty());
  o = game.submit("  CRANE ");
  EXPECT_EQ(o.kind, Kind::Accepted);
  EXPECT_EQ(o.row.guess, "crane");
  ASSERT_EQ(game.rows().size(), 1u);
  EXPECT_EQ(game.rows()[0].guess, "crane");
  EXPECT_EQ(pattern_text(game.rows()[0].pattern, 5), "GYY..");
  EXPECT_EQ(game.status(), GameStatus::Playing);
  EXPECT_EQ(game.submit("cigar").kind, Kind::Won);
  EXPECT_EQ(game.status(), GameStatus::Won);
  o = game.submit("crane");
  EXPECT_EQ(o.rejection, Rejection::GameOver);
  EXPECT_EQ(o.message, "the game is over");
  EXPECT_FALSE(game.abandon());
  EXPECT_EQ(game.status(), GameStatus::Won);
}

TEST(WordlePlaySession, HardModeRefusesWithTheRule) {
  PlaySession game(words(), secret_of("aback"), true);
  EXPECT_FALSE(game.submit("crane").rejected());  // (C) R [A] N E
  auto o = game.submit("soare");
  EXPECT_EQ(o.rejection, Rejection::HardMode);
  EXPECT_EQ(o.message, "guess must contain C");
  EXPECT_EQ(game.submit("mount").message, "3rd letter must be A");
  EXPECT_EQ(game.rows().size(), 1u);
  PlaySession easy(words(), secret_of("aback"), false);
  EXPECT_FALSE(easy.submit("crane").rejected());
  EXPECT_FALSE(easy.submit("mount").rejected());
}

TEST(WordlePlaySession, LostAfterSixAndKeyboardPrecedence) {
  PlaySession game(words(), secret_of("cigar"), false);
  for (const char* w : {"geese", "those", "quiet", "built", "doing"}) EXPECT_EQ(game.submit(w).kind, Kind::Accepted);
  EXPECT_EQ(game.status(), GameStatus::Playing);
  const auto last = game.submit("fjord");
  EXPECT_EQ(last.kind, Kind::Lost);
  EXPECT_EQ(pattern_text(last.row.pattern, 5), "...Y.");
  EXPECT_EQ(game.status(), GameStatus::Lost);
  const auto status = game.letter_status();
  EXPECT_EQ(status['e' - 'a'], LetterStatus::Absent);
  EXPECT_EQ(status['i' - 'a'], LetterStatus::Present);  // yellow in quiet, built, doing
  EXPECT_EQ(status['g' - 'a'], LetterStatus::Present);  // gray in geese, yellow in doing
  EXPECT_EQ(status['r' - 'a'], LetterStatus::Present);
  EXPECT_EQ(status['z' - 'a'], LetterStatus::Unknown);
  PlaySession won(words(), secret_of("cigar"), false);
  ASSERT_FALSE(won.submit("doing").rejected());  // G yellow
  ASSERT_FALSE(won.submit("cigar").rejected());  // then green
  EXPECT_EQ(won.letter_status()['g' - 'a'], LetterStatus::Correct);
}

TEST(WordlePlaySession, WonGameIsRecordedWithItsDay) {
  const std::uint64_t day = day_of("cigar");
  ASSERT_EQ(day, 0u);
  PlaySession game(words(), secret_of("cigar"), true, 6, day);
  EXPECT_FALSE(game.finished_game(100, 1.0).has_value());  // still playing
  EXPECT_EQ(game.submit("crane").kind, Kind::Accepted);
  EXPECT_EQ(game.submit("cigar").kind, Kind::Won);
  const auto f = game.finished_game(1700000000, 42.5);
  ASSERT_TRUE(f.has_value());
  EXPECT_EQ(f->game, "wordle");
  EXPECT_EQ(f->mode, "hard");
  EXPECT_EQ(f->finished_at, 1700000000);
  EXPECT_EQ(f->puzzle, "cigar");
  EXPECT_EQ(f->day, static_cast<std::int64_t>(day));
  EXPECT_EQ(f->moves, json::array({"crane", "cigar"}));
  EXPECT_EQ(f->outcome, core::GameOutcome::Won);
  EXPECT_EQ(f->tries, 2);
  EXPECT_EQ(f->duration_seconds, 42.5);
}

TEST(WordlePlaySession, LostGameIsRecordedAsPractice) {
  PlaySession game(words(), secret_of("cigar"), false);
  for (const char* w : {"geese", "those", "quiet", "built", "doing", "fjord"}) ASSERT_FALSE(game.submit(w).rejected());
  const auto f = game.finished_game(5, 0);
  ASSERT_TRUE(f.has_value());
  EXPECT_EQ(f->mode, "normal");
  EXPECT_FALSE(f->day.has_value());
  EXPECT_EQ(f->outcome, core::GameOutcome::Lost);
  EXPECT_EQ(f->tries, 6);
}

TEST(WordlePlaySession, AbandonedGameIsNotCounted) {
  PlaySession game(words(), secret_of("cigar"), false);
  ASSERT_FALSE(game.submit("crane").rejected());
  EXPECT_TRUE(game.abandon());
  EXPECT_EQ(game.status(), GameStatus::Abandoned);
  EXPECT_FALSE(game.playing());
  EXPECT_EQ(game.submit("cigar").rejection, Rejection::GameOver);
  EXPECT_EQ(game.rows().size(), 1u);
  EXPECT_FALSE(game.abandon());
  EXPECT_FALSE(game.finished_game(5, 0).has_value());
}

// The state a restored session shows, to compare with the original's.
void expect_same_state(const PlaySession& a, const PlaySession& b) {
  EXPECT_EQ(a.status(), b.status());
  EXPECT_EQ(a.secret(), b.secret());
  EXPECT_EQ(a.hard(), b.hard());
  EXPECT_EQ(a.max_guesses(), b.max_guesses());
  EXPECT_EQ(a.day(), b.day());
  ASSERT_EQ(a.rows().size(), b.rows().size());
  for (std::size_t i = 0; i < a.rows().size(); ++i) {
    EXPECT_EQ(a.rows()[i].guess, b.rows()[i].guess);
    EXPECT_EQ(a.rows()[i].pattern, b.rows()[i].pattern);
  }
  EXPECT_EQ(a.letter_status(), b.letter_status());
  EXPECT_EQ(a.to_json(), b.to_json());
}

TEST(WordlePlaySession, SaveAndRestoreKeepTheGame) {
  PlaySession game(words(), secret_of("aback"), true, 6, day_of("aback"));
  ASSERT_FALSE(game.submit("crane").rejected());
  ASSERT_FALSE(game.submit("coast").rejected());
  const json saved = game.to_json();
  EXPECT_EQ(saved["format"], "puzzlelab-wordle-session/1");
  EXPECT_EQ(saved["rows"][0], (json{{"guess", "crane"}, {"pattern", "Y.G.."}}));
  // Through text, as a save file holds it.
  auto back = PlaySession::from_json(words(), json::parse(saved.dump()));
  ASSERT_TRUE(back.ok()) << back.error().message;
  expect_same_state(game, *back);
  // The restored game goes on under the same rules: hard mode still refuses.
  EXPECT_EQ(back->submit("soare").rejection, game.submit("soare").rejection);
  EXPECT_EQ(back->submit("aback").kind, Kind::Won);

  // Finished and abandoned games restore as they were.
  PlaySession lost(words(), secret_of("cigar"), false);
  for (const char* w : {"geese", "those", "quiet", "built", "doing", "fjord"}) ASSERT_FALSE(lost.submit(w).rejected());
  auto lost_back = PlaySession::from_json(words(), lost.to_json());
  ASSERT_TRUE(lost_back.ok()) << lost_back.error().message;
  expect_same_state(lost, *lost_back);
  PlaySession left(words(), secret_of("cigar"), false);
  ASSERT_FALSE(left.submit("crane").rejected());
  left.abandon();
  auto left_back = PlaySession::from_json(words(), left.to_json());
  ASSERT_TRUE(left_back.ok()) << left_back.error().message;
  expect_same_state(left, *left_back);
  EXPECT_EQ(left_back->status(), GameStatus::Abandoned);
}

TEST(WordlePlaySession, HostileSavesAreRefused) {
  PlaySession game(words(), secret_of("cigar"), true, 6, std::nullopt);
  ASSERT_FALSE(game.submit("crane").rejected());
  const json good = game.to_json();
  ASSERT_TRUE(PlaySession::from_json(words(), good).ok());
  const auto refused = [](const json& j, const std::string& says) {
    const auto r = PlaySession::from_json(words(), j);
    ASSERT_FALSE(r.ok()) << j.dump();
    EXPECT_NE(r.error().message.find(says), std::string::npos) << r.error().message;
  };
  const auto with = [&good](const char* key, json value) {
    json j = good;
    j[key] = std::move(value);
    return j;
  };
  const auto with_rows = [&with](std::vector<std::pair<std::string, std::string>> rows) {
    json r = json::array();
    for (const auto& [g, p] : rows) r.push_back(json{{"guess", g}, {"pattern", p}});
    return with("rows", r);
  };
  refused(json::array(), "JSON object");
  refused(with("format", "puzzlelab-wordle-session/9"), "'format'");
  refused(with("secret", "zzzzz"), "not one of the");
  refused(with("secret", "cigars"), "not one of the");
  refused(with("secret", 5), "'secret'");
  refused(with("hard", "yes"), "'hard'");
  refused(with("max_guesses", 0), "'max_guesses'");
  refused(with("max_guesses", -6), "'max_guesses'");
  refused(with("max_guesses", 1000000), "'max_guesses'");
  refused(with("day", -1), "'day'");
  refused(with("day", day_of("aback")), "is not 'cigar'");
  refused(with("day", 2315), "'day' must be a day from 0 to 2314");
  refused(with("abandoned", nullptr), "'abandoned'");
  refused(with("rows", "crane"), "'rows'");
  refused(with("rows", json::array({"crane"})), "row 1");
  refused(with_rows({{"xyzzy", "....."}}), "not in word list");
  refused(with_rows({{"cran", "...."}}), "not enough letters");
  refused(with_rows({{"cranes", "......"}}), "too many letters");
  refused(with_rows({{"CRANE", "GYY.."}}), "write the guess as 'crane'");
  // A pattern the secret does not give: the replay decides, the file is not trusted.
  refused(with_rows({{"crane", "GGGGG"}}), "the pattern is GYY..");
  // Hard mode holds in a saved game too: after crane, C must stay first.
  refused(with_rows({{"crane", "GYY.."}, {"moist", ".Y..."}}), "1st letter must be C");
  refused(with_rows({{"crane", "GYY.."}, {"cigar", "GGGGG"}, {"crane", "GYY.."}}), "the game is over");
  std::vector<std::pair<std::string, std::string>> seven(7, {"crane", "GYY.."});
  json easy_seven = with_rows(seven);
  easy_seven["hard"] = false;
  refused(easy_seven, "7 rows, but a game has 6 tries");
  json lost = easy_seven;
  lost["rows"].erase(lost["rows"].begin());
  ASSERT_TRUE(PlaySession::from_json(words(), lost).ok());
  lost["abandoned"] = true;
  refused(lost, "cannot also be abandoned");
}

TEST(PlayerStats, RecordsStreaksAndDistribution) {
  PlayerStats s;
  s.record(true, 3);
  s.record(true, 4);
  s.record(false, 6);
  s.record(true, 3);
  EXPECT_EQ(s.played, 4u);
  EXPECT_EQ(s.wins, 3u);
  EXPECT_EQ(s.current_streak, 1u);
  EXPECT_EQ(s.max_streak, 2u);
  EXPECT_EQ(s.win_percent(), 75);
  // Rounded as NYT shows it: 2 wins of 3 games is 67%, not 66.
  PlayerStats two_of_three;
  two_of_three.record(true, 2);
  two_of_three.record(true, 3);
  two_of_three.record(false, 6);
  EXPECT_EQ(two_of_three.win_percent(), 67);
  EXPECT_EQ(PlayerStats{}.win_percent(), 0);
  EXPECT_EQ(s.distribution, (std::array<std::uint64_t, 6>{0, 0, 2, 1, 0, 0}));
  const auto back = PlayerStats::from_json(s.to_json());
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back->to_json(), s.to_json());
}

TEST(PlayerStats, RejectsInconsistentFiles) {
  EXPECT_FALSE(PlayerStats::from_json(nlohmann::json::array()).ok());
  auto j = PlayerStats{}.to_json();
  j["wins"] = 3;
  EXPECT_FALSE(PlayerStats::from_json(j).ok());
  j = PlayerStats{}.to_json();
  j["distribution"] = {1, 2};
  EXPECT_FALSE(PlayerStats::from_json(j).ok());
  j = PlayerStats{}.to_json();
  j["played"] = -1;
  EXPECT_FALSE(PlayerStats::from_json(j).ok());
}

TEST(PlayerStats, FromTheStoresCounters) {
  core::GameStats g;
  g.played = 5;
  g.wins = 4;
  g.current_streak = 2;
  g.max_streak = 3;
  g.tries = {{2, 1}, {4, 2}, {6, 1}, {9, 0}};
  const PlayerStats s = PlayerStats::from_store(g);
  EXPECT_EQ(s.played, 5u);
  EXPECT_EQ(s.wins, 4u);
  EXPECT_EQ(s.current_streak, 2u);
  EXPECT_EQ(s.max_streak, 3u);
  EXPECT_EQ(s.distribution, (std::array<std::uint64_t, 6>{0, 1, 0, 2, 0, 1}));
}

// An older version's wordle-stats.json becomes the store's baseline with the same
// counters, and reads back as the same record; a damaged file is refused.
TEST(PlayerStats, TheOldStatisticsFileImportsAsTheSameRecord) {
  PlayerStats old;
  for (const auto& [won, guesses] : {std::pair{true, 3u}, {true, 4u}, {false, 6u}, {true, 3u}, {true, 6u}})
    old.record(won, guesses);
  const core::LegacyFile file = legacy_stats_file();
  EXPECT_EQ(file.name, "wordle-stats.json");
  const auto imported = file.convert(old.to_json());
  ASSERT_TRUE(imported.ok()) << imported.error().message;
  ASSERT_EQ(imported->baselines.size(), 1u);
  const core::Baseline& b = imported->baselines[0];
  EXPECT_EQ(b.game, "wordle");
  EXPECT_EQ(b.stats.played, 5u);
  EXPECT_EQ(b.stats.wins, 4u);
  EXPECT_EQ(b.stats.current_streak, 2u);
  EXPECT_EQ(b.stats.max_streak, 2u);
  EXPECT_EQ(b.stats.tries, (std::map<std::int64_t, std::uint64_t>{{3, 2}, {4, 1}, {6, 1}}));
  const PlayerStats back = PlayerStats::from_store(b.stats);
  EXPECT_EQ(back.to_json(), old.to_json());
  EXPECT_FALSE(file.convert(nlohmann::json{{"played", "many"}}).ok());
}

}  // namespace
}  // namespace puzzlelab::wordle
