#include "wordle/bench.h"

#include <string>

#include "core/rng.h"
#include "core/sim.h"
#include "wordle/engine.h"

namespace puzzlelab::wordle {

// The bench part: the entropy player over every third answer (772 games) in normal
// mode and the parts player over every fifth in hard mode, through the sim harness.
// The figure hashes every game's guesses in index order, so it moves with any change
// of feedback, tie rules or player, and never with the thread count.
std::vector<core::BenchWorkload> bench_workloads() {
  const auto part = [](const char* name, PlayerKind kind, bool hard, std::uint64_t stride) {
    return core::BenchWorkload{name, [=](const core::DataSource& data, unsigned threads) -> std::uint64_t {
                                 static const auto engine = [&] {
                                   auto e = Engine::load(data.read("wordle/answers.txt").value(),
                                                         data.read("wordle/guesses.txt").value(),
                                                         guess::TableOptions{std::uint64_t{512} << 20, threads});
                                   return std::move(e).value();
                                 }();
                                 Simulator simulator(*engine, kind, hard);
                                 simulator.opener(threads);
                                 core::SimSpec spec;
                                 spec.game = "wordle";
                                 spec.player = std::string(player_name(kind));
                                 spec.games = (engine->game().secret_count() + stride - 1) / stride;
                                 std::uint64_t figure = 0;
                                 std::uint64_t total = 0;
                                 std::vector<std::uint64_t> game_hash(spec.games);
                                 core::SimHooks hooks;
                                 hooks.on_game = [&](std::uint64_t index, const core::GameResult& r) {
                                   std::uint64_t s = figure ^ game_hash[index];
                                   figure = core::splitmix64(s);
                                   total += static_cast<std::uint64_t>(r.primary);
                                 };
                                 core::run_simulation(
                                     spec, threads,
                                     [&](std::uint64_t index, core::Rng& rng) {
                                       const auto secret = static_cast<guess::SecretIndex>(index * stride);
                                       const guess::GameRecord record = simulator.play(secret, rng);
                                       std::uint64_t h = index;
                                       for (const auto& t : record.turns) {
                                         h = h * 1000003u + t.guess;
                                         std::uint64_t s = h;
                                         h = core::splitmix64(s);
                                       }
                                       game_hash[index] = h;
                                       core::GameResult r;
                                       r.primary = record.guesses();
                                       return r;
                                     },
                                     hooks);
                                 // Total guesses in the high digits (readable), the hash below.
                                 return total * 1000000 + figure % 1000000;
                               }};
  };
  return {part("wordle: entropy 1/3", PlayerKind::Entropy, false, 3),
          part("wordle: parts hard 1/5", PlayerKind::Parts, true, 5)};
}

}  // namespace puzzlelab::wordle
