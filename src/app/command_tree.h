#pragma once
// A plain description of the CLI11 command tree, read from the tree itself. The shell
// completions and the man pages are generated from it, so neither keeps a second copy of
// the commands, options, help texts or allowed values that could drift from the parser.
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace puzzlelab::app {

struct OptionSpec {
  std::vector<std::string> names;  // "--player", "-p" (long names first)
  std::string description;
  std::string value_name;            // "TEXT", "UINT", ...; empty for a flag
  std::vector<std::string> choices;  // the allowed values (from a CLI::IsMember check)
  std::string default_value;         // as --help shows it ("" when none is shown)
  bool takes_value() const { return !value_name.empty(); }
};

struct PositionalSpec {
  std::string name;  // as the help shows it ("numbers", "files")
  std::string description;
  bool required = false;
  bool repeats = false;  // takes more than one value
  std::vector<std::string> choices;
};

struct CommandSpec {
  std::vector<std::string> path;  // {"wordle", "sim"}; empty for the root
  std::string name;               // the last word of path ("puzzlelab" for the root)
  std::string description;
  std::string footer;
  std::vector<OptionSpec> options;
  std::vector<PositionalSpec> positionals;
  std::vector<CommandSpec> subcommands;  // visible ones only, in the order they were added

  // "wordle sim" ("" for the root).
  std::string path_text() const;
};

// The visible part of the tree under `app` (commands whose help group is empty are
// hidden and left out, as --help leaves them out).
CommandSpec describe_command(CLI::App& app);

}  // namespace puzzlelab::app
