#include "game2048/train_run.h"

#include <algorithm>
#include <bit>
#include <filesystem>
#include <sstream>

#include <fmt/format.h>

#include "core/state_store.h"
#include "game2048/board_text.h"

namespace puzzlelab::game2048 {

core::Result<std::vector<int>> stage_exponents(const std::vector<int>& tiles) {
  std::vector<int> from_exponent;
  for (const int tile : tiles) {
    const int e = std::countr_zero(static_cast<unsigned>(tile));
    if (tile < 4 || std::popcount(static_cast<unsigned>(tile)) != 1 || e > kMaxNibbleExponent ||
        (!from_exponent.empty() && e <= from_exponent.back())) {
      return core::Error{fmt::format("--stages {}: expected rising tile values such as 8192,16384", tile)};
    }
    from_exponent.push_back(e);
  }
  return from_exponent;
}

core::Result<std::vector<Board>> read_start_boards(const MoveTables& tables, const std::string& path) {
  auto file = core::read_file_capped(path, core::kDataFileCap);
  if (!file) return file.error();
  std::istringstream in(*file);
  std::vector<Board> out;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.find_first_not_of(" \t\r") == std::string::npos || line[line.find_first_not_of(" \t")] == '#') continue;
    const auto at = line.find("board ");
    const std::string text = at == std::string::npos ? line : line.substr(at + 6);
    auto g = parse_grid(text, 4);
    if (!g) return core::Error{fmt::format("{}: line {}: {}", path, n, g.error().message)};
    const auto b = board_from_grid(*g);
    if (!b) return core::Error{fmt::format("{}: line {}: a tile above 32768", path, n)};
    if (std::none_of(kMoves.begin(), kMoves.end(), [&](Move m) { return tables.move(*b, m) != *b; })) {
      return core::Error{fmt::format("{}: line {}: no move is left in this position", path, n)};
    }
    out.push_back(*b);
  }
  if (out.empty()) return core::Error{fmt::format("{}: no positions", path)};
  return out;
}

core::Result<TrainRun> TrainRun::open(const MoveTables& tables, const TrainRunOptions& options,
                                      TrainRunFailure* failure) {
  const auto fail = [failure](TrainRunFailure kind, std::string message) {
    if (failure != nullptr) *failure = kind;
    return core::Error{std::move(message)};
  };
  auto from_exponent = stage_exponents(options.stages);
  if (!from_exponent) return fail(TrainRunFailure::Usage, from_exponent.error().message);
  std::optional<NTupleNetwork> net;
  bool promoted = false;
  if (options.from) {
    auto loaded = NTupleNetwork::load(*options.from);
    if (!loaded) return fail(TrainRunFailure::File, loaded.error().message);
    if (!options.stages.empty() && loaded->stage_from() != *from_exponent) {
      if (loaded->stages() != 1) {
        return fail(TrainRunFailure::Usage, fmt::format("--stages differs from the stages of {}", *options.from));
      }
      // One stage becomes several, each starting from its weights.
      net.emplace(loaded->promoted(*from_exponent));
      promoted = true;
    } else {
      net.emplace(std::move(*loaded));
    }
  } else {
    net.emplace(*from_exponent);
  }
  TrainRun run(options, std::move(*net));
  if (options.starts) {
    auto read = read_start_boards(tables, *options.starts);
    if (!read) return fail(TrainRunFailure::File, read.error().message);
    run.starts_ = std::move(*read);
  }
  // Temporal coherence's rates go on from those of --from (its .coherence file, when
  // there is one), unless its stages were just made: promotion starts them afresh.
  if (options.coherence && options.from && !promoted && std::filesystem::exists(*options.from + ".coherence")) {
    auto c = CoherenceState::load(*options.from + ".coherence", run.net_.weights().size());
    if (!c) return fail(TrainRunFailure::File, c.error().message);
    run.coherence_ = std::move(*c);
  }
  // Fail before hours of training, not after: the output must be writable now.
  if (auto saved = run.net_.save(options.out); !saved) return fail(TrainRunFailure::File, saved.error().message);
  run.next_save_ = options.save_every;
  return run;
}

core::Result<bool> TrainRun::save() const {
  if (auto saved = net_.save(options_.out); !saved) return saved;
  if (options_.coherence && !coherence_.error_sum.empty()) return coherence_.save(options_.out + ".coherence");
  return true;
}

std::optional<core::Error> TrainRun::save_if_due(std::uint64_t games, std::uint64_t total) {
  if (options_.save_every == 0 || games < next_save_ || games >= total) return std::nullopt;
  next_save_ = games + options_.save_every;
  if (auto saved = save(); !saved) return saved.error();
  return std::nullopt;
}

}  // namespace puzzlelab::game2048
