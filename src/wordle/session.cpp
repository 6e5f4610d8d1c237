#include "wordle/session.h"

#include <algorithm>

#include <fmt/format.h>

namespace puzzlelab::wordle {

using nlohmann::json;

namespace {

constexpr const char* kFormat = "puzzlelab-wordle-session/1";
// A saved game may not ask for more tries than a board can sensibly show; the real
// game has six.
constexpr std::uint32_t kMaxSavedTries = 32;

std::string_view trimmed(std::string_view typed) {
  while (!typed.empty() && (typed.front() == ' ' || typed.front() == '\t')) typed.remove_prefix(1);
  while (!typed.empty() && (typed.back() == ' ' || typed.back() == '\t' || typed.back() == '\r'))
    typed.remove_suffix(1);
  return typed;
}

}  // namespace

PlaySession::PlaySession(const WordleGame& game, SecretIndex secret, bool hard, std::uint32_t max_guesses,
                         std::optional<std::uint64_t> day)
    : game_(&game), secret_(secret), hard_(hard), max_guesses_(max_guesses), day_(day), rule_(game.length()) {}

GuessOutcome PlaySession::reject(Rejection why, std::string message) const {
  GuessOutcome out;
  out.kind = GuessOutcome::Kind::Rejected;
  out.rejection = why;
  out.message = std::move(message);
  return out;
}

GuessOutcome PlaySession::submit(std::string_view typed) {
  if (status_ != GameStatus::Playing) return reject(Rejection::GameOver, "the game is over");
  typed = trimmed(typed);
  const int length = game_->length();
  auto word = normalize_word(typed, 0);
  if (!word) {
    // Too few characters to be a word reads as a short guess, whatever they are.
    if (typed.size() < static_cast<std::size_t>(length)) return reject(Rejection::TooShort, "not enough letters");
    return reject(Rejection::NotLetters, word.error().message);
  }
  if (static_cast<int>(word->size()) < length) return reject(Rejection::TooShort, "not enough letters");
  if (static_cast<int>(word->size()) > length)
    return reject(Rejection::TooLong, fmt::format("too many letters (a guess has {})", length));
  if (!game_->find_guess(*word)) return reject(Rejection::NotInWordList, "not in word list");
  if (hard_) {
    if (auto why = rule_.violation(*word)) return reject(Rejection::HardMode, *why);
  }
  const Pattern p = score(secret(), *word);
  rows_.push_back(PlayedRow{*word, p});
  rule_.add(*word, p);
  GuessOutcome out;
  out.kind = GuessOutcome::Kind::Accepted;
  out.row = rows_.back();
  if (p == solved_pattern(length)) {
    status_ = GameStatus::Won;
    out.kind = GuessOutcome::Kind::Won;
  } else if (rows_.size() >= max_guesses_) {
    status_ = GameStatus::Lost;
    out.kind = GuessOutcome::Kind::Lost;
  }
  return out;
}

bool PlaySession::abandon() {
  if (status_ != GameStatus::Playing) return false;
  status_ = GameStatus::Abandoned;
  return true;
}

std::vector<LetterStatus> PlaySession::letter_status() const {
  std::vector<LetterStatus> status(26, LetterStatus::Unknown);
  for (const auto& row : rows_) {
    for (int i = 0; i < length(); ++i) {
      const auto x = static_cast<std::size_t>(row.guess[static_cast<std::size_t>(i)] - 'a');
      LetterStatus s = LetterStatus::Absent;
      switch (mark_at(row.pattern, i)) {
        case Mark::Green:
          s = LetterStatus::Correct;
          break;
        case Mark::Yellow:
          s = LetterStatus::Present;
          break;
        case Mark::Gray:
          s = LetterStatus::Absent;
          break;
      }
      status[x] = std::max(status[x], s);
    }
  }
  return status;
}

std::optional<core::FinishedGame> PlaySession::finished_game(std::int64_t now, double seconds) const {
  if (status_ != GameStatus::Won && status_ != GameStatus::Lost) return std::nullopt;
  core::FinishedGame f;
  f.game = "wordle";
  f.mode = hard_ ? "hard" : "normal";
  f.finished_at = now;
  f.puzzle = secret();
  if (day_) f.day = static_cast<std::int64_t>(*day_);
  for (const auto& row : rows_) f.moves.push_back(row.guess);
  f.outcome = status_ == GameStatus::Won ? core::GameOutcome::Won : core::GameOutcome::Lost;
  f.tries = static_cast<std::int64_t>(rows_.size());
  f.duration_seconds = seconds;
  return f;
}

json PlaySession::to_json() const {
  json rows = json::array();
  for (const auto& row : rows_)
    rows.push_back(json{{"guess", row.guess}, {"pattern", pattern_text(row.pattern, length())}});
  json j{{"format", kFormat},           {"secret", secret()},      {"hard", hard_},
         {"max_guesses", max_guesses_}, {"rows", std::move(rows)}, {"abandoned", status_ == GameStatus::Abandoned}};
  if (day_) j["day"] = *day_;
  return j;
}

core::Result<PlaySession> PlaySession::from_json(const WordleGame& game, const json& j) {
  const auto bad = [](const std::string& what) { return core::Error{"saved Wordle game: " + what}; };
  if (!j.is_object()) return bad("expected a JSON object");
  if (!j.contains("format") || j.at("format") != kFormat) return bad(fmt::format("'format' must be \"{}\"", kFormat));
  if (!j.contains("secret") || !j.at("secret").is_string()) return bad("'secret' must be a word");
  const auto& secret_text = j.at("secret").get_ref<const std::string&>();
  const auto secret = game.find_secret(secret_text);
  if (!secret) return bad(fmt::format("'{}' is not one of the {} answers", secret_text, game.secret_count()));
  if (!j.contains("hard") || !j.at("hard").is_boolean()) return bad("'hard' must be true or false");
  if (!j.contains("max_guesses") || !j.at("max_guesses").is_number_unsigned() ||
      j.at("max_guesses").get<std::uint64_t>() < 1 || j.at("max_guesses").get<std::uint64_t>() > kMaxSavedTries) {
    return bad(fmt::format("'max_guesses' must be a whole number from 1 to {}", kMaxSavedTries));
  }
  std::optional<std::uint64_t> day;
  if (j.contains("day")) {
    if (!game.has_days()) return bad("'day' needs the original game's day order, which this answer list has not");
    if (!j.at("day").is_number_unsigned() || j.at("day").get<std::uint64_t>() >= game.day_count()) {
      return bad(fmt::format("'day' must be a day from 0 to {}", game.day_count() - 1));
    }
    day = j.at("day").get<std::uint64_t>();
    if (game.secret_of_day(*day) != secret) return bad(fmt::format("day {} is not '{}'", *day, secret_text));
  }
  if (!j.contains("abandoned") || !j.at("abandoned").is_boolean()) return bad("'abandoned' must be true or false");
  PlaySession s(game, *secret, j.at("hard").get<bool>(),
                static_cast<std::uint32_t>(j.at("max_guesses").get<std::uint64_t>()), day);
  if (!j.contains("rows") || !j.at("rows").is_array()) return bad("'rows' must be a list");
  const json& rows = j.at("rows");
  if (rows.size() > s.max_guesses_)
    return bad(fmt::format("{} rows, but a game has {} tries", rows.size(), s.max_guesses_));
  // The saved patterns are only checked: each row is played again under the rules,
  // and the board is what that replay gives.
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const json& row = rows[i];
    if (!row.is_object() || !row.contains("guess") || !row.at("guess").is_string() || !row.contains("pattern") ||
        !row.at("pattern").is_string()) {
      return bad(fmt::format("row {} must have a \"guess\" and a \"pattern\"", i + 1));
    }
    const auto& guess = row.at("guess").get_ref<const std::string&>();
    const GuessOutcome played = s.submit(guess);
    if (played.rejected()) return bad(fmt::format("row {} ('{}'): {}", i + 1, guess, played.message));
    if (played.row.guess != guess)
      return bad(fmt::format("row {} ('{}'): write the guess as '{}'", i + 1, guess, played.row.guess));
    if (row.at("pattern") != pattern_text(played.row.pattern, game.length())) {
      return bad(fmt::format("row {} ('{}'): the pattern is {}, not {}", i + 1, guess,
                             pattern_text(played.row.pattern, game.length()), row.at("pattern").dump()));
    }
  }
  if (j.at("abandoned").get<bool>() && !s.abandon()) return bad("a finished game cannot also be abandoned");
  return s;
}

}  // namespace puzzlelab::wordle
