#include <gtest/gtest.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/data_source.h"
#include "core/progress.h"
#include "core/state_store.h"

namespace puzzlelab::core {
namespace {

namespace fs = std::filesystem;

class TempDir {
 public:
  TempDir() {
    std::string tmpl = (fs::temp_directory_path() / "puzzlelab-test-XXXXXX").string();
    path_ = ::mkdtemp(tmpl.data());
  }
  ~TempDir() {
    std::error_code ec;
    fs::permissions(path_, fs::perms::owner_all, ec);
    fs::remove_all(path_, ec);
  }
  [[nodiscard]] const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

std::string read_all(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(StateDir, XdgRule) {
  EXPECT_EQ(default_state_dir("/x/state", "/home/u"), fs::path("/x/state/puzzlelab"));
  EXPECT_EQ(default_state_dir("relative", "/home/u"), fs::path("/home/u/.local/state/puzzlelab"));
  EXPECT_EQ(default_state_dir("", "/home/u"), fs::path("/home/u/.local/state/puzzlelab"));
  EXPECT_EQ(default_state_dir(nullptr, "/home/u"), fs::path("/home/u/.local/state/puzzlelab"));
  EXPECT_EQ(default_state_dir(nullptr, nullptr), std::nullopt);
}

TEST(StrictJson, ARepeatedKeyIsRefusedAtAnyDepth) {
  EXPECT_TRUE(parse_json_strict(R"({"a": 1, "b": {"a": 2}, "c": [{"a": 1}, {"a": 2}]})").ok());
  for (const char* text : {R"({"a": 1, "a": 2})", R"({"x": {"b": 1, "b": 1}})", R"([{"k": 1, "k": 1}])"}) {
    const auto r = parse_json_strict(text);
    ASSERT_FALSE(r.ok()) << text;
    EXPECT_NE(r.error().message.find("appears twice"), std::string::npos) << r.error().message;
  }
  EXPECT_EQ(parse_json_strict("{").error().message, "not valid JSON");
}

TEST(ReadCapped, RefusesDevicesFoldersAndFilesOverTheCap) {
  const auto dir = std::filesystem::temp_directory_path() / ("puzzlelab-cap-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "small") << "12345";
  EXPECT_EQ(*read_file_capped(dir / "small", 5), "12345");
  EXPECT_NE(read_file_capped(dir / "small", 4).error().message.find("more than the 4 bytes"), std::string::npos);
  EXPECT_NE(read_file_capped("/dev/zero", 1 << 20).error().message.find("not a regular file"), std::string::npos);
  EXPECT_NE(read_file_capped(dir, 1 << 20).error().message.find("folder"), std::string::npos);
  std::atomic<bool> cancel{true};
  EXPECT_NE(read_file_capped(dir / "small", 5, &cancel).error().message.find("interrupted"), std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST(StateStore, SaveLoadRoundTripCreatesFolder) {
  TempDir tmp;
  StateStore store(tmp.path() / "a" / "b");
  auto missing = store.load("x.json");
  ASSERT_TRUE(missing.ok());
  EXPECT_FALSE(missing->value.has_value());
  nlohmann::json j{{"played", 3}, {"name", "汉兜"}};
  ASSERT_FALSE(store.save("x.json", j).has_value());
  auto back = store.load("x.json");
  ASSERT_TRUE(back.ok());
  ASSERT_TRUE(back->value.has_value());
  EXPECT_EQ(*back->value, j);
  // No temporary files are left behind.
  int files = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(store.dir())) ++files;
  EXPECT_EQ(files, 1);
}

TEST(StateStore, DamagedFileIsMovedAsideNeverOverwritten) {
  TempDir tmp;
  StateStore store(tmp.path());
  {
    std::ofstream(tmp.path() / "stats.json") << "{\"played\": 3,,, garbage";
  }
  auto loaded = store.load("stats.json");
  ASSERT_TRUE(loaded.ok());
  EXPECT_FALSE(loaded->value.has_value());
  ASSERT_TRUE(loaded->warning.has_value());
  EXPECT_NE(loaded->warning->find("moved to"), std::string::npos);
  EXPECT_FALSE(fs::exists(tmp.path() / "stats.json"));
  // The damaged bytes survive under the new name.
  bool found = false;
  for (const auto& e : fs::directory_iterator(tmp.path())) {
    if (e.path().filename().string().rfind("stats.json.corrupt-", 0) == 0) {
      found = true;
      EXPECT_EQ(read_all(e.path()), "{\"played\": 3,,, garbage");
    }
  }
  EXPECT_TRUE(found);
  // A second damaged file in the same second gets a distinct name.
  { std::ofstream(tmp.path() / "stats.json") << "\xff\xfe"; }
  ASSERT_TRUE(store.load("stats.json").ok());
  int corrupt = 0;
  for (const auto& e : fs::directory_iterator(tmp.path())) {
    corrupt += e.path().filename().string().rfind("stats.json.corrupt-", 0) == 0 ? 1 : 0;
  }
  EXPECT_EQ(corrupt, 2);
}

TEST(StateStore, UnwritableFolderIsAnErrorNotACrash) {
  // A regular file where the folder should be: fails for every user, root included.
  TempDir tmp;
  { std::ofstream(tmp.path() / "blocker") << "x"; }
  StateStore store(tmp.path() / "blocker" / "puzzlelab");
  auto err = store.save("x.json", nlohmann::json::object());
  ASSERT_TRUE(err.has_value());
  EXPECT_NE(err->message.find("cannot"), std::string::npos);
  // Loading from it is "nothing saved yet", not a crash.
  EXPECT_TRUE(store.load("x.json").ok());
}

TEST(StateStore, ReplacesAtomically) {
  TempDir tmp;
  StateStore store(tmp.path());
  ASSERT_FALSE(store.save("g.json", nlohmann::json{{"v", 1}}).has_value());
  ASSERT_FALSE(store.save("g.json", nlohmann::json{{"v", 2}}).has_value());
  EXPECT_EQ((*store.load("g.json")->value)["v"], 2);
  ASSERT_FALSE(store.remove("g.json").has_value());
  EXPECT_FALSE(store.load("g.json")->value.has_value());
}

// A file written atomically is renamed over the old one; over a pipe (or, as root, a
// device such as /dev/full) that put a regular file in its place. Refused instead.
TEST(StateStore, NeverRenamesOverAPipeOrADevice) {
  TempDir tmp;
  const auto fifo = tmp.path() / "pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  auto e = write_file_atomic(fifo, "{}\n");
  ASSERT_TRUE(e.has_value());
  EXPECT_NE(e->message.find("not a regular file"), std::string::npos) << e->message;
  EXPECT_TRUE(std::filesystem::is_fifo(std::filesystem::symlink_status(fifo)));
  // Nor over a link to one (as /dev/stdout is): the link stays.
  const auto link = tmp.path() / "link";
  std::filesystem::create_symlink(fifo, link);
  EXPECT_TRUE(write_file_atomic(link, "{}\n").has_value());
  EXPECT_TRUE(std::filesystem::is_symlink(std::filesystem::symlink_status(link)));
  // A regular file and a new name are written as before.
  EXPECT_FALSE(write_file_atomic(tmp.path() / "new.json", "{}\n").has_value());
  EXPECT_FALSE(write_file_atomic(tmp.path() / "new.json", "[]\n").has_value());
}

TEST(SameFile, SeesThroughLinksAndSpellings) {
  TempDir dir;
  const fs::path a = dir.path() / "a.jsonl";
  const fs::path b = dir.path() / "b.jsonl";
  std::ofstream(a) << "1\n";
  std::ofstream(b) << "1\n";
  fs::create_directory(dir.path() / "sub");
  fs::create_symlink(a, dir.path() / "link");
  fs::create_hard_link(a, dir.path() / "hard");
  EXPECT_TRUE(same_regular_file(a, a));
  EXPECT_TRUE(same_regular_file(a, dir.path() / "sub" / ".." / "." / "a.jsonl"));
  EXPECT_TRUE(same_regular_file(dir.path() / "link", a));
  EXPECT_TRUE(same_regular_file(dir.path() / "hard", a));
  EXPECT_FALSE(same_regular_file(a, b));  // same contents, another file
  EXPECT_FALSE(same_regular_file(a, dir.path() / "missing"));
  EXPECT_FALSE(same_regular_file(dir.path() / "missing", dir.path() / "missing"));
  EXPECT_FALSE(same_regular_file("/dev/zero", "/dev/zero"));  // not a regular file
  EXPECT_FALSE(same_regular_file(dir.path() / "sub", dir.path() / "sub"));
  // An open descriptor (stdout redirected to a file) against a path.
  const int fd = ::open(a.c_str(), O_RDONLY | O_CLOEXEC);
  ASSERT_GE(fd, 0);
  EXPECT_TRUE(same_regular_file(fd, dir.path() / "link"));
  EXPECT_FALSE(same_regular_file(fd, b));
  ::close(fd);
  EXPECT_FALSE(same_regular_file(-1, a));
}

TEST(DataSource, EmbeddedFilesAreSortedAndComplete) {
  const auto files = embedded_files();
  ASSERT_FALSE(files.empty());
  for (std::size_t i = 1; i < files.size(); ++i) EXPECT_LT(files[i - 1].name, files[i].name);
  DataSource data;
  auto answers = data.read("wordle/answers.txt");
  ASSERT_TRUE(answers.ok());
  EXPECT_EQ(std::count(answers->begin(), answers->end(), '\n'), 2315);
  // Byte-identical to the file in data/ (checks the embedding escapes every byte right).
  EXPECT_EQ(*answers, read_all(fs::path(PUZZLELAB_SOURCE_DIR) / "data/wordle/answers.txt"));
  auto idioms = data.read("handle/idioms.tsv");
  ASSERT_TRUE(idioms.ok());
  EXPECT_EQ(*idioms, read_all(fs::path(PUZZLELAB_SOURCE_DIR) / "data/handle/idioms.tsv"));
  EXPECT_FALSE(data.read("no/such/file").ok());
}

TEST(DataSource, DirectoryOverride) {
  TempDir tmp;
  fs::create_directories(tmp.path() / "wordle");
  { std::ofstream(tmp.path() / "wordle" / "answers.txt") << "hello\n"; }
  DataSource data(tmp.path());
  EXPECT_EQ(*data.read("wordle/answers.txt"), "hello\n");
  auto missing = data.read("wordle/guesses.txt");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().message.find("guesses.txt"), std::string::npos);
}

TEST(Progress, LineFormat) {
  EXPECT_EQ(Progress::format_line("wordle entropy", 500, 2315, 2.0, "mean 3.46"),
            "wordle entropy 500/2315 (22%), 250/s, ETA 7s, mean 3.46");
  EXPECT_EQ(Progress::format_line("2048", 3, 20, 60.0, ""), "2048 3/20 (15%), 0.05/s, ETA 5m40s");
}

TEST(Progress, DurationsRoundToTheSecond) {
  EXPECT_EQ(format_duration(-3), "0s");
  EXPECT_EQ(format_duration(59.4), "59s");
  EXPECT_EQ(format_duration(59.6), "1m00s");
  EXPECT_EQ(format_duration(3725), "1h02m");
}

TEST(Progress, SilentWhenDisabledOrShort) {
  std::ostringstream os;
  {
    Progress p(os, false, 10, "x");
    p.update(5);
  }
  {
    Progress p(os, true, 10, "x");
    p.update(5);  // within the first second: nothing
  }
  EXPECT_EQ(os.str(), "");
}

}  // namespace
}  // namespace puzzlelab::core
