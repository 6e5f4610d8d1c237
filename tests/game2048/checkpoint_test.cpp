// The simulation checkpoint format (game2048/checkpoint.h): what is written reads back
// the same, and a file of another run, game or shape is refused with a reason.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "game2048/checkpoint.h"
#include "game2048/players.h"
#include "test_support.h"

namespace puzzlelab::game2048 {
namespace {

using fixtures::tables;

Checkpoint played(int moves) {
  Game g = Game::start(tables(), 4, core::Rng(17));
  core::Rng pick(2);
  for (int i = 0; i < moves; ++i) {
    const auto m = random_move(g, pick);
    if (!m) break;
    g.play(*m);
  }
  return Checkpoint{g.snapshot(), 123456, 2.5};
}

TEST(Checkpoint, WhatIsWrittenReadsBackTheSame) {
  const Checkpoint c = played(60);
  const std::string text = checkpoint_text("run-a", 7, c);
  auto back = parse_checkpoint(tables(), text, "run-a", 7, 4, std::nullopt);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back->position, c.position);
  EXPECT_EQ(back->nodes, c.nodes);
  EXPECT_EQ(back->cpu_seconds, c.cpu_seconds);
  EXPECT_EQ(checkpoint_path("dir", 7), std::filesystem::path("dir") / "game-7.json");
}

TEST(Checkpoint, ForeignOrDamagedFilesAreRefusedWithAReason) {
  const Checkpoint c = played(60);
  const nlohmann::json good = nlohmann::json::parse(checkpoint_text("run-a", 7, c));
  auto refused = [&](const std::string& text, const std::string& run, std::uint64_t index,
                     std::optional<int> stop = std::nullopt) {
    const auto r = parse_checkpoint(tables(), text, run, index, 4, stop);
    EXPECT_FALSE(r.ok()) << text.substr(0, 120);
    return r.ok() ? std::string{} : r.error().message;
  };
  auto edited = [&](auto edit) {
    nlohmann::json j = good;
    edit(j);
    return j.dump();
  };
  EXPECT_NE(refused("{not json", "run-a", 7).find("not a JSON object"), std::string::npos);
  EXPECT_NE(refused(good.dump(), "run-b", 7).find("another run"), std::string::npos);
  EXPECT_NE(refused(good.dump(), "run-a", 8).find("does not hold game 8"), std::string::npos);
  EXPECT_NE(
      refused(edited([](auto& j) { j["format"] = "puzzlelab-2048-save/1"; }), "run-a", 7).find("not a checkpoint"),
      std::string::npos);
  EXPECT_NE(refused(edited([](auto& j) { j["nodes"] = -1; }), "run-a", 7).find("'nodes'"), std::string::npos);
  EXPECT_NE(refused(edited([](auto& j) { j["cpu_seconds"] = "1"; }), "run-a", 7).find("'cpu_seconds'"),
            std::string::npos);
  EXPECT_NE(refused(edited([](auto& j) { j.erase("position"); }), "run-a", 7).find("'position' is missing"),
            std::string::npos);
  EXPECT_NE(refused(edited([](auto& j) { j["position"]["board"][0][0] = 3; }), "run-a", 7).find("position: "),
            std::string::npos);
  // Saved before a search, so never on the --stop-at tile the game stops at.
  const int top = max_exponent(c.position.grid);
  EXPECT_NE(refused(good.dump(), "run-a", 7, top).find("--stop-at"), std::string::npos);
  EXPECT_TRUE(parse_checkpoint(tables(), good.dump(), "run-a", 7, 4, top + 1).ok());
}

}  // namespace
}  // namespace puzzlelab::game2048
