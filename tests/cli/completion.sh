# Shell completions generated from the CLI tree: the bash script is loaded and asked, the
# way bash asks it on Tab (COMP_WORDS, COMP_CWORD, the completion function), what follows
# a few command lines; the zsh and fish scripts are parsed by their shells where installed
# (./dev installs both). Usage: bash completion.sh <puzzlelab>
source "$(dirname "$0")/lib.sh"

for shell in bash zsh fish; do
  run "$PL" completion "$shell"
  expect_rc 0
  cp "$TMP/out" "$TMP/completion.$shell"
done
run "$PL" completion tcsh
expect_rc 2

# complete WORD...: the completions bash offers for the line "WORD..." with the cursor at
# the end of its last word (an empty last word: after a space). One word a line, sorted.
complete_line() {
  bash -c '
    source "$1"; shift
    COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
    _puzzlelab puzzlelab "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]:-}"
    printf "%s\n" "${COMPREPLY[@]}" | sort' _ "$TMP/completion.bash" "$@"
}

# expect_completions "EXPECTED WORDS" WORD...: exactly these completions.
expect_completions() {
  local want got
  want="$(printf '%s\n' $1 | sort)"
  shift
  got="$(complete_line "$@")"
  [ "$got" = "$want" ] || fail "completing '$*': expected [$(echo $want)], got [$(echo $got)]"
}

# expect_completion_has WORD COMPLETED-WORD...: WORD is among the completions.
expect_completion_has() {
  local word="$1"
  shift
  complete_line "$@" | grep -qxF -- "$word" || fail "completing '$*': '$word' not offered (got: $(complete_line "$@" | tr '\n' ' '))"
}

expect_completions "wordle" puzzlelab wor
expect_completions "2048" puzzlelab 20
expect_completions "random frequency entropy parts optimal" puzzlelab wordle sim --player ""
expect_completions "entropy" puzzlelab wordle sim --player en
expect_completions "fast normal strong" puzzlelab 2048 sim --level ""
expect_completions "random greedy expectimax" puzzlelab 2048 sim --player ""
expect_completions "random frequency entropy optimal" puzzlelab handle sim --player ""
expect_completions "easy medium hard any" puzzlelab 24 play --difficulty ""
expect_completions "normal high-contrast" puzzlelab wordle play --palette ""
expect_completions "auto always never" puzzlelab --color ""
# A global option's value is skipped when finding the command; global options are
# offered at every level; "--opt=" completes the value too.
expect_completions "fast normal strong" puzzlelab --seed 7 2048 sim --level ""
expect_completions "auto always never" puzzlelab 2048 sim --color ""
expect_completions "always" puzzlelab wordle sim --color=al
expect_completions "auto always never" puzzlelab wordle sim --color = ""
expect_completion_has --player puzzlelab wordle sim --
expect_completion_has --hard puzzlelab wordle sim --
expect_completion_has --seed puzzlelab wordle sim --
expect_completion_has --level puzzlelab 2048 sim --l
# The verbs of a game, and the arguments of completion.
expect_completions "play assist watch score sim tree" puzzlelab wordle ""
expect_completions "bash zsh fish" puzzlelab completion ""
# The hidden man-page generator is not offered.
complete_line puzzlelab "" | grep -qx man && fail "the hidden 'man' command is offered"

if command -v zsh >/dev/null; then
  zsh -n "$TMP/completion.zsh" 2>"$TMP/err" || fail "zsh -n rejects the zsh completion"
  head -n 1 "$TMP/completion.zsh" | grep -qx '#compdef puzzlelab' || fail "the zsh completion lacks #compdef"
  # Outside a completion widget, compadd and friends are stood in for by functions that
  # print what the script offers (zsh itself then filters by the typed prefix).
  zsh_offers() {
    zsh -f -c '
      compdef() { : }; compset() { : }; _files() { print FILES }
      compadd() { [[ $1 == -- ]] && shift; print -l -- "$@" }
      source "$1"; shift
      words=("$@"); CURRENT=$#
      _puzzlelab | sort | tr "\n" " "' _ "$TMP/completion.zsh" "$@"
  }
  [ "$(zsh_offers puzzlelab 2048 sim --level "")" = "fast normal strong " ] ||
    fail "zsh: 2048 sim --level offers: $(zsh_offers puzzlelab 2048 sim --level "")"
  [ "$(zsh_offers puzzlelab --seed 3 wordle sim --player "")" = "entropy frequency optimal parts random " ] ||
    fail "zsh: wordle sim --player offers: $(zsh_offers puzzlelab --seed 3 wordle sim --player "")"
  zsh_offers puzzlelab wor | grep -qw wordle || fail "zsh: 'puzzlelab wor' does not offer wordle"
  zsh_offers puzzlelab wordle sim --h | grep -qw -- --hard || fail "zsh: wordle sim does not offer --hard"
else
  echo "note: zsh is not installed; its completion is not checked" >&2
fi
if command -v fish >/dev/null; then
  fish -n "$TMP/completion.fish" 2>"$TMP/err" || fail "fish -n rejects the fish completion"
  # Loaded in fish, the script answers what follows "puzzlelab 2048 sim --level ".
  HOME="$TMP/home" fish --no-config -c "source $TMP/completion.fish; complete -C 'puzzlelab 2048 sim --level '" \
    >"$TMP/out" 2>"$TMP/err" || fail "fish could not load the completion"
  for level in fast normal strong; do grep -q "^$level" "$TMP/out" || fail "fish does not offer --level $level"; done
  HOME="$TMP/home" fish --no-config -c "source $TMP/completion.fish; complete -C 'puzzlelab wor'" >"$TMP/out" 2>"$TMP/err"
  grep -q "^wordle" "$TMP/out" || fail "fish does not complete 'puzzlelab wor' to wordle"
else
  echo "note: fish is not installed; its completion is not checked" >&2
fi
pass
