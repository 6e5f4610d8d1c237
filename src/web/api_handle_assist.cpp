// The Handle assistant for a real game: the player sends each guessed idiom and the sixteen
// marks the real game showed; the answer is what handle::Assistant (the library's, the same
// as `puzzlelab handle assist` with its default options) says: the daily answers still
// possible, with their pinyin, and the best next guesses by entropy over every idiom.
#include <memory>
#include <mutex>
#include <sstream>
#include <stdexcept>

#include <fmt/core.h>

#include "core/utf8.h"
#include "handle/assistant.h"
#include "handle/pinyin.h"
#include "web/api_games.h"
#include "web/handle_view.h"

namespace puzzlelab::web {
namespace {

using nlohmann::json;

constexpr std::size_t kMaxRows = 12;
constexpr std::size_t kMaxRowBytes = 128;
constexpr std::size_t kShown = 40;  // candidates listed (all are counted)
constexpr std::size_t kBest = 8;

// The game data and the game over the daily answers, built on first use and shared by
// every request. handle::GameData compiles typed words under its lock; filtering and
// ranking only read.
class HandleAssistEngine {
 public:
  explicit HandleAssistEngine(std::shared_ptr<HandleData> data) : data_(std::move(data)) {}

  struct Parts {
    handle::GameData* data;
    const handle::HandleGame* game;
    const guess::Analyzer* analyzer;
  };

  Parts get() {
    auto data = data_->get();
    if (!data) throw std::runtime_error(data.error().message);
    std::lock_guard lock(mutex_);
    if (!analyzer_) {
      game_ = std::make_unique<handle::HandleGame>((*data)->table(), handle::WordSet::Answers);
      analyzer_ = std::make_unique<guess::Analyzer>(*game_);
    }
    return Parts{*data, game_.get(), analyzer_.get()};
  }

 private:
  std::shared_ptr<HandleData> data_;
  std::mutex mutex_;
  std::unique_ptr<handle::HandleGame> game_;
  std::unique_ptr<guess::Analyzer> analyzer_;
};

std::string idiom_problem(const handle::InputError& e) {
  switch (e.problem) {
    case handle::InputProblem::NotText:
      return "the idiom is not text";
    case handle::InputProblem::NotHan:
      return fmt::format("{} is not a Chinese character", core::utf8_encode(e.offending));
    case handle::InputProblem::Length:
      return fmt::format("an idiom has four characters, not {}", e.count);
    case handle::InputProblem::NotIdiom:
      return fmt::format("'{}' is not in the idiom list", e.text);
  }
  return "not an idiom";
}

// Each character of a row with its pinyin split as the Handle page draws it (initial, final,
// tone and where the tone mark sits), so the assistant page can colour each part.
json row_json(const handle::Lexicon& lexicon, const handle::AssistEntry& e) {
  const std::vector<std::string> pinyin = lexicon.pinyin_of(e.word);
  json chars = json::array();
  for (std::size_t i = 0; i < e.word.size(); ++i) {
    const handle::Syllable syl = handle::split_syllable(i < pinyin.size() ? pinyin[i] : std::string());
    chars.push_back({{"char", core::utf8_encode(e.word[i])},
                     {"initial", syl.initial},
                     {"final", syl.final},
                     {"tone", syl.tone},
                     {"tone_at", handle::tone_vowel_index(syl.final)}});
  }
  return json{{"idiom", core::utf8_encode(e.word)}, {"marks", handle::format_feedback(e.feedback)}, {"chars", chars}};
}

constexpr const char* kRowExample = "\"补过拾遗 NENE NNNN NNMN NEEN\"";

Reply assist(HandleAssistEngine& engine, const Call& call) {
  if (!call.body.is_object()) return error_reply(400, "the body must be a JSON object");
  const auto rows = call.body.find("rows");
  if (rows == call.body.end() || !rows->is_array() || rows->size() > kMaxRows) {
    return error_reply(400,
                       fmt::format("\"rows\" must be a list of up to {} entries such as {}", kMaxRows, kRowExample));
  }
  const auto parts = engine.get();
  handle::Assistant a(*parts.game, *parts.analyzer, nullptr,
                      {parts.analyzer->all_secrets().begin(), parts.analyzer->all_secrets().end()});
  json shown_rows = json::array();
  for (std::size_t i = 0; i < rows->size(); ++i) {
    const json& row = (*rows)[i];
    if (!row.is_string() || row.get_ref<const std::string&>().size() > kMaxRowBytes) {
      return error_reply(400, fmt::format("row {}: an idiom and its 16 marks, such as {}", i + 1, kRowExample));
    }
    std::istringstream in(row.get_ref<const std::string&>());
    std::vector<std::string> tokens;
    for (std::string t; in >> t;) tokens.push_back(t);
    auto split = handle::split_assist_entries(tokens);
    if (!split) return error_reply(400, fmt::format("row {}: {}", i + 1, split.error().message));
    if (split->size() != 1) {
      return error_reply(400,
                         fmt::format("row {}: one idiom and its 16 marks per row, such as {}", i + 1, kRowExample));
    }
    const auto& [idiom, marks] = split->front();
    // The real game takes only idioms from its list (its strict check), so an entry with
    // any other word cannot have come from it.
    const handle::CheckedGuess checked = handle::check_guess(parts.data->lexicon(), idiom, true);
    if (!checked.word) return error_reply(400, fmt::format("row {}: {}", i + 1, idiom_problem(checked.error)));
    const auto parsed = parts.data->parse_assist_entry(idiom, marks);
    if (parsed.idiom_error)
      return error_reply(400, fmt::format("row {}: {}", i + 1, idiom_problem(*parsed.idiom_error)));
    if (!parsed.entry) return error_reply(400, fmt::format("row {}: {}", i + 1, parsed.marks_error));
    if (auto refused = a.add(*parsed.entry))
      return error_reply(400, fmt::format("row {}: {}", i + 1, refused->message));
    shown_rows.push_back(row_json(parts.data->lexicon(), a.entries().back()));
  }
  const auto& idioms = parts.data->lexicon().idioms();
  json candidates = json::array();
  for (const auto s : a.candidates()) {
    if (candidates.size() >= kShown) break;
    const handle::Idiom& idiom = idioms[parts.game->guess_of_secret(s)];
    candidates.push_back({{"idiom", core::utf8_encode(idiom.word)}, {"pinyin", handle::tone_marked_pinyin(idiom)}});
  }
  json best = json::array();
  if (!a.solved()) {
    // With one answer left it is the one guess to make (ranked first among the guesses
    // that split nothing), as the terminal then names only it.
    for (const auto& g : a.suggestions(a.candidates().size() == 1 ? 1 : kBest, 1)) {
      const handle::Idiom& idiom = idioms[g.guess];
      best.push_back({{"guess", core::utf8_encode(idiom.word)},
                      {"pinyin", handle::tone_marked_pinyin(idiom)},
                      {"bits", g.stats.entropy},
                      {"classes", g.stats.classes},
                      {"expected_left", g.stats.expected_remaining()},
                      {"worst_left", g.stats.largest},
                      {"could_be_the_answer", g.candidate}});
    }
  }
  return Reply{200, json{{"rows", shown_rows},
                         {"left", a.candidates().size()},
                         {"candidates", candidates},
                         {"best", best},
                         {"solved", a.solved()}}};
}

}  // namespace

std::vector<Route> routes_handle_assist(std::shared_ptr<HandleData> data) {
  auto engine = std::make_shared<HandleAssistEngine>(std::move(data));
  return {{"POST", "/api/v1/handle/assist", [engine](const Call& call) { return assist(*engine, call); }}};
}

}  // namespace puzzlelab::web
