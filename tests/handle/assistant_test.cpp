#include "handle/assistant.h"

#include <gtest/gtest.h>

#include "core/utf8.h"
#include "test_lexicon.h"

namespace puzzlelab::handle {
namespace {

IdiomTable& table() {
  static IdiomTable t(test_lexicon());
  return t;
}

// The game, analyzer and start of `handle assist` with its default options: the 424 daily
// answers as candidates, ranked by plain entropy over every idiom.
struct AnswersSetup {
  HandleGame game{table(), WordSet::Answers};
  guess::Analyzer analyzer{game};
  Assistant make() const {
    const auto all = analyzer.all_secrets();
    return Assistant(game, analyzer, nullptr, std::vector<guess::SecretIndex>(all.begin(), all.end()));
  }
};

AssistEntry entry(const char* idiom, const char* marks) {
  auto parsed = parse_assist_entry(table(), idiom, marks);
  EXPECT_TRUE(parsed.entry.has_value()) << idiom << " " << marks << ": " << parsed.marks_error;
  return *parsed.entry;
}

std::vector<std::string> words(const Assistant& a) {
  std::vector<std::string> out;
  for (const auto s : a.candidates()) {
    out.push_back(core::utf8_encode(test_lexicon().idioms()[a.game().guess_of_secret(s)].word));
  }
  return out;
}

TEST(HandleAssistEntries, SplitsTheTerminalForms) {
  auto spaced = split_assist_entries({"补过拾遗", "NENE", "NNNN", "NNMN", "NEEN", "百里挑一", "EEEEEEEEEEEEEEEE"});
  ASSERT_TRUE(spaced);
  ASSERT_EQ(spaced->size(), 2u);
  EXPECT_EQ((*spaced)[0].first, "补过拾遗");
  EXPECT_EQ((*spaced)[0].second, "NENE NNNN NNMN NEEN");
  EXPECT_EQ((*spaced)[1].second, "EEEEEEEEEEEEEEEE");
  auto joined = split_assist_entries({"补过拾遗:nenennnnnnmnneen"});
  ASSERT_TRUE(joined);
  EXPECT_EQ((*joined)[0].second, "nenennnnnnmnneen");
  EXPECT_FALSE(split_assist_entries({"补过拾遗", "NNNN"}));
  EXPECT_FALSE(split_assist_entries({"NNNN", "补过拾遗"}));
  EXPECT_FALSE(split_assist_entries({"补过拾遗", "NNNN", "NNNN", "NNNN", "NNNN", "NNNN"}));
}

TEST(HandleAssistEntries, ParseNamesWhatIsWrong) {
  const auto not_han = parse_assist_entry(table(), "abcd", "NNNN NNNN NNNN NNNN");
  ASSERT_TRUE(not_han.idiom_error.has_value());
  EXPECT_EQ(not_han.idiom_error->problem, InputProblem::NotHan);
  const auto short_word = parse_assist_entry(table(), "补过拾", "NNNN NNNN NNNN NNNN");
  ASSERT_TRUE(short_word.idiom_error.has_value());
  EXPECT_EQ(short_word.idiom_error->problem, InputProblem::Length);
  const auto bad_marks = parse_assist_entry(table(), "补过拾遗", "NNNN NNNN NNNN NNNX");
  EXPECT_FALSE(bad_marks.entry.has_value());
  EXPECT_FALSE(bad_marks.idiom_error.has_value());
  EXPECT_NE(bad_marks.marks_error.find("use only E"), std::string::npos) << bad_marks.marks_error;
  const auto ok = parse_assist_entry(table(), "补过拾遗", "nene nnnn nnmn neen");
  ASSERT_TRUE(ok.entry.has_value());
  EXPECT_EQ(format_feedback(ok.entry->feedback), "NENE NNNN NNMN NEEN");
}

// The same entries as tests/handle/cli_assist.sh: `handle assist 补过拾遗 NENE NNNN NNMN
// NEEN` leaves only 百里挑一.
TEST(HandleAssistant, AnEntryNarrowsTheCandidatesAsTheTerminalDoes) {
  const AnswersSetup setup;
  Assistant a = setup.make();
  EXPECT_EQ(a.candidates().size(), 424u);
  EXPECT_FALSE(a.solved());
  EXPECT_FALSE(a.add(entry("补过拾遗", "NENE NNNN NNMN NEEN")).has_value());
  EXPECT_EQ(words(a), std::vector<std::string>{"百里挑一"});
  EXPECT_EQ(a.entries().size(), 1u);
  EXPECT_FALSE(a.solved());
}

TEST(HandleAssistant, AContradictionIsRefusedAndChangesNothing) {
  const AnswersSetup setup;
  Assistant a = setup.make();
  // No answer shares nothing at all with 补过拾遗 (the terminal: "No candidate fits entry 1").
  const auto refused = a.add(entry("补过拾遗", "NNNN NNNN NNNN NNNN"));
  ASSERT_TRUE(refused.has_value());
  EXPECT_EQ(refused->kind, AssistRefusal::Kind::NoCandidate);
  EXPECT_NE(refused->message.find("No candidate fits entry 1"), std::string::npos) << refused->message;
  EXPECT_EQ(a.candidates().size(), 424u);
  EXPECT_TRUE(a.entries().empty());
  // Marks that fit on their own but not after the first entry.
  ASSERT_FALSE(a.add(entry("补过拾遗", "NENE NNNN NNMN NEEN")).has_value());
  const auto second = a.add(entry("一心一意", "NNNN NNNN NNNN NNNN"));
  ASSERT_TRUE(second.has_value());
  EXPECT_NE(second->message.find("entry 2"), std::string::npos) << second->message;
  EXPECT_EQ(words(a), std::vector<std::string>{"百里挑一"});
}

TEST(HandleAssistant, UndoTakesTheLastEntryBack) {
  const AnswersSetup setup;
  Assistant a = setup.make();
  EXPECT_FALSE(a.undo());
  ASSERT_FALSE(a.add(entry("补过拾遗", "NENE NNNN NNMN NEEN")).has_value());
  EXPECT_TRUE(a.undo());
  EXPECT_EQ(a.candidates().size(), 424u);
  EXPECT_TRUE(a.entries().empty());
  EXPECT_FALSE(a.undo());
}

TEST(HandleAssistant, SolvedAndNothingAfterIt) {
  const AnswersSetup setup;
  Assistant a = setup.make();
  ASSERT_FALSE(a.add(entry("补过拾遗", "NENE NNNN NNMN NEEN")).has_value());
  ASSERT_FALSE(a.add(entry("百里挑一", "EEEE EEEE EEEE EEEE")).has_value());
  EXPECT_TRUE(a.solved());
  const auto after = a.add(entry("百里挑一", "EEEE EEEE EEEE EEEE"));
  ASSERT_TRUE(after.has_value());
  EXPECT_EQ(after->kind, AssistRefusal::Kind::Solved);
  EXPECT_EQ(a.entries().size(), 2u);
  EXPECT_TRUE(a.undo());
  EXPECT_FALSE(a.solved());
}

// The terminal's first report ranks 补过拾遗 first: 8.646 bits, 407 classes.
TEST(HandleAssistant, TheBestOpenerIsTheTerminals) {
  const AnswersSetup setup;
  const Assistant a = setup.make();
  const auto best = a.suggestions(3, 2);
  ASSERT_EQ(best.size(), 3u);
  EXPECT_EQ(test_lexicon().idioms()[best[0].guess].word, w("补过拾遗"));
  EXPECT_EQ(best[0].stats.classes, 407u);
  EXPECT_NEAR(best[0].stats.entropy, 8.646, 5e-4);
  EXPECT_GE(best[0].stats.entropy, best[1].stats.entropy);
}

// `handle assist 研经铸史 NENN NNNE NNNM NNEN --candidates idioms` lists five candidates,
// 一心一意 among them.
TEST(HandleAssistant, EveryIdiomAsACandidate) {
  const HandleGame game(table(), WordSet::Idioms);
  const guess::Analyzer analyzer(game);
  const auto all = analyzer.all_secrets();
  Assistant a(game, analyzer, nullptr, std::vector<guess::SecretIndex>(all.begin(), all.end()));
  ASSERT_FALSE(a.add(entry("研经铸史", "NENN NNNE NNNM NNEN")).has_value());
  const auto left = words(a);
  EXPECT_EQ(left.size(), 5u);
  EXPECT_NE(std::find(left.begin(), left.end(), "一心一意"), left.end());
  EXPECT_EQ(tone_marked_pinyin(test_lexicon().idioms()[*test_lexicon().find(w("一心一意"))]), "yī xīn yī yì");
}

}  // namespace
}  // namespace puzzlelab::handle
