// `puzzlelab wordle assist`: help with the real daily game. Each entry is a guess and
// the colours it got; the answer is how many answers remain, some of them, and the
// best next guesses with their expected information and expected remaining answers.
#include <ostream>

#include <fmt/format.h>

#include "app/wordle_input.h"
#include "app/wordle_verbs.h"
#include "core/utf8.h"
#include "core/wording.h"
#include "wordle/assistant.h"

namespace puzzlelab::app {

namespace {

constexpr std::size_t kShownCandidates = 12;

std::string answers_left(std::size_t n) {
  return core::counted(n, "answer") + " left";
}

std::string entry_line(const wordle::WordleGame& game, const wordle::AssistEntry& e, std::size_t left,
                       const WordleStyle& style) {
  const std::string& word = game.guess_word(e.guess);
  const std::string shown = style.color ? render_wordle_row(word, e.pattern, style)
                                        : upper_word(word) + " " + wordle::pattern_text(e.pattern, game.length());
  return fmt::format("{}  {}\n", shown, answers_left(left));
}

// The state after the entries: the answers still possible and the suggestions.
std::string render_state(const wordle::WordleGame& game, const wordle::Assistant& assistant,
                         const std::vector<guess::RankedGuess>& suggestions) {
  const auto c = assistant.candidates();
  if (assistant.solved()) {
    return fmt::format("Solved in {} guess{}.\n", assistant.entries().size(),
                       assistant.entries().size() == 1 ? "" : "es");
  }
  if (c.size() == 1) return fmt::format("The answer is {}.\n", upper_word(game.secret_word(c[0])));
  std::string out = fmt::format("{}: ", answers_left(c.size()));
  for (std::size_t i = 0; i < c.size() && i < kShownCandidates; ++i) {
    out += (i ? ", " : "") + game.secret_word(c[i]);
  }
  if (c.size() > kShownCandidates) out += fmt::format(" … and {} more", c.size() - kShownCandidates);
  out += "\n";
  if (!suggestions.empty()) {
    out += "Best next guesses (expected information · expected answers left):\n";
    for (std::size_t i = 0; i < suggestions.size(); ++i) {
      const auto& s = suggestions[i];
      out += fmt::format("  {:>2}. {}  {:6.3f} bits  {:8.2f}{}\n", i + 1, upper_word(game.guess_word(s.guess)),
                         s.stats.entropy, s.stats.expected_remaining(), s.candidate ? "  could be the answer" : "");
    }
  }
  return out;
}

nlohmann::json state_json(const wordle::WordleGame& game, const wordle::Assistant& assistant,
                          const std::vector<guess::RankedGuess>& suggestions) {
  nlohmann::json j = assistant.state_json();
  nlohmann::json best = nlohmann::json::array();
  for (const auto& s : suggestions) {
    best.push_back({{"guess", game.guess_word(s.guess)},
                    {"entropy", s.stats.entropy},
                    {"expected_remaining", s.stats.expected_remaining()},
                    {"classes", s.stats.classes},
                    {"candidate", s.candidate}});
  }
  j["suggestions"] = best;
  return j;
}

class AssistSession {
 public:
  AssistSession(Context& ctx, const LoadedWordle& loaded, const WordleAssistOptions& options)
      : ctx_(ctx), loaded_(loaded), options_(options), assistant_(*loaded.engine, options.hard) {
    scoring_ = options.player == "parts" ? guess::Scoring::Classes : guess::Scoring::Entropy;
  }

  wordle::Assistant& assistant() { return assistant_; }

  std::vector<guess::RankedGuess> suggestions() {
    if (assistant_.solved() || assistant_.candidates().size() <= 1 || options_.top == 0) return {};
    if (assistant_.entries().empty()) {
      // The first guess is the same for every game: cached in the state folder.
      return assistant_.figures(wordle_openers(ctx_, loaded_, scoring_, options_.top));
    }
    return assistant_.suggestions(scoring_, options_.top, ctx_.threads());
  }

 private:
  Context& ctx_;
  const LoadedWordle& loaded_;
  const WordleAssistOptions& options_;
  wordle::Assistant assistant_;
  guess::Scoring scoring_;
};

constexpr const char* kHelp =
    "Enter each guess with the colours the game showed, one entry a line:\n"
    "  crane ..Y.G    G green, Y yellow, . gray (also bbygb letters or 00102 digits)\n"
    "  undo           take the last entry back\n"
    "  quit           leave\n";

}  // namespace

void run_wordle_assist(Context& ctx, const WordleAssistOptions& options) {
  if (options.entries.empty() && ctx.opts.json) {
    return ctx.fail(
        "--json needs the entries on the command line (wordle assist crane:....G --json); "
        "the interactive assistant has no JSON output",
        kExitUsage);
  }
  WordleStyle style;
  style.color = ctx.color();
  // No pattern table: each answer scores at most a few hundred candidates, which
  // computing feedback directly does faster than building 30 MB of table first.
  const LoadedWordle loaded = load_wordle(ctx, options.lists, guess::TableOptions{0, 1});
  if (!loaded.engine) return;
  const wordle::WordleGame& game = loaded.engine->game();
  AssistSession session(ctx, loaded, options);
  wordle::Assistant& assistant = session.assistant();

  if (!options.entries.empty()) {
    // One-shot: every entry in order; the first that cannot be applied is an error.
    std::string out;
    for (const auto& text : options.entries) {
      auto entry = wordle::parse_assist_entry(game, text);
      if (!entry) {
        return ctx.fail(fmt::format("entry {} ('{}'): {}", assistant.entries().size() + 1, text, entry.error().message),
                        kExitUsage);
      }
      if (auto refused = assistant.add(*entry)) return ctx.fail(*refused);
      out += entry_line(game, *entry, assistant.candidates().size(), style);
    }
    const auto suggestions = session.suggestions();
    if (ctx.opts.json) {
      ctx.out << state_json(game, assistant, suggestions).dump(2) << '\n';
    } else {
      ctx.out << out << render_state(game, assistant, suggestions);
    }
    return;
  }

  LineInput input(ctx);
  if (input.terminal()) ctx.out << kHelp << '\n';
  ctx.out << render_state(game, assistant, session.suggestions());
  run_assist_loop(ctx, input, game, assistant,
                  {.help = kHelp,
                   .entry_line =
                       [&](const wordle::AssistEntry& e) {
                         return entry_line(game, e, assistant.candidates().size(), style);
                       },
                   .show_state =
                       [&] {
                         ctx.out << render_state(game, assistant, session.suggestions());
                         return true;
                       }});
}

}  // namespace puzzlelab::app
