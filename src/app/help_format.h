#pragma once
// The help's text reflowed to the reader's width. The descriptions and footers in the
// source are hard-wrapped near 90 columns; a terminal narrower than that used to split
// words wherever its edge fell ("abov" / "e"). Prose is rewrapped at spaces to the
// width; indented lines (examples, tables) and blank lines are kept as written.
#include <cstddef>
#include <string>

#include <CLI/CLI.hpp>

namespace puzzlelab::app {

// Paragraphs of `text` (runs of lines that start with no blank) joined and wrapped at
// spaces to at most `width` display columns; a word longer than the width stays whole.
// Lines that start with a blank, and empty lines, are kept unchanged.
std::string reflow_text(const std::string& text, std::size_t width);

// Gives every option of `app` and its subcommands a value name a person reads ("N",
// "NUMBER (0.1 to 600000)", "auto|always|never", "FILE", "K/N") in place of CLI11's type
// labels ("UINT:UINT", "TEXT"), with its default, "..." for a list and "(required)".
void set_readable_value_names(CLI::App& app);

// CLI11's formatter with descriptions, option and command texts wrapped to `width`.
class HelpFormatter : public CLI::Formatter {
 public:
  explicit HelpFormatter(std::size_t width) : width_(width) {}
  std::string make_description(const CLI::App* app) const override;
  std::string make_footer(const CLI::App* app) const override;
  std::string make_option(const CLI::Option* opt, bool is_positional) const override;
  std::string make_subcommand(const CLI::App* sub) const override;

 private:
  // The text of the right-hand column wrapped to what is left of the width.
  [[nodiscard]] std::string wrap_column(const std::string& text) const;
  std::size_t width_;
};

}  // namespace puzzlelab::app
