#include "handle/session.h"

#include <algorithm>

#include <fmt/format.h>

#include "core/utf8.h"
#include "handle/calendar.h"

namespace puzzlelab::handle {

using nlohmann::json;

namespace {

constexpr const char* kFormat = "puzzlelab-handle-session/1";

bool is_space(char32_t c) {
  return c == U' ' || c == U'\t' || c == U'\r' || c == U'\n' || c == U'\u3000';
}

// The reason a saved guess is refused, for the error of from_json (the app words the
// same problems for players in their language).
std::string problem_text(const InputError& e) {
  switch (e.problem) {
    case InputProblem::NotText:
      return "not valid UTF-8 text";
    case InputProblem::NotHan:
      return "not four Chinese characters";
    case InputProblem::Length:
      return fmt::format("{} characters, not four", e.count);
    case InputProblem::NotIdiom:
      return "not in the idiom list (strict mode)";
  }
  return "not a guess";
}

}  // namespace

CheckedGuess check_guess(const Lexicon& lexicon, std::string_view text, bool strict) {
  CheckedGuess out;
  auto decoded = core::utf8_decode(text);
  if (!decoded) {
    out.error = InputError{InputProblem::NotText, std::string(text), 0, 0};
    return out;
  }
  Word word = std::move(*decoded);
  while (!word.empty() && is_space(word.back())) word.pop_back();
  std::size_t lead = 0;
  while (lead < word.size() && is_space(word[lead])) ++lead;
  word.erase(0, lead);
  const std::string trimmed = core::utf8_encode(word);
  // Spaces between the characters are ignored too: "一 心 一 意" (as typed with an input
  // method that inserts a space, or a full-width one, after each character) is 一心一意.
  std::erase_if(word, is_space);
  // A Han character, or another character the game's data gives a reading: 〇 (líng,
  // U+3007) is no Unified_Ideograph but is in chars.tsv, so it can be scored.
  const auto readable = [&lexicon](char32_t c) { return core::is_han(c) || lexicon.char_reading(c).has_value(); };
  if (const auto bad = std::find_if_not(word.begin(), word.end(), readable); bad != word.end()) {
    out.error = InputError{InputProblem::NotHan, trimmed, *bad, word.size()};
    return out;
  }
  if (word.size() != 4) {
    out.error = InputError{InputProblem::Length, trimmed, 0, word.size()};
    return out;
  }
  if (strict && !lexicon.is_idiom(word)) {
    out.error = InputError{InputProblem::NotIdiom, trimmed, 0, word.size()};
    return out;
  }
  out.word = std::move(word);
  return out;
}

std::optional<Puzzle> daily_puzzle(const Lexicon& lexicon, int day) {
  if (day < 1) return std::nullopt;
  const DayAnswer a = answer_of_day(lexicon, day);
  if (!a.answer_index) return std::nullopt;
  return Puzzle{lexicon.answers()[*a.answer_index], lexicon.hints()[*a.answer_index], day};
}

Puzzle custom_puzzle(Word word) {
  const char32_t hint = derived_hint(word);
  return Puzzle{std::move(word), hint, std::nullopt};
}

Puzzle random_puzzle(const Lexicon& lexicon, core::Rng& rng) {
  const std::size_t i = rng.below(lexicon.answers().size());
  return Puzzle{lexicon.answers()[i], lexicon.hints()[i], std::nullopt};
}

std::string describe_input_error(const InputError& e, bool chinese) {
  switch (e.problem) {
    case InputProblem::NotText:
      return chinese ? "输入不是有效的 UTF-8 文本" : "the input is not valid UTF-8 text";
    case InputProblem::NotHan: {
      const std::string c = core::printable(core::utf8_encode(e.offending));
      if (e.text.empty() || e.offending == 0) return chinese ? "请输入四个汉字" : "type four Chinese characters";
      return chinese ? fmt::format("「{}」不是汉字：请输入四个汉字", c)
                     : fmt::format("'{}' is not a Chinese character: type four Chinese characters (汉字)", c);
    }
    case InputProblem::Length:
      if (e.count == 0) return chinese ? "请输入四个汉字" : "type four Chinese characters";
      return chinese ? fmt::format("「{}」是 {} 个字：请输入四个汉字", core::printable(e.text), e.count)
                     : fmt::format("'{}' has {} character{}: type exactly four", core::printable(e.text), e.count,
                                   e.count == 1 ? "" : "s");
    case InputProblem::NotIdiom:
      return chinese ? fmt::format("成语不在词库内：{}", core::printable(e.text))
                     : fmt::format("'{}' is not in the idiom list (strict mode accepts only idioms)",
                                   core::printable(e.text));
  }
  return "invalid input";
}

PlaySession::PlaySession(const Lexicon& lexicon, Word answer, char32_t hint, PlayModes modes, std::optional<int> day)
    : lexicon_(&lexicon), answer_(std::move(answer)), modes_(modes), day_(day) {
  answer_parsed_ = parse_word(lexicon, answer_, answer_);
  hint_ = parse_word(lexicon, std::u32string(1, hint), answer_).front();
}

GuessOutcome PlaySession::submit(std::string_view text) {
  GuessOutcome out;
  if (finished()) return out;
  CheckedGuess checked = check_guess(*lexicon_, text, modes_.strict);
  if (!checked.word) {
    out.kind = GuessOutcome::Kind::Rejected;
    out.error = std::move(checked.error);
    return out;
  }
  Turn t;
  t.word = std::move(*checked.word);
  t.parsed = parse_word(*lexicon_, t.word, answer_);
  t.feedback = score(*lexicon_, t.parsed, answer_parsed_);
  const bool was_failed = failed();
  turns_.push_back(t);
  if (t.feedback.win()) {
    status_ = GameStatus::Won;
    out.kind = GuessOutcome::Kind::Won;
  } else if (failed() && !was_failed) {
    out.kind = GuessOutcome::Kind::TriesUsedUp;
  } else {
    out.kind = GuessOutcome::Kind::Accepted;
  }
  out.turn = std::move(t);
  return out;
}

GuessOutcome PlaySession::submit(const Word& word) {
  return submit(core::utf8_encode(word));
}

HintOutcome PlaySession::ask_hint() {
  if (finished()) return HintOutcome::GameOver;
  if (modes_.hard) return HintOutcome::Off;
  hint_level_ = std::min(hint_level_ + 1, 2);
  return HintOutcome::Shown;
}

RevealOutcome PlaySession::reveal() {
  if (finished()) return RevealOutcome::GameOver;
  if (!failed()) return RevealOutcome::TooEarly;
  status_ = GameStatus::Revealed;
  return RevealOutcome::Revealed;
}

bool PlaySession::abandon() {
  if (finished()) return false;
  status_ = GameStatus::Abandoned;
  return true;
}

std::optional<core::GameOutcome> PlaySession::counted_outcome() const {
  if (tries() == 0) return std::nullopt;
  switch (status_) {
    case GameStatus::Playing:
      return std::nullopt;
    case GameStatus::Won:
      return core::GameOutcome::Won;
    case GameStatus::Revealed:
      return core::GameOutcome::Lost;
    case GameStatus::Abandoned:
      return failed() ? core::GameOutcome::Lost : core::GameOutcome::Abandoned;
  }
  return std::nullopt;
}

std::optional<core::FinishedGame> PlaySession::finished_game(std::int64_t now) const {
  const auto outcome = counted_outcome();
  if (!outcome) return std::nullopt;
  core::FinishedGame f;
  f.game = "handle";
  f.mode = modes_.hard ? "hard" : "normal";
  f.finished_at = now;
  f.puzzle = core::utf8_encode(answer_);
  if (day_) f.day = static_cast<std::int64_t>(*day_);
  for (const auto& t : turns_) f.moves.push_back(core::utf8_encode(t.word));
  f.outcome = *outcome;
  f.tries = tries();
  f.assisted = hinted();
  return f;
}

json PlaySession::to_json() const {
  json guesses = json::array();
  for (const auto& t : turns_) guesses.push_back(core::utf8_encode(t.word));
  json j{{"format", kFormat},
         {"answer", core::utf8_encode(answer_)},
         {"hint", core::utf8_encode(hint_.ch)},
         {"strict", modes_.strict},
         {"hard", modes_.hard},
         {"guesses", std::move(guesses)},
         {"hint_level", hint_level_},
         {"revealed", status_ == GameStatus::Revealed},
         {"abandoned", status_ == GameStatus::Abandoned}};
  if (day_) j["day"] = *day_;
  return j;
}

core::Result<PlaySession> PlaySession::from_json(const Lexicon& lexicon, const json& j) {
  const auto bad = [](const std::string& what) { return core::Error{"saved Handle game: " + what}; };
  if (!j.is_object()) return bad("expected a JSON object");
  if (!j.contains("format") || j.at("format") != kFormat) return bad(fmt::format("'format' must be \"{}\"", kFormat));
  for (const char* key : {"strict", "hard", "revealed", "abandoned"}) {
    if (!j.contains(key) || !j.at(key).is_boolean()) return bad(fmt::format("'{}' must be true or false", key));
  }
  const PlayModes modes{j.at("strict").get<bool>(), j.at("hard").get<bool>()};
  if (!j.contains("answer") || !j.at("answer").is_string()) return bad("'answer' must be text");
  const auto& answer_text = j.at("answer").get_ref<const std::string&>();
  const CheckedGuess answer = check_guess(lexicon, answer_text, false);
  if (!answer.word || core::utf8_encode(*answer.word) != answer_text) {
    return bad(fmt::format("the answer '{}' is not four Chinese characters", core::printable(answer_text)));
  }
  if (!j.contains("hint") || !j.at("hint").is_string()) return bad("'hint' must be text");
  const auto hint = core::utf8_decode(j.at("hint").get_ref<const std::string&>());
  if (!hint || hint->size() != 1 || answer.word->find((*hint)[0]) == Word::npos) {
    return bad("'hint' must be one of the answer's characters");
  }
  std::optional<int> day;
  if (j.contains("day")) {
    if (!j.at("day").is_number_integer() || j.at("day").get<std::int64_t>() < 1 ||
        j.at("day").get<std::int64_t>() > 1'000'000) {
      return bad("'day' must be a day number from 1");
    }
    day = static_cast<int>(j.at("day").get<std::int64_t>());
    const auto of_day = daily_puzzle(lexicon, *day);
    if (!of_day || of_day->answer != *answer.word || of_day->hint != (*hint)[0]) {
      return bad(fmt::format("day {} has another answer or hint", *day));
    }
  }
  if (!j.contains("hint_level") || !j.at("hint_level").is_number_integer() ||
      j.at("hint_level").get<std::int64_t>() < 0 || j.at("hint_level").get<std::int64_t>() > 2) {
    return bad("'hint_level' must be 0, 1 or 2");
  }
  PlaySession s(lexicon, *answer.word, (*hint)[0], modes, day);
  if (!j.contains("guesses") || !j.at("guesses").is_array()) return bad("'guesses' must be a list");
  const json& guesses = j.at("guesses");
  // The guesses are played again under the game's modes: the board is what the replay
  // gives, never what a file claims.
  for (std::size_t i = 0; i < guesses.size(); ++i) {
    if (!guesses[i].is_string()) return bad(fmt::format("guess {} must be text", i + 1));
    const auto& text = guesses[i].get_ref<const std::string&>();
    const GuessOutcome played = s.submit(text);
    if (played.kind == GuessOutcome::Kind::GameOver) {
      return bad(fmt::format("guess {} ('{}') comes after the game was won", i + 1, core::printable(text)));
    }
    if (!played.scored()) {
      return bad(fmt::format("guess {} ('{}'): {}", i + 1, core::printable(text), problem_text(played.error)));
    }
    if (core::utf8_encode(played.turn->word) != text) {
      return bad(fmt::format("guess {} ('{}') must be written as '{}'", i + 1, core::printable(text),
                             core::utf8_encode(played.turn->word)));
    }
  }
  // Hints were asked while the game was in play; the order of hints and guesses does not
  // change the game, so asking them now gives the same state.
  const auto level = static_cast<int>(j.at("hint_level").get<std::int64_t>());
  if (level > 0 && modes.hard) return bad("a game with hints off (hard) cannot have used a hint");
  s.hint_level_ = level;
  const bool revealed = j.at("revealed").get<bool>();
  const bool abandoned = j.at("abandoned").get<bool>();
  if (revealed && abandoned) return bad("a game cannot be both revealed and abandoned");
  if (revealed) {
    const RevealOutcome r = s.reveal();
    if (r == RevealOutcome::TooEarly)
      return bad(fmt::format("the answer was revealed after {} tries (only after {})", s.tries(), kTriesLimit));
    if (r == RevealOutcome::GameOver) return bad("a won game cannot also be revealed");
  }
  if (abandoned && !s.abandon()) return bad("a won game cannot also be abandoned");
  return s;
}

}  // namespace puzzlelab::handle
