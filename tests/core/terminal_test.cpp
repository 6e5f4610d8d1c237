#include "core/terminal.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <vector>

namespace puzzlelab::core {
namespace {

struct ColorCase {
  ColorChoice choice;
  std::optional<std::string> no_color, force_color, term;
  bool tty;
  bool expected;
};

TEST(Color, DecisionTable) {
  const std::vector<ColorCase> cases = {
      {ColorChoice::Auto, {}, {}, "xterm", true, true},
      {ColorChoice::Auto, {}, {}, "xterm", false, false},
      {ColorChoice::Auto, "1", {}, "xterm", true, false},
      {ColorChoice::Auto, "", {}, "xterm", true, true},  // empty NO_COLOR is ignored
      {ColorChoice::Auto, {}, "1", "xterm", false, true},
      {ColorChoice::Auto, {}, "0", "xterm", false, false},
      {ColorChoice::Auto, "1", "1", "xterm", true, false},  // NO_COLOR wins over FORCE_COLOR
      {ColorChoice::Auto, {}, {}, "dumb", true, false},
      {ColorChoice::Auto, {}, "1", "dumb", false, true},
      {ColorChoice::Auto, {}, {}, {}, true, true},
      {ColorChoice::Always, "1", {}, "dumb", false, true},  // an explicit flag wins
      {ColorChoice::Never, {}, "1", "xterm", true, false},
  };
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const auto& c = cases[i];
    ColorEnv env{c.no_color, c.force_color, c.term, c.tty};
    EXPECT_EQ(decide_color(c.choice, env), c.expected) << "case " << i;
  }
}

TEST(Color, ParseChoice) {
  EXPECT_EQ(parse_color_choice("auto"), ColorChoice::Auto);
  EXPECT_EQ(parse_color_choice("always"), ColorChoice::Always);
  EXPECT_EQ(parse_color_choice("never"), ColorChoice::Never);
  EXPECT_EQ(parse_color_choice("sometimes"), std::nullopt);
}

std::vector<Key> decode_all(std::string_view bytes, bool flush = true) {
  KeyDecoder d;
  d.feed(bytes);
  std::vector<Key> keys;
  while (auto k = d.next()) keys.push_back(*k);
  if (flush) {
    while (auto k = d.flush()) keys.push_back(*k);
  }
  return keys;
}

TEST(Keys, ArrowsLettersAndControls) {
  const auto keys = decode_all("\x1b[A\x1b[B\x1b[C\x1b[DwA\r\x7f\x03\x1bOA\x1b[3~\x1b[1;5C\t");
  const std::vector<Key> expected = {
      {KeyCode::Up},    {KeyCode::Down},      {KeyCode::Right}, {KeyCode::Left},
      {KeyCode::Char, U'w'}, {KeyCode::Char, U'A'}, {KeyCode::Enter}, {KeyCode::Backspace},
      {KeyCode::CtrlC}, {KeyCode::Up},        {KeyCode::Delete}, {KeyCode::Right},
      {KeyCode::Tab},
  };
  EXPECT_EQ(keys, expected);
}

TEST(Keys, Utf8CharactersAndSplitSequences) {
  KeyDecoder d;
  d.feed("\xe6\xb1");  // first two bytes of 汉
  EXPECT_FALSE(d.next().has_value());
  d.feed("\x89\x1b[");
  EXPECT_EQ(d.next(), (Key{KeyCode::Char, U'汉'}));
  EXPECT_FALSE(d.next().has_value());  // an unfinished CSI waits for more
  d.feed("A");
  EXPECT_EQ(d.next(), (Key{KeyCode::Up}));
}

TEST(Keys, LoneEscapeOnFlush) {
  KeyDecoder d;
  d.feed("\x1b");
  EXPECT_FALSE(d.next().has_value());
  EXPECT_EQ(d.flush(), (Key{KeyCode::Escape}));
  EXPECT_FALSE(d.pending());
}

TEST(Keys, CrLfIsOneEnter) {
  EXPECT_EQ(decode_all("\r\n"), (std::vector<Key>{{KeyCode::Enter}}));
  EXPECT_EQ(decode_all("\n"), (std::vector<Key>{{KeyCode::Enter}}));
}

RC_GTEST_PROP(Keys, ArbitraryBytesNeverHangOrCrash, (std::string bytes)) {
  KeyDecoder d;
  d.feed(bytes);
  std::size_t n = 0;
  while (d.next() || d.flush()) {
    ++n;
    RC_ASSERT(n <= bytes.size());
  }
  RC_ASSERT(!d.pending());
}

}  // namespace
}  // namespace puzzlelab::core
