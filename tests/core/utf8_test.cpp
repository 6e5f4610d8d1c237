#include "core/utf8.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

namespace puzzlelab::core {
namespace {

TEST(Utf8, DecodesMixedText) {
  auto r = utf8_decode("a汉😀é");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(*r, (std::u32string{U'a', U'汉', U'😀', U'é'}));
}

TEST(Utf8, ReportsInvalidBytesWithOffset) {
  auto bad = utf8_decode(std::string("ab\xff", 3));
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("0xFF"), std::string::npos);
  EXPECT_NE(bad.error().message.find("offset 2"), std::string::npos);
  EXPECT_FALSE(utf8_decode("\xe6\xb1").ok());          // cut off
  EXPECT_FALSE(utf8_decode("\xc0\xaf").ok());          // overlong '/'
  EXPECT_FALSE(utf8_decode("\xed\xa0\x80").ok());      // surrogate
  EXPECT_FALSE(utf8_decode("\xf4\x90\x80\x80").ok());  // above U+10FFFF
  EXPECT_FALSE(utf8_decode("\xe6x\xb1").ok());         // not a continuation
  EXPECT_TRUE(utf8_decode(std::string("\0", 1)).ok());
}

RC_GTEST_PROP(Utf8, RoundTrip, ()) {
  const auto cps = *rc::gen::container<std::u32string>(rc::gen::suchThat(
      rc::gen::inRange<char32_t>(0, 0x110000), [](char32_t c) { return c < 0xD800 || c > 0xDFFF; }));
  const std::string bytes = utf8_encode(cps);
  auto back = utf8_decode(bytes);
  RC_ASSERT(back.ok());
  RC_ASSERT(*back == cps);
}

RC_GTEST_PROP(Utf8, ArbitraryBytesNeverCrash, (std::string bytes)) {
  auto r = utf8_decode(bytes);
  if (r.ok()) RC_ASSERT(utf8_encode(*r) == bytes);
  RC_ASSERT(display_width(bytes) >= 0);
}

TEST(Utf8, DisplayWidth) {
  EXPECT_EQ(display_width(U'a'), 1);
  EXPECT_EQ(display_width(U'汉'), 2);
  EXPECT_EQ(display_width(U'，'), 2);   // fullwidth comma
  EXPECT_EQ(display_width(U'😀'), 2);
  EXPECT_EQ(display_width(U'\u0301'), 0);  // combining acute
  EXPECT_EQ(display_width(U'é'), 1);
  EXPECT_EQ(display_width(U'ü'), 1);
  EXPECT_EQ(display_width("一心一意"), 8);
  EXPECT_EQ(display_width("yi1 xin1"), 8);
  EXPECT_EQ(display_width("\x1b[1;32m汉\x1b[0m"), 2);  // escapes take no columns
}

TEST(Utf8, Padding) {
  EXPECT_EQ(pad_right("汉", 4), "汉  ");
  EXPECT_EQ(pad_left("汉", 3), " 汉");
  EXPECT_EQ(pad_center("汉", 6), "  汉  ");
  EXPECT_EQ(pad_center("ab", 5), " ab  ");
  EXPECT_EQ(pad_right("toolong", 3), "toolong");
}

TEST(Utf8, UnifiedIdeograph) {
  EXPECT_TRUE(is_han(U'一'));
  EXPECT_TRUE(is_han(U'龥'));
  EXPECT_TRUE(is_han(U'\u3400'));
  EXPECT_TRUE(is_han(U'\U00020000'));
  EXPECT_TRUE(is_han(U'\uFA0E'));   // one of the twelve unified compatibility ideographs
  EXPECT_FALSE(is_han(U'\uFA10'));  // a compatibility ideograph without the property
  EXPECT_FALSE(is_han(U'〇'));
  EXPECT_FALSE(is_han(U'a'));
  EXPECT_FALSE(is_han(U'，'));
  EXPECT_FALSE(is_han(U'ぁ'));
}

}  // namespace
}  // namespace puzzlelab::core
