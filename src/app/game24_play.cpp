#include "app/game24_play.h"

#include <fmt/format.h>

#include "core/utf8.h"

namespace puzzlelab::app::game24_play {

using Kind = game24::Outcome::Kind;

namespace {

std::string lower_trimmed(std::string_view text) {
  std::size_t b = 0, e = text.size();
  while (b < e && (text[b] == ' ' || text[b] == '\t' || text[b] == '\r')) ++b;
  while (e > b && (text[e - 1] == ' ' || text[e - 1] == '\t' || text[e - 1] == '\r')) --e;
  std::string out(text.substr(b, e - b));
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

std::string plural(int n, const char* one, const char* many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

}  // namespace

PlaySession::PlaySession(PlayConfig config, std::vector<Deal> pool, std::uint64_t seed, Score score)
    : config_(config), game_(config, std::move(pool), seed, score) {}

bool PlaySession::take_score_changed() {
  return std::exchange(score_changed_, false);
}

std::string PlaySession::start(double now) {
  std::string out = fmt::format(
      "The 24 game: make {} from the four numbers, each used once, with + - * / (or × ÷) and brackets.\n"
      "Type an expression, or: hint, give up, skip, quit.{}\n",
      game24::to_string(config_.target),
      config_.time_limit ? fmt::format(" Time limit: {:g} s a hand.", *config_.time_limit) : std::string());
  out += show(game_.start(now));
  return out;
}

std::string PlaySession::reveal(const std::string& heading, const std::vector<std::string>& solutions) const {
  std::string out = fmt::format("{} ({}):\n", heading,
                                plural(static_cast<int>(solutions.size()), "distinct solution", "distinct solutions"));
  for (const auto& s : solutions) out += fmt::format("  {}\n", s);
  return out;
}

std::string PlaySession::show(const game24::Outcome& o) {
  if (o.finished) {
    finished_.push_back(*o.finished);
    score_changed_ = true;
  }
  const std::string target = game24::to_string(config_.target);
  // Why an answer was not accepted, as the cross line says it (the typed text may hold
  // anything: made safe for the terminal).
  const std::string why = core::printable(game24::rejection_words(o, game_.current().hand, config_.target));
  std::string out;
  switch (o.kind) {
    case Kind::NewHand:
      break;
    case Kind::Rejected:
      out = o.try_used() ? fmt::format("✗ {} ({} left)\n", why, plural(o.tries_left, "try", "tries"))
                         : fmt::format("✗ {} (no try used)\n", why);
      break;
    case Kind::Failed:
      out = fmt::format("✗ {}\nNo tries left.\n", why) + reveal("The solutions were", o.solutions);
      break;
    case Kind::TimedOut:
      out = fmt::format("⏱ Time is up: {:.0f} s (the limit is {:g} s).\n", o.seconds,
                        config_.time_limit ? *config_.time_limit : 0.0) +
            reveal("The solutions were", o.solutions);
      break;
    case Kind::Solved:
      out = fmt::format("✓ Correct: {} = {}{}\n", o.answer, target,
                        o.solution_number
                            ? fmt::format(" — distinct solution {} of {}", *o.solution_number, o.solutions.size())
                            : std::string());
      out += fmt::format("+{} {}{}; streak {}.\n", o.points, o.points == 1 ? "point" : "points",
                         config_.show_time ? fmt::format(" in {:.1f} s", o.seconds) : std::string(), o.streak);
      break;
    case Kind::GaveUp:
      out = reveal("Given up. The solutions", o.solutions);
      break;
    case Kind::Skipped:
      out = "Skipped.\n";
      break;
    case Kind::Hint:
      out = fmt::format("Hint {}: {}\n", o.hint_number, o.hint ? game24::step_text(*o.hint) : std::string());
      break;
    case Kind::NoMoreHints:
      out = "No more hints: the last step is yours ('give up' shows the solutions).\n";
      break;
    case Kind::HintUnavailable:
      out = "No hint available.\n";
      break;
  }
  if (o.next) {
    out += fmt::format("\nHand {} ({}): {}\n", o.next->number, game24::level_name(o.next->level),
                       game24::hand_text(o.next->hand));
  }
  return out;
}

std::string PlaySession::handle(std::string_view line, double now) {
  if (done_) return {};
  std::string out = config_.echo_input ? fmt::format("> {}\n", core::printable(line)) : std::string();
  const std::string cmd = lower_trimmed(line);
  if (cmd.empty()) return out;
  if (cmd == "quit" || cmd == "q" || cmd == "exit") {
    done_ = true;
    return out + summary();
  }
  if (cmd == "help" || cmd == "?") {
    return out +
           "Type an expression using each number once, e.g. (1+2+3)*4. Commands: hint (one step of a "
           "solution), give up (show all solutions), skip (a new hand), quit.\n";
  }
  if (auto late = game_.check_time(now)) return out + show(*late);
  if (cmd == "hint" || cmd == "h") return out + show(game_.hint());
  if (cmd == "give up" || cmd == "giveup" || cmd == "g") return out + show(game_.give_up(now));
  if (cmd == "skip" || cmd == "s") return out + show(game_.skip(now));
  return out + show(game_.answer(line, now));
}

std::string PlaySession::check_time(double now) {
  if (done_) return {};
  auto late = game_.check_time(now);
  return late ? show(*late) : std::string();
}

std::string PlaySession::summary() const {
  const Score& s = game_.score();
  return fmt::format("Played {}, solved {}, gave up {}, out of tries or time {}; streak {} (best {}); {}.\n", s.played,
                     s.solved, s.gave_up, s.failed, s.streak, s.best_streak, plural(s.points, "point", "points"));
}

}  // namespace puzzlelab::app::game24_play
