// Whole games played through PlaySession with no terminal: every input's outcome is
// data, so a front-end only maps keys and renders.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "game2048/players.h"
#include "game2048/session.h"
#include "test_support.h"

namespace puzzlelab::game2048 {
namespace {

using fixtures::tables;

// A position from rows of tile values (0: empty) with a fixed random state.
Snapshot position(const std::vector<std::vector<int>>& rows, std::int64_t score, std::int64_t moves) {
  Snapshot s;
  s.grid.size = static_cast<int>(rows.size());
  for (int r = 0; r < s.grid.size; ++r) {
    for (int c = 0; c < s.grid.size; ++c) {
      const int v = rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
      s.grid.set(r, c, v == 0 ? 0 : *exponent_of(v));
    }
  }
  s.score = score;
  s.moves = moves;
  s.rng = {1, 2, 3, 4};
  return s;
}

PlaySession session_at(const Snapshot& s) {
  auto g = Game::restore(tables(), s);
  EXPECT_TRUE(g.ok()) << g.error().message;
  return PlaySession(std::move(*g));
}

TEST(PlaySession, SeededGameIsPlayedUntilItIsLost) {
  PlaySession s = PlaySession::start(tables(), 4, 2024);
  EXPECT_EQ(s.seed(), std::optional<std::uint64_t>(2024));
  EXPECT_EQ(s.status(), Status::Playing);
  EXPECT_EQ(s.ending(), Ending::Unfinished);
  // The same direction order every time: left, down, right, up; the first that moves.
  const std::array<Move, 4> order{Move::Left, Move::Down, Move::Right, Move::Up};
  std::int64_t gained = 0;
  int not_moved = 0;
  Outcome last = Outcome::Moved;
  for (int turn = 0; turn < 100000 && last != Outcome::Lost; ++turn) {
    for (const Move m : order) {
      const Snapshot before = s.game().snapshot();
      const MoveOutcome r = s.play(m);
      if (r.outcome == Outcome::NotMoved) {
        ++not_moved;
        EXPECT_FALSE(r.moved());
        EXPECT_EQ(s.game().snapshot(), before);  // nothing changes, not even the random state
        continue;
      }
      ASSERT_TRUE(r.outcome == Outcome::Moved || r.outcome == Outcome::Lost) << static_cast<int>(r.outcome);
      EXPECT_TRUE(r.moved());
      EXPECT_EQ(s.game().moves(), before.moves + 1);
      EXPECT_GE(r.step.spawn_cell, 0);
      gained += r.step.gained;
      last = r.outcome;
      break;
    }
  }
  ASSERT_EQ(last, Outcome::Lost);
  EXPECT_GT(not_moved, 0);
  EXPECT_EQ(s.game().score(), gained);
  EXPECT_EQ(s.status(), Status::Over);
  EXPECT_LT(s.game().max_exponent(), kWinExponent);
  EXPECT_EQ(s.ending(), Ending::Lost);
  EXPECT_FALSE(s.assisted());
  // Every move is now refused as over, and changes nothing.
  const Snapshot end = s.game().snapshot();
  for (const Move m : kMoves) EXPECT_EQ(s.play(m).outcome, Outcome::Over);
  EXPECT_EQ(s.game().snapshot(), end);
  EXPECT_FALSE(s.keep_going());
}

TEST(PlaySession, WinWaitsForKeepGoingThenPlaysOn) {
  PlaySession s = session_at(position({{1024, 1024, 2}, {0, 0, 0}, {0, 0, 0}}, 18000, 700));
  EXPECT_FALSE(s.keep_going());  // not won yet: nothing to keep going from
  EXPECT_EQ(s.play(Move::Up).outcome, Outcome::NotMoved);
  const MoveOutcome win = s.play(Move::Left);
  EXPECT_EQ(win.outcome, Outcome::Won);
  EXPECT_TRUE(win.step.won_now);
  EXPECT_EQ(win.step.gained, 2048);
  EXPECT_EQ(s.status(), Status::Won);
  EXPECT_EQ(s.ending(), Ending::Won);
  const Snapshot waiting = s.game().snapshot();
  EXPECT_EQ(s.play(Move::Right).outcome, Outcome::WaitingToKeepGoing);
  EXPECT_EQ(s.game().snapshot(), waiting);
  EXPECT_TRUE(s.keep_going());
  EXPECT_FALSE(s.keep_going());  // once is enough
  EXPECT_EQ(s.status(), Status::Playing);
  const MoveOutcome on = s.play(Move::Right);
  EXPECT_EQ(on.outcome, Outcome::Moved);
  EXPECT_EQ(s.game().moves(), 702);
  // Keeping going does not make the game any less won.
  EXPECT_EQ(s.ending(), Ending::Won);
}

TEST(PlaySession, MoveThatWinsAndLeavesNoMoveIsLost) {
  // Left merges the 1024s and spawns into the only free cell; nothing can move after.
  PlaySession s = session_at(position({{1024, 1024, 8}, {8, 16, 32}, {64, 128, 256}}, 30000, 900));
  const MoveOutcome r = s.play(Move::Left);
  EXPECT_EQ(r.outcome, Outcome::Lost);
  EXPECT_TRUE(r.step.won_now);
  EXPECT_EQ(s.status(), Status::Over);
  EXPECT_EQ(s.ending(), Ending::Won);
}

TEST(PlaySession, UndoGoesBackToTheStart) {
  PlaySession s = PlaySession::start(tables(), 4, 77);
  const Snapshot start = s.game().snapshot();
  EXPECT_FALSE(s.undo());
  EXPECT_FALSE(s.assisted());  // an undo that did nothing does not count
  core::Rng pick(5);
  int played = 0;
  for (; played < 25; ++played) {
    const auto m = random_move(s.game(), pick);
    ASSERT_TRUE(m);
    ASSERT_TRUE(s.play(m->move).moved());
  }
  EXPECT_EQ(s.history().size(), 25u);
  for (int i = 0; i < played; ++i) ASSERT_TRUE(s.undo());
  EXPECT_EQ(s.game().snapshot(), start);
  EXPECT_TRUE(s.history().empty());
  EXPECT_FALSE(s.undo());
  EXPECT_TRUE(s.assisted());
}

TEST(PlaySession, UndoReachesBackOnlyToTheLimit) {
  PlaySession s = PlaySession::start(tables(), 8, 3);
  core::Rng pick(9);
  for (std::size_t i = 0; i < PlaySession::kUndoLimit + 20; ++i) {
    const auto m = random_move(s.game(), pick);
    ASSERT_TRUE(m);
    s.play(m->move);
  }
  EXPECT_EQ(s.history().size(), PlaySession::kUndoLimit);
  std::size_t undone = 0;
  while (s.undo()) ++undone;
  EXPECT_EQ(undone, PlaySession::kUndoLimit);
  EXPECT_EQ(s.game().moves(), 20);
}

TEST(PlaySession, SaveRestoreContinuesIdentically) {
  PlaySession a = PlaySession::start(tables(), 4, 31337);
  core::Rng pick(6);
  for (int i = 0; i < 40; ++i) {
    const auto m = random_move(a.game(), pick);
    ASSERT_TRUE(m);
    a.play(m->move);
  }
  a.undo();
  a.mark_assisted();
  auto restored = PlaySession::from_json(tables(), nlohmann::json::parse(a.to_json().dump()));
  ASSERT_TRUE(restored.ok()) << restored.error().message;
  PlaySession b = std::move(*restored);
  EXPECT_EQ(b.to_json(), a.to_json());
  EXPECT_EQ(b.next_seed(), a.next_seed());
  // The same inputs give the same outcomes, spawns and saves, undo included.
  const std::array<Move, 4> order{Move::Up, Move::Left, Move::Down, Move::Right};
  for (int i = 0; i < 200; ++i) {
    const Move m = order[static_cast<std::size_t>(i % 4)];
    const MoveOutcome ra = a.play(m);
    const MoveOutcome rb = b.play(m);
    ASSERT_EQ(ra.outcome, rb.outcome) << "input " << i;
    EXPECT_EQ(ra.step.spawn_cell, rb.step.spawn_cell);
    EXPECT_EQ(ra.step.spawn_exponent, rb.step.spawn_exponent);
    if (i % 17 == 0) {
      EXPECT_EQ(a.undo(), b.undo());
    }
  }
  EXPECT_EQ(b.to_json(), a.to_json());
}

// A save as the format has written it from its first version: it must keep loading
// (a player's game in progress), and is written back the same.
TEST(PlaySession, ExistingSaveStillLoads) {
  const nlohmann::json saved = nlohmann::json::parse(R"({
    "format": "puzzlelab-2048-save/1", "size": 3, "assisted": true, "seed": "42",
    "board": [[2, 4, 0], [0, 8, 0], [0, 0, 2]], "score": 12, "moves": 4,
    "won": false, "keep_playing": false,
    "rng": ["00000000000000a1", "00000000000000b2", "00000000000000c3", "00000000000000d4"],
    "history": [{"board": [[2, 4, 0], [0, 8, 0], [0, 0, 0]], "score": 12, "moves": 3,
                 "won": false, "keep_playing": false,
                 "rng": ["0000000000000001", "0000000000000002", "0000000000000003", "0000000000000004"]}]})");
  auto s = PlaySession::from_json(tables(), saved);
  ASSERT_TRUE(s.ok()) << s.error().message;
  EXPECT_EQ(s->game().size(), 3);
  EXPECT_EQ(s->game().score(), 12);
  EXPECT_EQ(s->game().exponent(1, 1), 3);
  EXPECT_TRUE(s->assisted());
  EXPECT_EQ(s->seed(), std::optional<std::uint64_t>(42));
  EXPECT_EQ(s->history().size(), 1u);
  EXPECT_EQ(s->to_json(), saved);
  ASSERT_TRUE(s->undo());
  EXPECT_EQ(s->game().moves(), 3);
}

TEST(PlaySession, HostileJsonIsRejectedWithAnError) {
  const nlohmann::json good = PlaySession::start(tables(), 4, 8).to_json();
  ASSERT_TRUE(PlaySession::from_json(tables(), good).ok());
  std::vector<nlohmann::json> hostile = {
      nullptr, 42, "puzzlelab-2048-save/1", nlohmann::json::array({good}), nlohmann::json::object(),
  };
  auto edited = [&](auto edit) {
    nlohmann::json j = good;
    edit(j);
    hostile.push_back(std::move(j));
  };
  edited([](auto& j) { j["size"] = "4"; });
  edited([](auto& j) { j["size"] = 1000000; });
  edited([](auto& j) { j["size"] = -4; });
  edited([](auto& j) { j["board"] = "2 2 2 2"; });
  edited([](auto& j) { j["board"][1] = nullptr; });
  edited([](auto& j) { j["board"][1][1] = 2.5; });
  edited([](auto& j) { j["board"][1][1] = -2; });
  edited([](auto& j) { j["board"][1][1] = nlohmann::json::object(); });
  edited([](auto& j) { j["moves"] = 1e300; });
  edited([](auto& j) { j["assisted"] = "yes"; });
  edited([](auto& j) { j["rng"] = "00"; });
  edited([](auto& j) { j["rng"][2] = "00000000000000000000001"; });
  edited([](auto& j) { j["seed"] = -1; });
  edited([](auto& j) { j["seed"] = "12ab"; });
  edited([](auto& j) { j["history"] = nlohmann::json::array({"not a position"}); });
  edited([](auto& j) { j["history"] = nlohmann::json::array({nlohmann::json::object()}); });
  edited([&](auto& j) {
    // More history than the undo limit allows.
    nlohmann::json h = nlohmann::json::array();
    for (std::size_t i = 0; i <= PlaySession::kUndoLimit; ++i)
      h.push_back(snapshot_to_json(position({{2, 0, 0, 0}, {0, 2, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}}, 0, 0)));
    j["history"] = h;
  });
  edited([](auto& j) { j.erase("history"); });
  edited([](auto& j) { j.erase("rng"); });
  for (const nlohmann::json& j : hostile) {
    const auto r = PlaySession::from_json(tables(), j);
    EXPECT_FALSE(r.ok()) << j.dump().substr(0, 200);
    if (!r.ok()) {
      EXPECT_FALSE(r.error().message.empty());
    }
  }
}

}  // namespace
}  // namespace puzzlelab::game2048
