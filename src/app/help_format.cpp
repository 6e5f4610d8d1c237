#include "app/help_format.h"

#include <sstream>
#include <vector>

#include "core/utf8.h"

namespace puzzlelab::app {

namespace {

std::size_t columns(const std::string& s) {
  const int w = core::display_width(s);
  return w < 0 ? s.size() : static_cast<std::size_t>(w);
}

// Greedy wrapping of one paragraph at spaces.
void wrap_paragraph(const std::string& paragraph, std::size_t width, std::string& out) {
  std::istringstream words(paragraph);
  std::string word, line;
  while (words >> word) {
    if (!line.empty() && columns(line) + 1 + columns(word) > width) {
      out += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  if (!line.empty()) out += line + "\n";
}

}  // namespace

std::string reflow_text(const std::string& text, std::size_t width) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  std::string out, paragraph;
  const auto flush = [&] {
    if (!paragraph.empty()) wrap_paragraph(paragraph, width, out);
    paragraph.clear();
  };
  for (const auto& l : lines) {
    if (l.empty() || l.front() == ' ' || l.front() == '\t') {
      flush();
      out += l + "\n";
    } else {
      paragraph += (paragraph.empty() ? "" : " ") + l;
    }
  }
  flush();
  if (!text.empty() && text.back() != '\n' && !out.empty()) out.pop_back();
  return out;
}

std::string HelpFormatter::wrap_column(const std::string& text) const {
  const std::size_t room = width_ > column_width_ + 20 ? width_ - column_width_ : 20;
  std::string wrapped = reflow_text(text, room);
  while (!wrapped.empty() && wrapped.back() == '\n') wrapped.pop_back();
  return wrapped;
}

std::string HelpFormatter::make_description(const CLI::App* app) const {
  const std::string desc = CLI::Formatter::make_description(app);
  return desc.empty() ? desc : reflow_text(desc, width_);
}

std::string HelpFormatter::make_footer(const CLI::App* app) const {
  const std::string footer = CLI::Formatter::make_footer(app);
  return footer.empty() ? footer : reflow_text(footer, width_);
}

std::string HelpFormatter::make_option(const CLI::Option* opt, bool is_positional) const {
  std::stringstream out;
  CLI::detail::format_help(out, make_option_name(opt, is_positional) + make_option_opts(opt),
                           wrap_column(make_option_desc(opt)), column_width_);
  return out.str();
}

std::string HelpFormatter::make_subcommand(const CLI::App* sub) const {
  std::stringstream out;
  CLI::detail::format_help(out, sub->get_display_name(true), wrap_column(sub->get_description()), column_width_);
  return out.str();
}

}  // namespace puzzlelab::app
