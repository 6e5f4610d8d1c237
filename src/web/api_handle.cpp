// 汉兜 Handle in the browser: the daily puzzle by the game's calendar and random practice,
// over handle::PlaySession (input checking, strict and hard modes, hints, reveal, the
// feedback and the statistics all live there). Each character goes to the page with its
// pinyin split into initial, final and tone and where the tone mark sits, so the page
// draws jué with each part coloured by its own mark.
#include <optional>
#include <string>

#include <fmt/core.h>

#include "core/rng.h"
#include "core/utf8.h"
#include "handle/calendar.h"
#include "handle/pinyin.h"
#include "handle/session.h"
#include "web/api_games.h"
#include "web/handle_view.h"

namespace puzzlelab::web {
namespace {

using nlohmann::json;
using handle::PlaySession;

std::string_view mark_name(handle::Mark m) {
  switch (m) {
    case handle::Mark::Exact: return "exact";
    case handle::Mark::Misplaced: return "misplaced";
    case handle::Mark::None: return "none";
  }
  return "none";
}

json char_json(const handle::ParsedChar& c) {
  return json{{"char", core::utf8_encode(c.ch)},
              {"initial", c.syllable.initial},
              {"final", c.syllable.final},
              {"tone", c.syllable.tone},
              {"tone_at", handle::tone_vowel_index(c.syllable.final)}};
}

std::string word_text(const handle::Word& w) {
  std::string s;
  for (const char32_t c : w) s += core::utf8_encode(c);
  return s;
}

std::string_view status_name(handle::GameStatus s) {
  switch (s) {
    case handle::GameStatus::Playing: return "playing";
    case handle::GameStatus::Won: return "won";
    case handle::GameStatus::Revealed: return "revealed";
    case handle::GameStatus::Abandoned: return "abandoned";
  }
  return "playing";
}

// The game day of a date written exactly "YYYY-MM-DD" (digits only, nothing after) that is
// a real calendar date in 2022..2200; nullopt for anything else. day_of_date counts days
// past a month's end into the next month (February 31 would be March 2 or 3), so the day
// found is turned back into a date and must be the date written.
std::optional<int> day_of_text(const json& text) {
  if (!text.is_string()) return std::nullopt;
  const std::string& s = text.get_ref<const std::string&>();
  if (s.size() != 10 || s[4] != '-' || s[7] != '-') return std::nullopt;
  for (const std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9})
    if (s[i] < '0' || s[i] > '9') return std::nullopt;
  const int y = std::stoi(s.substr(0, 4));
  const auto m = static_cast<unsigned>(std::stoi(s.substr(5, 2)));
  const auto d = static_cast<unsigned>(std::stoi(s.substr(8, 2)));
  if (y < 2022 || y > 2200 || m < 1 || m > 12 || d < 1 || d > 31) return std::nullopt;
  const int day = handle::day_of_date(y, m, d);
  const handle::CivilDate back = handle::date_of_day(day);
  if (back.year != y || back.month != m || back.day != d) return std::nullopt;
  return day;
}

class HandleApi final : public GameApi {
 public:
  explicit HandleApi(std::shared_ptr<HandleData> data) : data_(std::move(data)) {}

  [[nodiscard]] std::string_view game() const override { return "handle"; }

  [[nodiscard]] core::Result<json> create(const json& options, std::uint64_t seed, double,
                                          const Player&) const override {
    auto lex = lexicon();
    if (!lex) return lex.error();
    handle::PlayModes modes;
    for (const char* flag : {"strict", "hard"}) {
      if (const auto it = options.find(flag); it != options.end()) {
        if (!it->is_boolean()) return core::Error{fmt::format("\"{}\" must be true or false", flag)};
        (std::string_view(flag) == "strict" ? modes.strict : modes.hard) = it->get<bool>();
      }
    }
    const auto date = options.find("date");
    if (date != options.end()) {
      // The daily puzzle of the player's local date ("YYYY-MM-DD", from the page).
      const auto day = day_of_text(*date);
      if (!day) return core::Error{"\"date\" must be a calendar date from 2022-01-01 to 2200-12-31 as YYYY-MM-DD"};
      handle::PuzzleChoice choice;
      choice.day = *day;
      const auto chosen = handle::choose_puzzle(**lex, choice, *choice.day, false);
      if (const auto* e = std::get_if<handle::PuzzleChoiceError>(&chosen)) return core::Error{e->message};
      return PlaySession(**lex, std::get<handle::ChosenPuzzle>(chosen).puzzle, modes).to_json();
    }
    core::Rng rng(seed);
    return PlaySession(**lex, handle::random_puzzle(**lex, rng), modes).to_json();
  }

  [[nodiscard]] core::Result<Applied> apply(json& state, const json& input, double now) const override {
    auto s = restore(state);
    if (!s) return s.error();
    const std::string action = text_field(input, "action").value_or("");
    Applied out;
    if (action == "guess") {
      const auto it = input.find("idiom");
      if (it == input.end() || !it->is_string() || it->get_ref<const std::string&>().size() > 256) {
        return core::Error{"\"idiom\" must be the guessed idiom"};
      }
      const auto o = s->submit(it->get_ref<const std::string&>());
      using K = handle::GuessOutcome::Kind;
      if (o.kind == K::Rejected) {
        static constexpr const char* kProblem[] = {"not_text", "not_han", "length", "not_idiom"};
        out.outcome = {{"kind", "rejected"},
                       {"problem", kProblem[static_cast<int>(o.error.problem)]},
                       {"message", handle::describe_input_error(o.error, false)}};
        if (o.error.problem == handle::InputProblem::NotHan) out.outcome["char"] = core::utf8_encode(o.error.offending);
        if (o.error.problem == handle::InputProblem::Length) out.outcome["count"] = o.error.count;
        return out;
      }
      if (o.kind == K::GameOver) return core::Error{"the game is over"};
      out.outcome = {{"kind", o.kind == K::Won ? "won" : o.kind == K::TriesUsedUp ? "tries_used_up" : "accepted"}};
    } else if (action == "hint") {
      const auto h = s->ask_hint();
      if (h == handle::HintOutcome::Off) out.outcome = {{"kind", "hints_off"}};
      else if (h == handle::HintOutcome::GameOver) return core::Error{"the game is over"};
      else out.outcome = {{"kind", "hint"}};
    } else if (action == "reveal") {
      const auto r = s->reveal();
      if (r == handle::RevealOutcome::TooEarly) return core::Error{"the answer is shown only after ten tries"};
      if (r == handle::RevealOutcome::GameOver) return core::Error{"the game is over"};
      out.outcome = {{"kind", "revealed"}};
    } else {
      return core::Error{"\"action\" must be guess, hint or reveal"};
    }
    if (s->finished()) {
      out.record = s->finished_game(static_cast<std::int64_t>(now));
      out.over = true;
    }
    state = s->to_json();
    return out;
  }

  [[nodiscard]] core::Result<json> view(const json& state) const override {
    auto s = restore(state);
    if (!s) return s.error();
    json turns = json::array();
    for (const auto& t : s->turns()) turns.push_back(handle_turn_json(t));
    json v{{"turns", turns},
           {"status", status_name(s->status())},
           {"tries", s->tries()},
           {"tries_left", s->tries_left()},
           {"tries_limit", handle::kTriesLimit},
           {"can_reveal", s->failed() && !s->finished()},
           {"strict", s->modes().strict},
           {"hard", s->modes().hard},
           {"hint_level", s->hint_level()},
           {"day", s->day() ? json(*s->day()) : json(nullptr)}};
    if (s->hint_level() >= 1) {
      json h = char_json(s->hint());
      if (s->hint_level() < 2) h.erase("char");  // the first hint gives the sound only
      v["hint"] = std::move(h);
    }
    if (s->finished()) {
      v["answer"] = {{"idiom", word_text(s->answer())}, {"chars", handle_word_json(s->answer_parsed())}};
    }
    return v;
  }

  [[nodiscard]] std::optional<core::FinishedGame> abandon(const json& state, double now) const override {
    auto s = restore(state);
    if (!s || !s->abandon()) return std::nullopt;
    return s->finished_game(static_cast<std::int64_t>(now));
  }

 private:
  core::Result<const handle::Lexicon*> lexicon() const {
    auto data = data_->get();
    if (!data) return data.error();
    return &(*data)->lexicon();
  }

  core::Result<PlaySession> restore(const json& state) const {
    auto lex = lexicon();
    if (!lex) return lex.error();
    auto s = PlaySession::from_json(**lex, state);
    if (!s) return core::Error{"the saved game cannot be read: " + s.error().message};
    return s;
  }

  std::shared_ptr<HandleData> data_;
};

}  // namespace

json handle_word_json(const handle::ParsedWord& word) {
  json chars = json::array();
  for (const auto& c : word) chars.push_back(char_json(c));
  return chars;
}

json handle_turn_json(const handle::Turn& t) {
  json chars = json::array();
  for (std::size_t i = 0; i < t.parsed.size() && i < handle::kPositions; ++i) {
    json c = char_json(t.parsed[i]);
    const int p = static_cast<int>(i);
    c["marks"] = {{"char", mark_name(t.feedback.at(p, handle::Channel::Char))},
                  {"initial", mark_name(t.feedback.at(p, handle::Channel::Initial))},
                  {"final", mark_name(t.feedback.at(p, handle::Channel::Final))},
                  {"tone", mark_name(t.feedback.at(p, handle::Channel::Tone))}};
    chars.push_back(std::move(c));
  }
  return json{{"idiom", word_text(t.word)}, {"chars", std::move(chars)}};
}

std::unique_ptr<GameApi> make_handle_api(std::shared_ptr<HandleData> data) {
  return std::make_unique<HandleApi>(std::move(data));
}

}  // namespace puzzlelab::web
