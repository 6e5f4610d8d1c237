#pragma once
// One game of 24 in progress, as a state machine: hands are dealt from a pool, the
// player's inputs go in (an answer, a hint request, skip, give up) with the time they
// arrived, and what happened comes out as data (an Outcome), never as text to print.
// The terminal and the browser render those outcomes; the rules live only here.
//
// The rules: a hand has 3 retries. An answer with the wrong value, or one that divides
// by zero, uses a try; after the last one the hand is lost and its solutions are shown.
// A typo, or an expression using the wrong numbers, is not an answer and costs no try.
// A solved hand scores 1, 2 or 3 points by its level, less one per hint (at least 1).
// With a time limit, a hand whose time is over ends as timed out: an answer, a skip or
// a give-up that arrives late, or the front-end's own check while it waits for input
// (check_time; the caller reads the clock, the session only compares times). Text is
// never evaluated as code: the own parser in game24/expr.h accepts only numbers,
// operators and brackets.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/game_store.h"
#include "core/result.h"
#include "core/rng.h"
#include "game24/difficulty.h"
#include "game24/form.h"
#include "game24/rational.h"

namespace puzzlelab::game24 {

inline constexpr int kRetries = 3;

// The player's running score over every hand played.
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
// nullopt unless every field present is a whole number from 0 to 10^9 (missing
// fields are 0: older score files may lack one).
std::optional<Score> score_from_json(const nlohmann::json& j);

// A hand that can be dealt, with what the session needs to judge and help.
struct Deal {
  std::vector<Rational> hand;
  std::vector<std::string> solutions;  // every distinct solution, sorted
  std::size_t easiest = 0;             // index of the lowest-cost solution (for hints)
  Level level = Level::Medium;
};

// Every solvable hand of `count` numbers from lo..hi with its solutions and level
// (thirds of the difficulty rating among those hands), keeping those of `level`.
std::vector<Deal> build_pool(std::int64_t lo, std::int64_t hi, int count, Rational target, Level level,
                             unsigned threads);

struct PlayConfig {
  Rational target{24};
  std::optional<double> time_limit;  // seconds per hand
};

// A hand that ended (solved, given up, out of tries or time, skipped), for the history.
struct HandResult {
  std::string hand;   // the numbers as shown
  std::string level;  // easy, medium, hard
  std::string ended;  // "solved", "gave up", "failed", "timed out", "skipped"
  int points = 0;
  int tries = 0;  // unsuccessful answers before the end
  int hints = 0;
  double seconds = 0;
};

// A newly dealt hand as the player sees it.
struct HandView {
  int number = 0;  // 1 for the first hand of the session
  Level level = Level::Medium;
  std::vector<Rational> hand;
};

// One step of a solution: left op right = result.
struct HintStep {
  WideRational left;
  Op op = Op::Add;
  WideRational right;
  WideRational result;
};
// "8 ÷ 3 = 8/3": the step written with × and ÷.
std::string step_text(const HintStep& step);
// The steps of a solution as the solver prints it, in evaluation order.
core::Result<std::vector<HintStep>> solution_steps(std::string_view solution);

struct Outcome {
  enum class Kind {
    NewHand,          // the first hand was dealt (start)
    Rejected,         // the answer was not accepted; `reason` says why
    Failed,           // the last try was wrong: the hand is lost (`reason` says why)
    Solved,           // the answer makes the target
    TimedOut,         // the answer came after the time limit: the hand is lost
    GaveUp,           // the player gave up
    Skipped,          // the hand was put aside without counting as played
    Hint,             // one more step of the easiest solution
    NoMoreHints,      // only the last step is left, and that is the player's
    HintUnavailable,  // no step can be given for this hand
  };
  enum class Reason {
    None,
    NotAnExpression,  // a typo: `detail` names what is wrong and where (no try used)
    WrongNumbers,     // one or two numbers wrong: `detail` names them (no try used)
    NotThisHand,      // other numbers altogether (no try used)
    NoValue,          // e.g. a division by zero: `detail` says which (a try used)
    WrongValue,       // a value other than the target: `value` (a try used)
  };
  Kind kind = Kind::NewHand;
  Reason reason = Reason::None;
  std::string detail;                 // NotAnExpression, WrongNumbers, NoValue
  std::optional<WideRational> value;  // WrongValue: what the answer makes
  int tries_left = 0;                 // Rejected: answers left for this hand
  // Solved: the answer in canonical form (as typed when it has none) and which of
  // `solutions` it is (1-based; nullopt when it is not among them).
  std::string answer;
  std::optional<std::size_t> solution_number;
  int points = 0;       // Solved: points scored
  int streak = 0;       // Solved: hands solved in a row, this one included
  double seconds = 0;   // Solved, TimedOut: time spent on the hand
  int hint_number = 0;  // Hint: 1 for the first hint of the hand
  std::optional<HintStep> hint;
  // Solved, Failed, TimedOut, GaveUp: every distinct solution of the hand that ended.
  std::vector<std::string> solutions;
  std::optional<HandResult> finished;  // the hand that ended, if one did
  std::optional<HandView> next;        // the hand dealt next, if one was

  // True when the answer was judged and used one of the hand's tries.
  [[nodiscard]] bool try_used() const { return reason == Reason::NoValue || reason == Reason::WrongValue; }
};

// Why an answer was not accepted, in words a player can act on: the typo, the wrong
// numbers or the failed step as the checker named them (`detail`), "those are not this
// hand's numbers: use 3 3 8 8, each once", or "That makes 22, not 24". `hand` is the
// hand the answer was for. "" when the outcome has no reason.
std::string rejection_words(const Outcome& o, std::span<const Rational> hand, const Rational& target);

// A finished hand as a game of the player's history (core::GameStore): solved is a win,
// skipped is abandoned (not counted), anything else a loss; a hint makes it assisted.
core::FinishedGame hand_record(const HandResult& hand, std::int64_t finished_at);

// The running score of the player's earlier hands, read back from their statistics.
Score score_from_stats(const core::GameStats& stats);
// The store's counters for a score (the inverse of score_from_stats), for importing it.
core::GameStats stats_from_score(const Score& score);
// The score file of versions before the player's store (24-score.json in the state
// folder), imported once as the store's 24 baseline.
core::LegacyFile legacy_score_file();

class PlaySession {
 public:
  // `pool`: the hands to deal from (must not be empty); `seed`: the deal order.
  PlaySession(PlayConfig config, std::vector<Deal> pool, std::uint64_t seed, Score score);

  // Deals the first hand. `now`: seconds on any fixed clock, the same for every call.
  Outcome start(double now);
  // A typed answer such as "8/(3-8/3)" (ASCII or full-width, × ÷ accepted).
  Outcome answer(std::string_view text, double now);
  // The next step of the easiest solution (each one lowers the points for the hand).
  Outcome hint();
  Outcome give_up(double now);
  Outcome skip(double now);
  // The time rule on its own, for a front-end waiting for input: once the current hand's
  // time limit has passed at `now`, the hand ends as timed out (the outcome a late answer
  // gets) and the next one is dealt; nullopt while time is left or without a limit.
  std::optional<Outcome> check_time(double now);
  // Seconds left for the current hand at `now` (0 once over); nullopt without a limit.
  [[nodiscard]] std::optional<double> time_left(double now) const;

  [[nodiscard]] const PlayConfig& config() const { return config_; }
  [[nodiscard]] const Score& score() const { return score_; }
  [[nodiscard]] const Deal& current() const { return pool_[current_]; }
  [[nodiscard]] int hand_number() const { return hand_number_; }
  [[nodiscard]] int tries_used() const { return tries_; }
  [[nodiscard]] int hints_used() const { return hints_; }

  // The session between two inputs: score, current hand, tries and hints used, the time
  // spent on the hand so far (at `now`) and the random state, so a restored session
  // deals the same hands next. The pool and the config are not saved: the caller
  // rebuilds them from the same options.
  [[nodiscard]] nlohmann::json to_json(double now) const;
  // Validates every field (a hand that is not in `pool` is refused); the error says
  // what is wrong. `now` continues the saved hand's time on the caller's clock.
  static core::Result<PlaySession> from_json(PlayConfig config, std::vector<Deal> pool, const nlohmann::json& j,
                                             double now);

 private:
  HandView deal(double now);
  HandResult finish_hand(const char* ended, int points, double now);
  Outcome lose(Outcome out, const char* ended, double now);

  PlayConfig config_;
  std::vector<Deal> pool_;
  core::Rng rng_;
  Score score_;
  std::size_t current_ = 0;
  int hand_number_ = 0;
  int tries_ = 0;
  int hints_ = 0;
  double started_ = 0;
};

}  // namespace puzzlelab::game24
