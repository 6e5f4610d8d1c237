// The player's store: statistics from the games behind them, daily puzzles counted
// once, the JSON import of older versions, damaged databases moved aside, export and
// import, and what survives a process killed mid-write.
#include "core/game_store.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include <gtest/gtest.h>

namespace puzzlelab::core {
namespace {

namespace fs = std::filesystem;

class GameStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("puzzlelab-store-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::unique_ptr<GameStore> open(std::vector<std::string>* warnings = nullptr,
                                  const std::vector<LegacyFile>& legacy = {}) {
    std::vector<std::string> w;
    auto s = GameStore::open(dir_, warnings ? *warnings : w, legacy);
    EXPECT_TRUE(s.ok()) << (s.ok() ? "" : s.error().message);
    return s.ok() ? std::move(*s) : nullptr;
  }
  void write(const std::string& name, const std::string& text) { std::ofstream(dir_ / name, std::ios::binary) << text; }
  std::vector<std::string> files() {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(dir_)) out.push_back(e.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
  }

  fs::path dir_;
};

FinishedGame game(const std::string& name, GameOutcome o, std::int64_t tries, std::int64_t at) {
  FinishedGame g;
  g.game = name;
  g.mode = "normal";
  g.finished_at = at;
  g.puzzle = "cigar";
  g.outcome = o;
  g.tries = tries;
  return g;
}

TEST_F(GameStoreTest, StatisticsComeFromTheGames) {
  auto s = open();
  ASSERT_TRUE(s);
  const GameOutcome W = GameOutcome::Won, L = GameOutcome::Lost, A = GameOutcome::Abandoned;
  // won won lost won won won abandoned won: streaks 2, then 4 (the abandoned game
  // neither counts nor breaks the run).
  const GameOutcome seq[] = {W, W, L, W, W, W, A, W};
  std::int64_t t = 100;
  for (const auto o : seq) ASSERT_TRUE(s->record(game("wordle", o, o == W ? 3 : 6, t++)).ok());
  ASSERT_TRUE(s->record(game("handle", L, 10, t++)).ok());
  auto st = s->stats("wordle");
  ASSERT_TRUE(st.ok());
  EXPECT_EQ(st->played, 7u);
  EXPECT_EQ(st->wins, 6u);
  EXPECT_EQ(st->abandoned, 1u);
  EXPECT_EQ(st->current_streak, 4u);
  EXPECT_EQ(st->max_streak, 4u);
  EXPECT_EQ(st->tries.at(3), 6u);
  EXPECT_EQ(st->win_percent(), 86);  // 6/7 = 85.7: rounded, as NYT shows it
  auto h = s->history("wordle", 3);
  ASSERT_TRUE(h.ok());
  ASSERT_EQ(h->size(), 3u);
  EXPECT_EQ((*h)[0].finished_at, 107);
  EXPECT_EQ((*h)[0].outcome, W);
  EXPECT_EQ((*h)[1].outcome, A);
}

TEST_F(GameStoreTest, ADailyPuzzleIsCountedOnce) {
  auto s = open();
  FinishedGame g = game("handle", GameOutcome::Won, 4, 1);
  g.day = 100;
  EXPECT_EQ(*s->record(g), Recorded::Counted);
  g.finished_at = 2;
  EXPECT_EQ(*s->record(g), Recorded::DailyAlreadyCounted);
  g.outcome = GameOutcome::Lost;
  EXPECT_EQ(*s->record(g), Recorded::DailyAlreadyCounted);
  g.day = 101;
  EXPECT_EQ(*s->record(g), Recorded::Counted);
  // The same day number with another answer is another puzzle (a day recorded by an
  // older version under another meaning of the number): counted.
  g.day = 100;
  g.puzzle = "rebut";
  g.outcome = GameOutcome::Won;
  EXPECT_EQ(*s->record(g), Recorded::Counted);
  auto st = s->stats("handle");
  EXPECT_EQ(st->played, 3u);
  EXPECT_EQ(st->wins, 2u);
  auto d = s->daily_result("handle", 100);
  ASSERT_TRUE(d.ok() && d->has_value());
  EXPECT_EQ((*d)->outcome, GameOutcome::Won);
  EXPECT_FALSE(s->daily_result("handle", 7)->has_value());
}

TEST_F(GameStoreTest, SavesAndSettingsPersistAcrossOpens) {
  {
    auto s = open();
    ASSERT_FALSE(s->put_save("terminal/2048/4x4", "2048", nlohmann::json{{"score", 12}}, 5));
    ASSERT_FALSE(s->set_setting("palette", "high-contrast"));
  }
  auto s = open();
  auto save = s->load_save("terminal/2048/4x4");
  ASSERT_TRUE(save.ok() && save->has_value());
  EXPECT_EQ((**save)["score"], 12);
  EXPECT_EQ(**s->setting("palette"), "high-contrast");
  auto aside = s->set_aside_save("terminal/2048/4x4", 9);
  ASSERT_TRUE(aside.ok());
  EXPECT_EQ(*aside, "damaged/terminal/2048/4x4/9");
  EXPECT_FALSE(s->load_save("terminal/2048/4x4")->has_value());
  EXPECT_EQ(s->save_keys("damaged/")->size(), 1u);
}

TEST_F(GameStoreTest, ImportsOlderJsonFilesOnceAndKeepsThemAsImported) {
  write("wordle-stats.json", R"({"played": 10, "wins": 9, "current_streak": 3, "max_streak": 5})");
  write("handle-stats.json", "{not json");
  write("24-score.json", R"({"points": -4})");
  const std::vector<LegacyFile> legacy = {
      {"wordle-stats.json",
       [](const nlohmann::json& j) -> Result<LegacyFile::Imported> {
         GameStats s;
         s.played = j["played"];
         s.wins = j["wins"];
         s.current_streak = j["current_streak"];
         s.max_streak = j["max_streak"];
         s.tries[4] = 9;
         return LegacyFile::Imported{{Baseline{"wordle", "", s}}, {}, ""};
       }},
      {"handle-stats.json", [](const nlohmann::json&) -> Result<LegacyFile::Imported> { return LegacyFile::Imported{}; }},
      {"24-score.json", [](const nlohmann::json&) -> Result<LegacyFile::Imported> {
         return Error{"points must not be negative"};
       }}};
  std::vector<std::string> warnings;
  {
    auto s = open(&warnings, legacy);
    ASSERT_TRUE(s);
    // The baseline and the games after it make one record: the streak of 3 goes on.
    ASSERT_TRUE(s->record(game("wordle", GameOutcome::Won, 2, 1)).ok());
    auto st = s->stats("wordle");
    EXPECT_EQ(st->played, 11u);
    EXPECT_EQ(st->wins, 10u);
    EXPECT_EQ(st->current_streak, 4u);
    EXPECT_EQ(st->max_streak, 5u);
    EXPECT_EQ(st->tries.at(4), 9u);
    EXPECT_EQ(st->tries.at(2), 1u);
  }
  ASSERT_EQ(warnings.size(), 2u);  // the damaged handle file and the refused 24 file
  EXPECT_NE(warnings[0].find("not valid JSON"), std::string::npos) << warnings[0];
  EXPECT_NE(warnings[1].find("points must not be negative"), std::string::npos) << warnings[1];
  const auto names = files();
  auto has_prefix = [&](const std::string& p) {
    return std::any_of(names.begin(), names.end(), [&](const std::string& n) { return n.rfind(p, 0) == 0; });
  };
  EXPECT_TRUE(has_prefix("wordle-stats.json.imported"));
  EXPECT_TRUE(has_prefix("handle-stats.json.corrupt-"));
  EXPECT_TRUE(has_prefix("24-score.json.corrupt-"));
  EXPECT_FALSE(fs::exists(dir_ / "wordle-stats.json"));
  // Opening again imports nothing twice.
  warnings.clear();
  auto s = open(&warnings, legacy);
  EXPECT_TRUE(warnings.empty());
  EXPECT_EQ(s->stats("wordle")->played, 11u);
}

TEST_F(GameStoreTest, AStatisticsFileThatCannotBeReadIsLeftAlone) {
  // A folder where a file should be cannot be read (nor can a file without read
  // permission, which root can read anyway): it is not imported, not moved, not
  // written over, and the warning names it.
  fs::create_directories(dir_ / "wordle-stats.json");
  const std::vector<LegacyFile> legacy = {
      {"wordle-stats.json", [](const nlohmann::json&) -> Result<LegacyFile::Imported> { return LegacyFile::Imported{}; }}};
  std::vector<std::string> warnings;
  auto s = open(&warnings, legacy);
  ASSERT_TRUE(s);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("wordle-stats.json"), std::string::npos);
  EXPECT_NE(warnings[0].find("left as it is"), std::string::npos) << warnings[0];
  EXPECT_TRUE(fs::is_directory(dir_ / "wordle-stats.json"));
}

TEST_F(GameStoreTest, ADamagedDatabaseIsMovedAsideNeverWrittenOver) {
  const auto p = dir_ / GameStore::kFileName;
  std::mt19937_64 rng(7);
  std::string noise(50000, '\0');
  for (auto& c : noise) c = static_cast<char>(rng());
  struct Case {
    const char* what;
    std::function<void()> make;
  };
  const std::vector<Case> cases = {
      {"random bytes", [&] { write(GameStore::kFileName, noise); }},
      {"a truncated database",
       [&] {
         {
           auto s = open();
           for (int i = 0; i < 200; ++i) ASSERT_TRUE(s->record(game("wordle", GameOutcome::Won, 3, i)).ok());
         }
         fs::remove(dir_ / (std::string(GameStore::kFileName) + "-wal"));
         fs::remove(dir_ / (std::string(GameStore::kFileName) + "-shm"));
         fs::resize_file(p, fs::file_size(p) / 2 + 100);
       }},
      {"a folder", [&] { fs::create_directories(p); }},
      {"a link to /dev/zero", [&] { fs::create_symlink("/dev/zero", p); }},
      {"a link to nothing", [&] { fs::create_symlink(dir_ / "nothing", p); }},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.what);
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    c.make();
    std::vector<std::string> warnings;
    const auto t0 = std::chrono::steady_clock::now();
    auto s = open(&warnings);
    EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(10));
    ASSERT_TRUE(s);
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_NE(warnings[0].find("moved to"), std::string::npos) << warnings[0];
    // The new database works, and the damaged one is still there under another name.
    EXPECT_TRUE(s->record(game("wordle", GameOutcome::Won, 3, 1)).ok());
    EXPECT_EQ(s->stats("wordle")->played, 1u);
    const auto names = files();
    EXPECT_TRUE(std::any_of(names.begin(), names.end(), [](const std::string& n) {
      return n.rfind(std::string(GameStore::kFileName) + ".corrupt-", 0) == 0;
    }));
  }
}

// A store kept elsewhere and linked into the state folder (a synced folder) is used
// where it is, not moved aside as damaged with a new, empty one started.
TEST_F(GameStoreTest, ADatabaseReachedThroughASymbolicLinkIsUsed) {
  const fs::path elsewhere = dir_ / "elsewhere";
  fs::create_directories(elsewhere);
  {
    std::vector<std::string> w;
    auto s = GameStore::open(elsewhere, w, {});
    ASSERT_TRUE(s.ok());
    ASSERT_TRUE((*s)->record(game("wordle", GameOutcome::Won, 3, 1)).ok());
  }
  fs::create_symlink(elsewhere / GameStore::kFileName, dir_ / GameStore::kFileName);
  std::vector<std::string> warnings;
  auto s = open(&warnings);
  ASSERT_TRUE(s);
  EXPECT_TRUE(warnings.empty()) << warnings[0];
  EXPECT_EQ(s->stats("wordle")->played, 1u);
  ASSERT_TRUE(s->record(game("wordle", GameOutcome::Won, 3, 2)).ok());
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(dir_ / GameStore::kFileName)));
  s.reset();
  std::vector<std::string> w;
  auto there = GameStore::open(elsewhere, w, {});
  ASSERT_TRUE(there.ok());
  EXPECT_EQ((*there)->stats("wordle")->played, 2u);
}

TEST_F(GameStoreTest, ExportAndImportCarryEverything) {
  nlohmann::json doc;
  {
    auto s = open();
    FinishedGame g = game("handle", GameOutcome::Won, 5, 10);
    g.day = 3;
    g.moves = {"一心一意"};
    g.detail = {{"ended", "won"}};
    ASSERT_TRUE(s->record(g).ok());
    ASSERT_TRUE(s->record(game("wordle", GameOutcome::Lost, 6, 11)).ok());
    ASSERT_FALSE(s->put_save("terminal/2048/4x4", "2048", nlohmann::json{{"score", 4}}, 1));
    ASSERT_FALSE(s->set_setting("lang", "zh"));
    doc = *s->export_all();
  }
  fs::remove_all(dir_);
  fs::create_directories(dir_);
  auto s = open();
  ASSERT_FALSE(s->import_all(doc));
  ASSERT_FALSE(s->import_all(doc));  // twice: nothing doubles
  EXPECT_EQ(*s->export_all(), doc);
  EXPECT_EQ(s->stats("handle")->wins, 1u);
  // A saved game in progress here is never replaced by an imported one of the same key.
  ASSERT_FALSE(s->put_save("terminal/2048/4x4", "2048", nlohmann::json{{"score", 40}}, 2));
  std::vector<std::string> kept;
  ASSERT_FALSE(s->import_all(doc, &kept));
  EXPECT_EQ(kept, std::vector<std::string>{"terminal/2048/4x4"});
  EXPECT_EQ((*s->load_save("terminal/2048/4x4"))->at("score"), 40);
  // A hand-edited file is refused whole, naming the field.
  nlohmann::json bad = doc;
  bad["games"][1]["tries"] = -1;
  auto e = s->import_all(bad);
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("games[1]"), std::string::npos) << e->message;
  EXPECT_NE(e->message.find("tries"), std::string::npos) << e->message;
}

// Figures from an edited store or an imported file (a score of 2^63 - 1 three times, a
// baseline of 2^64 - 1 games) stop at the type's limit: no total wraps to 0 or below,
// and a win share stays within 100 %.
TEST_F(GameStoreTest, TotalsOfHostileFiguresStopAtTheLimitInsteadOfWrapping) {
  auto s = open();
  ASSERT_TRUE(s);
  for (std::int64_t t = 0; t < 3; ++t) {
    FinishedGame g = game("24", GameOutcome::Won, 1, t);
    g.score = INT64_MAX;
    ASSERT_TRUE(s->record(g).ok());
  }
  auto st = s->stats("24");
  ASSERT_TRUE(st.ok());
  EXPECT_EQ(st->total_score, INT64_MAX);
  nlohmann::json doc = *s->export_all();
  doc["games"] = nlohmann::json::array();
  doc["baselines"] = {{{"game", "wordle"},
                       {"mode", "normal"},
                       {"stats", {{"played", UINT64_MAX}, {"wins", UINT64_MAX}, {"tries", {{"3", UINT64_MAX}}}}}},
                      {{"game", "handle"}, {"mode", "normal"}, {"stats", {{"played", 1u}, {"wins", 10u}}}}};
  ASSERT_FALSE(s->import_all(doc));
  ASSERT_TRUE(s->record(game("wordle", GameOutcome::Won, 3, 10)).ok());
  st = s->stats("wordle");
  ASSERT_TRUE(st.ok());
  EXPECT_EQ(st->played, UINT64_MAX);
  EXPECT_EQ(st->wins, UINT64_MAX);
  EXPECT_EQ(st->tries.at(3), UINT64_MAX);
  EXPECT_EQ(st->win_percent(), 100);
  EXPECT_EQ(s->stats("handle")->win_percent(), 100);
}

// A process killed at random points while it saves and records: the database always
// opens, every game committed before the kill is there, and the saved game is the
// last committed state (saved before its game is recorded, so one ahead at most).
TEST_F(GameStoreTest, KillNineDuringSavesLosesNothingCommitted) {
  std::mt19937_64 rng(11);
  int total_games = 0;
  for (int round = 0; round < 8; ++round) {
    { auto s = open(); }  // created before the child, so the kill never hits creation
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      std::vector<std::string> w;
      auto s = GameStore::open(dir_, w);
      if (!s) _exit(3);
      for (int i = 0; i < 200; ++i) {
        const auto played = static_cast<std::int64_t>((*s)->stats("2048")->abandoned);
        if ((*s)->put_save("terminal/2048/4x4", "2048", nlohmann::json{{"n", played + 1}}, i)) _exit(4);
        FinishedGame g = game("2048", GameOutcome::Abandoned, 1, played + 1);
        if (!(*s)->record(g)) _exit(5);
      }
      _exit(0);
    }
    std::this_thread::sleep_for(std::chrono::microseconds(rng() % 300000));
    ::kill(pid, SIGKILL);
    int status = 0;
    ::waitpid(pid, &status, 0);
    if (WIFEXITED(status)) {
      ASSERT_EQ(WEXITSTATUS(status), 0);
    }
    std::vector<std::string> warnings;
    auto s = open(&warnings);
    ASSERT_TRUE(s);
    EXPECT_TRUE(warnings.empty()) << warnings.front();
    const auto games = static_cast<int>(s->stats("2048")->abandoned);
    EXPECT_GE(games, total_games);
    total_games = games;
    auto saved = s->load_save("terminal/2048/4x4");
    ASSERT_TRUE(saved.ok());
    if (saved->has_value()) {
      const int n = (**saved)["n"];
      EXPECT_TRUE(n == games || n == games + 1) << "saved " << n << ", games " << games;
    }
    // Every game's number is there once, in order: none lost, none doubled.
    auto h = s->history("2048", 100000);
    ASSERT_TRUE(h.ok());
    ASSERT_EQ(static_cast<int>(h->size()), games);
    for (int i = 0; i < games; ++i) EXPECT_EQ((*h)[static_cast<std::size_t>(games - 1 - i)].finished_at, i + 1);
  }
  EXPECT_GT(total_games, 0);
}

// What the player's statistics list for a game read back from the store: every public
// field (the day as null for a game that is not a daily puzzle).
TEST_F(GameStoreTest, AFinishedGameAsTheStatisticsShowIt) {
  auto s = open();
  FinishedGame g;
  g.game = "handle";
  g.mode = "normal";
  g.finished_at = 1700000000;
  g.puzzle = "光阴似箭";
  g.day = 123;
  g.moves = nlohmann::json::array({"一心一意", "光阴似箭"});
  g.outcome = GameOutcome::Won;
  g.tries = 2;
  g.frontend = "web";
  ASSERT_TRUE(s->record(g).ok());
  g.day.reset();
  g.outcome = GameOutcome::Abandoned;
  ASSERT_TRUE(s->record(g).ok());
  auto h = s->history("handle", 5);
  ASSERT_TRUE(h.ok());
  ASSERT_EQ(h->size(), 2u);
  const bool won_first = (*h)[0].outcome == GameOutcome::Won;
  const nlohmann::json daily = finished_game_to_json((*h)[won_first ? 0 : 1]);
  const nlohmann::json left = finished_game_to_json((*h)[won_first ? 1 : 0]);
  EXPECT_EQ(left["outcome"], "abandoned");
  EXPECT_TRUE(left["day"].is_null());
  EXPECT_EQ(daily, (nlohmann::json{{"finished_at", 1700000000},
                                   {"mode", "normal"},
                                   {"puzzle", "光阴似箭"},
                                   {"day", 123},
                                   {"outcome", "won"},
                                   {"score", 0},
                                   {"tries", 2},
                                   {"moves", {"一心一意", "光阴似箭"}},
                                   {"frontend", "web"}}));
}

}  // namespace
}  // namespace puzzlelab::core
