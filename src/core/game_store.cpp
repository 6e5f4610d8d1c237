#include "core/game_store.h"

#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <ctime>
#include <thread>

#include <fmt/format.h>

#include "core/state_store.h"

namespace puzzlelab::core {

namespace fs = std::filesystem;

namespace {

// A statistics or saved-game file of an older version is a few kilobytes; anything
// far larger is not one (and is never read whole into memory).
constexpr std::uint64_t kLegacyFileCap = std::uint64_t{16} << 20;
// The database itself: about a kilobyte a finished game, so this is millions of
// games. Larger is refused (moved aside) rather than checked for minutes.
constexpr std::uint64_t kDatabaseCap = std::uint64_t{4} << 30;
constexpr int kBusyTimeoutMs = 10000;

// The schema. Migrations from version N to N + 1 are appended to this list; the
// database's PRAGMA user_version says how many have run. "IF NOT EXISTS": the first
// one is run again to re-create a table another program dropped (see migrate).
constexpr const char* kMigrations[] = {
    R"sql(
CREATE TABLE IF NOT EXISTS games (
  id INTEGER PRIMARY KEY,
  game TEXT NOT NULL,
  mode TEXT NOT NULL DEFAULT '',
  finished_at INTEGER NOT NULL,
  puzzle TEXT NOT NULL DEFAULT '',
  day INTEGER,
  moves TEXT NOT NULL DEFAULT '[]',
  outcome TEXT NOT NULL CHECK (outcome IN ('won', 'lost', 'abandoned')),
  score INTEGER NOT NULL DEFAULT 0,
  tries INTEGER NOT NULL DEFAULT 0,
  assisted INTEGER NOT NULL DEFAULT 0,
  duration REAL NOT NULL DEFAULT 0,
  frontend TEXT NOT NULL DEFAULT 'terminal',
  detail TEXT NOT NULL DEFAULT '{}',
  uid TEXT NOT NULL DEFAULT (lower(hex(randomblob(16)))),
  counted INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX IF NOT EXISTS games_by_game ON games (game, mode, finished_at, id);
CREATE INDEX IF NOT EXISTS games_daily ON games (game, day) WHERE day IS NOT NULL;
CREATE UNIQUE INDEX IF NOT EXISTS games_uid ON games (uid);
CREATE TABLE IF NOT EXISTS baselines (
  game TEXT NOT NULL,
  mode TEXT NOT NULL DEFAULT '',
  stats TEXT NOT NULL,
  source TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (game, mode, source)
);
CREATE TABLE IF NOT EXISTS saves (
  key TEXT PRIMARY KEY,
  game TEXT NOT NULL,
  state TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
)sql",
};
constexpr int kMigrationCount = static_cast<int>(sizeof kMigrations / sizeof kMigrations[0]);
// The tables the current schema has.
constexpr const char* kTables[] = {"games", "baselines", "saves", "settings"};
static_assert(kMigrationCount == GameStore::kSchemaVersion);

std::string utc_stamp() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  ::gmtime_r(&now, &tm);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
  return stamp;
}

// Renames `path` to path + suffix (+ "-N" when taken); returns the new path.
Result<fs::path> rename_aside(const fs::path& path, const std::string& suffix) {
  fs::path target = path;
  target += suffix;
  std::error_code ec;
  for (int n = 2; fs::exists(fs::symlink_status(target, ec)); ++n) {
    target = path;
    target += fmt::format("{}-{}", suffix, n);
  }
  fs::rename(path, target, ec);
  if (ec) return Error{fmt::format("cannot move {} aside: {}", path.string(), ec.message())};
  return target;
}

// Sums of figures read from the store stop at the type's limit instead of wrapping: a
// row or an imported baseline edited to 2^63 must not turn a total negative or to 0.
void add_capped(std::uint64_t& total, std::uint64_t v) {
  total = v > UINT64_MAX - total ? UINT64_MAX : total + v;
}
void add_capped(std::int64_t& total, std::int64_t v) {
  std::int64_t sum = 0;
  if (__builtin_add_overflow(total, v, &sum)) sum = v > 0 ? INT64_MAX : INT64_MIN;
  total = sum;
}

GameStats stats_from_json(const nlohmann::json& j) {
  GameStats s;
  auto u = [&](const char* k) { return j.contains(k) && j[k].is_number_unsigned() ? j[k].get<std::uint64_t>() : 0; };
  auto i = [&](const char* k) { return j.contains(k) && j[k].is_number_integer() ? j[k].get<std::int64_t>() : 0; };
  s.played = u("played");
  s.wins = u("wins");
  s.wins_unassisted = u("wins_unassisted");
  s.abandoned = u("abandoned");
  s.current_streak = u("current_streak");
  s.max_streak = u("max_streak");
  s.best_score = i("best_score");
  s.total_score = i("total_score");
  if (j.contains("ended") && j["ended"].is_object()) {
    for (const auto& [k, v] : j["ended"].items())
      if (v.is_number_unsigned()) s.ended[k] = v.get<std::uint64_t>();
  }
  if (j.contains("tries") && j["tries"].is_object()) {
    for (const auto& [k, v] : j["tries"].items()) {
      if (!v.is_number_unsigned()) continue;
      try {
        s.tries[std::stoll(k)] = v.get<std::uint64_t>();
      } catch (const std::exception&) {
      }
    }
  }
  return s;
}

}  // namespace

std::string_view outcome_name(GameOutcome o) {
  switch (o) {
    case GameOutcome::Won: return "won";
    case GameOutcome::Lost: return "lost";
    case GameOutcome::Abandoned: return "abandoned";
  }
  return "lost";
}

std::optional<GameOutcome> parse_outcome(std::string_view text) {
  if (text == "won") return GameOutcome::Won;
  if (text == "lost") return GameOutcome::Lost;
  if (text == "abandoned") return GameOutcome::Abandoned;
  return std::nullopt;
}

int win_percent(std::uint64_t wins, std::uint64_t played) {
  if (played == 0) return 0;
  // More wins than games only comes from an edited store; it is 100 %, not 1000 %.
  wins = std::min(wins, played);
  return static_cast<int>(std::lround(100.0 * static_cast<double>(wins) / static_cast<double>(played)));
}

int GameStats::win_percent() const {
  return core::win_percent(wins, played);
}

nlohmann::json stats_to_json(const GameStats& s) {
  nlohmann::json tries = nlohmann::json::object();
  for (const auto& [k, v] : s.tries) tries[std::to_string(k)] = v;
  return nlohmann::json{{"played", s.played},
                        {"wins", s.wins},
                        {"win_percent", s.win_percent()},
                        {"wins_unassisted", s.wins_unassisted},
                        {"abandoned", s.abandoned},
                        {"current_streak", s.current_streak},
                        {"max_streak", s.max_streak},
                        {"tries", tries},
                        {"ended", s.ended},
                        {"best_score", s.best_score},
                        {"total_score", s.total_score}};
}

nlohmann::json finished_game_to_json(const FinishedGame& g) {
  return nlohmann::json{{"finished_at", g.finished_at},
                        {"mode", g.mode},
                        {"puzzle", g.puzzle},
                        {"day", g.day ? nlohmann::json(*g.day) : nlohmann::json(nullptr)},
                        {"outcome", outcome_name(g.outcome)},
                        {"score", g.score},
                        {"tries", g.tries},
                        {"moves", g.moves},
                        {"frontend", g.frontend}};
}

// ---- the connection -------------------------------------------------------------

struct GameStore::Db {
  sqlite3* handle = nullptr;
  ~Db() {
    if (handle != nullptr) sqlite3_close_v2(handle);
  }
  [[nodiscard]] std::string message() const { return handle ? sqlite3_errmsg(handle) : "out of memory"; }

  std::optional<Error> exec(const char* sql) {
    char* err = nullptr;
    if (sqlite3_exec(handle, sql, nullptr, nullptr, &err) == SQLITE_OK) return std::nullopt;
    Error e{err ? err : message()};
    sqlite3_free(err);
    return e;
  }
};

namespace {

// A prepared statement with typed binds and reads.
class Stmt {
 public:
  Stmt(sqlite3* db, const char* sql) : db_(db) {
    if (sqlite3_prepare_v2(db, sql, -1, &s_, nullptr) != SQLITE_OK) s_ = nullptr;
  }
  ~Stmt() { sqlite3_finalize(s_); }
  Stmt(const Stmt&) = delete;
  Stmt& operator=(const Stmt&) = delete;
  [[nodiscard]] bool ok() const { return s_ != nullptr; }
  Stmt& bind(int i, std::string_view v) {
    sqlite3_bind_text(s_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
    return *this;
  }
  Stmt& bind(int i, std::int64_t v) {
    sqlite3_bind_int64(s_, i, v);
    return *this;
  }
  Stmt& bind(int i, double v) {
    sqlite3_bind_double(s_, i, v);
    return *this;
  }
  Stmt& bind_null(int i) {
    sqlite3_bind_null(s_, i);
    return *this;
  }
  // SQLITE_ROW, SQLITE_DONE or an error code.
  int step() { return s_ ? sqlite3_step(s_) : SQLITE_ERROR; }
  [[nodiscard]] std::string text(int c) const {
    const auto* p = sqlite3_column_text(s_, c);
    return p ? std::string(reinterpret_cast<const char*>(p), static_cast<std::size_t>(sqlite3_column_bytes(s_, c)))
             : std::string();
  }
  [[nodiscard]] std::int64_t int64(int c) const { return sqlite3_column_int64(s_, c); }
  [[nodiscard]] double real(int c) const { return sqlite3_column_double(s_, c); }
  [[nodiscard]] bool is_null(int c) const { return sqlite3_column_type(s_, c) == SQLITE_NULL; }
  [[nodiscard]] std::string error() const { return sqlite3_errmsg(db_); }

 private:
  sqlite3* db_;
  sqlite3_stmt* s_ = nullptr;
};

// BEGIN IMMEDIATE ... COMMIT, rolled back unless committed. IMMEDIATE takes the write
// lock at the start, so two processes never both read and then write (the busy
// timeout makes the second wait for the first).
class Transaction {
 public:
  explicit Transaction(GameStore::Db& db) : db_(db) { error_ = db_.exec("BEGIN IMMEDIATE"); }
  ~Transaction() {
    if (!error_ && !done_) db_.exec("ROLLBACK");
  }
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  [[nodiscard]] const std::optional<Error>& begin_error() const { return error_; }
  std::optional<Error> commit() {
    done_ = true;
    if (auto e = db_.exec("COMMIT")) {
      db_.exec("ROLLBACK");
      return e;
    }
    return std::nullopt;
  }

 private:
  GameStore::Db& db_;
  std::optional<Error> error_;
  bool done_ = false;
};

// The message of the last failure; when the database stayed locked past the busy
// timeout, another program holds it, and the message says so and what to do.
Error db_error(const GameStore::Db& db, std::string_view what) {
  std::string message = fmt::format("the statistics database: {}: {}", what, db.message());
  if (db.handle != nullptr && (sqlite3_errcode(db.handle) & 0xff) == SQLITE_BUSY) {
    const char* file = sqlite3_db_filename(db.handle, "main");
    message += fmt::format(" (another program kept {} locked for {} s: let it finish or close it, then try again)",
                           file != nullptr && *file != '\0' ? file : "it", kBusyTimeoutMs / 1000);
  }
  return Error{message};
}

FinishedGame read_game(const Stmt& q) {
  FinishedGame g;
  g.id = q.int64(0);
  g.game = q.text(1);
  g.mode = q.text(2);
  g.finished_at = q.int64(3);
  g.puzzle = q.text(4);
  if (!q.is_null(5)) g.day = q.int64(5);
  g.moves = nlohmann::json::parse(q.text(6), nullptr, false);
  if (g.moves.is_discarded()) g.moves = nlohmann::json::array();
  g.outcome = parse_outcome(q.text(7)).value_or(GameOutcome::Lost);
  g.score = q.int64(8);
  g.tries = q.int64(9);
  g.assisted = q.int64(10) != 0;
  g.duration_seconds = q.real(11);
  g.frontend = q.text(12);
  g.detail = nlohmann::json::parse(q.text(13), nullptr, false);
  if (!g.detail.is_object()) g.detail = nlohmann::json::object();
  return g;
}

constexpr const char* kGameColumns =
    "id, game, mode, finished_at, puzzle, day, moves, outcome, score, tries, assisted, duration, frontend, detail";

// Why the file at `path` cannot be the database, or nullopt when it can be opened.
std::optional<std::string> unusable_file(const fs::path& path) {
  std::error_code ec;
  const auto st = fs::symlink_status(path, ec);
  if (ec || !fs::exists(st)) return std::nullopt;
  if (fs::is_symlink(st)) {
    // A link to a regular file is a store kept elsewhere (a synced folder): the file it
    // names is the database (SQLite keeps its -wal and -shm files beside that file). A
    // link to nothing would make SQLite create a file wherever it points.
    const auto target = fs::status(path, ec);
    if (ec || !fs::exists(target)) return "it is a symbolic link to nothing";
    if (!fs::is_regular_file(target)) return "it is a symbolic link to something other than a regular file";
  } else if (!fs::is_regular_file(st)) {
    return "it is not a regular file";
  }
  const auto size = fs::file_size(path, ec);
  if (!ec && size > kDatabaseCap) return fmt::format("it is larger than {} GiB", kDatabaseCap >> 30);
  return std::nullopt;
}

// Opens and checks the database at `path`. nullopt: usable; else why not.
std::optional<std::string> try_open(GameStore::Db& db, const fs::path& path) {
  if (auto why = unusable_file(path)) return why;
  if (sqlite3_open_v2(path.c_str(), &db.handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX,
                      nullptr) != SQLITE_OK) {
    return db.message();
  }
  sqlite3_busy_timeout(db.handle, kBusyTimeoutMs);
  sqlite3_extended_result_codes(db.handle, 1);
  // quick_check reads every page: the way to find a damaged file before writing to it.
  Stmt check(db.handle, "PRAGMA quick_check");
  if (!check.ok()) return db.message();
  const int rc = check.step();
  if (rc != SQLITE_ROW) return db.message();
  if (const std::string verdict = check.text(0); verdict != "ok") return "integrity check failed: " + verdict;
  return std::nullopt;
}

// WAL lets readers go on while one process writes; switching to it needs a moment
// alone with the file, so a busy answer (another process opening it now) is retried.
std::optional<Error> set_wal(GameStore::Db& db) {
  for (int attempt = 0; attempt < 200; ++attempt) {
    Stmt q(db.handle, "PRAGMA journal_mode=WAL");
    const int rc = q.step();
    if (rc == SQLITE_ROW) return std::nullopt;
    if ((rc & 0xff) != SQLITE_BUSY && (rc & 0xff) != SQLITE_LOCKED) return db_error(db, "cannot use WAL mode");
    std::this_thread::sleep_for(std::chrono::milliseconds(25));
  }
  return db_error(db, "cannot use WAL mode (the database stayed busy)");
}

// The tables of the current schema that the database lacks (dropped by another program).
Result<std::vector<std::string>> missing_tables(GameStore::Db& db) {
  std::vector<std::string> missing;
  for (const char* table : kTables) {
    Stmt q(db.handle, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?");
    q.bind(1, std::string_view(table));
    const int rc = q.step();
    if (rc == SQLITE_DONE) missing.emplace_back(table);
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) return db_error(db, "cannot read the schema");
  }
  return missing;
}

Result<std::int64_t> schema_version(GameStore::Db& db) {
  Stmt v(db.handle, "PRAGMA user_version");
  if (v.step() != SQLITE_ROW) return db_error(db, "cannot read the schema version");
  return v.int64(0);
}

// Brings the schema up to date. A database that is already (the usual case) is only
// read, so a command that only reads (stats) works while another process writes. A
// table of the current schema that is missing is made again, empty, with a warning:
// what was in it is gone already, and without it nothing could be saved at all.
std::optional<Error> migrate(GameStore::Db& db, const fs::path& path, std::vector<std::string>& warnings) {
  {
    auto version = schema_version(db);
    if (!version) return version.error();
    auto missing = missing_tables(db);
    if (!missing) return missing.error();
    if (*version == kMigrationCount && missing->empty()) return std::nullopt;
  }
  Transaction t(db);
  if (t.begin_error()) return db_error(db, "cannot start a transaction");
  auto read_version = schema_version(db);
  if (!read_version) return read_version.error();
  const std::int64_t version = *read_version;
  if (version > kMigrationCount) {
    return Error{fmt::format("the statistics database has schema version {}, newer than this puzzlelab knows ({}); "
                             "it is left as it is (use a newer puzzlelab)",
                             version, kMigrationCount)};
  }
  for (std::int64_t k = version; k < kMigrationCount; ++k) {
    if (auto e = db.exec(kMigrations[k])) return Error{"the statistics database: migration failed: " + e->message};
  }
  if (version == kMigrationCount) {
    auto missing = missing_tables(db);
    if (!missing) return missing.error();
    if (!missing->empty()) {
      if (auto e = db.exec(kMigrations[0])) {
        return Error{"the statistics database: cannot re-create its tables: " + e->message};
      }
      std::string names;
      for (const auto& m : *missing) names += (names.empty() ? "'" : ", '") + m + "'";
      warnings.push_back(fmt::format(
          "{} had no table {} (removed by another program?); it was made again, empty. What it held is not in "
          "this file any more: restore the file from a backup or a `puzzlelab stats --export` to get it back",
          path.string(), names));
    }
  }
  if (version < kMigrationCount) {
    if (auto e = db.exec(fmt::format("PRAGMA user_version = {}", kMigrationCount).c_str())) return e;
  }
  return t.commit();
}

std::optional<Error> insert_baseline(GameStore::Db& db, const Baseline& b, std::string_view source) {
  Stmt q(db.handle, "INSERT OR REPLACE INTO baselines (game, mode, stats, source) VALUES (?, ?, ?, ?)");
  q.bind(1, b.game).bind(2, b.mode).bind(3, stats_to_json(b.stats).dump()).bind(4, source);
  if (q.step() != SQLITE_DONE) return db_error(db, "cannot store imported statistics");
  return std::nullopt;
}

std::optional<Error> upsert_save(GameStore::Db& db, std::string_view key, std::string_view game,
                                 const nlohmann::json& state, std::int64_t now) {
  Stmt q(db.handle, "INSERT OR REPLACE INTO saves (key, game, state, updated_at) VALUES (?, ?, ?, ?)");
  q.bind(1, key).bind(2, game).bind(3, state.dump()).bind(4, now);
  if (q.step() != SQLITE_DONE) return db_error(db, "cannot save the game");
  return std::nullopt;
}

// Adds one game row; `uid` empty: a new unique id.
std::optional<Error> insert_game(GameStore::Db& db, const FinishedGame& g, bool counted, std::string_view uid) {
  Stmt q(db.handle,
         "INSERT INTO games (game, mode, finished_at, puzzle, day, moves, outcome, score, tries, assisted, duration, "
         "frontend, counted, detail, uid) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
         "coalesce(?, lower(hex(randomblob(16)))))");
  q.bind(1, g.game).bind(2, g.mode).bind(3, g.finished_at).bind(4, g.puzzle);
  if (g.day) {
    q.bind(5, *g.day);
  } else {
    q.bind_null(5);
  }
  q.bind(6, g.moves.dump()).bind(7, outcome_name(g.outcome)).bind(8, g.score).bind(9, g.tries);
  q.bind(10, std::int64_t{g.assisted ? 1 : 0}).bind(11, g.duration_seconds).bind(12, g.frontend);
  q.bind(13, std::int64_t{counted ? 1 : 0}).bind(14, g.detail.dump());
  if (uid.empty()) {
    q.bind_null(15);
  } else {
    q.bind(15, uid);
  }
  if (q.step() != SQLITE_DONE) return db_error(db, "cannot store the game");
  return std::nullopt;
}

// Whether the daily puzzle of g was already finished (won or lost) and counted. A
// daily puzzle is its day and its answer: a game an older version recorded under a day
// number that meant another answer (Wordle's days were once places in the sorted list)
// does not make the real day's puzzle a replay.
Result<bool> daily_counted(GameStore::Db& db, const FinishedGame& g) {
  if (!g.day || g.outcome == GameOutcome::Abandoned) return false;
  Stmt q(db.handle,
         "SELECT 1 FROM games WHERE game = ? AND day = ? AND puzzle = ? AND counted = 1 AND outcome != 'abandoned' "
         "LIMIT 1");
  q.bind(1, g.game).bind(2, *g.day).bind(3, g.puzzle);
  const int rc = q.step();
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) return db_error(db, "cannot read the games");
  return rc == SQLITE_ROW;
}

// Imports one older JSON file inside a transaction and renames it *.imported, so a
// second process that opens the store at the same time finds it gone.
void import_legacy(GameStore::Db& db, const fs::path& dir, const LegacyFile& file, std::vector<std::string>& warnings) {
  const fs::path path = dir / file.name;
  std::error_code ec;
  if (!fs::exists(fs::symlink_status(path, ec))) return;
  Transaction t(db);
  if (t.begin_error()) {
    warnings.push_back(fmt::format("{} was not imported yet: {}", path.string(), t.begin_error()->message));
    return;
  }
  if (!fs::exists(fs::symlink_status(path, ec))) return;  // another process took it meanwhile
  auto text = read_file_capped(path, kLegacyFileCap);
  if (!text) {
    warnings.push_back(text.error().message + "; it was not imported and is left as it is");
    return;
  }
  auto parsed = parse_json_strict(*text);
  std::optional<std::string> problem;
  Result<LegacyFile::Imported> imported = Error{""};
  if (!parsed) {
    problem = parsed.error().message;
  } else {
    imported = file.convert(*parsed);
    if (!imported) problem = imported.error().message;
  }
  if (problem) {
    auto moved = rename_aside(path, ".corrupt-" + utc_stamp());
    warnings.push_back(moved ? fmt::format("{} was damaged ({}); it was moved to {} and not imported", path.string(),
                                           *problem, moved->string())
                             : fmt::format("{} was damaged ({}) and could not be moved aside: {}", path.string(),
                                           *problem, moved.error().message));
    return;
  }
  for (const Baseline& b : imported->baselines) {
    if (auto e = insert_baseline(db, b, file.name)) {
      warnings.push_back(e->message);
      return;
    }
  }
  for (const auto& [key, state] : imported->saves) {
    if (auto e = upsert_save(db, key, imported->game, state, 0)) {
      warnings.push_back(e->message);
      return;
    }
  }
  auto moved = rename_aside(path, ".imported");
  if (!moved) {
    warnings.push_back(moved.error().message + "; it was not imported");
    return;
  }
  if (auto e = t.commit()) {
    // Put the file back, so the import is tried again next time.
    fs::rename(*moved, path, ec);
    warnings.push_back(fmt::format("{} was not imported: {}", path.string(), e->message));
  }
}

}  // namespace

// ---- the store ------------------------------------------------------------------

GameStore::GameStore(fs::path path, std::unique_ptr<Db> db) : path_(std::move(path)), db_(std::move(db)) {}
GameStore::~GameStore() = default;

Result<std::unique_ptr<GameStore>> GameStore::open(const fs::path& dir, std::vector<std::string>& warnings,
                                                   const std::vector<LegacyFile>& legacy) {
  if (dir.empty()) return Error{"the state folder is an empty path"};
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return Error{fmt::format("cannot create the state folder {}: {}", dir.string(), ec.message())};
  const fs::path path = dir / kFileName;
  for (int attempt = 0;; ++attempt) {
    auto db = std::make_unique<Db>();
    const std::optional<std::string> why = try_open(*db, path);
    if (!why) {
      if (auto e = set_wal(*db)) return *e;
      db->exec("PRAGMA synchronous=FULL");
      if (auto e = migrate(*db, path, warnings)) return *e;
      for (const LegacyFile& f : legacy) import_legacy(*db, dir, f, warnings);
      return std::unique_ptr<GameStore>(new GameStore(path, std::move(db)));
    }
    db.reset();
    // A folder we cannot write to is not a damaged database: report it, move nothing.
    if (::access(dir.c_str(), W_OK) != 0) {
      return Error{fmt::format("cannot open {}: {} (the folder is not writable)", path.string(), *why)};
    }
    if (attempt > 0) return Error{fmt::format("cannot open {}: {}", path.string(), *why)};
    auto moved = rename_aside(path, ".corrupt-" + utc_stamp());
    if (!moved) return Error{fmt::format("{} is damaged ({}) and {}", path.string(), *why, moved.error().message)};
    for (const char* side : {"-wal", "-shm"}) {
      fs::path p = path;
      p += side;
      fs::path q = *moved;
      q += side;
      if (fs::exists(fs::symlink_status(p, ec))) fs::rename(p, q, ec);
    }
    warnings.push_back(fmt::format("{} could not be used ({}); it was moved to {} and a new one was started",
                                   path.string(), *why, moved->string()));
  }
}

Result<Recorded> GameStore::record(const FinishedGame& g) {
  Transaction t(*db_);
  if (t.begin_error()) return db_error(*db_, "cannot start a transaction");
  auto already = daily_counted(*db_, g);
  if (!already) return already.error();
  if (auto e = insert_game(*db_, g, !*already, "")) return *e;
  if (auto e = t.commit()) return db_error(*db_, "cannot store the game");
  return *already ? Recorded::DailyAlreadyCounted : Recorded::Counted;
}

Result<Recorded> GameStore::record_and_save(const FinishedGame& g, std::string_view key, const nlohmann::json& state,
                                            std::int64_t now) {
  Transaction t(*db_);
  if (t.begin_error()) return db_error(*db_, "cannot start a transaction");
  auto already = daily_counted(*db_, g);
  if (!already) return already.error();
  if (auto e = insert_game(*db_, g, !*already, "")) return *e;
  if (auto e = upsert_save(*db_, key, g.game, state, now)) return *e;
  if (auto e = t.commit()) return db_error(*db_, "cannot store the game");
  return *already ? Recorded::DailyAlreadyCounted : Recorded::Counted;
}

Result<std::optional<FinishedGame>> GameStore::daily_result(std::string_view game, std::int64_t day) {
  Stmt q(db_->handle, fmt::format("SELECT {} FROM games WHERE game = ? AND day = ? AND counted = 1 AND outcome != "
                                  "'abandoned' ORDER BY id LIMIT 1",
                                  kGameColumns)
                          .c_str());
  q.bind(1, game).bind(2, day);
  const int rc = q.step();
  if (rc == SQLITE_DONE) return std::optional<FinishedGame>{};
  if (rc != SQLITE_ROW) return db_error(*db_, "cannot read the games");
  return std::optional<FinishedGame>{read_game(q)};
}

Result<GameStats> GameStore::stats(std::string_view game, std::optional<std::string_view> mode) {
  GameStats s;
  std::uint64_t run = 0;
  {
    Stmt b(db_->handle, mode ? "SELECT stats FROM baselines WHERE game = ? AND mode = ?"
                             : "SELECT stats FROM baselines WHERE game = ?");
    b.bind(1, game);
    if (mode) b.bind(2, *mode);
    int rc;
    while ((rc = b.step()) == SQLITE_ROW) {
      auto j = nlohmann::json::parse(b.text(0), nullptr, false);
      if (j.is_discarded()) continue;
      const GameStats base = stats_from_json(j);
      add_capped(s.played, base.played);
      add_capped(s.wins, base.wins);
      add_capped(s.wins_unassisted, base.wins_unassisted);
      add_capped(s.abandoned, base.abandoned);
      s.max_streak = std::max(s.max_streak, base.max_streak);
      run = std::max(run, base.current_streak);
      for (const auto& [k, v] : base.tries) add_capped(s.tries[k], v);
      for (const auto& [k, v] : base.ended) add_capped(s.ended[k], v);
      s.best_score = std::max(s.best_score, base.best_score);
      add_capped(s.total_score, base.total_score);
    }
    if (rc != SQLITE_DONE) return db_error(*db_, "cannot read the statistics");
  }
  // The games in the order they were finished: streaks are runs of wins in that order.
  Stmt q(db_->handle, mode ? "SELECT outcome, tries, score, assisted, json_extract(detail, '$.ended') FROM games "
                             "WHERE game = ? AND mode = ? AND counted = 1 ORDER BY finished_at, id"
                           : "SELECT outcome, tries, score, assisted, json_extract(detail, '$.ended') FROM games "
                             "WHERE game = ? AND counted = 1 ORDER BY finished_at, id");
  q.bind(1, game);
  if (mode) q.bind(2, *mode);
  int rc;
  while ((rc = q.step()) == SQLITE_ROW) {
    const auto outcome = parse_outcome(q.text(0)).value_or(GameOutcome::Lost);
    const std::int64_t score = q.int64(2);
    // The best score counts games played without help (undo, hints) only.
    if (q.int64(3) == 0) s.best_score = std::max(s.best_score, score);
    add_capped(s.total_score, score);
    if (outcome == GameOutcome::Abandoned) {
      add_capped(s.abandoned, 1);
      continue;
    }
    add_capped(s.played, 1);
    if (!q.is_null(4)) add_capped(s.ended[q.text(4)], 1);
    if (outcome == GameOutcome::Won) {
      add_capped(s.wins, 1);
      if (q.int64(3) == 0) add_capped(s.wins_unassisted, 1);
      add_capped(s.tries[q.int64(1)], 1);
      add_capped(run, 1);
      s.max_streak = std::max(s.max_streak, run);
    } else {
      run = 0;
    }
  }
  if (rc != SQLITE_DONE) return db_error(*db_, "cannot read the games");
  s.current_streak = run;
  s.max_streak = std::max(s.max_streak, run);
  return s;
}

Result<std::vector<FinishedGame>> GameStore::history(std::string_view game, std::size_t limit) {
  Stmt q(db_->handle, fmt::format("SELECT {} FROM games WHERE (? = '' OR game = ?) ORDER BY finished_at DESC, id DESC "
                                  "LIMIT ?",
                                  kGameColumns)
                          .c_str());
  q.bind(1, game).bind(2, game).bind(3, static_cast<std::int64_t>(std::min<std::size_t>(limit, INT64_MAX)));
  std::vector<FinishedGame> out;
  int rc;
  while ((rc = q.step()) == SQLITE_ROW) out.push_back(read_game(q));
  if (rc != SQLITE_DONE) return db_error(*db_, "cannot read the games");
  return out;
}

Result<std::optional<nlohmann::json>> GameStore::load_save(std::string_view key) {
  Stmt q(db_->handle, "SELECT state FROM saves WHERE key = ?");
  q.bind(1, key);
  const int rc = q.step();
  if (rc == SQLITE_DONE) return std::optional<nlohmann::json>{};
  if (rc != SQLITE_ROW) return db_error(*db_, "cannot read the saved game");
  auto j = parse_json_strict(q.text(0));
  if (!j) return Error{fmt::format("the saved game '{}': {}", key, j.error().message)};
  return std::optional<nlohmann::json>{std::move(*j)};
}

std::optional<Error> GameStore::put_save(std::string_view key, std::string_view game, const nlohmann::json& state,
                                         std::int64_t now) {
  Transaction t(*db_);
  if (t.begin_error()) return db_error(*db_, "cannot start a transaction");
  if (auto e = upsert_save(*db_, key, game, state, now)) return e;
  if (t.commit()) return db_error(*db_, "cannot save the game");
  return std::nullopt;
}

std::optional<Error> GameStore::remove_save(std::string_view key) {
  Transaction t(*db_);
  if (t.begin_error()) return db_error(*db_, "cannot start a transaction");
  Stmt q(db_->handle, "DELETE FROM saves WHERE key = ?");
  q.bind(1, key);
  if (q.step() != SQLITE_DONE) return db_error(*db_, "cannot remove the saved game");
  if (t.commit()) return db_error(*db_, "cannot remove the saved game");
  return std::nullopt;
}

Result<std::string> GameStore::set_aside_save(std::string_view key, std::int64_t now) {
  Transaction t(*db_);
  if (t.begin_error()) return db_error(*db_, "cannot start a transaction");
  std::string target = fmt::format("damaged/{}/{}", key, now);
  for (int n = 2;; ++n) {
    Stmt q(db_->handle, "SELECT 1 FROM saves WHERE key = ?");
    q.bind(1, target);
    if (q.step() != SQLITE_ROW) break;
    target = fmt::format("damaged/{}/{}-{}", key, now, n);
  }
  Stmt q(db_->handle, "UPDATE saves SET key = ? WHERE key = ?");
  q.bind(1, target).bind(2, key);
  if (q.step() != SQLITE_DONE) return db_error(*db_, "cannot set the damaged save aside");
  if (t.commit()) return db_error(*db_, "cannot set the damaged save aside");
  return target;
}

Result<std::vector<std::string>> GameStore::save_keys(std::string_view prefix) {
  Stmt q(db_->handle, "SELECT key FROM saves WHERE substr(key, 1, length(?)) = ? ORDER BY key");
  q.bind(1, prefix).bind(2, prefix);
  std::vector<std::string> out;
  int rc;
  while ((rc = q.step()) == SQLITE_ROW) out.push_back(q.text(0));
  if (rc != SQLITE_DONE) return db_error(*db_, "cannot read the saved games");
  return out;
}

Result<std::uint64_t> GameStore::prune_saves(std::string_view prefix, std::uint64_t keep) {
  Transaction t(*db_);
  if (t.begin_error()) return db_error(*db_, "cannot start a transaction");
  Stmt q(db_->handle,
         "DELETE FROM saves WHERE substr(key, 1, length(?1)) = ?1 AND key NOT IN "
         "(SELECT key FROM saves WHERE substr(key, 1, length(?1)) = ?1 "
         "ORDER BY updated_at DESC, key LIMIT ?2)");
  q.bind(1, prefix).bind(2, static_cast<std::int64_t>(keep));
  if (q.step() != SQLITE_DONE) return db_error(*db_, "cannot remove old saves");
  const auto removed = static_cast<std::uint64_t>(sqlite3_changes(db_->handle));
  if (t.commit()) return db_error(*db_, "cannot remove old saves");
  return removed;
}

Result<std::optional<std::string>> GameStore::setting(std::string_view key) {
  Stmt q(db_->handle, "SELECT value FROM settings WHERE key = ?");
  q.bind(1, key);
  const int rc = q.step();
  if (rc == SQLITE_DONE) return std::optional<std::string>{};
  if (rc != SQLITE_ROW) return db_error(*db_, "cannot read the settings");
  return std::optional<std::string>{q.text(0)};
}

std::optional<Error> GameStore::set_setting(std::string_view key, std::string_view value) {
  Transaction t(*db_);
  if (t.begin_error()) return db_error(*db_, "cannot start a transaction");
  Stmt q(db_->handle, "INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)");
  q.bind(1, key).bind(2, value);
  if (q.step() != SQLITE_DONE) return db_error(*db_, "cannot store the setting");
  if (t.commit()) return db_error(*db_, "cannot store the setting");
  return std::nullopt;
}

namespace {

nlohmann::json game_to_json(const FinishedGame& g, bool counted) {
  nlohmann::json j{{"game", g.game},
                   {"mode", g.mode},
                   {"finished_at", g.finished_at},
                   {"puzzle", g.puzzle},
                   {"moves", g.moves},
                   {"outcome", outcome_name(g.outcome)},
                   {"score", g.score},
                   {"tries", g.tries},
                   {"assisted", g.assisted},
                   {"duration", g.duration_seconds},
                   {"frontend", g.frontend},
                   {"detail", g.detail},
                   {"counted", counted}};
  j["day"] = g.day ? nlohmann::json(*g.day) : nlohmann::json(nullptr);
  return j;
}

// Reads one exported game; every field is checked, so a hand-edited file is refused
// with the index and field rather than stored half-valid.
Result<FinishedGame> game_from_json(const nlohmann::json& j, std::size_t index) {
  auto bad = [&](const char* field) {
    return Error{fmt::format("games[{}]: \"{}\" is missing or of the wrong type", index, field)};
  };
  if (!j.is_object()) return Error{fmt::format("games[{}] is not an object", index)};
  FinishedGame g;
  auto str = [&](const char* k, std::string& out) {
    if (!j.contains(k) || !j[k].is_string()) return false;
    out = j[k].get<std::string>();
    return out.size() <= 4096;
  };
  auto num = [&](const char* k, std::int64_t& out) {
    if (!j.contains(k) || !j[k].is_number_integer()) return false;
    out = j[k].get<std::int64_t>();
    return true;
  };
  if (!str("game", g.game) || g.game.empty()) return bad("game");
  if (!str("mode", g.mode)) return bad("mode");
  if (!num("finished_at", g.finished_at) || g.finished_at < 0) return bad("finished_at");
  if (!str("puzzle", g.puzzle)) return bad("puzzle");
  std::string outcome;
  if (!str("outcome", outcome) || !parse_outcome(outcome)) return bad("outcome");
  g.outcome = *parse_outcome(outcome);
  if (!num("score", g.score) || g.score < 0) return bad("score");
  if (!num("tries", g.tries) || g.tries < 0) return bad("tries");
  if (!j.contains("moves") || !j["moves"].is_array()) return bad("moves");
  g.moves = j["moves"];
  if (j.contains("day") && !j["day"].is_null()) {
    std::int64_t d = 0;
    if (!num("day", d) || d < 0) return bad("day");
    g.day = d;
  }
  if (j.contains("assisted")) {
    if (!j["assisted"].is_boolean()) return bad("assisted");
    g.assisted = j["assisted"].get<bool>();
  }
  if (j.contains("duration")) {
    if (!j["duration"].is_number() || !(j["duration"].get<double>() >= 0)) return bad("duration");
    g.duration_seconds = j["duration"].get<double>();
  }
  if (j.contains("frontend") && !str("frontend", g.frontend)) return bad("frontend");
  if (j.contains("detail")) {
    if (!j["detail"].is_object()) return bad("detail");
    g.detail = j["detail"];
  }
  return g;
}

}  // namespace

Result<nlohmann::json> GameStore::export_all() {
  nlohmann::json doc{{"schema", "puzzlelab.export/1"}};
  nlohmann::json games = nlohmann::json::array();
  {
    Stmt q(db_->handle,
           fmt::format("SELECT {}, counted, uid FROM games ORDER BY finished_at, id", kGameColumns).c_str());
    int rc;
    while ((rc = q.step()) == SQLITE_ROW) {
      nlohmann::json g = game_to_json(read_game(q), q.int64(14) != 0);
      g["uid"] = q.text(15);
      games.push_back(std::move(g));
    }
    if (rc != SQLITE_DONE) return db_error(*db_, "cannot read the games");
  }
  doc["games"] = std::move(games);
  nlohmann::json baselines = nlohmann::json::array();
  {
    Stmt q(db_->handle, "SELECT game, mode, stats, source FROM baselines ORDER BY game, mode, source");
    int rc;
    while ((rc = q.step()) == SQLITE_ROW) {
      auto stats = nlohmann::json::parse(q.text(2), nullptr, false);
      if (stats.is_discarded()) continue;
      baselines.push_back({{"game", q.text(0)}, {"mode", q.text(1)}, {"stats", stats}, {"source", q.text(3)}});
    }
    if (rc != SQLITE_DONE) return db_error(*db_, "cannot read the statistics");
  }
  doc["baselines"] = std::move(baselines);
  nlohmann::json saves = nlohmann::json::array();
  {
    Stmt q(db_->handle, "SELECT key, game, state, updated_at FROM saves ORDER BY key");
    int rc;
    while ((rc = q.step()) == SQLITE_ROW) {
      auto state = nlohmann::json::parse(q.text(2), nullptr, false);
      if (state.is_discarded()) continue;
      saves.push_back({{"key", q.text(0)}, {"game", q.text(1)}, {"state", state}, {"updated_at", q.int64(3)}});
    }
    if (rc != SQLITE_DONE) return db_error(*db_, "cannot read the saved games");
  }
  doc["saves"] = std::move(saves);
  nlohmann::json settings = nlohmann::json::object();
  {
    Stmt q(db_->handle, "SELECT key, value FROM settings ORDER BY key");
    int rc;
    while ((rc = q.step()) == SQLITE_ROW) settings[q.text(0)] = q.text(1);
    if (rc != SQLITE_DONE) return db_error(*db_, "cannot read the settings");
  }
  doc["settings"] = std::move(settings);
  return doc;
}

std::optional<Error> GameStore::import_all(const nlohmann::json& doc, std::vector<std::string>* kept) {
  if (!doc.is_object() || doc.value("schema", "") != "puzzlelab.export/1") {
    return Error{"not a puzzlelab export (expected \"schema\": \"puzzlelab.export/1\")"};
  }
  for (const char* k : {"games", "baselines", "saves"}) {
    if (!doc.contains(k) || !doc[k].is_array()) return Error{fmt::format("\"{}\" must be a list", k)};
  }
  if (!doc.contains("settings") || !doc["settings"].is_object()) return Error{"\"settings\" must be an object"};
  // Check everything before writing anything.
  std::vector<std::pair<FinishedGame, bool>> games;
  for (std::size_t i = 0; i < doc["games"].size(); ++i) {
    auto g = game_from_json(doc["games"][i], i);
    if (!g) return g.error();
    const auto& c = doc["games"][i];
    games.emplace_back(std::move(*g), !c.contains("counted") || c["counted"] != false);
  }
  for (std::size_t i = 0; i < doc["baselines"].size(); ++i) {
    const auto& b = doc["baselines"][i];
    if (!b.is_object() || !b.contains("game") || !b["game"].is_string() || !b.contains("mode") ||
        !b["mode"].is_string() || !b.contains("stats") || !b["stats"].is_object()) {
      return Error{fmt::format("baselines[{}] needs \"game\", \"mode\" and \"stats\"", i)};
    }
  }
  for (std::size_t i = 0; i < doc["saves"].size(); ++i) {
    const auto& s = doc["saves"][i];
    if (!s.is_object() || !s.contains("key") || !s["key"].is_string() || !s.contains("game") ||
        !s["game"].is_string() || !s.contains("state")) {
      return Error{fmt::format("saves[{}] needs \"key\", \"game\" and \"state\"", i)};
    }
  }
  for (const auto& [k, v] : doc["settings"].items()) {
    if (!v.is_string()) return Error{fmt::format("settings.{} must be a string", k)};
  }

  Transaction t(*db_);
  if (t.begin_error()) return db_error(*db_, "cannot start a transaction");
  for (std::size_t i = 0; i < games.size(); ++i) {
    const auto& [g, counted_there] = games[i];
    // The same game (exported and imported twice) is not added again: games carry a
    // unique id; without one (a hand-written file), the same contents count as the same.
    const auto& c = doc["games"][i];
    const std::string uid = c.contains("uid") && c["uid"].is_string() ? c["uid"].get<std::string>() : "";
    if (!uid.empty()) {
      Stmt same(db_->handle, "SELECT 1 FROM games WHERE uid = ? LIMIT 1");
      same.bind(1, uid);
      if (same.step() == SQLITE_ROW) continue;
    } else {
      Stmt same(db_->handle,
                "SELECT 1 FROM games WHERE game = ? AND mode = ? AND finished_at = ? AND puzzle = ? AND moves = ? AND "
                "outcome = ? LIMIT 1");
      same.bind(1, g.game).bind(2, g.mode).bind(3, g.finished_at).bind(4, g.puzzle).bind(5, g.moves.dump());
      same.bind(6, outcome_name(g.outcome));
      if (same.step() == SQLITE_ROW) continue;
    }
    bool counted = counted_there;
    if (counted) {
      auto already = daily_counted(*db_, g);
      if (!already) return already.error();
      counted = !*already;
    }
    if (auto e = insert_game(*db_, g, counted, uid)) return e;
  }
  for (const auto& b : doc["baselines"]) {
    Baseline base{b["game"].get<std::string>(), b["mode"].get<std::string>(), stats_from_json(b["stats"])};
    const std::string source = b.contains("source") && b["source"].is_string() ? b["source"].get<std::string>() : "";
    if (auto e = insert_baseline(*db_, base, source)) return e;
  }
  for (const auto& s : doc["saves"]) {
    {
      Stmt here(db_->handle, "SELECT state FROM saves WHERE key = ?");
      here.bind(1, s["key"].get<std::string>());
      const int rc = here.step();
      if (rc != SQLITE_ROW && rc != SQLITE_DONE) return db_error(*db_, "cannot read the saved games");
      if (rc == SQLITE_ROW) {
        const auto state = nlohmann::json::parse(here.text(0), nullptr, false);
        if (state != s["state"] && kept != nullptr) kept->push_back(s["key"].get<std::string>());
        continue;
      }
    }
    const std::int64_t at = s.contains("updated_at") && s["updated_at"].is_number_integer()
                                ? s["updated_at"].get<std::int64_t>()
                                : 0;
    if (auto e = upsert_save(*db_, s["key"].get<std::string>(), s["game"].get<std::string>(), s["state"], at)) return e;
  }
  for (const auto& [k, v] : doc["settings"].items()) {
    Stmt q(db_->handle, "INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)");
    q.bind(1, k).bind(2, v.get<std::string>());
    if (q.step() != SQLITE_DONE) return db_error(*db_, "cannot store a setting");
  }
  if (t.commit()) return db_error(*db_, "cannot import");
  return std::nullopt;
}

}  // namespace puzzlelab::core
