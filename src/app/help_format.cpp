#include "app/help_format.h"

#include <algorithm>
#include <map>
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

namespace {

// The value's name in the help, for a person: CLI11 writes its type and each check's
// own label ("UINT:UINT", "FLOAT:FLOAT in [0.1 - 600000]", "TEXT:{auto,always,never}");
// this writes "N", "NUMBER (0.1 to 600000)", "auto|always|never".
std::string readable_value_name(const std::string& type_name) {
  const auto colon = type_name.find(':');
  const std::string base = type_name.substr(0, colon);
  const std::string check = colon == std::string::npos ? "" : type_name.substr(colon + 1);
  std::string name = base == "INT" || base == "UINT" ? "N" : base == "FLOAT" ? "NUMBER" : base;
  if (check.size() >= 2 && check.front() == '{' && check.back() == '}') {
    std::string members = check.substr(1, check.size() - 2);
    std::replace(members.begin(), members.end(), ',', '|');
    return members;
  }
  const auto in = check.find(" in [");
  if (in != std::string::npos && check.back() == ']') {
    std::string range = check.substr(in + 5, check.size() - in - 6);
    const auto dash = range.find(" - ");
    if (dash != std::string::npos) range.replace(dash, 3, " to ");
    return name + " (" + range + ")";
  }
  // A check with a name of its own ("DIR", "N") names the value better than the type.
  if (!check.empty() && check != base && check.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ") == std::string::npos) {
    return check;
  }
  return name;
}

// CLI11 calls every string value TEXT; these are the names of the values, for a person.
// A Handle word is an idiom; the other games' words are words.
std::string text_value_name(const CLI::App& app, const std::string& option) {
  bool handle = false;
  for (const CLI::App* a = &app; a != nullptr; a = a->get_parent()) handle = handle || a->get_name() == "handle";
  static const std::map<std::string, std::string> kNames = {
      {"--answers", "FILE"}, {"--guesses", "FILE"},   {"--out", "FILE"},  {"--resume", "FILE"}, {"--check", "FILE"},
      {"--results", "FILE"}, {"--network", "FILE"},   {"--from", "FILE"}, {"--starts", "FILE"}, {"--export", "FILE"},
      {"--import", "FILE"},  {"--checkpoint", "DIR"}, {"--shard", "K/N"}, {"--games", "N|all"}, {"--target", "NUMBER"},
      {"--range", "LO..HI"}, {"--host", "ADDRESS"},   {"--word", "WORD"}, {"--first", "WORD"},  {"entries", "ENTRY"},
      {"words", "WORD"},     {"numbers", "NUMBER"},   {"board", "VALUE"}, {"game", "GAME"},
  };
  const auto it = kNames.find(option);
  if (it == kNames.end()) return "TEXT";
  if (handle && it->second == "WORD") return "IDIOM";
  return it->second;
}

}  // namespace

void set_readable_value_names(CLI::App& app) {
  for (CLI::Option* opt : app.get_options()) {
    if (opt->get_type_size() == 0 || !opt->get_option_text().empty()) continue;
    std::string text = readable_value_name(opt->get_type_name());
    if (text == "TEXT") text = text_value_name(app, opt->get_name());
    if (!opt->get_default_str().empty()) text += "=" + opt->get_default_str();
    if (opt->get_expected_max() == CLI::detail::expected_max_vector_size) text += " ...";
    if (opt->get_required()) text += " (required)";
    opt->option_text(text);
  }
  for (CLI::App* sub : app.get_subcommands({})) set_readable_value_names(*sub);
}

}  // namespace puzzlelab::app
