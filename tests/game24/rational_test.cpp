#include "game24/rational.h"

#include <gtest/gtest.h>

namespace puzzlelab::game24 {
namespace {
TEST(Rational, Placeholder) { EXPECT_EQ(to_string(Rational(3, 4)), "3/4"); }
}  // namespace
}  // namespace puzzlelab::game24
