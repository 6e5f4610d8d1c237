#include "app/wordle_setup.h"

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include <fmt/format.h>

#include "core/data_source.h"
#include "core/rng.h"
#include "core/state_store.h"
#include "wordle/openers.h"
#include "wordle/word_list.h"

namespace puzzlelab::app {

void add_wordle_list_options(CLI::App* cmd, WordleListOptions& options) {
  cmd->add_option("--answers", options.answers_file,
                  "Answer list FILE (one word a line, 4 to 8 letters a-z; default: the original 2,315)");
  cmd->add_option("--guesses", options.guesses_file,
                  "Allowed-guess list FILE (default: the original 12,972; answers are always allowed)");
}

namespace {

core::Result<std::string> read_text(Context& ctx, const std::optional<std::string>& file, const char* builtin) {
  if (!file) return ctx.data().read(builtin);
  return core::read_file_capped(*file, core::kDataFileCap, ctx.interrupted);
}

}  // namespace

LoadedWordle load_wordle(Context& ctx, const WordleListOptions& lists, const guess::TableOptions& table) {
  LoadedWordle loaded;
  auto answers = read_text(ctx, lists.answers_file, "wordle/answers.txt");
  if (!answers) {
    ctx.fail(answers.error().message);
    return loaded;
  }
  auto guesses = read_text(ctx, lists.guesses_file, "wordle/guesses.txt");
  if (!guesses) {
    ctx.fail(guesses.error().message);
    return loaded;
  }
  const auto name = [](const std::optional<std::string>& file, const char* builtin) {
    return file ? *file : std::string(builtin);
  };
  auto answer_words = wordle::parse_word_list(*answers);
  if (!answer_words) {
    ctx.fail(fmt::format("{}: {}", name(lists.answers_file, "answer list"), answer_words.error().message));
    return loaded;
  }
  auto guess_words = wordle::parse_word_list(*guesses);
  if (!guess_words) {
    ctx.fail(fmt::format("{}: {}", name(lists.guesses_file, "guess list"), guess_words.error().message));
    return loaded;
  }
  guess::TableOptions options = table;
  options.threads = ctx.threads();
  auto engine = wordle::Engine::create(*answer_words, *guess_words, options);
  if (!engine) {
    ctx.fail(engine.error().message);
    return loaded;
  }
  loaded.engine = std::move(engine).value();
  // The original game's day order, for `--day N` and the game's number. It fits only
  // the original answers: with another answer list games have no day number.
  if (auto by_day = ctx.data().read("wordle/answers-by-day.txt")) {
    if (auto words = wordle::parse_word_list(*by_day)) {
      if (auto e = loaded.engine->set_day_order(*words); e && !lists.answers_file) {
        ctx.warn("wordle/answers-by-day.txt: " + e->message + " (games have no day number)");
      }
    }
  }
  loaded.checksum = core::checksum64(*answers + "\n\n" + *guesses);
  loaded.builtin = !lists.answers_file && !lists.guesses_file && !ctx.opts.data_dir;
  return loaded;
}

std::vector<guess::GuessIndex> wordle_openers(Context& ctx, const LoadedWordle& loaded, guess::Scoring scoring,
                                              std::size_t top) {
  const auto store = ctx.state();
  wordle::Openers openers =
      wordle::best_openers(*loaded.engine, loaded.checksum, scoring, top, store ? &*store : nullptr, ctx.threads());
  for (const auto& w : openers.warnings) ctx.warn(w);
  return std::move(openers.guesses);
}

std::optional<guess::SecretIndex> choose_wordle_secret(Context& ctx, const wordle::WordleGame& game,
                                                       const std::optional<std::string>& word,
                                                       const std::optional<std::uint64_t>& day) {
  if (word && day) {
    ctx.fail("give either --word or --day, not both", kExitUsage);
    return std::nullopt;
  }
  if (word) {
    auto w = wordle::normalize_word(*word, game.length());
    if (!w) {
      ctx.fail("--word: " + w.error().message, kExitUsage);
      return std::nullopt;
    }
    const auto s = game.find_secret(*w);
    if (!s) {
      ctx.fail(fmt::format("--word: '{}' is not one of the {} answers", *w, game.secret_count()), kExitUsage);
      return std::nullopt;
    }
    return *s;
  }
  if (day) {
    if (!game.has_days()) {
      ctx.fail(fmt::format("--day {}: the original game's day order (wordle/answers-by-day.txt) fits only the "
                           "original answer list",
                           *day),
               kExitUsage);
      return std::nullopt;
    }
    const auto s = game.secret_of_day(*day);
    if (!s) {
      ctx.fail(fmt::format("--day {}: the original game's days run from 0 (2021-06-19, CIGAR) to {}; its list ends there",
                           *day, wordle::day_number_text(game.day_count() - 1)),
               kExitUsage);
    }
    return s;
  }
  // A random answer: from --seed when given, else from the system's entropy source
  // (only the seed comes from there; the draw is core::Rng's, as everywhere).
  const std::uint64_t seed =
      ctx.opts.seed ? *ctx.opts.seed : (std::uint64_t{std::random_device{}()} << 32) ^ std::random_device{}();
  core::Rng rng(seed);
  return game.list_order()[rng.below(game.secret_count())];
}

}  // namespace puzzlelab::app
