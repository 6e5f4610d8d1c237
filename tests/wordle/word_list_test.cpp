#include "wordle/word_list.h"

#include <gtest/gtest.h>

#include "real_lists.h"
#include "wordle/game.h"

namespace puzzlelab::wordle {
namespace {

std::string error_of(std::string_view text) {
  auto r = parse_word_list(text);
  return r.ok() ? std::string("(no error)") : r.error().message;
}

TEST(WordList, RealListsLoad) {
  const auto answers = parse_word_list(testing::read_source_file("data/wordle/answers.txt"));
  const auto guesses = parse_word_list(testing::read_source_file("data/wordle/guesses.txt"));
  ASSERT_TRUE(answers.ok());
  ASSERT_TRUE(guesses.ok());
  EXPECT_EQ(answers->size(), 2315u);
  EXPECT_EQ(guesses->size(), 12972u);
  const auto game = WordleGame::create(*answers, *guesses).value();
  EXPECT_EQ(game->answers_added_to_guesses(), 0u);  // answers are a subset of guesses
  EXPECT_EQ(game->secret_count(), 2315u);
  EXPECT_EQ(game->guess_count(), 12972u);
  for (SecretIndex s = 0; s < game->secret_count(); ++s) {
    ASSERT_EQ(game->guess_word(game->guess_of_secret(s)), game->secret_word(s));
  }
  EXPECT_EQ(game->secret_word(game->list_order()[0]), answers->front());
}

TEST(WordList, ForgivingAboutCaseBlanksAndLineEnds) {
  const auto r = parse_word_list("Crane\r\n  slate \n\n\tTRACE\n");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(*r, (std::vector<std::string>{"crane", "slate", "trace"}));
}

TEST(WordList, ErrorsNameTheLine) {
  EXPECT_EQ(error_of("crane\nsl4te\n"), "line 2: 'sl4te' has '4' at position 3; a word has only letters a-z");
  EXPECT_EQ(error_of("crane\nslates\n"),
            "line 2: 'slates' has 6 letters, but the first word 'crane' has 5; a list holds words of one length");
  EXPECT_EQ(error_of("crane\nslate\n\ncrane\n"), "line 4: 'crane' is listed twice (also on line 1)");
  EXPECT_EQ(error_of("cat\n"), "line 1: 'cat' has 3 letters; words have 4 to 8");
  EXPECT_EQ(error_of("abcdefghi\n"), "line 1: 'abcdefghi' has 9 letters; words have 4 to 8");
  EXPECT_EQ(error_of("two words\n"), "line 1: 'two words' has ' ' at position 4; a word has only letters a-z");
  EXPECT_EQ(error_of("\n\n"), "the list has no words");
  EXPECT_EQ(error_of("caf\xc3\xa9\n"),
            "line 1: 'caf\xc3\xa9' has '\xc3\xa9' at position 4; a word has only letters a-z");
}

TEST(WordList, OtherLengthsAndOrder) {
  const std::vector<std::string> answers = {"word", "game", "play"};
  const std::vector<std::string> guesses = {"zeta", "word"};
  const auto game = WordleGame::create(answers, guesses).value();
  EXPECT_EQ(game->length(), 4);
  EXPECT_EQ(game->pattern_bound(), 81u);
  // Answers missing from the guesses are added; both lists are sorted.
  EXPECT_EQ(game->answers_added_to_guesses(), 2u);
  EXPECT_EQ(game->guess_words(), (std::vector<std::string>{"game", "play", "word", "zeta"}));
  EXPECT_EQ(game->secret_words(), (std::vector<std::string>{"game", "play", "word"}));
  // The answer list's own order is kept for --games all.
  ASSERT_EQ(game->list_order().size(), 3u);
  EXPECT_EQ(game->secret_word(game->list_order()[0]), "word");
  EXPECT_EQ(game->secret_word(game->list_order()[2]), "play");
}

TEST(WordList, MismatchedLengthsAreRefused) {
  const std::vector<std::string> answers = {"word"};
  const std::vector<std::string> guesses = {"crane"};
  const auto r = WordleGame::create(answers, guesses);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "the answers have 4 letters but the guesses have 5");
}

}  // namespace
}  // namespace puzzlelab::wordle
