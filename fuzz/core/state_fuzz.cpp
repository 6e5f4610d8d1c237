// Fuzz: loading any bytes as a state file (StateStore::load, what every game's stats
// and saves go through). The bytes are written to a scratch folder; a file that is JSON
// must load as exactly that JSON, anything else must be moved aside with a warning
// (never left in place to be overwritten, never an exception).
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/state_store.h"

namespace fs = std::filesystem;

namespace {

const fs::path& scratch() {
  static const fs::path dir = [] {
    // tmpfs when there is one: every damaged input is renamed and every save fsyncs,
    // which on a disk would hold the target to a few dozen runs a second.
    std::error_code ec;
    const fs::path base = fs::is_directory("/dev/shm", ec) ? fs::path("/dev/shm") : fs::temp_directory_path();
    auto d = base / ("puzzlelab-state-fuzz-" + std::to_string(::getpid()));
    fs::create_directories(d);
    std::atexit([] {
      std::error_code ec;
      fs::remove_all(scratch(), ec);
    });
    return d;
  }();
  return dir;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const fs::path dir = scratch();
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) fs::remove(entry.path(), ec);
  {
    std::ofstream f(dir / "stats.json", std::ios::binary);
    f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  }
  const puzzlelab::core::StateStore store(dir);
  auto loaded = store.load("stats.json");
  if (!loaded) std::abort();  // the file is readable: only a permission problem may fail
  const auto expected = nlohmann::json::parse(bytes, nullptr, false);
  if (!expected.is_discarded()) {
    if (!loaded->value || *loaded->value != expected || loaded->warning) std::abort();
  } else {
    if (loaded->value || !loaded->warning || fs::exists(dir / "stats.json")) std::abort();
    // The next save must work, and what it wrote must load.
    if (store.save("stats.json", nlohmann::json{{"played", 1}})) std::abort();
    auto reloaded = store.load("stats.json");
    if (!reloaded || !reloaded->value) std::abort();
  }
  return 0;
}
