#pragma once
// puzzlelab's main screen: the four games and their modes, chosen with the arrow keys.
#include <functional>
#include <string>
#include <vector>

#include "app/context.h"

namespace puzzlelab::app {

struct MenuEntry {
  std::string game;                // section heading
  std::string label;               // what the entry does
  std::vector<std::string> args;   // the command it runs
};

const std::vector<MenuEntry>& menu_entries();

// The smallest terminal the menu fits: the key line is 42 columns wide, and the title,
// two rules, three entries, the key line and the cursor's row take 8 rows.
inline constexpr int kMenuMinCols = 42;
inline constexpr int kMenuMinRows = 8;

// The screen for the given selection on a terminal of width × height (pure, for golden
// tests): fewer lines than `height`, the selected entry always among them; on a terminal
// smaller than kMenuMinCols × kMenuMinRows, a request to enlarge it, no line wider.
std::string render_menu(std::size_t selected, bool color, int width, int height = 24);

// Runs the menu until the user quits; `run_command` runs a chosen entry's command.
int run_main_menu(Context& ctx, const std::function<int(const std::vector<std::string>&)>& run_command);

}  // namespace puzzlelab::app
