#pragma once
// Splitting a pinyin syllable into initial, final and tone exactly as 汉兜 does in pinyin
// mode (antfu/handle `parseChar` / `parsePinyin` in src/logic/utils.ts with the initials
// of packages/tools/src/pinyin/constants.ts; docs/rules/handle.md §1.3).
#include <array>
#include <string>
#include <string_view>

namespace puzzlelab::handle {

// The game's initials in the game's order: the first one that is a prefix wins, which is
// why zh/ch/sh come before z/c/s. y and w are initials in this game.
inline constexpr std::array<std::string_view, 23> kInitials = {"b", "p",  "m",  "f",  "d", "t", "n", "l",
                                                               "g", "k",  "h",  "j",  "q", "r", "x", "w",
                                                               "y", "zh", "ch", "sh", "z", "c", "s"};

struct Syllable {
  std::string initial;  // "" for none (zero-initial syllables, lone consonants, no reading)
  std::string final;    // the written remainder; "" only when there is no reading at all
  int tone = 0;         // 1..4, 0 for the neutral tone (no digit)
  friend bool operator==(const Syllable&, const Syllable&) = default;
};

// `parseChar` + `parsePinyin`: tone = a trailing ASCII digit (none -> 0); initial = the
// first of kInitials that prefixes the rest; final = what remains. A syllable with no
// remainder (a lone consonant such as n2 of 嗯) has its consonant as the final and an empty
// initial. An empty input gives an empty syllable.
Syllable split_syllable(std::string_view pinyin);

// `getPinyin`'s rewrite of every syllable matching ^(y|j|q|x)u([a-z]*[0-9]?)$ to use v for
// ü (yu -> yv, jue -> jve, quan -> qvan, ...; antfu/handle src/logic/idioms.ts, issues
// #51, #74). Other strings are returned unchanged, so applying it twice is harmless.
std::string rewrite_umlaut(std::string_view syllable);

// "zhong1" style text of a syllable with its tone digit (0 for neutral), for display.
std::string syllable_text(const Syllable& s);

// Where Hanyu Pinyin puts the tone mark in a final: on its a or e when it has one, on the
// o of "ou", and otherwise on the last vowel (so "iu" marks the u and "ui" the i). The
// byte index into `final` (written with v for ü, as the lexicon does), or -1 when the
// final has no vowel (a lone consonant such as "m" or "ng"). Front-ends draw the mark
// over that letter: jué, not jve2.
int tone_vowel_index(std::string_view final);

// A syllable as Hanyu Pinyin writes it and handle.antfu.me shows it: the tone as a mark
// over the vowel tone_vowel_index() picks (jué, lǜ, nǚ, zhōng); the neutral tone (0)
// has no mark (ma). v is written ü, except after j, q, x and y where Pinyin writes u
// (jué, qù, xuǎn, yú). A final with no vowel (m, n, ng) carries the mark as a
// combining accent after its first letter ("ǹg" is n, U+0300, g). Precomposed letters
// (NFC) wherever Unicode has them.
std::string tone_marked(const Syllable& s);
// The same for a syllable as the lexicon writes it ("jve2", "lv4", "ma"): split_syllable
// then tone_marked.
std::string tone_marked(std::string_view lexicon_syllable);
// The final alone, marked as in tone_marked ("ué" for j + "ve" in tone 2).
std::string tone_marked_final(std::string_view initial, std::string_view final, int tone);
// The final as tone_marked writes its letters but with no mark, and the combining
// accent of a tone (U+0304, U+0301, U+030C, U+0300; "" for the neutral tone): a
// front-end that colours the tone apart draws the final's letters up to the marked one
// (tone_vowel_index), then the accent, then the rest.
std::string unmarked_final(std::string_view initial, std::string_view final);
std::string_view tone_combining_mark(int tone);

}  // namespace puzzlelab::handle
