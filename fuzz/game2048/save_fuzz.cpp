// Fuzz: the 2048 save file (a game in progress with its undo history, random state and
// flags; Session::from_json). Any JSON must load or be refused with a reason, never
// throw; a save that loads must write out and load back to the same JSON, and a move
// and an undo on it must keep it loadable.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include <nlohmann/json.hpp>

#include "game2048/board.h"
#include "game2048/move_tables.h"
#include "game2048/session.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  namespace g = puzzlelab::game2048;
  static const g::MoveTables tables;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded()) return 0;
  auto session = g::Session::from_json(tables, j);
  if (!session) {
    if (session.error().message.empty()) std::abort();
    return 0;
  }
  const auto saved = session->to_json();
  auto again = g::Session::from_json(tables, nlohmann::json::parse(saved.dump()));
  if (!again || again->to_json() != saved) std::abort();
  (void)session->play(g::Move::Left);
  (void)session->undo();
  if (!g::Session::from_json(tables, session->to_json())) std::abort();
  return 0;
}
