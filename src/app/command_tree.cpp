#include "app/command_tree.h"

namespace puzzlelab::app {

namespace {

// CLI::IsMember describes itself as "{a,b,c}" (CLI11's detail::generate_set), and that
// description is the only public view of its set; a check of another kind never has this
// form. An inactive check (one a later registration replaced) describes itself as "".
std::vector<std::string> choices_of(CLI::Option& opt) {
  for (int i = 0;; ++i) {
    const CLI::Validator* check = nullptr;
    try {
      check = opt.get_validator(i);
    } catch (const CLI::OptionNotFound&) {
      return {};
    }
    const std::string desc = check->get_description();
    if (desc.size() < 2 || desc.front() != '{' || desc.back() != '}') continue;
    std::vector<std::string> values;
    std::string value;
    for (std::size_t k = 1; k + 1 < desc.size(); ++k) {
      if (desc[k] == ',') {
        values.push_back(value);
        value.clear();
      } else {
        value += desc[k];
      }
    }
    values.push_back(value);
    return values;
  }
}

// The value's type as the help shows it, without the check's description CLI11 appends
// ("TEXT:{auto,always,never}" -> "TEXT").
std::string value_name_of(const CLI::Option& opt) {
  if (opt.get_expected_max() == 0 || opt.get_type_size() == 0) return {};  // a flag
  std::string name = opt.get_option_text().empty() ? opt.get_type_name() : opt.get_option_text();
  const auto colon = name.find(':');
  if (colon != std::string::npos) name.resize(colon);
  return name.empty() ? "VALUE" : name;
}

void describe_into(CLI::App& app, CommandSpec& spec) {
  for (CLI::Option* opt : app.get_options()) {
    if (opt->get_group().empty()) continue;  // hidden
    if (opt->get_positional() && !opt->nonpositional()) {
      spec.positionals.push_back(PositionalSpec{opt->get_name(true), opt->get_description(), opt->get_required(),
                                                opt->get_items_expected_max() > 1, choices_of(*opt)});
      continue;
    }
    OptionSpec o;
    for (const auto& l : opt->get_lnames()) o.names.push_back("--" + l);
    for (const auto& s : opt->get_snames()) o.names.push_back("-" + s);
    o.description = opt->get_description();
    o.value_name = value_name_of(*opt);
    if (o.takes_value()) {
      o.choices = choices_of(*opt);
      o.default_value = opt->get_default_str();
    }
    spec.options.push_back(std::move(o));
  }
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
    if (sub->get_name().empty()) {
      describe_into(*sub, spec);  // an option group: its options belong to this command
      continue;
    }
    if (sub->get_group().empty()) continue;  // hidden
    CommandSpec child;
    child.path = spec.path;
    child.path.push_back(sub->get_name());
    child.name = sub->get_name();
    child.description = sub->get_description();
    child.footer = sub->get_footer();
    describe_into(*sub, child);
    spec.subcommands.push_back(std::move(child));
  }
}

}  // namespace

std::string CommandSpec::path_text() const {
  std::string out;
  for (const auto& word : path) out += (out.empty() ? "" : " ") + word;
  return out;
}

CommandSpec describe_command(CLI::App& app) {
  CommandSpec spec;
  spec.name = app.get_name();
  spec.description = app.get_description();
  spec.footer = app.get_footer();
  describe_into(app, spec);
  return spec;
}

}  // namespace puzzlelab::app
