#pragma once
// How a Handle guess goes to the page: each character with its pinyin split into initial,
// final and tone, where the tone mark sits, and (for a scored guess) the mark of each of
// its four channels. The game page and the watch page draw the same JSON.
#include <nlohmann/json.hpp>

#include "handle/reading.h"
#include "handle/session.h"

namespace puzzlelab::web {

// [{"char", "initial", "final", "tone", "tone_at"}, ...] for a word read against the answer.
nlohmann::json handle_word_json(const handle::ParsedWord& word);
// {"idiom", "chars": [... each with "marks": {"char", "initial", "final", "tone"}]}.
nlohmann::json handle_turn_json(const handle::Turn& turn);

}  // namespace puzzlelab::web
