#include "core/state_store.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <vector>
#include <cstring>
#include <ctime>
#include <fstream>
#include <iterator>
#include <sstream>
#include <utility>

#include <fmt/format.h>

namespace puzzlelab::core {

namespace fs = std::filesystem;

std::optional<fs::path> default_state_dir(const char* xdg_state_home, const char* home) {
  if (xdg_state_home != nullptr && xdg_state_home[0] == '/') return fs::path(xdg_state_home) / "puzzlelab";
  if (home != nullptr && home[0] != '\0') return fs::path(home) / ".local" / "state" / "puzzlelab";
  return std::nullopt;
}

namespace {
std::optional<std::pair<dev_t, ino_t>> regular_file_id(const struct stat& st) {
  if (!S_ISREG(st.st_mode)) return std::nullopt;
  return std::pair{st.st_dev, st.st_ino};
}
std::optional<std::pair<dev_t, ino_t>> regular_file_id(const fs::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return std::nullopt;
  return regular_file_id(st);
}
}  // namespace

bool same_regular_file(const fs::path& a, const fs::path& b) {
  const auto ia = regular_file_id(a);
  return ia && ia == regular_file_id(b);
}

bool same_regular_file(int fd, const fs::path& path) {
  struct stat st {};
  if (fd < 0 || ::fstat(fd, &st) != 0) return false;
  const auto id = regular_file_id(st);
  return id && id == regular_file_id(path);
}

std::optional<Error> write_file_atomic(const fs::path& path, std::string_view bytes) {
  std::error_code ec;
  // The new file is renamed over the old: over a device, a pipe or a socket that would
  // put a regular file in its place (run as root, `stats --export /dev/full` replaced
  // /dev/full), and over a link to one (/dev/stdout) the link. Only a regular file, or
  // a link to one, is replaced (a folder fails the rename with its own message).
  if (const auto st = fs::status(path, ec);
      !ec && fs::exists(st) && !fs::is_regular_file(st) && !fs::is_directory(st)) {
    return Error{
        fmt::format("cannot write {}: it is not a regular file (a device, a pipe or a socket); give the name "
                    "of a file",
                    path.string())};
  }
  ec.clear();
  const fs::path dir = path.has_parent_path() ? path.parent_path() : fs::path(".");
  fs::create_directories(dir, ec);
  if (ec) return Error{fmt::format("cannot create folder {}: {}", dir.string(), ec.message())};
  const fs::path tmp = dir / fmt::format(".{}.tmp.{}", path.filename().string(), ::getpid());
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return Error{fmt::format("cannot write {}: {}", tmp.string(), std::strerror(errno))};
  const char* p = bytes.data();
  std::size_t left = bytes.size();
  while (left > 0) {
    const ssize_t n = ::write(fd, p, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      const int err = errno;
      ::close(fd);
      ::unlink(tmp.c_str());
      return Error{fmt::format("cannot write {}: {}", tmp.string(), std::strerror(err))};
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0) {
    const int err = errno;
    ::close(fd);
    ::unlink(tmp.c_str());
    return Error{fmt::format("cannot write {}: {}", tmp.string(), std::strerror(err))};
  }
  if (::close(fd) != 0) {
    const int err = errno;
    ::unlink(tmp.c_str());
    return Error{fmt::format("cannot write {}: {}", tmp.string(), std::strerror(err))};
  }
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    const int err = errno;
    ::unlink(tmp.c_str());
    return Error{fmt::format("cannot replace {}: {}", path.string(), std::strerror(err))};
  }
  // Make the rename itself durable.
  const int dfd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    ::fsync(dfd);
    ::close(dfd);
  }
  return std::nullopt;
}

Result<std::string> read_file_capped(const fs::path& path, std::uint64_t cap, const std::atomic<bool>* cancel) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return Error{fmt::format("cannot read {}: {}", path.string(), std::strerror(errno))};
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) return Error{fmt::format("cannot read {}: {}", path.string(), std::strerror(errno))};
  if (S_ISDIR(st.st_mode)) return Error{fmt::format("{} is a folder, not a file", path.string())};
  // A pipe (`--answers <(grep ...)`) is read like a file, up to the cap; a device
  // (/dev/zero, /dev/null, a terminal) or a socket is refused.
  const bool pipe = S_ISFIFO(st.st_mode);
  if (!S_ISREG(st.st_mode) && !pipe) {
    return Error{fmt::format("cannot read {}: it is not a regular file (a device or a socket)", path.string())};
  }
  if (pipe) ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  if (static_cast<std::uint64_t>(st.st_size) > cap) {
    return Error{fmt::format("cannot read {}: it is {} bytes, more than the {} bytes such a file may have", path.string(),
                             st.st_size, cap)};
  }
  std::string text;
  text.reserve(static_cast<std::size_t>(st.st_size));
  char buf[1 << 16];
  for (;;) {
    if (cancel != nullptr && cancel->load()) return Error{fmt::format("reading {} was interrupted", path.string())};
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR) continue;
      return Error{fmt::format("cannot read {}: {}", path.string(), std::strerror(errno))};
    }
    if (n == 0) break;
    // The file may grow while it is read: the cap holds for what is read, too.
    if (text.size() + static_cast<std::size_t>(n) > cap) {
      return Error{fmt::format("cannot read {}: it is more than the {} bytes such a file may have", path.string(), cap)};
    }
    text.append(buf, static_cast<std::size_t>(n));
  }
  return text;
}

Result<nlohmann::json> parse_json_strict(std::string_view text) {
  // The parser reports each key as it reads it; a stack of the keys seen in each open
  // object finds a repeat.
  std::vector<std::vector<std::string>> open_objects;
  std::optional<std::string> repeated;
  const nlohmann::json::parser_callback_t check = [&](int, nlohmann::json::parse_event_t event,
                                                      nlohmann::json& parsed) {
    using E = nlohmann::json::parse_event_t;
    if (event == E::object_start) {
      open_objects.emplace_back();
    } else if (event == E::object_end) {
      if (!open_objects.empty()) open_objects.pop_back();
    } else if (event == E::key && !open_objects.empty() && !repeated) {
      auto& keys = open_objects.back();
      const std::string key = parsed.get<std::string>();
      if (std::find(keys.begin(), keys.end(), key) != keys.end()) repeated = key;
      keys.push_back(key);
    }
    return true;
  };
  auto j = nlohmann::json::parse(text.begin(), text.end(), check, /*allow_exceptions=*/false);
  if (j.is_discarded()) return Error{"not valid JSON"};
  if (repeated) return Error{fmt::format("the key \"{}\" appears twice in one object", *repeated)};
  return j;
}

Result<fs::path> StateStore::move_aside(std::string_view name) const {
  const fs::path path = path_of(name);
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  ::gmtime_r(&now, &tm);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
  fs::path target = path;
  target += fmt::format(".corrupt-{}", stamp);
  for (int n = 2; fs::exists(target); ++n) {
    target = path;
    target += fmt::format(".corrupt-{}-{}", stamp, n);
  }
  std::error_code ec;
  fs::rename(path, target, ec);
  if (ec) return Error{fmt::format("cannot move damaged {} aside: {}", path.string(), ec.message())};
  return target;
}

Result<Loaded> StateStore::load(std::string_view name) const {
  const fs::path path = path_of(name);
  std::error_code ec;
  if (!fs::exists(path, ec)) return Loaded{};
  auto read = read_file_capped(path, kStateFileCap);
  if (!read) return read.error();
  const std::string& text = *read;
  auto parsed = parse_json_strict(text);
  if (parsed) return Loaded{std::move(*parsed), std::nullopt};
  auto moved = move_aside(name);
  if (!moved) return moved.error();
  return Loaded{std::nullopt,
                fmt::format("{} was damaged ({}); it was moved to {} and a new one will be started", path.string(),
                            parsed.error().message, moved->string())};
}

std::optional<Error> StateStore::save(std::string_view name, const nlohmann::json& value) const {
  return write_file_atomic(path_of(name), value.dump(2) + "\n");
}

std::optional<Error> StateStore::remove(std::string_view name) const {
  std::error_code ec;
  fs::remove(path_of(name), ec);
  if (ec) return Error{fmt::format("cannot remove {}: {}", path_of(name).string(), ec.message())};
  return std::nullopt;
}

}  // namespace puzzlelab::core
