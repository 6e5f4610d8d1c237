// The learned evaluation: symmetry, updates, stages, the file (round trip and every
// kind of damage), deterministic training that learns, and the search on top of it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "core/rng.h"
#include "game2048/ntuple.h"
#include "game2048/search.h"
#include "test_support.h"

namespace puzzlelab::game2048 {
namespace {

using fixtures::board;
using fixtures::tables;

// A board's 8 images under the symmetries of the square, by cells.
std::vector<Board> images(Board b) {
  std::vector<Board> out;
  for (int k = 0; k < 8; ++k) {
    Board x = 0;
    for (int r = 0; r < 4; ++r) {
      for (int c = 0; c < 4; ++c) {
        int rr = r, cc = c;
        if (k & 1) cc = 3 - cc;
        if (k & 2) rr = 3 - rr;
        if (k & 4) std::swap(rr, cc);
        x = with_exponent(x, cell_index(rr, cc), exponent_at(b, cell_index(r, c)));
      }
    }
    out.push_back(x);
  }
  return out;
}

Board random_board(core::Rng& rng) {
  Board b = 0;
  for (int i = 0; i < 16; ++i) b = with_exponent(b, i, static_cast<int>(rng.below(16)));
  return b;
}

// One network shared by the tests that only read or restore it (256 MiB each).
NTupleNetwork& shared_net() {
  static NTupleNetwork net;
  return net;
}

TEST(NTuple, SymmetricBoardsAreWorthTheSame) {
  NTupleNetwork& net = shared_net();
  core::Rng rng(7);
  std::vector<Board> updated;
  for (int i = 0; i < 200; ++i) {
    updated.push_back(random_board(rng));
    net.update(updated.back(), static_cast<float>(rng.below(1000)) - 500.0f);
  }
  for (const Board b : updated) {
    const float v = net.value(b);
    for (const Board x : images(b)) EXPECT_NEAR(net.value(x), v, 1e-3) << std::hex << b << " image " << x;
  }
  for (int i = 0; i < 200; ++i) {
    const Board b = random_board(rng);
    const float v = net.value(b);
    // The same weights summed in another order: equal up to rounding.
    for (const Board x : images(b)) EXPECT_NEAR(net.value(x), v, 1e-3) << std::hex << b << " image " << x;
  }
  // The updated boards are not all worth the same (the test could not fail on a
  // constant).
  EXPECT_NE(net.value(updated[0]), net.value(updated[1]));
}

TEST(NTuple, AnUpdateMovesEveryLookOnce) {
  NTupleNetwork net;
  // All 16 cells different: the 32 looks read 32 different weights.
  const Board b = board("2 4 8 16 / 32 64 128 256 / 512 1024 2048 4096 / 8192 16384 32768 0");
  EXPECT_EQ(net.value(b), 0.0f);
  net.update(b, 0.5f);
  EXPECT_FLOAT_EQ(net.value(b), 16.0f);
  // The empty board reads the first weight of each table 8 times.
  net.update(0, 1.0f);
  EXPECT_FLOAT_EQ(net.value(0), 32.0f * 8.0f + 0.0f);
}

TEST(NTuple, StagesKeepTheirOwnWeights) {
  NTupleNetwork net({13, 14});  // from 8192, from 16384
  EXPECT_EQ(net.stages(), 3);
  const Board early = board("2 4 8 16 / 32 64 128 256 / 512 1024 2048 4096 / 0 0 0 0");
  const Board middle = board("2 4 8 16 / 32 64 128 256 / 512 1024 2048 4096 / 8192 0 0 0");
  const Board late = board("2 4 8 16 / 32 64 128 256 / 512 1024 2048 4096 / 16384 0 0 0");
  EXPECT_EQ(net.stage_of(early), 0);
  EXPECT_EQ(net.stage_of(middle), 1);
  EXPECT_EQ(net.stage_of(late), 2);
  net.update(middle, 1.0f);
  EXPECT_GT(net.value(middle), 0.0f);
  EXPECT_EQ(net.value(early), 0.0f);  // shares the 12 small cells, not the weights
  EXPECT_EQ(net.value(late), 0.0f);
}

TEST(NTuple, PromotionCopiesTheWeightsIntoEveryStage) {
  NTupleNetwork one;
  core::Rng rng(11);
  std::vector<Board> boards;
  for (int i = 0; i < 50; ++i) {
    boards.push_back(random_board(rng));
    one.update(boards.back(), 3.0f);
  }
  one.trained_games = 77;
  const NTupleNetwork staged = one.promoted({13});
  EXPECT_EQ(staged.stages(), 2);
  EXPECT_EQ(staged.trained_games, 77u);
  for (const Board b : boards) EXPECT_EQ(staged.value(b), one.value(b));  // whichever stage b is in
}

TEST(NTupleTraining, StartsFromTheGivenPositions) {
  // Every game started from a board holding 32768 reaches it; from the empty board's
  // two spawns none does.
  TrainSettings s;
  s.games = 20;
  s.report_every = 20;
  s.starts = {board("32768 4 2 4 / 4 2 4 2 / 2 4 2 4 / 4 2 8 0"), board("0 0 0 0 / 0 32768 0 0 / 0 0 0 0 / 0 0 0 2")};
  TrainReport last;
  NTupleNetwork net;
  train(net, tables(), s, [&](const TrainReport& r) { last = r; });
  EXPECT_EQ(last.reached[15], 20u);
  s.starts.clear();
  train(net, tables(), s, [&](const TrainReport& r) { last = r; });
  EXPECT_EQ(last.window, 20u);
  EXPECT_EQ(last.reached[15], 0u);
}

class NTupleFile : public ::testing::Test {
 protected:
  void SetUp() override { dir_ = fixtures::fresh_test_dir("puzzlelab-ntuple"); }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  [[nodiscard]] std::string path(const std::string& name) const { return (dir_ / name).string(); }
  static std::string bytes(const std::string& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
  }
  static void write(const std::string& p, const std::string& data) {
    std::ofstream(p, std::ios::binary | std::ios::trunc) << data;
  }
  std::filesystem::path dir_;
};

TEST_F(NTupleFile, RoundTripsExactly) {
  NTupleNetwork net({14});
  core::Rng rng(3);
  for (int i = 0; i < 100; ++i) net.update(random_board(rng), 1.25f * static_cast<float>(i));
  net.trained_games = 12345;
  ASSERT_TRUE(net.save(path("net.bin")).ok());
  auto back = NTupleNetwork::load(path("net.bin"));
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_TRUE(*back == net);
  EXPECT_EQ(back->trained_games, 12345u);
  EXPECT_EQ(back->stage_from(), std::vector<int>{14});
  // Written through a temporary file, none of which is left behind.
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(dir_)) files.push_back(e.path().filename().string());
  EXPECT_EQ(files, std::vector<std::string>{"net.bin"});
}

TEST_F(NTupleFile, EveryDamageIsNamed) {
  NTupleNetwork& net = shared_net();
  ASSERT_TRUE(net.save(path("net.bin")).ok());
  const std::string good = bytes(path("net.bin"));
  const auto expect_error = [&](const std::string& data, const std::string& why) {
    write(path("bad.bin"), data);
    const auto r = NTupleNetwork::load(path("bad.bin"));
    ASSERT_FALSE(r.ok()) << why;
    EXPECT_NE(r.error().message.find(why), std::string::npos) << r.error().message;
    EXPECT_NE(r.error().message.find("bad.bin"), std::string::npos) << r.error().message;
  };
  expect_error("", "does not start like one");
  std::filesystem::create_directory(path("folder.bin"));
  const auto folder = NTupleNetwork::load(path("folder.bin"));
  ASSERT_FALSE(folder.ok());
  EXPECT_NE(folder.error().message.find("folder.bin is a folder, not a network file"), std::string::npos)
      << folder.error().message;
  expect_error("garbage bytes\xff\xfe", "does not start like one");
  expect_error(good.substr(0, 12), "header is cut short");
  std::string version = good;
  version[8] = 9;
  expect_error(version, "version 9");
  std::string shape = good;
  shape[12] = 5;
  expect_error(shape, "5 tuples");
  expect_error(good.substr(0, good.size() / 2), "weights are cut short");
  expect_error(good + "x", "bytes after the end");
  // A header promising 16 stages (4 GiB of weights) in a small file: refused from the
  // header and the file's size, before anything is allocated.
  {
    std::string big = good.substr(0, 12);
    const auto put32 = [&](std::uint32_t v) { big.append(reinterpret_cast<const char*>(&v), 4); };
    const auto put64 = [&](std::uint64_t v) { big.append(reinterpret_cast<const char*>(&v), 8); };
    put32(4);
    put32(6);
    put32(15);
    for (std::uint32_t e = 1; e <= 15; ++e) put32(e);
    put64(0);
    put64(std::uint64_t{16} * 4 * (1u << 24));
    big += std::string(1000, '\0');
    expect_error(big, "weights are cut short");
  }
  std::string flipped = good;
  flipped[good.size() / 2] ^= 0x40;
  expect_error(flipped, "checksum");
  const auto missing = NTupleNetwork::load(path("none.bin"));
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().message.find("cannot read"), std::string::npos);
  // The good file still loads (the damage was to copies).
  EXPECT_TRUE(NTupleNetwork::load(path("net.bin")).ok());
}

TEST_F(NTupleFile, CoherenceStateRoundTripsAndDamageIsNamed) {
  CoherenceState c;
  c.error_sum = {1.0f, -2.0f, 3.5f, 0.0f};
  c.error_size = {1.0f, 2.0f, 3.5f, 4.0f};
  ASSERT_TRUE(c.save(path("c.bin")).ok());
  auto back = CoherenceState::load(path("c.bin"), 4);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back->error_sum, c.error_sum);
  EXPECT_EQ(back->error_size, c.error_size);
  const auto wrong_size = CoherenceState::load(path("c.bin"), 8);
  ASSERT_FALSE(wrong_size.ok());
  EXPECT_NE(wrong_size.error().message.find("4 weights where the network has 8"), std::string::npos);
  std::string data = bytes(path("c.bin"));
  data[20] ^= 1;
  write(path("d.bin"), data);
  const auto damaged = CoherenceState::load(path("d.bin"), 4);
  ASSERT_FALSE(damaged.ok());
  EXPECT_NE(damaged.error().message.find("checksum"), std::string::npos);
  write(path("e.bin"), bytes(path("c.bin")).substr(0, 30));
  EXPECT_FALSE(CoherenceState::load(path("e.bin"), 4).ok());
  write(path("f.bin"), "PL2048NT and then some");
  EXPECT_FALSE(CoherenceState::load(path("f.bin"), 4).ok());
}

TEST(NTupleTraining, IsDeterministicAndLearns) {
  TrainSettings s;
  s.games = 3000;
  s.seed = 5;
  s.report_every = 1000;
  std::vector<TrainReport> reports;
  NTupleNetwork a;
  EXPECT_EQ(train(a, tables(), s, [&](const TrainReport& r) { reports.push_back(r); }), 3000u);
  ASSERT_EQ(reports.size(), 3u);
  EXPECT_EQ(a.trained_games, 3000u);
  // The greedy player learning as it goes: its last thousand games score far more than
  // its first (measured: 7,217 -> 12,943, 1.8 times as much).
  EXPECT_GT(reports[2].mean_score, 1.5 * reports[0].mean_score)
      << reports[0].mean_score << " -> " << reports[2].mean_score;

  s.games = 300;
  NTupleNetwork b;
  NTupleNetwork c;
  train(b, tables(), s, nullptr);
  train(c, tables(), s, nullptr);
  EXPECT_TRUE(b == c);
  s.seed = 6;
  NTupleNetwork d;
  train(d, tables(), s, nullptr);
  EXPECT_FALSE(b == d);
}

TEST(NTupleTraining, CoherenceLearnsFasterAndItsStateGoesOn) {
  TrainSettings s;
  s.games = 3000;
  s.seed = 5;
  s.report_every = 1000;
  std::vector<double> fixed_rate;
  std::vector<double> coherent;
  NTupleNetwork a;
  train(a, tables(), s, [&](const TrainReport& r) { fixed_rate.push_back(r.mean_score); });
  s.coherence = true;
  s.alpha = 1.0f;
  NTupleNetwork b;
  CoherenceState state;
  train(
      b, tables(), s, [&](const TrainReport& r) { coherent.push_back(r.mean_score); }, nullptr, &state);
  ASSERT_EQ(coherent.size(), 3u);
  // Measured: the last thousand games score 25,816 on average against 12,943 at a fixed rate.
  EXPECT_GT(coherent[2], 1.5 * fixed_rate[2]) << coherent[2] << " vs " << fixed_rate[2];
  ASSERT_EQ(state.error_sum.size(), b.weights().size());
  EXPECT_GT(*std::max_element(state.error_size.begin(), state.error_size.end()), 0.0f);

  // Going on with the kept rates is not the same as starting them afresh.
  s.games = 200;
  s.seed = 9;
  NTupleNetwork kept = b;
  NTupleNetwork fresh = b;
  CoherenceState kept_state = state;
  train(kept, tables(), s, nullptr, nullptr, &kept_state);
  train(fresh, tables(), s, nullptr, nullptr, nullptr);
  EXPECT_FALSE(kept == fresh);
}

TEST(NTupleTraining, RestartsFromWhereGamesFirstMadeABigTile) {
  // Every game makes a 128, so after the first game about half start from such a
  // position: they hold a 128 from their first move on.
  TrainSettings s;
  s.games = 400;
  s.report_every = 400;
  s.restart_share = 0.5;
  s.restart_from = 7;
  TrainReport r;
  NTupleNetwork net;
  train(net, tables(), s, [&](const TrainReport& x) { r = x; });
  EXPECT_EQ(r.window + r.restarted, 400u);
  EXPECT_GT(r.restarted, 150u);
  EXPECT_LT(r.restarted, 250u);
  EXPECT_EQ(r.restarted_reached[7], r.restarted);
  // Drawn from the pools of 128 and up; every game of the window is counted once.
  std::uint64_t by_pool = 0;
  for (int e = 0; e < 16; ++e) {
    if (e < 7) {
      EXPECT_EQ(r.restarted_from[static_cast<std::size_t>(e)], 0u);
    }
    EXPECT_LE(r.restarted_doubled[static_cast<std::size_t>(e)], r.restarted_from[static_cast<std::size_t>(e)]);
    by_pool += r.restarted_from[static_cast<std::size_t>(e)];
  }
  EXPECT_EQ(by_pool, r.restarted);
  EXPECT_GT(r.restarted_from[7], 0u);
  // Games that make 32768 leave no restart position: 65536 cannot be made on the
  // bitboard. (Every game here starts from a pair of 16384s and merges them at once.)
  {
    TrainSettings t;
    t.games = 50;
    t.report_every = 50;
    t.restart_share = 0.5;
    t.restart_from = 14;
    t.starts = {board("16384 16384 0 0 / 0 0 0 0 / 0 0 0 0 / 0 0 0 2")};
    TrainReport q;
    NTupleNetwork fresh;
    train(fresh, tables(), t, [&](const TrainReport& x) { q = x; });
    EXPECT_EQ(q.window, 50u);
    EXPECT_EQ(q.reached[15], 50u);
    EXPECT_EQ(q.restarted, 0u);
  }
  // Without restarts every game starts from the beginning.
  s.restart_share = 0;
  train(net, tables(), s, [&](const TrainReport& x) { r = x; });
  EXPECT_EQ(r.window, 400u);
  EXPECT_EQ(r.restarted, 0u);
}

TEST(NTupleTraining, LookaheadPlaysTheLateGameBetterAndLearnsTheSameWay) {
  TrainSettings s;
  s.games = 200;
  s.report_every = 200;
  s.seed = 9;
  TrainReport greedy;
  TrainReport looking;
  NTupleNetwork a;
  train(a, tables(), s, [&](const TrainReport& r) { greedy = r; });
  // From a tile no game makes, nothing changes: the same games, the same weights.
  s.lookahead_from = 15;
  NTupleNetwork same;
  train(same, tables(), s, nullptr);
  EXPECT_TRUE(same == a);
  // From the first tile on, every move looks one spawn and one move further: far better
  // games while the network knows little, and other weights.
  s.lookahead_from = 1;
  NTupleNetwork b;
  train(b, tables(), s, [&](const TrainReport& r) { looking = r; });
  EXPECT_FALSE(b == a);
  EXPECT_GT(looking.mean_score, 1.5 * greedy.mean_score) << greedy.mean_score << " " << looking.mean_score;
  EXPECT_GT(looking.reached[10], greedy.reached[10]);
}

TEST(NTupleTraining, StopsWhenCancelled) {
  TrainSettings s;
  s.games = 1000000;
  std::atomic<bool> cancel{true};
  NTupleNetwork net;
  EXPECT_EQ(train(net, tables(), s, nullptr, &cancel), 0u);
  EXPECT_EQ(net.trained_games, 0u);
}

TEST(NTupleSearch, LeavesAreTheNetworkAndScoresAreAdded) {
  auto net = std::make_shared<NTupleNetwork>();
  const Board b = board("2 2 4 8 / 0 0 0 0 / 0 0 0 4 / 0 0 0 2");
  AiSettings s;
  s.depth = 0;
  s.endgame = false;
  s.network = net;
  {
    Ai ai(tables(), s);
    const AiChoice c = ai.choose(b);
    // A zero network: a move is worth its score (left and right merge 2+2 for 4).
    EXPECT_EQ(c.values[static_cast<std::size_t>(Move::Left)], 4.0f);
    EXPECT_EQ(c.values[static_cast<std::size_t>(Move::Right)], 4.0f);
    EXPECT_EQ(c.values[static_cast<std::size_t>(Move::Up)], 0.0f);
    EXPECT_EQ(c.values[static_cast<std::size_t>(Move::Down)], 0.0f);
  }
  // A network that likes the afterstate of down: down becomes best, worth its value.
  const Board down = tables().move(b, Move::Down);
  net->update(down, 10.0f);
  Ai ai(tables(), s);
  const AiChoice c = ai.choose(b);
  EXPECT_EQ(c.best, Move::Down);
  EXPECT_FLOAT_EQ(*c.values[static_cast<std::size_t>(Move::Down)], net->value(down));
  // One layer deeper the value is the spawn-average of the best replies' score + value.
  s.depth = 1;
  Ai deeper(tables(), s);
  const AiChoice d = deeper.choose(b);
  ASSERT_TRUE(d.values[static_cast<std::size_t>(Move::Left)]);
  const Board left = tables().move(b, Move::Left);
  double expected = 0;
  const Board empties = empty_mask(left);
  const int n = count_nibble_bits(empties);
  for (int k = 0; k < n; ++k) {
    const int cell = nth_nibble_bit(empties, k);
    for (const auto& [e, p] : {std::pair{1, 0.9}, std::pair{2, 0.1}}) {
      const Board spawned = with_exponent(left, cell, e);
      double best = 0;
      for (const Move m : kMoves) {
        Board after = 0;
        const auto info = tables().move_with_info(spawned, m, after);
        if (after != spawned) best = std::max(best, info.score + static_cast<double>(net->value(after)));
      }
      expected += p * best / n;
    }
  }
  EXPECT_NEAR(*d.values[static_cast<std::size_t>(Move::Left)], 4.0 + expected, 1e-3);
}

}  // namespace
}  // namespace puzzlelab::game2048
