#include "app/handle_assist.h"

#include <istream>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include "app/handle_render.h"
#include "app/line_input.h"
#include "core/utf8.h"
#include "handle/assistant.h"

namespace puzzlelab::app {

namespace {

// The terminal over handle::Assistant: reads entries in the forms split_assist_entries
// takes, words the refusals in the user's language and renders the report.
class Assistant {
 public:
  Assistant(Context& ctx, handle::GameData& data, const handle::Engine& ai, const HandleAssistOptions& options)
      : ctx_(ctx),
        data_(data),
        ai_(ai),
        options_(options),
        zh_(ctx.chinese()),
        assistant_(ai.game(), ai.analyzer(), &ai.player(), ai.start()) {}

  // Why an entry was not taken: a mistyped entry (a usage error) or marks that no
  // candidate fits (a runtime failure), as in wordle assist.
  struct Refusal {
    std::string message;
    bool mistyped = false;
  };

  // Applies an entry; the refusal when it is not taken.
  std::optional<Refusal> add(const std::string& word_text, const std::string& marks_text) {
    auto parsed = data_.parse_assist_entry(word_text, marks_text);
    if (parsed.idiom_error) return Refusal{describe_input_error(*parsed.idiom_error, zh_), true};
    if (!parsed.entry) return Refusal{parsed.marks_error, true};
    const auto refused = assistant_.add(*parsed.entry);
    if (!refused) return std::nullopt;
    if (refused->kind == handle::AssistRefusal::Kind::Solved) return Refusal{refused->message, false};
    if (!zh_) return Refusal{refused->message, false};
    return Refusal{fmt::format("没有候选符合第 {} 条（{} {}）：请检查标记。", entry_count() + 1,
                               core::utf8_encode(parsed.entry->word), handle::format_feedback(parsed.entry->feedback)),
                   false};
  }

  [[nodiscard]] std::size_t entry_count() const { return assistant_.entries().size(); }

  bool undo() { return assistant_.undo(); }

  void report() {
    std::ostream& out = ctx_.out;
    const auto c = assistant_.candidates();
    const auto& lex = data_.lexicon();
    const auto& game = ai_.game();
    if (assistant_.solved()) {
      out << (zh_ ? "已经猜中！\n" : "Solved!\n");
      return;
    }
    if (c.size() == 1) {
      const auto& idiom = lex.idioms()[game.guess_of_secret(c[0])];
      const std::string pinyin = handle::tone_marked_pinyin(idiom);
      out << (zh_ ? fmt::format("只剩一个：{}（{}）\n", core::utf8_encode(idiom.word), pinyin)
                  : fmt::format("One candidate left: {} ({})\n", core::utf8_encode(idiom.word), pinyin));
      return;
    }
    out << (zh_ ? fmt::format("剩余候选 {} 个", c.size()) : fmt::format("{} candidates left", c.size()));
    out << (c.size() > options_.show ? (zh_ ? "，例如：\n" : ", for example:\n") : (zh_ ? "：\n" : ":\n"));
    for (std::size_t i = 0; i < c.size() && i < options_.show; ++i) {
      const auto& idiom = lex.idioms()[game.guess_of_secret(c[i])];
      out << fmt::format("  {}  {}\n", core::utf8_encode(idiom.word), handle::tone_marked_pinyin(idiom));
    }
    out << (zh_ ? "推荐下一步：\n" : "Best next guesses:\n");
    out << (zh_ ? "       成语      信息量  分组  期望剩余\n" : "       guess     bits  classes  expected left\n");
    const auto ranked = assistant_.suggestions(options_.top, ctx_.threads());
    for (std::size_t r = 0; r < ranked.size(); ++r) {
      const guess::ClassStats& st = ranked[r].stats;
      out << fmt::format("  {:>2}.  {}  {:6.3f}  {:7}  {:13.2f}{}\n", r + 1,
                         core::utf8_encode(lex.idioms()[ranked[r].guess].word), st.entropy, st.classes,
                         st.expected_remaining(), ranked[r].candidate ? (zh_ ? "  （候选）" : "  (candidate)") : "");
    }
  }

  [[nodiscard]] bool solved() const { return assistant_.solved(); }

 private:
  Context& ctx_;
  handle::GameData& data_;
  const handle::Engine& ai_;
  const HandleAssistOptions& options_;
  bool zh_;
  handle::Assistant assistant_;
};

}  // namespace

void run_handle_assist(Context& ctx, const HandleAssistOptions& options) {
  auto data = handle::GameData::load(ctx.data());
  if (!data) return ctx.fail(data.error().message);
  // The entropy player ranks the next guesses for itself: no opener is needed.
  HandleAiOptions ai_options = options.ai;
  ai_options.player = "entropy";
  if (ai_options.candidates.empty()) ai_options.candidates = "answers";
  ai_options.secrets = ai_options.candidates;
  auto ai = make_handle_engine(ctx, **data, ai_options);
  if (!ai) return ctx.fail(ai.error().message, kExitUsage);
  Assistant assistant(ctx, **data, **ai, options);
  const bool zh = ctx.chinese();

  if (!options.entries.empty()) {
    auto entries = handle::split_assist_entries(options.entries);
    if (!entries) return ctx.fail(entries.error().message, kExitUsage);
    // Errors go to stderr with the entry's number, as in wordle assist: status 2 for a
    // mistyped entry, 1 for marks that no candidate fits; the entries are echoed only
    // when all were taken.
    std::string echo;
    for (const auto& [word, marks] : *entries) {
      const auto parsed = handle::parse_feedback(marks);
      const std::string shown = fmt::format("{} {}", word, parsed ? handle::format_feedback(*parsed) : marks);
      if (auto refused = assistant.add(word, marks)) {
        if (!refused->mistyped) return ctx.fail(refused->message);
        return ctx.fail(fmt::format("entry {} ('{}'): {}", assistant.entry_count() + 1, shown, refused->message),
                        kExitUsage);
      }
      echo += shown + '\n';
    }
    ctx.out << echo;
    assistant.report();
    return;
  }

  ctx.out
      << (zh ? "输入猜过的成语和游戏给出的 16 个标记（汉字、声母、韵母、声调；E 正确 M 位置不对 N 不存在），例如：\n"
               "  补过拾遗 NENE NNNN NNMN NEEN\n命令：undo 撤销，quit 退出。\n"
             : "Type each guess and the 16 marks the game showed (character, initial, final, tone per "
               "character; E exact, M misplaced, N none), e.g.\n  补过拾遗 NENE NNNN NNMN NEEN\n"
               "Commands: undo, quit.\n");
  assistant.report();
  LineInput input(ctx);
  for (;;) {
    const auto entry = input.read("> ");
    if (entry.status != LineInput::Status::Line) break;
    std::istringstream words(entry.text);
    std::vector<std::string> tokens;
    for (std::string t; words >> t;) tokens.push_back(t);
    if (tokens.empty()) continue;
    if (tokens[0] == "quit" || tokens[0] == "q" || tokens[0] == "exit") break;
    if (tokens[0] == "undo") {
      if (!assistant.undo()) {
        ctx.out << (zh ? "没有可撤销的。\n" : "Nothing to undo.\n");
      } else {
        assistant.report();
      }
      continue;
    }
    // A refused entry is answered in the transcript, as in wordle assist, and the
    // session goes on.
    auto entries = handle::split_assist_entries(tokens);
    if (!entries) {
      ctx.out << "Not taken: " << core::printable(entries.error().message) << '\n';
      continue;
    }
    bool ok = true;
    for (const auto& [word, marks] : *entries) {
      if (auto refused = assistant.add(word, marks)) {
        ctx.out << "Not taken: " << core::printable(refused->message) << '\n';
        ok = false;
        break;
      }
    }
    if (ok) assistant.report();
    if (assistant.solved()) break;
  }
}

}  // namespace puzzlelab::app
