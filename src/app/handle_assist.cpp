#include "app/handle_assist.h"

#include <istream>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include "app/handle_render.h"
#include "app/line_input.h"
#include "core/utf8.h"
#include "handle/pinyin.h"
#include "handle/weighted_player.h"

namespace puzzlelab::app {

namespace {

struct Entry {
  handle::Word word;
  handle::Feedback feedback;
};

// Splits "补过拾遗 NNNM NMMM NNNN NNNN" or "补过拾遗:NNNMNMMMNNNNNNNN" into entries. Tokens
// are consumed left to right: a token starting with a Han character opens an entry (a ':'
// may join the marks to it), the following tokens are its marks until 16 letters are read.
core::Result<std::vector<std::pair<std::string, std::string>>> split_entries(const std::vector<std::string>& tokens) {
  std::vector<std::pair<std::string, std::string>> out;
  std::size_t letters = 16;
  for (const std::string& raw : tokens) {
    std::string token = raw;
    auto decoded = core::utf8_decode(token);
    const bool starts_han = decoded && !decoded->empty() && core::is_han((*decoded)[0]);
    if (starts_han) {
      if (letters < 16) return core::Error{fmt::format("'{}' has only {} of its 16 marks", out.back().first, letters)};
      std::string marks;
      if (const auto colon = token.find(':'); colon != std::string::npos) {
        marks = token.substr(colon + 1);
        token = token.substr(0, colon);
      }
      out.emplace_back(token, marks);
      letters = 0;
      for (const char c : marks) letters += c != ' ';
      continue;
    }
    if (out.empty()) return core::Error{fmt::format("'{}': an entry starts with the guessed idiom", raw)};
    if (letters >= 16) {
      return core::Error{fmt::format("'{}': '{}' already has its 16 marks; start the next entry with an idiom", raw,
                                     out.back().first)};
    }
    out.back().second += (out.back().second.empty() ? "" : " ") + token;
    letters += token.size();
  }
  if (!out.empty() && letters < 16) {
    return core::Error{
        fmt::format("'{}' needs 16 marks (4 per character: character, initial, final, tone), e.g. "
                    "补过拾遗 NNNM NMMM NNNN NNNN",
                    out.back().first)};
  }
  return out;
}

class Assistant {
 public:
  Assistant(Context& ctx, HandleSession& session, HandleAi& ai, const HandleAssistOptions& options)
      : ctx_(ctx), session_(session), ai_(ai), options_(options), zh_(ctx.chinese()) {
    stack_.push_back(ai.start());
  }

  // Why an entry was not taken: a mistyped entry (a usage error) or marks that no
  // candidate fits (a runtime failure), as in wordle assist.
  struct Refusal {
    std::string message;
    bool mistyped = false;
  };

  // Applies an entry; the refusal when it is not taken.
  std::optional<Refusal> add(const std::string& word_text, const std::string& marks_text) {
    const auto checked = handle::check_guess(session_.lexicon(), word_text, false);
    if (!checked.word) return Refusal{describe_input_error(checked.error, zh_), true};
    auto marks = handle::parse_feedback(marks_text);
    if (!marks) return Refusal{marks.error().message, true};
    const handle::CompiledWord guess = session_.table().compile(*checked.word);
    const handle::Pattern want = handle::encode(*marks);
    const auto& game = ai_.game();
    std::vector<guess::SecretIndex> next;
    for (const guess::SecretIndex s : stack_.back()) {
      if (handle::fast_score(guess, session_.table().idioms()[game.guess_of_secret(s)]) == want) next.push_back(s);
    }
    if (next.empty()) {
      return Refusal{
          zh_ ? fmt::format("没有候选符合第 {} 条（{} {}）：请检查标记。", entries_.size() + 1,
                            core::utf8_encode(*checked.word), handle::format_feedback(*marks))
              : fmt::format("No candidate fits entry {} ({} {}): it contradicts the entries before it or "
                            "the marks are mistyped.",
                            entries_.size() + 1, core::utf8_encode(*checked.word), handle::format_feedback(*marks)),
          false};
    }
    entries_.push_back(Entry{*checked.word, *marks});
    stack_.push_back(std::move(next));
    return std::nullopt;
  }

  [[nodiscard]] std::size_t entry_count() const { return entries_.size(); }

  bool undo() {
    if (entries_.empty()) return false;
    entries_.pop_back();
    stack_.pop_back();
    return true;
  }

  void report() {
    std::ostream& out = ctx_.out;
    const auto& c = stack_.back();
    const auto& lex = session_.lexicon();
    const auto& game = ai_.game();
    if (!entries_.empty() && entries_.back().feedback.win()) {
      out << (zh_ ? "已经猜中！\n" : "Solved!\n");
      return;
    }
    if (c.size() == 1) {
      const auto& idiom = lex.idioms()[game.guess_of_secret(c[0])];
      out << (zh_ ? fmt::format("只剩一个：{}（{}）\n", core::utf8_encode(idiom.word), join(idiom.pinyin))
                  : fmt::format("One candidate left: {} ({})\n", core::utf8_encode(idiom.word), join(idiom.pinyin)));
      return;
    }
    out << (zh_ ? fmt::format("剩余候选 {} 个", c.size()) : fmt::format("{} candidates left", c.size()));
    out << (c.size() > options_.show ? (zh_ ? "，例如：\n" : ", for example:\n") : (zh_ ? "：\n" : ":\n"));
    for (std::size_t i = 0; i < c.size() && i < options_.show; ++i) {
      const auto& idiom = lex.idioms()[game.guess_of_secret(c[i])];
      out << fmt::format("  {}  {}\n", core::utf8_encode(idiom.word), join(idiom.pinyin));
    }
    out << (zh_ ? "推荐下一步：\n" : "Best next guesses:\n");
    out << (zh_ ? "       成语      信息量  分组  期望剩余\n" : "       guess     bits  classes  expected left\n");
    const std::vector<guess::GuessIndex> ranked = rank(c);
    guess::Workspace ws(ai_.analyzer());
    for (std::size_t r = 0; r < ranked.size(); ++r) {
      const guess::ClassStats st = ai_.analyzer().class_stats(ranked[r], c, ws);
      const bool candidate = std::binary_search(c.begin(), c.end(), game.secret_of_idiom(ranked[r]).value_or(~0u));
      out << fmt::format("  {:>2}.  {}  {:6.3f}  {:7}  {:13.2f}{}\n", r + 1,
                         core::utf8_encode(lex.idioms()[ranked[r]].word), st.entropy, st.classes,
                         st.expected_remaining(), candidate ? (zh_ ? "  （候选）" : "  (candidate)") : "");
    }
  }

  [[nodiscard]] bool solved() const { return !entries_.empty() && entries_.back().feedback.win(); }
  [[nodiscard]] std::size_t entries() const { return entries_.size(); }

 private:
  // The idiom's pinyin with tone marks, as play and watch show it (jué, not jve2).
  static std::string join(const std::vector<std::string>& parts) {
    std::string s;
    for (const auto& p : parts) {
      if (!s.empty()) s += ' ';
      s += handle::tone_marked(p);
    }
    return s;
  }

  std::vector<guess::GuessIndex> rank(const std::vector<guess::SecretIndex>& c) {
    if (const auto* w = dynamic_cast<const handle::WeightedEntropyPlayer*>(&ai_.player())) {
      return w->rank(c, options_.top, ctx_.opts.threads);
    }
    guess::Workspace ws(ai_.analyzer());
    std::vector<guess::GuessIndex> out;
    for (const auto& r : ai_.analyzer().rank_guesses(guess::Scoring::Entropy, ai_.analyzer().all_guesses(), c,
                                                     options_.top, ws, ctx_.opts.threads)) {
      out.push_back(r.guess);
    }
    return out;
  }

  Context& ctx_;
  HandleSession& session_;
  HandleAi& ai_;
  const HandleAssistOptions& options_;
  bool zh_;
  std::vector<Entry> entries_;
  std::vector<std::vector<guess::SecretIndex>> stack_;
};

}  // namespace

void run_handle_assist(Context& ctx, const HandleAssistOptions& options) {
  auto session = HandleSession::load(ctx);
  if (!session) return ctx.fail(session.error().message);
  HandleAiOptions ai_options = options.ai;
  ai_options.player = "entropy";
  if (ai_options.candidates.empty()) ai_options.candidates = "answers";
  ai_options.secrets = ai_options.candidates;
  ai_options.need_opener = false;
  auto ai = HandleAi::create(ctx, **session, ai_options);
  if (!ai) return ctx.fail(ai.error().message, kExitUsage);
  Assistant assistant(ctx, **session, **ai, options);
  const bool zh = ctx.chinese();

  if (!options.entries.empty()) {
    auto entries = split_entries(options.entries);
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
    auto entries = split_entries(tokens);
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
