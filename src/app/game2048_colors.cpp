// The original 2048's colours (gabrielecirulli/2048, style/main.scss) and their nearest
// xterm 256-colour palette entries, for terminals without 24-bit colour.
#include <array>
#include <cmath>

#include "app/game2048_view.h"

namespace puzzlelab::app::game2048_view {

namespace {

// style/main.scss of the original: $tile-color #eee4da, $tile-gold-color #edc22e,
// the 8..64 oranges, dark text #776e65 on 2 and 4, light text #f9f6f2 above, the
// board #bbada0, empty cells rgba(238, 228, 218, 0.35) on the board (= #cdc1b4), and
// #3c3a32 for tiles above 2048.
constexpr Rgb kEmpty{205, 193, 180};
constexpr std::array<Rgb, 12> kTileBackground = {{
    {205, 193, 180},  // empty
    {238, 228, 218},  // 2
    {237, 224, 200},  // 4
    {242, 177, 121},  // 8
    {245, 149, 99},   // 16
    {246, 124, 95},   // 32
    {246, 94, 59},    // 64
    {237, 207, 114},  // 128
    {237, 204, 97},   // 256
    {237, 200, 80},   // 512
    {237, 197, 63},   // 1024
    {237, 194, 46},   // 2048
}};
constexpr Rgb kSuper{60, 58, 50};

}  // namespace

TileColors tile_colors(int exponent) {
  if (exponent <= 0) return {kEmpty, kDarkText};
  if (exponent < static_cast<int>(kTileBackground.size())) {
    return {kTileBackground[static_cast<std::size_t>(exponent)], exponent <= 2 ? kDarkText : kLightText};
  }
  return {kSuper, kLightText};
}

namespace {

// CIE L*a*b* (D65) of an sRGB colour: distances there follow what the eye sees, where
// plain RGB distances make the original's beige 4 (#ede0c8) a pink (xterm 224).
struct Lab {
  double l = 0, a = 0, b = 0;
};

Lab to_lab(Rgb c) {
  const auto linear = [](int v) {
    const double x = v / 255.0;
    return x <= 0.04045 ? x / 12.92 : std::pow((x + 0.055) / 1.055, 2.4);
  };
  const double r = linear(c.r), g = linear(c.g), b = linear(c.b);
  const double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const double z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116.0; };
  return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}

// The xterm colours 16..255: the 6×6×6 cube (levels 0, 95, 135, 175, 215, 255) and
// the 24 greys (8 + 10k).
Rgb xterm_rgb(int index) {
  static constexpr std::array<int, 6> kLevels = {0, 95, 135, 175, 215, 255};
  if (index >= 232) {
    const int v = 8 + 10 * (index - 232);
    return {v, v, v};
  }
  const int i = index - 16;
  return {kLevels[static_cast<std::size_t>(i / 36)], kLevels[static_cast<std::size_t>(i / 6 % 6)],
          kLevels[static_cast<std::size_t>(i % 6)]};
}

}  // namespace

int xterm256(Rgb c) {
  static const std::array<Lab, 240> kPalette = [] {
    std::array<Lab, 240> p{};
    for (int i = 0; i < 240; ++i) p[static_cast<std::size_t>(i)] = to_lab(xterm_rgb(16 + i));
    return p;
  }();
  const Lab want = to_lab(c);
  int best = 16;
  double best_d = 1e300;
  for (int i = 0; i < 240; ++i) {
    const Lab& p = kPalette[static_cast<std::size_t>(i)];
    const double d =
        (p.l - want.l) * (p.l - want.l) + (p.a - want.a) * (p.a - want.a) + (p.b - want.b) * (p.b - want.b);
    if (d < best_d) {
      best_d = d;
      best = 16 + i;
    }
  }
  return best;
}

int palette256(Rgb c) {
  // The board's nearest colour is a neutral grey (145); the nearest of the cube's warm
  // colours (red >= green > blue), 144 (#afaf87), keeps the original's beige.
  if (c == kBoard) return 144;
  return xterm256(c);
}

}  // namespace puzzlelab::app::game2048_view
