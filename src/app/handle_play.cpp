#include "app/handle_play.h"

#include <chrono>
#include <istream>
#include <thread>

#include <fmt/format.h>

#include "app/handle_render.h"
#include "app/handle_stats.h"
#include "app/line_input.h"
#include "app/player_store.h"
#include "core/utf8.h"

namespace puzzlelab::app {

namespace {

std::string trim(const std::string& s) {
  std::size_t b = 0, e = s.size();
  while (b < e && (s[b] == ' ' || s[b] == '\t' || s[b] == '\r')) ++b;
  while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\r')) --e;
  return s.substr(b, e - b);
}

const char* tr(bool chinese, const char* en, const char* zh) {
  return chinese ? zh : en;
}

}  // namespace

std::string handle_share_text(const handle::PlaySession& game, const std::string& label) {
  std::string out = fmt::format("汉兜 {} {}/{}{}\n", label, game.won() ? std::to_string(game.tries()) : "X",
                                handle::kTriesLimit, game.hinted() ? " (hint)" : "");
  for (const auto& t : game.turns()) {
    for (int i = 0; i < 4; ++i) {
      switch (t.feedback.at(i, handle::Channel::Char)) {
        case handle::Mark::Exact:
          out += "🟩";
          break;
        case handle::Mark::Misplaced:
          out += "🟧";
          break;
        case handle::Mark::None:
          out += "⬜";
          break;
      }
    }
    out += '\n';
  }
  return out;
}

void run_handle_play(Context& ctx, const HandlePlayOptions& options) {
  auto data = handle::GameData::load(ctx.data());
  if (!data) return ctx.fail(data.error().message);
  const bool zh = ctx.chinese();
  const auto chosen = choose_answer((*data)->lexicon(), options.answer, zh);
  if (const auto* e = std::get_if<AnswerError>(&chosen)) return ctx.fail(e->message, e->exit_code);
  const ChosenAnswer& answer = std::get<ChosenAnswer>(chosen);
  const handle::Lexicon& lex = (*data)->lexicon();
  handle::PlaySession game(lex, answer.puzzle, {options.strict, options.hard});
  const bool color = ctx.color();
  std::ostream& out = ctx.out;

  out << (zh ? fmt::format("汉兜 — {}：猜一个四字成语，{} 次机会。", answer.label, handle::kTriesLimit)
             : fmt::format("汉兜 Handle — {}: guess the four-character idiom in {} tries.", answer.label,
                           handle::kTriesLimit))
      << '\n';
  if (color) {
    out << tr(zh,
              "Each character has its pinyin above it; character, initial, final and tone are\n"
              "marked one by one: teal exact, orange misplaced, grey absent.\n",
              "每个字上方标出拼音；汉字、声母、韵母、声调分别着色：青色正确，橙色位置不对，灰色不存在。\n");
  } else {
    out << tr(zh,
              "Each character has its pinyin above it and four marks below: character, initial,\n"
              "final, tone, each E (exact), M (misplaced) or N (absent).\n",
              "每个字上方标出拼音，下方四个标记依次为汉字、声母、韵母、声调：E 正确，M 位置不对，N 不存在。\n");
  }
  std::string commands =
      options.hard ? tr(zh, "Commands: reveal (after 10 tries), quit.", "命令：reveal（十次后看答案）、quit。")
                   : tr(zh, "Commands: hint, reveal (after 10 tries), quit.",
                        "命令：hint（提示）、reveal（十次后看答案）、quit。");
  if (options.strict) commands += tr(zh, " Strict mode: idioms only.", " 严格模式：只接受成语。");
  if (options.hard) commands += tr(zh, " Hints are off (--hard).", " 已禁用提示。");
  out << commands << '\n';

  bool quit = false;
  LineInput input(ctx);
  while (!game.finished()) {
    const auto entry =
        input.read(game.failed() ? "> " : fmt::format("[{}/{}] > ", game.tries() + 1, handle::kTriesLimit));
    if (entry.status != LineInput::Status::Line) break;
    const std::string text = trim(entry.text);
    if (text.empty()) continue;
    if (text == "quit" || text == "q" || text == "exit" || text == "退出") {
      quit = true;
      break;
    }
    if (text == "help" || text == "?") {
      out << commands << '\n';
      continue;
    }
    if (text == "hint" || text == "提示") {
      if (game.ask_hint() == handle::HintOutcome::Off) {
        out << tr(zh, "Hints are off in this game (--hard).\n", "本局已禁用提示。\n");
      } else {
        out << render_hint(game, color, zh);
      }
      continue;
    }
    if (text == "reveal" || text == "答案") {
      if (game.reveal() == handle::RevealOutcome::TooEarly) {
        out << tr(zh, "The answer can be revealed after 10 tries (or type quit to give up).\n",
                  "十次之后才能查看答案（或输入 quit 放弃）。\n");
      }
      continue;
    }
    const handle::GuessOutcome played = game.submit(text);
    if (!played.scored()) {
      out << describe_input_error(played.error, zh) << tr(zh, " (no try used)\n", "（不计次数）\n");
      continue;
    }
    out << render_turn(played.turn->parsed, played.turn->feedback, color);
    if (played.kind == handle::GuessOutcome::Kind::TriesUsedUp) {
      out << tr(zh, "That was the 10th try. Keep guessing, or type reveal to see the answer.\n",
                "十次机会已用完。可以继续猜，或输入 reveal 查看答案。\n");
    } else if (game.show_tries_left()) {
      out << (zh ? fmt::format("剩余 {} 次机会\n", game.tries_left())
                 : fmt::format("{} {} left\n", game.tries_left(), game.tries_left() == 1 ? "try" : "tries"));
    }
  }
  // Leaving (quit, the end of the input, Ctrl-C) before the end.
  game.abandon();

  const std::string share_label = game.day() ? fmt::format("#{}", *game.day()) : answer.label;
  if (game.won()) {
    out << (zh ? fmt::format("答对了！用了 {} 次。\n", game.tries())
               : fmt::format("Solved in {} {}!\n", game.tries(), game.tries() == 1 ? "try" : "tries"));
    out << '\n' << handle_share_text(game, share_label);
  } else if (game.tries() > 0 || game.revealed() || quit) {
    out << tr(zh, "The answer was:\n", "答案是：\n") << render_word(game.answer_parsed(), color);
    // A lost game (revealed, or left after all ten tries) is shared too, X/10, as
    // Wordle shares X/6.
    if (game.counted_outcome() == core::GameOutcome::Lost) out << '\n' << handle_share_text(game, share_label);
  }
  // The session decides how the game counts (won; lost; left unfinished, which keeps
  // the streak; a game left before any guess is not recorded). A daily puzzle is
  // counted once.
  const auto finished = game.finished_game(unix_now());
  if (!finished) return;
  core::GameStore* store = player_store(ctx, "statistics");
  if (store == nullptr) return;
  auto recorded = store->record(*finished);
  if (!recorded) {
    ctx.warn(recorded.error().message + "; statistics not saved");
    return;
  }
  if (*recorded == core::Recorded::DailyAlreadyCounted) {
    out << tr(zh, "\n(This day's puzzle was played before; this game is not counted again.)\n",
              "\n（这一天的题目之前玩过，本局不再计入统计。）\n");
  } else if (finished->outcome == core::GameOutcome::Abandoned) {
    out << tr(zh, "\n(Left unfinished: not counted as a loss.)\n", "\n（未完成，不计为失败。）\n");
  }
  auto stats = store->stats("handle");
  if (!stats) {
    ctx.warn(stats.error().message);
    return;
  }
  out << '\n' << render_handle_stats(handle::PlayerStats::from_store(*stats), color, zh);
}

void run_handle_watch(Context& ctx, const HandleWatchOptions& options) {
  auto data = handle::GameData::load(ctx.data());
  if (!data) return ctx.fail(data.error().message);
  const bool zh = ctx.chinese();
  const auto chosen = choose_answer((*data)->lexicon(), options.answer, zh);
  if (const auto* e = std::get_if<AnswerError>(&chosen)) return ctx.fail(e->message, e->exit_code);
  const ChosenAnswer& answer = std::get<ChosenAnswer>(chosen);
  if (auto error = handle::unwatchable((*data)->lexicon(), answer.puzzle)) return ctx.fail(error->message);
  auto ai = make_handle_engine(ctx, **data, options.ai);
  if (!ai) return ctx.fail(ai.error().message, kExitUsage);
  find_handle_opener(ctx, **ai, options.ai.recompute);
  core::Rng rng(ctx.opts.seed.value_or(0));
  const auto game = handle::watch_game((*data)->lexicon(), **ai, answer.puzzle, rng);
  if (!game) return ctx.fail(game.error().message);
  const bool color = ctx.color();
  const int delay = options.delay_ms >= 0 ? options.delay_ms : (ctx.out_tty ? 700 : 0);
  std::ostream& out = ctx.out;
  const std::string_view player = handle::player_name((*ai)->player_kind());
  const std::string_view candidates = handle::word_set_name((*ai)->candidate_set());
  out << (zh ? fmt::format("汉兜 — {}：{} 玩家来猜（候选：{}）。\n", answer.label, player, candidates)
             : fmt::format("汉兜 Handle — {}: the {} player guesses (candidates: {}).\n", answer.label, player,
                           candidates));
  if (!game->answer_assumed) {
    out << tr(zh, "The answer is not among the candidates the player assumes; it may not find it.\n",
              "答案不在玩家设想的候选里，可能猜不出。\n");
  }
  for (const auto& t : game->turns) {
    if (ctx.cancelled()) break;
    if (delay > 0) std::this_thread::sleep_for(std::chrono::milliseconds(delay));
    out << render_turn(t.turn.parsed, t.turn.feedback, color);
    out << (zh ? fmt::format("  剩余候选：{} → {}\n", t.left_before, t.left_after)
               : fmt::format("  candidates: {} → {}\n", t.left_before, t.left_after));
    out << std::flush;
  }
  if (game->won) {
    out << (zh ? fmt::format("{} 次猜中。\n", game->tries) : fmt::format("Solved in {} tries.\n", game->tries));
  } else {
    out << tr(zh, "Not solved. The answer was:\n", "没有猜中。答案是：\n") << render_word(game->answer, color);
    ctx.exit_code = kExitFailure;
  }
}

}  // namespace puzzlelab::app
