#include "game2048/session.h"

#include <algorithm>
#include <charconv>

#include <fmt/format.h>

namespace puzzlelab::game2048 {

using nlohmann::json;

namespace {

constexpr const char* kFormat = "puzzlelab-2048-save/1";

core::Result<std::uint64_t> hex64(const json& j) {
  if (!j.is_string()) return core::Error{"rng words must be hex strings"};
  const auto& s = j.get_ref<const std::string&>();
  if (s.empty() || s.size() > 16 || s.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos) {
    return core::Error{fmt::format("rng word '{}' is not 1 to 16 hex digits", s)};
  }
  return static_cast<std::uint64_t>(std::stoull(s, nullptr, 16));
}

core::Result<std::int64_t> whole(const json& j, const char* name) {
  if (!j.contains(name)) return core::Error{fmt::format("'{}' is missing", name)};
  const json& v = j.at(name);
  if (!v.is_number_integer() || v.get<std::int64_t>() < 0) {
    return core::Error{fmt::format("'{}' must be a whole number >= 0", name)};
  }
  return v.get<std::int64_t>();
}

core::Result<bool> flag(const json& j, const char* name) {
  if (!j.contains(name) || !j.at(name).is_boolean())
    return core::Error{fmt::format("'{}' must be true or false", name)};
  return j.at(name).get<bool>();
}

}  // namespace

json snapshot_to_json(const Snapshot& s) {
  json board = json::array();
  for (int r = 0; r < s.grid.size; ++r) {
    json row = json::array();
    for (int c = 0; c < s.grid.size; ++c) row.push_back(tile_value(s.grid.at(r, c)));
    board.push_back(std::move(row));
  }
  // The random state as hex strings: JSON readers other than ours lose 64-bit integers.
  json rng = json::array();
  for (const std::uint64_t w : s.rng) rng.push_back(fmt::format("{:016x}", w));
  return json{{"board", std::move(board)},      {"score", s.score},     {"moves", s.moves}, {"won", s.won},
              {"keep_playing", s.keep_playing}, {"rng", std::move(rng)}};
}

core::Result<Snapshot> snapshot_from_json(const json& j, int size) {
  if (!j.is_object()) return core::Error{"a position must be an object"};
  Snapshot s;
  s.grid.size = size;
  if (!j.contains("board") || !j.at("board").is_array() || j.at("board").size() != static_cast<std::size_t>(size)) {
    return core::Error{fmt::format("'board' must be {} rows", size)};
  }
  for (int r = 0; r < size; ++r) {
    const json& row = j.at("board")[static_cast<std::size_t>(r)];
    if (!row.is_array() || row.size() != static_cast<std::size_t>(size)) {
      return core::Error{fmt::format("board row {} must have {} tiles", r + 1, size)};
    }
    for (int c = 0; c < size; ++c) {
      const json& v = row[static_cast<std::size_t>(c)];
      if (!v.is_number_integer()) return core::Error{fmt::format("board row {}: tiles must be numbers", r + 1)};
      const auto e = exponent_of(v.get<std::int64_t>());
      if (!e) return core::Error{fmt::format("board row {}: {} is not a tile value", r + 1, v.dump())};
      s.grid.set(r, c, *e);
    }
  }
  // What no game can produce: every position has a tile (merges never empty the
  // board), and "won" means a 2048 tile was made (tiles only grow, so one is there).
  int top = 0;
  for (int r = 0; r < size; ++r)
    for (int c = 0; c < size; ++c) top = std::max(top, s.grid.at(r, c));
  if (top == 0) return core::Error{"the board has no tile (no game can reach that)"};
  auto score = whole(j, "score");
  if (!score) return score.error();
  auto moves = whole(j, "moves");
  if (!moves) return moves.error();
  auto won = flag(j, "won");
  if (!won) return won.error();
  auto keep = flag(j, "keep_playing");
  if (!keep) return keep.error();
  s.score = *score;
  s.moves = *moves;
  s.won = *won;
  if (s.won && top < 11) return core::Error{"'won' is set but there is no 2048 tile"};
  s.keep_playing = *keep;
  if (!j.contains("rng") || !j.at("rng").is_array() || j.at("rng").size() != 4) {
    return core::Error{"'rng' must be 4 hex strings"};
  }
  for (std::size_t i = 0; i < 4; ++i) {
    auto w = hex64(j.at("rng")[i]);
    if (!w) return w.error();
    s.rng[i] = *w;
  }
  return s;
}

PlaySession PlaySession::start(const MoveTables& tables, int size, std::uint64_t seed) {
  PlaySession s(Game::start(tables, size, core::Rng(seed)));
  s.seed_ = seed;
  return s;
}

MoveOutcome PlaySession::play(Move m) {
  if (game_.status() == Status::Won) return {Outcome::WaitingToKeepGoing, {}};
  if (game_.status() == Status::Over) return {Outcome::Over, {}};
  const Snapshot before = game_.snapshot();
  const Step step = game_.play(m);
  if (!step.moved) return {Outcome::NotMoved, step};
  history_.push_back(before);
  if (history_.size() > kUndoLimit) history_.pop_front();
  // A move that makes 2048 on a board it also fills without a move left is a loss: the
  // game is over, as status() says (the 2048 still counts in ending()).
  const Outcome outcome = game_.over() ? Outcome::Lost : step.won_now ? Outcome::Won : Outcome::Moved;
  return {outcome, step};
}

bool PlaySession::undo() {
  if (history_.empty()) return false;
  auto restored = Game::restore(game_.tables(), history_.back());
  if (!restored) return false;  // cannot happen: snapshots come from real games
  game_ = std::move(*restored);
  history_.pop_back();
  assisted_ = true;
  return true;
}

bool PlaySession::keep_going() {
  const bool waiting = game_.status() == Status::Won;
  game_.keep_going();
  return waiting;
}

Hint PlaySession::hint(const AiSettings& settings) {
  assisted_ = true;
  return compute_hint(game_.tables(), game_.grid(), settings);
}

std::uint64_t PlaySession::next_seed() const {
  core::Rng r = game_.rng();
  return r.next();
}

Ending PlaySession::ending() const {
  if (game_.won() || game_.max_exponent() >= kWinExponent) return Ending::Won;
  return game_.over() ? Ending::Lost : Ending::Unfinished;
}

json PlaySession::to_json() const {
  json j = snapshot_to_json(game_.snapshot());
  j["format"] = kFormat;
  j["size"] = game_.size();
  j["assisted"] = assisted_;
  if (seed_) j["seed"] = fmt::format("{}", *seed_);
  json hist = json::array();
  for (const Snapshot& s : history_) hist.push_back(snapshot_to_json(s));
  j["history"] = std::move(hist);
  return j;
}

core::Result<PlaySession> PlaySession::from_json(const MoveTables& tables, const json& j) {
  if (!j.is_object() || !j.contains("format") || j.at("format") != kFormat) {
    return core::Error{fmt::format("not a saved 2048 game (expected format '{}')", kFormat)};
  }
  if (!j.contains("size") || !j.at("size").is_number_integer()) return core::Error{"'size' is missing"};
  const auto size = j.at("size").get<std::int64_t>();
  if (size < kMinSize || size > kMaxSize) return core::Error{fmt::format("size {} is outside 3..8", size)};
  auto current = snapshot_from_json(j, static_cast<int>(size));
  if (!current) return current.error();
  auto game = Game::restore(tables, *current);
  if (!game) return game.error();
  PlaySession session(std::move(*game));
  auto assisted = flag(j, "assisted");
  if (!assisted) return assisted.error();
  session.assisted_ = *assisted;
  if (j.contains("seed")) {
    const json& s = j.at("seed");
    if (!s.is_string() || s.get_ref<const std::string&>().empty() || s.get_ref<const std::string&>().size() > 20 ||
        s.get_ref<const std::string&>().find_first_not_of("0123456789") != std::string::npos) {
      return core::Error{"'seed' must be a decimal string"};
    }
    const std::string& text = s.get_ref<const std::string&>();
    std::uint64_t seed = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
    if (ec != std::errc{} || end != text.data() + text.size()) return core::Error{"'seed' is out of range"};
    session.seed_ = seed;
  }
  if (!j.contains("history") || !j.at("history").is_array()) return core::Error{"'history' must be a list"};
  if (j.at("history").size() > kUndoLimit) return core::Error{"'history' is longer than the undo limit"};
  for (const json& h : j.at("history")) {
    auto snap = snapshot_from_json(h, static_cast<int>(size));
    if (!snap) return core::Error{"history: " + snap.error().message};
    if (auto check = Game::restore(tables, *snap); !check) return core::Error{"history: " + check.error().message};
    session.history_.push_back(*snap);
  }
  return session;
}

std::string save_file_name(int size) {
  return size == 4 ? "2048-game.json" : fmt::format("2048-game-{}x{}.json", size, size);
}

core::FinishedGame PlaySession::finished_game(std::int64_t finished_at) const {
  core::FinishedGame f;
  f.game = "2048";
  f.mode = size_mode(game_.size());
  f.finished_at = finished_at;
  f.puzzle = seed_ ? std::to_string(*seed_) : std::string();
  switch (ending()) {
    case Ending::Won: f.outcome = core::GameOutcome::Won; break;
    case Ending::Lost: f.outcome = core::GameOutcome::Lost; break;
    case Ending::Unfinished: f.outcome = core::GameOutcome::Abandoned; break;
  }
  f.score = game_.score();
  f.tries = game_.moves();
  f.assisted = assisted_;
  f.detail = {{"max_tile", tile_value(game_.max_exponent())}};
  return f;
}

std::string size_mode(int size) {
  return fmt::format("{}x{}", size, size);
}

std::optional<core::FinishedGame> PlaySession::history_entry(std::int64_t finished_at) const {
  if (game_.moves() == 0) return std::nullopt;
  return finished_game(finished_at);
}

}  // namespace puzzlelab::game2048
