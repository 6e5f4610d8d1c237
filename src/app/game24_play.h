#pragma once
// `puzzlelab 24 play`: the game as a pure state machine. Each input line and the time
// it arrived go in, the text to show comes out, so the loop is tested with strings and
// the real binary is driven through a pipe for golden transcripts. A wrong value (or a
// division by zero) uses one of 3 retries, after which the solutions are shown and the
// next hand is dealt; a typo or the wrong numbers costs no try. Text is never evaluated
// as code: the own parser in game24/expr.h accepts only numbers, operators and brackets.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/rng.h"
#include "game24/difficulty.h"
#include "game24/rational.h"

namespace puzzlelab::app::game24_play {

inline constexpr int kRetries = 3;

// Saved in the state folder as 24-score.json.
struct Score {
  int played = 0;  // hands finished (solved, given up, failed or timed out)
  int solved = 0;
  int gave_up = 0;
  int failed = 0;  // out of tries or out of time
  int skipped = 0;
  int streak = 0;  // hands solved in a row
  int best_streak = 0;
  int points = 0;
  friend bool operator==(const Score&, const Score&) = default;
};
nlohmann::json score_to_json(const Score& s);
std::optional<Score> score_from_json(const nlohmann::json& j);

struct Deal {
  std::vector<game24::Rational> hand;
  std::vector<std::string> solutions;  // every distinct solution, sorted
  std::size_t easiest = 0;             // index of the lowest-cost solution (for hints)
  game24::Level level = game24::Level::Medium;
};

struct PlayConfig {
  game24::Rational target{24};
  std::optional<double> time_limit;  // seconds per hand
  bool show_time = true;             // print solve times (off for scripted runs)
  bool echo_input = false;           // repeat each input line (scripted runs)
};

// A hand that ended (solved, given up, out of tries or time, skipped), for the history.
struct HandResult {
  std::string hand;      // the numbers as shown
  std::string level;     // easy, medium, hard
  std::string ended;     // "solved", "gave up", "failed", "timed out", "skipped"
  int points = 0;
  int tries = 0;         // unsuccessful answers before the end
  int hints = 0;
  double seconds = 0;
};

class PlaySession {
 public:
  // `pool`: the hands to deal from (non-empty); `seed`: the deal order.
  PlaySession(PlayConfig config, std::vector<Deal> pool, std::uint64_t seed, Score score);

  std::string start(double now);
  // One line of input at time `now` (seconds, any fixed origin).
  std::string handle(std::string_view line, double now);
  // The closing summary (also after "quit").
  [[nodiscard]] std::string summary() const;
  [[nodiscard]] bool done() const { return done_; }
  [[nodiscard]] const Score& score() const { return score_; }
  [[nodiscard]] const Deal& current() const { return pool_[current_]; }
  // True once after each change of the score (the app saves then).
  bool take_score_changed();
  // The hands that ended since the last call.
  std::vector<HandResult> take_finished() { return std::exchange(finished_, {}); }

 private:
  std::string deal(double now);
  std::string attempt(std::string_view text, double now);
  std::string fail(const std::string& message, double now);
  std::string reveal(const std::string& heading) const;
  std::string hint();
  void finish_hand(const char* ended, int points, double now);

  PlayConfig config_;
  std::vector<Deal> pool_;
  core::Rng rng_;
  Score score_;
  std::size_t current_ = 0;
  int hand_number_ = 0;
  int tries_ = 0;
  int hints_ = 0;
  double started_ = 0;
  bool done_ = false;
  bool score_changed_ = false;
  std::vector<HandResult> finished_;
};

// Every solvable hand of `count` numbers from lo..hi with its solutions and level
// (thirds of the difficulty rating among those hands).
std::vector<Deal> build_pool(std::int64_t lo, std::int64_t hi, int count, game24::Rational target, game24::Level level,
                             unsigned threads);

}  // namespace puzzlelab::app::game24_play
