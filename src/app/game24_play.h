#pragma once
// `puzzlelab 24 play` in the terminal: key mapping and rendering over the library's
// game24::PlaySession (game24/session.h), which holds the rules. Each input line and
// the time it arrived go in, the text to show comes out, so the loop is tested with
// strings and the real binary is driven through a pipe for golden transcripts.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "game24/session.h"

namespace puzzlelab::app::game24_play {

using game24::build_pool;
using game24::Deal;
using game24::HandResult;
using game24::kRetries;
using game24::Score;
using game24::score_from_json;
using game24::score_to_json;

// The game's options plus how the terminal shows it.
struct PlayConfig : game24::PlayConfig {
  bool show_time = true;    // print solve times (off for scripted runs)
  bool echo_input = false;  // repeat each input line (scripted runs)
};

class PlaySession {
 public:
  // `pool`: the hands to deal from (non-empty); `seed`: the deal order.
  PlaySession(PlayConfig config, std::vector<Deal> pool, std::uint64_t seed, Score score);

  std::string start(double now);
  // One line of input at time `now` (seconds, any fixed origin). A line that comes after
  // the hand's time limit (other than quit or help) ends the hand as timed out instead.
  std::string handle(std::string_view line, double now);
  // The hand's time rule while no input comes: what to show when its time ran out by
  // `now` (the hand ended and the next one dealt), "" while time is left.
  std::string check_time(double now);
  // Seconds left for the current hand; nullopt without a time limit.
  [[nodiscard]] std::optional<double> time_left(double now) const { return game_.time_left(now); }
  // The closing summary (also after "quit").
  [[nodiscard]] std::string summary() const;
  [[nodiscard]] bool done() const { return done_; }
  [[nodiscard]] const Score& score() const { return game_.score(); }
  [[nodiscard]] const Deal& current() const { return game_.current(); }
  // True once after each change of the score (the app saves then).
  bool take_score_changed();
  // The hands that ended since the last call.
  std::vector<HandResult> take_finished() { return std::exchange(finished_, {}); }

 private:
  // The text for what happened, and the bookkeeping of a hand that ended.
  std::string show(const game24::Outcome& outcome);
  [[nodiscard]] std::string reveal(const std::string& heading, const std::vector<std::string>& solutions) const;

  PlayConfig config_;
  game24::PlaySession game_;
  bool done_ = false;
  bool score_changed_ = false;
  std::vector<HandResult> finished_;
};

}  // namespace puzzlelab::app::game24_play
