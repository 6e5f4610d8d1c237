// `puzzlelab completion bash|zsh|fish`: shell completion scripts generated from the CLI
// tree (command_tree.h), so every game, verb, option and allowed value the parser knows
// is completed, and nothing is listed twice. The three scripts share one plan: walk the
// words typed so far to find the command (skipping the values of options that take one),
// then offer the allowed values of the option before the cursor, else options (a
// command's own and those of the commands above it, which CLI11 accepts anywhere below
// them), else the command's subcommands or the choices of its positional argument.
#include <map>
#include <set>

#include <fmt/format.h>

#include "app/command_tree.h"
#include "app/commands.h"

namespace puzzlelab::app {

namespace {

// What the scripts look up, keyed by the command's words ("puzzlelab wordle sim").
struct CompletionTables {
  std::map<std::string, std::vector<std::string>> subcommands;
  std::map<std::string, std::vector<std::string>> options;
  std::map<std::string, std::vector<std::string>> valued;              // options taking a value
  std::map<std::string, std::vector<std::string>> choices;             // "path|--option" -> values
  std::map<std::string, std::vector<std::string>> positional_choices;  // path -> values
};

std::string key_of(const CommandSpec& cmd) {
  const std::string path = cmd.path_text();
  return path.empty() ? "puzzlelab" : "puzzlelab " + path;
}

// `inherited`: the option names of the commands above, which the scripts offer here too
// (every command has its own --help; it is listed once).
void collect(const CommandSpec& cmd, CompletionTables& t, std::set<std::string> inherited = {}) {
  const std::string key = key_of(cmd);
  for (const auto& opt : cmd.options) {
    for (const auto& name : opt.names) {
      if (inherited.insert(name).second) t.options[key].push_back(name);
      if (opt.takes_value()) t.valued[key].push_back(name);
      if (!opt.choices.empty()) t.choices[key + "|" + name] = opt.choices;
    }
  }
  for (const auto& pos : cmd.positionals) {
    if (!pos.choices.empty()) t.positional_choices[key] = pos.choices;
  }
  for (const auto& sub : cmd.subcommands) {
    t.subcommands[key].push_back(sub.name);
    collect(sub, t, inherited);
  }
}

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

// A POSIX-shell single-quoted word (bash and zsh).
std::string sh_quoted(const std::string& s) {
  std::string out = "'";
  for (const char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// A fish single-quoted word: backslash and quote are the only escapes.
std::string fish_quoted(const std::string& s) {
  std::string out = "'";
  for (const char c : s) {
    if (c == '\\' || c == '\'') out += '\\';
    out += c;
  }
  return out + "'";
}

// The tables as associative-array assignments (bash `declare -gA`, zsh `typeset -gA`):
// -g because bash-completion sources the file inside a function.
std::string sh_tables(const CompletionTables& t, const std::string& declare) {
  std::string out;
  const auto table = [&](const char* name, const std::map<std::string, std::vector<std::string>>& m) {
    out += fmt::format("{} {}\n{}=(\n", declare, name, name);
    for (const auto& [k, v] : m) {
      out += declare == "declare -gA" ? fmt::format("  [{}]={}\n", sh_quoted(k), sh_quoted(joined(v)))
                                      : fmt::format("  {} {}\n", sh_quoted(k), sh_quoted(joined(v)));
    }
    out += ")\n";
  };
  table("_puzzlelab_subcommands", t.subcommands);
  table("_puzzlelab_options", t.options);
  table("_puzzlelab_valued", t.valued);
  table("_puzzlelab_choices", t.choices);
  table("_puzzlelab_positional_choices", t.positional_choices);
  return out;
}

constexpr const char* kBashFunctions = R"BASH(
# _puzzlelab_lookup TABLE PATH SUFFIX: the words of TABLE for PATH and every command
# above it (options are accepted anywhere below the command that defines them).
_puzzlelab_lookup() {
  local -n _table="$1"
  local p="$2" out=""
  while :; do
    out+=" ${_table[$p$3]:-}"
    [[ $p == puzzlelab ]] && break
    p="${p% *}"
  done
  printf '%s\n' "$out"
}

_puzzlelab() {
  local cur="${COMP_WORDS[COMP_CWORD]}" prev="" path=puzzlelab opt="" w i=1 values
  while ((i < COMP_CWORD)); do
    w="${COMP_WORDS[i]}"
    if [[ $w == -* ]]; then
      if [[ $w != *=* && " $(_puzzlelab_lookup _puzzlelab_valued "$path" "") " == *" $w "* ]]; then
        # The value follows; with '=' in COMP_WORDBREAKS, "--opt=value" is three words.
        if [[ ${COMP_WORDS[i+1]:-} == "=" ]]; then ((i += 3)); else ((i += 2)); fi
        continue
      fi
    elif [[ " ${_puzzlelab_subcommands[$path]:-} " == *" $w "* ]]; then
      path+=" $w"
    fi
    ((i++))
  done
  ((COMP_CWORD > 0)) && prev="${COMP_WORDS[COMP_CWORD-1]}"
  if [[ $cur == --*=* ]]; then
    opt="${cur%%=*}"
    cur="${cur#*=}"
  elif [[ $prev == "=" ]] && ((COMP_CWORD > 1)); then
    opt="${COMP_WORDS[COMP_CWORD-2]}"
  elif [[ $prev == -* && " $(_puzzlelab_lookup _puzzlelab_valued "$path" "") " == *" $prev "* ]]; then
    opt="$prev"
  fi
  if [[ -n $opt ]]; then
    values="$(_puzzlelab_lookup _puzzlelab_choices "$path" "|$opt")"
    if [[ -n ${values// /} ]]; then
      mapfile -t COMPREPLY < <(compgen -W "$values" -- "$cur")
    else
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    fi
    return 0
  fi
  if [[ $cur == -* ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$(_puzzlelab_lookup _puzzlelab_options "$path" "")" -- "$cur")
  elif [[ -n ${_puzzlelab_subcommands[$path]:-} ]]; then
    mapfile -t COMPREPLY < <(compgen -W "${_puzzlelab_subcommands[$path]}" -- "$cur")
  elif [[ -n ${_puzzlelab_positional_choices[$path]:-} ]]; then
    mapfile -t COMPREPLY < <(compgen -W "${_puzzlelab_positional_choices[$path]}" -- "$cur")
  else
    mapfile -t COMPREPLY < <(compgen -f -- "$cur")
  fi
  return 0
}

complete -F _puzzlelab puzzlelab
)BASH";

constexpr const char* kZshFunctions = R"ZSH(
# _puzzlelab_lookup TABLE PATH SUFFIX: the words of TABLE for PATH and every command
# above it (options are accepted anywhere below the command that defines them).
_puzzlelab_lookup() {
  local p=$2 out=
  while true; do
    eval 'out+=" ${'$1'[$p$3]}"'
    [[ $p == puzzlelab ]] && break
    p=${p% *}
  done
  print -r -- $out
}

_puzzlelab() {
  local cur=${words[CURRENT]} prev= path_=puzzlelab opt= w values
  local -i i=2
  while (( i < CURRENT )); do
    w=${words[i]}
    if [[ $w == -* ]]; then
      if [[ $w != *=* && " $(_puzzlelab_lookup _puzzlelab_valued $path_ '') " == *" $w "* ]]; then
        (( i += 2 ))
        continue
      fi
    elif [[ " ${_puzzlelab_subcommands[$path_]} " == *" $w "* ]]; then
      path_+=" $w"
    fi
    (( i++ ))
  done
  (( CURRENT > 1 )) && prev=${words[CURRENT-1]}
  if [[ $cur == --*=* ]]; then
    opt=${cur%%=*}
    compset -P '*='
  elif [[ $prev == -* && " $(_puzzlelab_lookup _puzzlelab_valued $path_ '') " == *" $prev "* ]]; then
    opt=$prev
  fi
  if [[ -n $opt ]]; then
    values=$(_puzzlelab_lookup _puzzlelab_choices $path_ "|$opt")
    if [[ -n ${values// /} ]]; then
      compadd -- ${=values}
    else
      _files
    fi
    return
  fi
  if [[ $cur == -* ]]; then
    compadd -- ${=$(_puzzlelab_lookup _puzzlelab_options $path_ '')}
  elif [[ -n ${_puzzlelab_subcommands[$path_]} ]]; then
    compadd -- ${=_puzzlelab_subcommands[$path_]}
  elif [[ -n ${_puzzlelab_positional_choices[$path_]} ]]; then
    compadd -- ${=_puzzlelab_positional_choices[$path_]}
  else
    _files
  fi
}

if [[ ${funcstack[1]} == _puzzlelab ]]; then
  _puzzlelab "$@"
else
  compdef _puzzlelab puzzlelab
fi
)ZSH";

std::string bash_script(const CompletionTables& t) {
  return "# bash completion for puzzlelab, generated by `puzzlelab completion bash` from its command tree.\n" +
         sh_tables(t, "declare -gA") + kBashFunctions;
}

std::string zsh_script(const CompletionTables& t) {
  return "#compdef puzzlelab\n# zsh completion for puzzlelab, generated by `puzzlelab completion zsh` from its command "
         "tree.\n" +
         sh_tables(t, "typeset -gA") + kZshFunctions;
}

// fish has no associative arrays: each command, option and value is a `complete` line
// whose condition names the command it belongs to.
constexpr const char* kFishFunctions = R"FISH(
# The command the words typed so far name ("puzzlelab wordle sim").
function __puzzlelab_path
    set -l path puzzlelab
    set -l skip 0
    for w in (commandline -opc)[2..-1]
        if test $skip = 1
            set skip 0
            continue
        end
        if string match -q -- '-*' $w
            if not string match -q -- '*=*' $w; and contains -- $w $__puzzlelab_valued
                set skip 1
            end
        else if contains -- "$path $w" $__puzzlelab_commands
            set path "$path $w"
        end
    end
    echo $path
end

function __puzzlelab_at
    test (__puzzlelab_path) = $argv[1]
end

# True at the command and below it (where its options are accepted too).
function __puzzlelab_under
    set -l p (__puzzlelab_path)
    test "$p" = $argv[1]; or string match -q -- "$argv[1] *" $p
end
)FISH";

void fish_commands(const CommandSpec& cmd, std::vector<std::string>& out) {
  for (const auto& sub : cmd.subcommands) {
    out.push_back(key_of(sub));
    fish_commands(sub, out);
  }
}

void fish_lines(const CommandSpec& cmd, std::string& out) {
  const std::string key = key_of(cmd);
  for (const auto& sub : cmd.subcommands) {
    out += fmt::format("complete -c puzzlelab -f -n {} -a {} -d {}\n", fish_quoted("__puzzlelab_at '" + key + "'"),
                       fish_quoted(sub.name), fish_quoted(sub.description));
  }
  for (const auto& pos : cmd.positionals) {
    if (pos.choices.empty()) continue;
    out += fmt::format("complete -c puzzlelab -f -n {} -a {}\n", fish_quoted("__puzzlelab_at '" + key + "'"),
                       fish_quoted(joined(pos.choices)));
  }
  for (const auto& opt : cmd.options) {
    std::string line = "complete -c puzzlelab";
    if (!cmd.path.empty()) line += " -n " + fish_quoted("__puzzlelab_under '" + key + "'");
    for (const auto& name : opt.names) {
      line += name.rfind("--", 0) == 0 ? " -l " + fish_quoted(name.substr(2)) : " -s " + fish_quoted(name.substr(1));
    }
    if (!opt.choices.empty()) {
      line += " -x -a " + fish_quoted(joined(opt.choices));
    } else if (opt.takes_value()) {
      line += " -r";
    }
    line += " -d " + fish_quoted(opt.description);
    out += line + "\n";
  }
  for (const auto& sub : cmd.subcommands) fish_lines(sub, out);
}

std::string fish_script(const CommandSpec& root, const CompletionTables& t) {
  std::vector<std::string> commands;
  fish_commands(root, commands);
  std::set<std::string> valued;
  for (const auto& [key, names] : t.valued) valued.insert(names.begin(), names.end());
  std::string out =
      "# fish completion for puzzlelab, generated by `puzzlelab completion fish` from its command tree.\n"
      "# An option name takes a value in every command that has it, so one list serves all.\n";
  out += "set -g __puzzlelab_valued (string split ' ' -- " +
         fish_quoted(joined(std::vector<std::string>(valued.begin(), valued.end()))) + ")\n";
  out += "set -g __puzzlelab_commands (string split , -- ";
  std::string listed;
  for (const auto& c : commands) listed += (listed.empty() ? "" : ",") + c;
  out += fish_quoted(listed) + ")\n";
  out += kFishFunctions;
  out += "\n";
  fish_lines(root, out);
  return out;
}

std::string completion_script(CLI::App& root, const std::string& shell) {
  const CommandSpec spec = describe_command(root);
  CompletionTables tables;
  collect(spec, tables);
  if (shell == "bash") return bash_script(tables);
  if (shell == "zsh") return zsh_script(tables);
  return fish_script(spec, tables);
}

}  // namespace

void add_completion_command(CLI::App& root, Context& ctx) {
  auto* cmd = root.add_subcommand("completion", "Print a shell completion script (bash, zsh or fish)");
  ctx.no_json(cmd);
  cmd->footer(R"(The script completes every game, verb, option and the allowed values of options such
as --player and --level; it is generated from the command tree. The package installs it
where each shell looks; to load it by hand:

Examples:
  source <(puzzlelab completion bash)
  puzzlelab completion zsh > ~/.zfunc/_puzzlelab        # a folder in $fpath
  puzzlelab completion fish > ~/.config/fish/completions/puzzlelab.fish)");
  auto shell = std::make_shared<std::string>();
  cmd->add_option("shell", *shell, "bash, zsh or fish")->required()->check(CLI::IsMember({"bash", "zsh", "fish"}));
  ctx.on_run(cmd, [&ctx, &root, shell] { ctx.out << completion_script(root, *shell); });
}

}  // namespace puzzlelab::app
