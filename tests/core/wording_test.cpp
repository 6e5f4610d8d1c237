// Counts with their nouns and text broken into lines (core/wording.h).
#include <gtest/gtest.h>

#include "core/utf8.h"
#include "core/wording.h"

namespace puzzlelab::core {
namespace {

TEST(Wording, CountsTakeTheNounInTheRightNumber) {
  EXPECT_EQ(counted(1, "move"), "1 move");
  EXPECT_EQ(counted(0, "move"), "0 moves");
  EXPECT_EQ(counted(2, "move"), "2 moves");
  EXPECT_EQ(counted(1, "try", "tries"), "1 try");
  EXPECT_EQ(counted(3, "try", "tries"), "3 tries");
}

TEST(Wording, WrapsAtSpacesAndNeverCutsAWordThatFits) {
  const auto lines = wrap_words("Expected: up 1623456 · left 1598765 · right 1500000", 20);
  ASSERT_FALSE(lines.empty());
  std::string joined;
  for (const auto& l : lines) {
    EXPECT_LE(display_width(l), 20) << l;
    joined += (joined.empty() ? "" : " ") + l;
  }
  // Every word is whole on some line: joining the lines gives the text back.
  EXPECT_EQ(joined, "Expected: up 1623456 · left 1598765 · right 1500000");
  EXPECT_EQ(lines[0], "Expected: up 1623456");
}

TEST(Wording, ALimitOfLinesEndsInAnEllipsis) {
  const auto lines = wrap_words("one two three four five six", 9, 2);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], "one two");
  EXPECT_EQ(lines[1], "three…");
  EXPECT_LE(display_width(lines[1]), 9);
  EXPECT_EQ(wrap_words("short", 10, 2), std::vector<std::string>{"short"});
  EXPECT_TRUE(wrap_words("", 10).empty());
}

TEST(Wording, AWordWiderThanTheLineIsCutIntoPieces) {
  const auto lines = wrap_words("abcdefghij", 4);
  EXPECT_EQ(lines, (std::vector<std::string>{"abcd", "efgh", "ij"}));
  // Whole code points only: "×" is two bytes, one column.
  const auto wide = wrap_words("××××××", 4);
  EXPECT_EQ(wide, (std::vector<std::string>{"××××", "××"}));
}

}  // namespace
}  // namespace puzzlelab::core
