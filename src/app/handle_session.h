#pragma once
// What the Handle commands share: the game data (handle::GameData), the AI player and the
// round's puzzle as the command line names them, with the option names in the messages.
#include <memory>
#include <variant>

#include "app/context.h"
#include "handle/game_data.h"

namespace puzzlelab::app {

// The AI players' options as the command line gives them (--player, --secrets,
// --candidates, --prior, --recompute); an empty string takes the engine's default.
struct HandleAiOptions : handle::EngineChoice {
  bool recompute = false;  // ignore a cached opener
};

// The engine those options name (an error for a value no player knows: a usage error).
core::Result<std::unique_ptr<handle::Engine>> make_handle_engine(const Context& ctx, handle::GameData& data,
                                                                 const HandleAiOptions& options);
// The engine's opener, from the state folder's cache when it has it; the cache's
// warnings go to ctx.
handle::OpenerReport find_handle_opener(Context& ctx, handle::Engine& engine, bool recompute);

// "'abc' is not ..." in English, or in Chinese when the locale is zh.
using handle::describe_input_error;

// --day N, --word W, the global --seed, or today's answer by the game's calendar (local
// date). Errors: a usage problem (exit 2) or a day without a puzzle (exit 1).
using AnswerChoice = handle::PuzzleChoice;
using ChosenAnswer = handle::ChosenPuzzle;
struct AnswerError {
  std::string message;
  int exit_code = kExitUsage;
};
std::variant<ChosenAnswer, AnswerError> choose_answer(const handle::Lexicon& lexicon, const AnswerChoice& choice,
                                                      bool chinese);

}  // namespace puzzlelab::app
