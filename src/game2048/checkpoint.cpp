#include "game2048/checkpoint.h"

#include <cstdint>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/state_store.h"
#include "game2048/session.h"
#include "game2048/sim_check.h"

namespace puzzlelab::game2048 {

using nlohmann::json;

std::filesystem::path checkpoint_path(const std::string& dir, std::uint64_t index) {
  return std::filesystem::path(dir) / fmt::format("game-{}.json", index);
}

std::string checkpoint_text(const std::string& run, std::uint64_t index, const Checkpoint& c) {
  const json j{{"format", kCheckpointFormat},
               {"run", run},
               {"index", index},
               {"position", snapshot_to_json(c.position)},
               {"nodes", c.nodes},
               {"cpu_seconds", c.cpu_seconds}};
  return j.dump(2) + "\n";
}

core::Result<Checkpoint> parse_checkpoint(const MoveTables& tables, const std::string& text, const std::string& run,
                                          std::uint64_t index, int size, std::optional<int> stop_at_exponent) {
  const json j = json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return core::Error{"not a JSON object (a broken or foreign file)"};
  const auto field = [&j](const char* name) { return j.contains(name) ? &j.at(name) : nullptr; };
  const json* format = field("format");
  if (format == nullptr || !format->is_string() || *format != kCheckpointFormat) {
    return core::Error{fmt::format("not a checkpoint (expected \"format\": \"{}\")", kCheckpointFormat)};
  }
  const json* run_field = field("run");
  if (run_field == nullptr || !run_field->is_string() || *run_field != run) {
    return core::Error{"it was saved by another run (another seed, player, level or number of games)"};
  }
  const json* index_field = field("index");
  if (index_field == nullptr || !index_field->is_number_unsigned() || index_field->get<std::uint64_t>() != index) {
    return core::Error{fmt::format("it does not hold game {}", index)};
  }
  const json* nodes = field("nodes");
  const json* cpu = field("cpu_seconds");
  // Above 2^63 - 1 the game's evaluated moves would turn negative as a signed figure.
  if (nodes == nullptr || !nodes->is_number_unsigned() ||
      nodes->get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX)) {
    return core::Error{"'nodes' must be a whole number from 0 to 9223372036854775807"};
  }
  if (cpu == nullptr || !cpu->is_number() || !(cpu->get<double>() >= 0) || cpu->get<double>() > 1e12) {
    return core::Error{"'cpu_seconds' must be a number of seconds >= 0"};
  }
  const json* position = field("position");
  if (position == nullptr) return core::Error{"'position' is missing"};
  auto snapshot = snapshot_from_json(*position, size);
  if (!snapshot) return core::Error{"position: " + snapshot.error().message};
  if (auto g = Game::restore(tables, *snapshot); !g) return core::Error{"position: " + g.error().message};
  // A position the game can have reached: checkpoints are saved before a move is
  // searched, so never on or past the --stop-at tile either.
  if (auto e = check_position(snapshot->grid, snapshot->moves, snapshot->score, "board")) {
    return core::Error{"position: " + *e};
  }
  if (stop_at_exponent && max_exponent(snapshot->grid) >= *stop_at_exponent) {
    return core::Error{fmt::format("position: it holds a {} tile, but the game stops when it makes --stop-at {}",
                                   tile_value(max_exponent(snapshot->grid)), tile_value(*stop_at_exponent))};
  }
  return Checkpoint{*snapshot, nodes->get<std::uint64_t>(), cpu->get<double>()};
}

core::Result<Checkpoint> read_checkpoint(const MoveTables& tables, const std::filesystem::path& path,
                                         const std::string& run, std::uint64_t index, int size,
                                         std::optional<int> stop_at_exponent) {
  auto read = core::read_file_capped(path, core::kStateFileCap);
  if (!read) return read.error();
  return parse_checkpoint(tables, *read, run, index, size, stop_at_exponent);
}

core::Result<std::map<std::uint64_t, Checkpoint>> load_checkpoints(const MoveTables& tables, const std::string& dir,
                                                                   const core::SimSpec& spec,
                                                                   const std::optional<std::string>& shard_text,
                                                                   int size, std::optional<int> stop_at_exponent) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec || !std::filesystem::is_directory(dir, ec)) {
    return core::Error{fmt::format("--checkpoint {}: not a folder that can be made or used", dir)};
  }
  core::Shard shard;
  if (shard_text) {
    auto parsed = core::parse_shard(*shard_text);
    if (!parsed) return parsed.error();
    shard = *parsed;
  }
  const std::string run = core::run_fingerprint(spec);
  std::map<std::uint64_t, Checkpoint> found;
  for (std::uint64_t index = shard.index; index < spec.games; index += shard.count) {
    const auto path = checkpoint_path(dir, index);
    if (!std::filesystem::exists(path, ec)) continue;
    auto c = read_checkpoint(tables, path, run, index, size, stop_at_exponent);
    if (!c) {
      return core::Error{
          fmt::format("--checkpoint: {}: {}. Remove it to play game {} from the start, or give "
                      "another folder.",
                      path.string(), c.error().message, index)};
    }
    found.emplace(index, std::move(*c));
  }
  return found;
}

void CheckpointWrites::failed(std::uint64_t index, const std::string& message) {
  const std::lock_guard lock(mutex_);
  if (count_++ == 0) {
    first_ = message;
    if (warn_) {
      warn_(fmt::format("cannot write checkpoint of game {}: {}; the run goes on, and stops if {} in a row fail", index,
                        message, kCheckpointFailuresToStop));
    }
  }
  last_ = message;
  if (++in_a_row_ >= kCheckpointFailuresToStop) stop_.store(true);
}

void CheckpointWrites::succeeded() {
  const std::lock_guard lock(mutex_);
  in_a_row_ = 0;
}

std::uint64_t CheckpointWrites::count() const {
  const std::lock_guard lock(mutex_);
  return count_;
}

std::string CheckpointWrites::first() const {
  const std::lock_guard lock(mutex_);
  return first_;
}

std::string CheckpointWrites::last() const {
  const std::lock_guard lock(mutex_);
  return last_;
}

}  // namespace puzzlelab::game2048
