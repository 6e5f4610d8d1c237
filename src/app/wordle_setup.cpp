#include "app/wordle_setup.h"

#include <filesystem>
#include <fstream>
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

LoadedWordle load_wordle(Context& ctx, const WordleListOptions& lists, const guess::TableOptions& table) {
  guess::TableOptions options = table;
  options.threads = ctx.threads();
  auto loaded = wordle::load_engine(ctx.data(), {lists.answers_file, lists.guesses_file}, options, ctx.interrupted);
  if (!loaded) {
    ctx.fail(loaded.error().message);
    return {};
  }
  for (const auto& w : loaded->warnings) ctx.warn(w);
  return {std::move(loaded->engine), loaded->checksum, loaded->builtin};
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
  const std::uint64_t seed = ctx.opts.seed ? *ctx.opts.seed : fresh_seed();
  auto secret = wordle::choose_secret(game, word, day, seed);
  if (!secret) {
    ctx.fail(secret.error().message, kExitUsage);
    return std::nullopt;
  }
  return *secret;
}

}  // namespace puzzlelab::app
