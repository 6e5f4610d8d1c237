// Whole games of 24 played through the library's PlaySession, with no terminal: the
// outcomes are data (kind, reason, points, tries left, solutions, next hand).
#include "game24/session.h"

#include <gtest/gtest.h>

#include "test_support.h"

namespace puzzlelab::game24 {
namespace {

using testing::hand_of;
using Kind = Outcome::Kind;
using Reason = Outcome::Reason;

Deal deal_of(std::initializer_list<std::int64_t> hand, std::vector<std::string> solutions, Level level) {
  Deal d;
  d.hand = hand_of(hand);
  d.solutions = std::move(solutions);
  d.level = level;
  return d;
}

Deal deal_3388() {
  return deal_of({3, 3, 8, 8}, {"8/(3-8/3)"}, Level::Hard);
}

std::vector<Deal> three_deals() {
  return {deal_3388(), deal_of({4, 5, 6, 11}, {"(11+5)*6/4"}, Level::Hard),
          deal_of({2, 2, 5, 11}, {"(11-5)*2*2"}, Level::Medium)};
}

PlaySession session_3388(std::optional<double> limit = std::nullopt) {
  PlayConfig cfg;
  cfg.time_limit = limit;
  return PlaySession(cfg, {deal_3388()}, 1, Score{});
}

TEST(PlaySession24, StartDealsTheFirstHand) {
  auto s = session_3388();
  const Outcome o = s.start(0);
  EXPECT_EQ(o.kind, Kind::NewHand);
  ASSERT_TRUE(o.next);
  EXPECT_EQ(o.next->number, 1);
  EXPECT_EQ(o.next->level, Level::Hard);
  EXPECT_EQ(hand_text(o.next->hand), "3 3 8 8");
  EXPECT_FALSE(o.finished);
}

TEST(PlaySession24, SolveAHand) {
  auto s = session_3388();
  s.start(0);
  const Outcome o = s.answer("8 ÷ （3 − 8 ÷ 3）", 5);
  EXPECT_EQ(o.kind, Kind::Solved);
  EXPECT_EQ(o.answer, "8/(3-8/3)");
  EXPECT_EQ(o.solution_number, 1u);
  EXPECT_EQ(o.solutions, std::vector<std::string>{"8/(3-8/3)"});
  EXPECT_EQ(o.points, 3);
  EXPECT_EQ(o.streak, 1);
  EXPECT_DOUBLE_EQ(o.seconds, 5);
  ASSERT_TRUE(o.finished);
  EXPECT_EQ(o.finished->ended, "solved");
  EXPECT_EQ(o.finished->hand, "3 3 8 8");
  EXPECT_EQ(o.finished->tries, 0);
  ASSERT_TRUE(o.next);
  EXPECT_EQ(o.next->number, 2);
  EXPECT_EQ(s.score().solved, 1);
  EXPECT_EQ(s.score().played, 1);
  EXPECT_EQ(s.score().points, 3);
}

TEST(PlaySession24, FailAHandOutOfTries) {
  auto s = session_3388();
  s.start(0);
  Outcome o = s.answer("8+8+3+3", 1);
  EXPECT_EQ(o.kind, Kind::Rejected);
  EXPECT_EQ(o.reason, Reason::WrongValue);
  EXPECT_TRUE(o.try_used());
  ASSERT_TRUE(o.value);
  EXPECT_EQ(to_string(*o.value), "22");
  EXPECT_EQ(o.tries_left, 3);
  o = s.answer("8/(3-3)*8", 2);
  EXPECT_EQ(o.reason, Reason::NoValue);
  EXPECT_EQ(o.detail, "division by zero at column 2");
  EXPECT_EQ(o.tries_left, 2);
  o = s.answer("8*8-3-3", 3);
  EXPECT_EQ(o.tries_left, 1);
  EXPECT_EQ(s.tries_used(), 3);
  o = s.answer("(8-3)*(8-3)", 4);
  EXPECT_EQ(o.kind, Kind::Failed);
  EXPECT_EQ(o.reason, Reason::WrongValue);
  EXPECT_EQ(to_string(*o.value), "25");
  EXPECT_EQ(o.solutions, std::vector<std::string>{"8/(3-8/3)"});
  ASSERT_TRUE(o.finished);
  EXPECT_EQ(o.finished->ended, "failed");
  EXPECT_EQ(o.finished->tries, 4);
  ASSERT_TRUE(o.next);
  EXPECT_EQ(o.next->number, 2);
  EXPECT_EQ(s.tries_used(), 0);
  EXPECT_EQ(s.score().failed, 1);
  EXPECT_EQ(s.score().played, 1);
  EXPECT_EQ(s.score().streak, 0);
}

TEST(PlaySession24, TypoOrWrongNumbersCostNoTry) {
  auto s = session_3388();
  s.start(0);
  Outcome o = s.answer("(8+8", 1);
  EXPECT_EQ(o.kind, Kind::Rejected);
  EXPECT_EQ(o.reason, Reason::NotAnExpression);
  EXPECT_EQ(o.detail, "the '(' at column 1 is never closed");
  EXPECT_FALSE(o.try_used());
  EXPECT_EQ(o.tries_left, 4);
  o = s.answer("8*3", 1);
  EXPECT_EQ(o.reason, Reason::WrongNumbers);
  EXPECT_EQ(o.detail, "3 is used 1 of 2 times; 8 is used 1 of 2 times");
  o = s.answer("1+2+3+4", 1);
  EXPECT_EQ(o.reason, Reason::NotThisHand);
  EXPECT_TRUE(o.detail.empty());
  o = s.answer("__import__('os')", 1);
  EXPECT_EQ(o.reason, Reason::NotAnExpression);
  EXPECT_EQ(s.tries_used(), 0);
  // Every try is still there: three wrong values leave one.
  for (int i = 0; i < kRetries; ++i) EXPECT_EQ(s.answer("8+8+3+3", 2).kind, Kind::Rejected);
  EXPECT_EQ(s.answer("8/(3-8/3)", 3).kind, Kind::Solved);
}

TEST(PlaySession24, RejectionWordsSayWhyAndWhatToDo) {
  auto s = session_3388();
  s.start(0);
  const auto hand = hand_of({3, 3, 8, 8});
  const Rational target(24);
  // The checker's own words for a typo, wrong numbers and a failed step.
  Outcome o = s.answer("(8+8", 1);
  EXPECT_EQ(rejection_words(o, hand, target), "the '(' at column 1 is never closed");
  o = s.answer("8*3", 1);
  EXPECT_EQ(rejection_words(o, hand, target), "3 is used 1 of 2 times; 8 is used 1 of 2 times");
  o = s.answer("8/(3-3)*8", 1);
  EXPECT_EQ(rejection_words(o, hand, target), "division by zero at column 2");
  // Other numbers altogether: the hand to use instead.
  o = s.answer("1+2+3+4", 1);
  EXPECT_EQ(rejection_words(o, hand, target), "those are not this hand's numbers: use 3 3 8 8, each once");
  // A wrong value: what it makes, against the target asked for.
  o = s.answer("8+8+3+3", 1);
  EXPECT_EQ(rejection_words(o, hand, target), "That makes 22, not 24");
  EXPECT_EQ(rejection_words(o, hand, Rational(7, 2)), "That makes 22, not 7/2");
  // Nothing to say for an accepted answer.
  EXPECT_EQ(rejection_words(s.answer("8/(3-8/3)", 2), hand, target), "");
}

TEST(PlaySession24, GiveUp) {
  auto s = session_3388();
  s.start(0);
  ASSERT_EQ(s.answer("8/(3-8/3)", 1).kind, Kind::Solved);
  const Outcome o = s.give_up(7);
  EXPECT_EQ(o.kind, Kind::GaveUp);
  EXPECT_EQ(o.solutions, std::vector<std::string>{"8/(3-8/3)"});
  ASSERT_TRUE(o.finished);
  EXPECT_EQ(o.finished->ended, "gave up");
  EXPECT_DOUBLE_EQ(o.finished->seconds, 6);
  ASSERT_TRUE(o.next);
  EXPECT_EQ(o.next->number, 3);
  EXPECT_EQ(s.score().gave_up, 1);
  EXPECT_EQ(s.score().played, 2);
  EXPECT_EQ(s.score().streak, 0);
  EXPECT_EQ(s.score().best_streak, 1);
}

TEST(PlaySession24, SkipDoesNotCountAsPlayed) {
  auto s = session_3388();
  s.start(0);
  const Outcome o = s.skip(2);
  EXPECT_EQ(o.kind, Kind::Skipped);
  EXPECT_TRUE(o.solutions.empty());
  ASSERT_TRUE(o.finished);
  EXPECT_EQ(o.finished->ended, "skipped");
  ASSERT_TRUE(o.next);
  EXPECT_EQ(o.next->number, 2);
  EXPECT_EQ(s.score().skipped, 1);
  EXPECT_EQ(s.score().played, 0);
}

TEST(PlaySession24, HintsLowerThePointsAndKeepTheLastStep) {
  auto s = session_3388();
  s.start(0);
  Outcome o = s.hint();
  EXPECT_EQ(o.kind, Kind::Hint);
  EXPECT_EQ(o.hint_number, 1);
  ASSERT_TRUE(o.hint);
  EXPECT_EQ(step_text(*o.hint), "8 ÷ 3 = 8/3");
  EXPECT_EQ(o.hint->op, Op::Div);
  o = s.hint();
  EXPECT_EQ(o.hint_number, 2);
  EXPECT_EQ(step_text(*o.hint), "3 - 8/3 = 1/3");
  EXPECT_EQ(s.hint().kind, Kind::NoMoreHints);
  EXPECT_EQ(s.hints_used(), 2);
  o = s.answer("8/(3-8/3)", 2);
  EXPECT_EQ(o.points, 1);  // 3 points minus 2 hints
  EXPECT_EQ(o.finished->hints, 2);
}

TEST(PlaySession24, HintUnavailableForAnUnreadableSolution) {
  PlaySession s(PlayConfig{}, {deal_of({3, 3, 8, 8}, {"8/(3-"}, Level::Hard)}, 1, Score{});
  s.start(0);
  EXPECT_EQ(s.hint().kind, Kind::HintUnavailable);
}

TEST(PlaySession24, TimeOut) {
  auto s = session_3388(30.0);
  s.start(100);
  const Outcome late = s.answer("8/(3-8/3)", 131);
  EXPECT_EQ(late.kind, Kind::TimedOut);
  EXPECT_DOUBLE_EQ(late.seconds, 31);
  EXPECT_EQ(late.solutions, std::vector<std::string>{"8/(3-8/3)"});
  ASSERT_TRUE(late.finished);
  EXPECT_EQ(late.finished->ended, "timed out");
  EXPECT_EQ(s.score().failed, 1);
  EXPECT_EQ(s.score().solved, 0);
  // The next hand's clock started when it was dealt.
  EXPECT_EQ(s.answer("8/(3-8/3)", 150).kind, Kind::Solved);
}

TEST(PlaySession24, TheClockEndsAHandWithNoInput) {
  auto s = session_3388(30.0);
  s.start(100);
  EXPECT_EQ(s.time_left(100), 30.0);
  EXPECT_EQ(s.time_left(112.5), 17.5);
  // While time is left, waiting changes nothing.
  EXPECT_FALSE(s.check_time(130));
  EXPECT_EQ(s.hand_number(), 1);
  EXPECT_EQ(s.time_left(130), 0.0);
  // Past the limit the hand ends as timed out, as a late answer would, and the next one
  // is dealt with its own clock.
  const auto over = s.check_time(130.5);
  ASSERT_TRUE(over);
  EXPECT_EQ(over->kind, Kind::TimedOut);
  EXPECT_DOUBLE_EQ(over->seconds, 30.5);
  ASSERT_TRUE(over->finished);
  EXPECT_EQ(over->finished->ended, "timed out");
  ASSERT_TRUE(over->next);
  EXPECT_EQ(over->next->number, 2);
  EXPECT_EQ(s.score().failed, 1);
  EXPECT_EQ(s.score().played, 1);
  EXPECT_EQ(s.time_left(131), 29.5);
  EXPECT_FALSE(s.check_time(131));
  // A skip or a give-up that comes too late cannot escape the loss either.
  EXPECT_EQ(s.skip(170).kind, Kind::TimedOut);
  EXPECT_EQ(s.give_up(201).kind, Kind::TimedOut);
  EXPECT_EQ(s.score().failed, 3);
  EXPECT_EQ(s.score().skipped, 0);
  EXPECT_EQ(s.score().gave_up, 0);
}

TEST(PlaySession24, NoTimeLimitNoClock) {
  auto s = session_3388();
  s.start(0);
  EXPECT_FALSE(s.time_left(1e6));
  EXPECT_FALSE(s.check_time(1e6));
  EXPECT_EQ(s.give_up(1e6).kind, Kind::GaveUp);
}

// Plays the same inputs on two sessions and expects the same outcomes.
void expect_same_continuation(PlaySession& a, double now_a, PlaySession& b, double now_b) {
  const auto same = [](const Outcome& x, const Outcome& y) {
    EXPECT_EQ(x.kind, y.kind);
    EXPECT_EQ(x.reason, y.reason);
    EXPECT_EQ(x.tries_left, y.tries_left);
    EXPECT_EQ(x.points, y.points);
    EXPECT_DOUBLE_EQ(x.seconds, y.seconds);
    ASSERT_EQ(x.next.has_value(), y.next.has_value());
    if (x.next) {
      EXPECT_EQ(x.next->number, y.next->number);
      EXPECT_EQ(x.next->hand, y.next->hand);
    }
  };
  same(a.hint(), b.hint());
  same(a.answer("1+1+1", now_a + 1), b.answer("1+1+1", now_b + 1));
  same(a.answer("8+8+3+3", now_a + 2), b.answer("8+8+3+3", now_b + 2));
  for (int i = 0; i < 6; ++i) {
    same(a.skip(now_a + 3 + i), b.skip(now_b + 3 + i));
    same(a.answer(a.current().solutions[0], now_a + 4 + i), b.answer(b.current().solutions[0], now_b + 4 + i));
    same(a.give_up(now_a + 5 + i), b.give_up(now_b + 5 + i));
  }
  EXPECT_EQ(a.score(), b.score());
}

TEST(PlaySession24, SaveRestoreContinuesTheSameGame) {
  PlayConfig cfg;
  cfg.time_limit = 60;
  PlaySession a(cfg, three_deals(), 42, Score{});
  a.start(10);
  while (a.current().hand != hand_of({3, 3, 8, 8})) a.skip(10);
  ASSERT_EQ(a.answer("8+8+3+3", 12).kind, Kind::Rejected);
  ASSERT_EQ(a.hint().kind, Kind::Hint);
  const nlohmann::json saved = a.to_json(15);
  // Through text, as it is kept on disk.
  auto b = PlaySession::from_json(cfg, three_deals(), nlohmann::json::parse(saved.dump()), 1000);
  ASSERT_TRUE(b) << b.error().message;
  EXPECT_EQ(b->score(), a.score());
  EXPECT_EQ(b->current().hand, a.current().hand);
  EXPECT_EQ(b->hand_number(), a.hand_number());
  EXPECT_EQ(b->tries_used(), 1);
  EXPECT_EQ(b->hints_used(), 1);
  EXPECT_EQ(b->to_json(1000), saved);
  expect_same_continuation(a, 15, *b, 1000);
}

TEST(PlaySession24, HostileSaveIsRefused) {
  PlaySession a(PlayConfig{}, three_deals(), 7, Score{});
  a.start(0);
  const nlohmann::json good = a.to_json(3);
  ASSERT_TRUE(PlaySession::from_json(PlayConfig{}, three_deals(), good, 0));
  const auto refused = [&](const nlohmann::json& j, std::vector<Deal> pool = three_deals()) {
    auto r = PlaySession::from_json(PlayConfig{}, std::move(pool), j, 0);
    if (r) return std::string("accepted");
    EXPECT_FALSE(r.error().message.empty());
    return r.error().message;
  };
  const auto with = [&](const char* key, nlohmann::json value) {
    nlohmann::json j = good;
    j[key] = std::move(value);
    return j;
  };
  const auto without = [&](const char* key) {
    nlohmann::json j = good;
    j.erase(key);
    return j;
  };
  EXPECT_NE(refused(nlohmann::json::array()), "accepted");
  EXPECT_NE(refused(nlohmann::json("save")), "accepted");
  EXPECT_NE(refused(good, {}), "accepted");
  for (const char* key : {"format", "score", "hand", "hand_number", "tries", "hints", "seconds", "rng"}) {
    EXPECT_NE(refused(without(key)), "accepted") << key;
  }
  EXPECT_NE(refused(with("format", "puzzlelab-2048-save/1")), "accepted");
  EXPECT_NE(refused(with("score", {{"points", -5}})), "accepted");
  EXPECT_NE(refused(with("score", "lots")), "accepted");
  EXPECT_NE(refused(with("hand", {"1", "1", "1", "1"})), "accepted");  // not in the pool
  EXPECT_NE(refused(with("hand", {3, 3, 8, 8})), "accepted");
  EXPECT_NE(refused(with("hand", {"3", "3", "8", "1/0"})), "accepted");
  EXPECT_NE(refused(with("hand", nlohmann::json::array())), "accepted");
  EXPECT_NE(refused(with("hand", std::vector<std::string>(1000, "8"))), "accepted");
  EXPECT_NE(refused(with("hand_number", 0)), "accepted");
  EXPECT_NE(refused(with("hand_number", -1)), "accepted");
  EXPECT_NE(refused(with("tries", kRetries + 1)), "accepted");
  EXPECT_NE(refused(with("tries", 18446744073709551615ULL)), "accepted");
  EXPECT_NE(refused(with("tries", 1.5)), "accepted");
  EXPECT_NE(refused(with("hints", 3)), "accepted");
  EXPECT_NE(refused(with("seconds", -1)), "accepted");
  EXPECT_NE(refused(with("seconds", "1")), "accepted");
  EXPECT_NE(refused(with("seconds", 1e300)), "accepted");
  EXPECT_NE(refused(with("rng", {"1", "2", "3"})), "accepted");
  EXPECT_NE(refused(with("rng", {"1", "2", "3", "xyz"})), "accepted");
  EXPECT_NE(refused(with("rng", {"1", "2", "3", "12345678901234567"})), "accepted");
  EXPECT_NE(refused(with("rng", {"0", "0", "0", "0"})), "accepted");
  // The edges that are valid stay valid.
  EXPECT_EQ(refused(with("tries", kRetries)), "accepted");
  EXPECT_EQ(refused(with("hints", 2)), "accepted");
}

TEST(PlaySession24, ScoreJsonRoundTrip) {
  Score s;
  s.played = 5;
  s.solved = 3;
  s.gave_up = 1;
  s.best_streak = 2;
  s.points = 7;
  EXPECT_EQ(score_from_json(score_to_json(s)), s);
  EXPECT_FALSE(score_from_json(nlohmann::json{{"solved", 2000000000}}));
}

// An older version's 24-score.json becomes the store's baseline: hands given up and
// failed are kept apart under "ended", skipped hands are abandoned, and the score reads
// back unchanged.
TEST(Score, TheOldScoreFileImportsAsTheSameScore) {
  const Score old{9, 5, 1, 3, 2, 2, 4, 57};
  const core::LegacyFile file = legacy_score_file();
  EXPECT_EQ(file.name, "24-score.json");
  const auto imported = file.convert(score_to_json(old));
  ASSERT_TRUE(imported.ok()) << imported.error().message;
  ASSERT_EQ(imported->baselines.size(), 1u);
  const core::GameStats& s = imported->baselines[0].stats;
  EXPECT_EQ(imported->baselines[0].game, "24");
  EXPECT_EQ(s.played, 9u);
  EXPECT_EQ(s.wins, 5u);
  EXPECT_EQ(s.abandoned, 2u);
  EXPECT_EQ(s.total_score, 57);
  EXPECT_EQ(s.ended, (std::map<std::string, std::uint64_t>{{"failed", 3}, {"gave up", 1}}));
  EXPECT_EQ(score_from_stats(s), old);
  EXPECT_FALSE(file.convert(nlohmann::json{{"played", -1}}).ok());
}

}  // namespace
}  // namespace puzzlelab::game24
