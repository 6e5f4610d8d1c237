#pragma once
// Saved state (statistics, games in progress, cached openers) as JSON files in one
// folder. Writes are atomic (temporary file, fsync, rename, fsync of the folder), so a
// crash at any moment leaves either the old or the new file. A file that does not
// parse is moved aside under a new name and reported — never silently overwritten.
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/result.h"

namespace puzzlelab::core {

// $XDG_STATE_HOME/puzzlelab when XDG_STATE_HOME is an absolute path, else
// $HOME/.local/state/puzzlelab (the XDG base-directory rule). The app passes in the
// environment values; nullopt when neither gives a usable path.
std::optional<std::filesystem::path> default_state_dir(const char* xdg_state_home, const char* home);

struct Loaded {
  std::optional<nlohmann::json> value;  // nullopt: no file yet, or it was damaged
  std::optional<std::string> warning;   // set when a damaged file was moved aside
};

class StateStore {
 public:
  explicit StateStore(std::filesystem::path dir) : dir_(std::move(dir)) {}

  [[nodiscard]] const std::filesystem::path& dir() const { return dir_; }
  [[nodiscard]] std::filesystem::path path_of(std::string_view name) const { return dir_ / std::string(name); }

  // Reads name (e.g. "wordle-stats.json"). Missing file: empty Loaded. Unreadable
  // (permissions): an Error. Not JSON: the file is renamed to
  // name.corrupt-YYYYMMDD-HHMMSS[-N] and the warning says where it went.
  Result<Loaded> load(std::string_view name) const;
  // Writes atomically; creates the folder when needed.
  std::optional<Error> save(std::string_view name, const nlohmann::json& value) const;
  // Removes the file if it exists.
  std::optional<Error> remove(std::string_view name) const;
  // Moves a file aside as damaged (for content that parses but fails validation).
  Result<std::filesystem::path> move_aside(std::string_view name) const;

 private:
  std::filesystem::path dir_;
};

// Reads a whole file of at most `cap` bytes. Refuses what is not a regular file or a
// pipe (a directory, a device such as /dev/zero or /dev/null) and anything larger than the cap
// without reading it; reads in pieces so that `cancel` (set by SIGINT/SIGTERM) stops
// a slow read. Errors name the file and the cap.
Result<std::string> read_file_capped(const std::filesystem::path& path, std::uint64_t cap,
                                     const std::atomic<bool>* cancel = nullptr);

// Parses JSON like nlohmann::json::parse, but refuses an object with the same key twice
// (the library would keep the last silently, so a file could say two things at once).
// Errors: "not valid JSON" or "the key \"k\" appears twice".
Result<nlohmann::json> parse_json_strict(std::string_view text);

// The size caps for each kind of file puzzlelab reads, in bytes.
inline constexpr std::uint64_t kStateFileCap = std::uint64_t{16} << 20;  // saved games, statistics, caches
inline constexpr std::uint64_t kLogFileCap = std::uint64_t{1} << 30;     // --jsonl logs, shard results
inline constexpr std::uint64_t kDataFileCap = std::uint64_t{256} << 20;  // word lists, trees, networks

// Atomic write of raw bytes to any path (temporary file in the same folder, fsync,
// rename, fsync the folder).
std::optional<Error> write_file_atomic(const std::filesystem::path& path, std::string_view bytes);

// Whether two paths, or an open file descriptor and a path, name the same regular file:
// the same device and inode, so symlinks, hard links and other spellings of a path are
// seen through. False when either is missing or is not a regular file (/dev/null may
// well be an input and an output at once).
bool same_regular_file(const std::filesystem::path& a, const std::filesystem::path& b);
bool same_regular_file(int fd, const std::filesystem::path& path);

}  // namespace puzzlelab::core
