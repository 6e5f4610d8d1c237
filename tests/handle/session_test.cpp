// Whole games of Handle played through PlaySession, no terminal: typed input checked
// (strict mode too), won, lost (ten tries, then reveal), left unfinished, hints, what the
// player's history records, and the save format (round trip; hostile documents refused).
#include "handle/session.h"

#include <algorithm>

#include <gtest/gtest.h>

#include "test_lexicon.h"

namespace puzzlelab::handle {
namespace {

using Kind = GuessOutcome::Kind;
using nlohmann::json;

TEST(CheckGuess, FourHanCharacters) {
  const Lexicon& lex = test_lexicon();
  EXPECT_EQ(check_guess(lex, "一心一意", false).word, w("一心一意"));
  // Surrounding spaces (also the ideographic space) are ignored.
  EXPECT_EQ(check_guess(lex, " \u3000一心一意 \t", false).word, w("一心一意"));
  // Any four Han characters are a guess by default (issues #4, #81), also outside the BMP.
  EXPECT_TRUE(check_guess(lex, "一帆风雨", false).word.has_value());
  EXPECT_TRUE(check_guess(lex, "\U00020000\U0002A6D6心一", false).word.has_value());
  // Traditional forms are accepted as typed (mapped when scored).
  EXPECT_TRUE(check_guess(lex, "辭旧迎新", true).word.has_value());
}

TEST(CheckGuess, SpacesBetweenCharactersAreIgnored) {
  const Lexicon& lex = test_lexicon();
  EXPECT_EQ(check_guess(lex, "一 心 一 意", false).word, w("一心一意"));
  EXPECT_EQ(check_guess(lex, "一\u3000心\u3000一\u3000意", false).word, w("一心一意"));
  EXPECT_EQ(check_guess(lex, " 一心 \t 一意\u3000", false).word, w("一心一意"));
  // Spaces do not count as characters: three characters spread out are still three.
  const auto c = check_guess(lex, "一 心 一", false);
  ASSERT_FALSE(c.word);
  EXPECT_EQ(c.error.problem, InputProblem::Length);
  EXPECT_EQ(c.error.count, 3u);
}

TEST(CheckGuess, Problems) {
  const Lexicon& lex = test_lexicon();
  auto c = check_guess(lex, "一心一", false);
  ASSERT_FALSE(c.word);
  EXPECT_EQ(c.error.problem, InputProblem::Length);
  EXPECT_EQ(c.error.count, 3u);
  c = check_guess(lex, "一心一意一", false);
  EXPECT_EQ(c.error.problem, InputProblem::Length);
  c = check_guess(lex, "一心a意", false);
  EXPECT_EQ(c.error.problem, InputProblem::NotHan);
  EXPECT_EQ(c.error.offending, U'a');
  // 〇 (U+3007) is not a Unified_Ideograph, but chars.tsv gives it a reading (ling2), so
  // a guess may use it; a character without a reading is still refused.
  c = check_guess(lex, "〇心一意", false);
  EXPECT_TRUE(c.word.has_value());
  c = check_guess(lex, "〆心一意", false);
  EXPECT_EQ(c.error.problem, InputProblem::NotHan);
  c = check_guess(lex, "一心一意", false);
  EXPECT_TRUE(c.word.has_value());
  c = check_guess(lex, "一帆风雨", true);
  EXPECT_EQ(c.error.problem, InputProblem::NotIdiom);
  c = check_guess(lex, "\xff\xfe", false);
  EXPECT_EQ(c.error.problem, InputProblem::NotText);
  c = check_guess(lex, "", false);
  EXPECT_EQ(c.error.problem, InputProblem::Length);
}

TEST(HandlePlaySession, WinOnFourExactCharacters) {
  const Lexicon& lex = test_lexicon();
  PlaySession game(lex, w("青红皂白"), U'白');
  const auto o = game.submit("青红皁白");  // 皁 maps to 皂: a win although its reading differs
  EXPECT_EQ(o.kind, Kind::Won);
  ASSERT_TRUE(o.scored());
  EXPECT_EQ(o.turn->word, w("青红皁白"));
  EXPECT_TRUE(game.won());
  EXPECT_TRUE(game.finished());
  EXPECT_EQ(game.status(), GameStatus::Won);
  EXPECT_EQ(game.tries(), 1);
  EXPECT_EQ(game.counted_outcome(), core::GameOutcome::Won);
  EXPECT_EQ(game.submit("一心一意").kind, Kind::GameOver);
  EXPECT_EQ(game.ask_hint(), HintOutcome::GameOver);
  EXPECT_EQ(game.reveal(), RevealOutcome::GameOver);
  EXPECT_FALSE(game.abandon());
  EXPECT_EQ(game.tries(), 1);
}

TEST(HandlePlaySession, TenTriesThenKeepTryingOrReveal) {
  const Lexicon& lex = test_lexicon();
  PlaySession game(lex, w("一心一意"), U'心');
  for (int i = 1; i <= 4; ++i) {
    EXPECT_EQ(game.submit("天南海北").kind, Kind::Accepted);
    EXPECT_FALSE(game.show_tries_left()) << i;
  }
  EXPECT_EQ(game.submit("天南海北").kind, Kind::Accepted);
  EXPECT_TRUE(game.show_tries_left());  // from the 5th try on (`tries.length > 4`)
  EXPECT_EQ(game.tries_left(), 5);
  EXPECT_EQ(game.reveal(), RevealOutcome::TooEarly);
  for (int i = 6; i <= 9; ++i) EXPECT_EQ(game.submit("天南海北").kind, Kind::Accepted);
  EXPECT_EQ(game.submit("天南海北").kind, Kind::TriesUsedUp);
  EXPECT_TRUE(game.failed());
  EXPECT_FALSE(game.show_tries_left());
  EXPECT_FALSE(game.finished());
  EXPECT_EQ(game.submit("天南海北").kind, Kind::Accepted);  // the 11th: no second notice
  EXPECT_EQ(game.submit("一心一意").kind, Kind::Won);       // a later correct guess still wins
  EXPECT_FALSE(game.failed());
  EXPECT_EQ(game.tries(), 12);
  EXPECT_EQ(game.counted_outcome(), core::GameOutcome::Won);

  PlaySession lost(lex, w("一心一意"), U'心');
  for (int i = 0; i < 10; ++i) ASSERT_TRUE(lost.submit("天南海北").scored());
  EXPECT_EQ(lost.reveal(), RevealOutcome::Revealed);
  EXPECT_TRUE(lost.finished());
  EXPECT_TRUE(lost.revealed());
  EXPECT_FALSE(lost.won());
  EXPECT_EQ(lost.counted_outcome(), core::GameOutcome::Lost);
  EXPECT_EQ(lost.submit("一心一意").kind, Kind::GameOver);
}

TEST(HandlePlaySession, StrictModeRejectsWhatIsNoIdiom) {
  const Lexicon& lex = test_lexicon();
  PlaySession strict(lex, w("一心一意"), U'心', PlayModes{true, false});
  auto o = strict.submit("一帆风雨");
  EXPECT_EQ(o.kind, Kind::Rejected);
  EXPECT_FALSE(o.scored());
  EXPECT_EQ(o.error.problem, InputProblem::NotIdiom);
  EXPECT_EQ(o.error.text, "一帆风雨");
  o = strict.submit("一心a意");
  EXPECT_EQ(o.error.problem, InputProblem::NotHan);
  EXPECT_EQ(o.error.offending, U'a');
  EXPECT_EQ(strict.submit("一心").error.problem, InputProblem::Length);
  EXPECT_EQ(strict.tries(), 0);  // no try used
  EXPECT_EQ(strict.submit("天南海北").kind, Kind::Accepted);
  PlaySession open_play(lex, w("一心一意"), U'心');
  EXPECT_EQ(open_play.submit("一帆风雨").kind, Kind::Accepted);
}

TEST(HandlePlaySession, HintsRiseToTheCharacterUnlessOff) {
  const Lexicon& lex = test_lexicon();
  // 干干净净 reads gan4 gan1 in the data; the answer reads both with the first.
  PlaySession game(lex, w("干干净净"), U'干');
  EXPECT_EQ(game.hint_level(), 0);
  EXPECT_FALSE(game.hinted());
  EXPECT_EQ(game.ask_hint(), HintOutcome::Shown);
  EXPECT_EQ(game.hint_level(), 1);
  EXPECT_TRUE(game.hinted());
  EXPECT_EQ(game.ask_hint(), HintOutcome::Shown);
  EXPECT_EQ(game.ask_hint(), HintOutcome::Shown);
  EXPECT_EQ(game.hint_level(), 2);
  EXPECT_EQ(game.hint().pinyin, "gan4");
  EXPECT_EQ(game.answer_parsed()[1].pinyin, "gan4");
  ASSERT_EQ(game.submit("干干净净").kind, Kind::Won);
  EXPECT_TRUE(game.finished_game(0)->assisted);

  PlaySession hard(lex, w("干干净净"), U'干', PlayModes{false, true});
  EXPECT_EQ(hard.ask_hint(), HintOutcome::Off);
  EXPECT_EQ(hard.hint_level(), 0);
  ASSERT_EQ(hard.submit("干干净净").kind, Kind::Won);
  const auto f = hard.finished_game(0);
  ASSERT_TRUE(f.has_value());
  EXPECT_FALSE(f->assisted);
  EXPECT_EQ(f->mode, "hard");
}

TEST(HandlePlaySession, LeavingCountsAsTheOriginalDoes) {
  const Lexicon& lex = test_lexicon();
  PlaySession none(lex, w("一心一意"), U'心');
  EXPECT_TRUE(none.abandon());
  EXPECT_EQ(none.status(), GameStatus::Abandoned);
  EXPECT_FALSE(none.counted_outcome().has_value());  // no guess: not recorded
  EXPECT_FALSE(none.finished_game(0).has_value());
  EXPECT_FALSE(none.abandon());

  PlaySession early(lex, w("一心一意"), U'心');
  ASSERT_TRUE(early.submit("天南海北").scored());
  EXPECT_FALSE(early.counted_outcome().has_value());  // still playing
  EXPECT_TRUE(early.abandon());
  EXPECT_EQ(early.counted_outcome(), core::GameOutcome::Abandoned);
  EXPECT_EQ(early.submit("一心一意").kind, Kind::GameOver);
  EXPECT_EQ(early.ask_hint(), HintOutcome::GameOver);

  PlaySession late(lex, w("一心一意"), U'心');
  for (int i = 0; i < 10; ++i) ASSERT_TRUE(late.submit("天南海北").scored());
  EXPECT_TRUE(late.abandon());
  EXPECT_EQ(late.counted_outcome(), core::GameOutcome::Lost);  // all ten tries used
}

TEST(HandlePlaySession, FinishedGameForTheHistory) {
  const Lexicon& lex = test_lexicon();
  PlaySession game(lex, w("路不拾遗"), U'遗', PlayModes{}, 1);
  ASSERT_TRUE(game.submit(" 拾金不昧\u3000").scored());
  ASSERT_EQ(game.submit("路不拾遗").kind, Kind::Won);
  const auto f = game.finished_game(1700000000);
  ASSERT_TRUE(f.has_value());
  EXPECT_EQ(f->game, "handle");
  EXPECT_EQ(f->mode, "normal");
  EXPECT_EQ(f->finished_at, 1700000000);
  EXPECT_EQ(f->puzzle, "路不拾遗");
  EXPECT_EQ(f->day, 1);
  EXPECT_EQ(f->moves, json::array({"拾金不昧", "路不拾遗"}));
  EXPECT_EQ(f->outcome, core::GameOutcome::Won);
  EXPECT_EQ(f->tries, 2);
  EXPECT_FALSE(f->assisted);
}

TEST(HandlePlaySession, PuzzlesOfADayAWordOrASeed) {
  const Lexicon& lex = test_lexicon();
  const auto day1 = daily_puzzle(lex, 1);
  ASSERT_TRUE(day1.has_value());
  EXPECT_EQ(day1->answer, w("路不拾遗"));
  EXPECT_EQ(day1->hint, U'遗');
  EXPECT_EQ(day1->day, 1);
  EXPECT_FALSE(daily_puzzle(lex, 0).has_value());
  EXPECT_FALSE(daily_puzzle(lex, 507).has_value());  // the game's placeholder
  const Puzzle own = custom_puzzle(w("一心一意"));
  EXPECT_EQ(own.answer, w("一心一意"));
  EXPECT_NE(own.answer.find(own.hint), Word::npos);
  EXPECT_FALSE(own.day.has_value());
  core::Rng a(7), b(7);
  const Puzzle drawn = random_puzzle(lex, a);
  EXPECT_EQ(random_puzzle(lex, b).answer, drawn.answer);
  const auto at = std::find(lex.answers().begin(), lex.answers().end(), drawn.answer);
  ASSERT_NE(at, lex.answers().end());
  EXPECT_EQ(lex.hints()[static_cast<std::size_t>(at - lex.answers().begin())], drawn.hint);
  EXPECT_FALSE(drawn.day.has_value());
  const PlaySession daily(lex, *day1);
  EXPECT_EQ(daily.day(), 1);
  EXPECT_EQ(daily.hint().ch, U'遗');
}

// The state a restored session shows, to compare with the original's.
void expect_same_state(const PlaySession& a, const PlaySession& b) {
  EXPECT_EQ(a.status(), b.status());
  EXPECT_EQ(a.answer(), b.answer());
  EXPECT_EQ(a.hint().ch, b.hint().ch);
  EXPECT_EQ(a.hint_level(), b.hint_level());
  EXPECT_EQ(a.modes().strict, b.modes().strict);
  EXPECT_EQ(a.modes().hard, b.modes().hard);
  EXPECT_EQ(a.day(), b.day());
  EXPECT_EQ(a.failed(), b.failed());
  ASSERT_EQ(a.tries(), b.tries());
  for (std::size_t i = 0; i < a.turns().size(); ++i) {
    EXPECT_EQ(a.turns()[i].word, b.turns()[i].word);
    EXPECT_EQ(a.turns()[i].feedback.marks, b.turns()[i].feedback.marks);
  }
  EXPECT_EQ(a.counted_outcome(), b.counted_outcome());
  EXPECT_EQ(a.to_json(), b.to_json());
}

TEST(HandlePlaySession, SaveAndRestoreKeepTheGame) {
  const Lexicon& lex = test_lexicon();
  PlaySession game(lex, w("路不拾遗"), U'遗', PlayModes{true, false}, 1);
  ASSERT_TRUE(game.submit("拾金不昧").scored());
  ASSERT_EQ(game.ask_hint(), HintOutcome::Shown);
  const json saved = game.to_json();
  EXPECT_EQ(saved["format"], "puzzlelab-handle-session/1");
  EXPECT_EQ(saved["guesses"], json::array({"拾金不昧"}));
  EXPECT_EQ(saved["hint"], "遗");
  auto back = PlaySession::from_json(lex, json::parse(saved.dump()));
  ASSERT_TRUE(back.ok()) << back.error().message;
  expect_same_state(game, *back);
  // The restored game goes on under the same modes.
  EXPECT_EQ(back->submit("一帆风雨").kind, Kind::Rejected);
  EXPECT_EQ(back->submit("路不拾遗").kind, Kind::Won);

  // Revealed, abandoned and won games restore as they were.
  PlaySession lost(lex, w("一心一意"), U'心', PlayModes{false, true});
  for (int i = 0; i < 10; ++i) ASSERT_TRUE(lost.submit("天南海北").scored());
  ASSERT_EQ(lost.reveal(), RevealOutcome::Revealed);
  PlaySession left(lex, w("一心一意"), U'心');
  ASSERT_TRUE(left.submit("天南海北").scored());
  left.abandon();
  PlaySession won(lex, w("一心一意"), U'心');
  ASSERT_TRUE(won.submit("一心一意").scored());
  for (const PlaySession* s : {&lost, &left, &won}) {
    auto again = PlaySession::from_json(lex, s->to_json());
    ASSERT_TRUE(again.ok()) << again.error().message;
    expect_same_state(*s, *again);
  }
}

TEST(HandlePlaySession, HostileSavesAreRefused) {
  const Lexicon& lex = test_lexicon();
  PlaySession game(lex, w("一心一意"), U'心');
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(game.submit("天南海北").scored());
  const json good = game.to_json();
  ASSERT_TRUE(PlaySession::from_json(lex, good).ok());
  const auto refused = [&lex](const json& j, const std::string& says) {
    const auto r = PlaySession::from_json(lex, j);
    ASSERT_FALSE(r.ok()) << j.dump(-1, ' ', false, json::error_handler_t::replace);
    EXPECT_NE(r.error().message.find(says), std::string::npos) << r.error().message;
  };
  const auto with = [&good](const char* key, json value) {
    json j = good;
    j[key] = std::move(value);
    return j;
  };
  refused(json("一心一意"), "JSON object");
  refused(with("format", "puzzlelab-handle-session/2"), "'format'");
  refused(with("answer", "一心一"), "not four Chinese characters");
  refused(with("answer", "一心a意"), "not four Chinese characters");
  refused(with("answer", " 一心一意"), "not four Chinese characters");
  refused(with("answer", 4), "'answer'");
  refused(with("hint", "天"), "'hint'");
  refused(with("hint", "心一"), "'hint'");
  refused(with("hint", "\xff"), "'hint'");
  refused(with("strict", 1), "'strict'");
  refused(with("hard", nullptr), "'hard'");
  refused(with("revealed", "no"), "'revealed'");
  refused(with("day", 0), "'day'");
  refused(with("day", 1), "day 1 has another answer");
  refused(with("hint_level", 3), "'hint_level'");
  refused(with("hint_level", -1), "'hint_level'");
  refused(with("guesses", "天南海北"), "'guesses'");
  refused(with("guesses", json::array({"天南海北", 7})), "guess 2 must be text");
  refused(with("guesses", json::array({"天南海"})), "3 characters");
  refused(with("guesses", json::array({"一心一意", "天南海北"})), "comes after the game was won");
  refused(with("guesses", json::array({"\t天南海北"})), "must be written as '天南海北'");
  json strict = with("strict", true);
  strict["guesses"] = json::array({"一帆风雨"});
  refused(strict, "strict mode");
  json hard = with("hard", true);
  hard["hint_level"] = 1;
  refused(hard, "hints off");
  // The answer is revealed only after ten tries, never after a win, never with leaving.
  refused(with("revealed", true), "revealed after 3 tries");
  json both = with("revealed", true);
  both["abandoned"] = true;
  refused(both, "both revealed and abandoned");
  json won = with("guesses", json::array({"一心一意"}));
  won["abandoned"] = true;
  refused(won, "won game cannot also be abandoned");
  won["abandoned"] = false;
  ASSERT_TRUE(PlaySession::from_json(lex, won).ok());
}

// The player's words for each refused guess, in both languages; what was typed is
// named, escaped when it holds control characters.
TEST(CheckGuess, EachRefusalIsWordedForThePlayer) {
  const Lexicon& lex = test_lexicon();
  const auto why = [&](std::string_view text, bool strict, bool zh) {
    return describe_input_error(check_guess(lex, text, strict).error, zh);
  };
  EXPECT_EQ(why("abcd", false, false), "'a' is not a Chinese character: type four Chinese characters (汉字)");
  EXPECT_EQ(why("abcd", false, true), "「a」不是汉字：请输入四个汉字");
  EXPECT_EQ(why("一心一", false, false), "'一心一' has 3 characters: type exactly four");
  EXPECT_EQ(why("一心一", false, true), "「一心一」是 3 个字：请输入四个汉字");
  EXPECT_EQ(why("", false, false), "type four Chinese characters");
  EXPECT_EQ(why("\xff\xfe", false, false), "the input is not valid UTF-8 text");
  EXPECT_EQ(why("一二三四", true, false), "'一二三四' is not in the idiom list (strict mode accepts only idioms)");
  EXPECT_EQ(why("一二三四", true, true), "成语不在词库内：一二三四");
}

}  // namespace
}  // namespace puzzlelab::handle
