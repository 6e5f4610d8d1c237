// The Wordle assistant for a real game: the player sends the guesses and colours the real
// game showed; the answer is what wordle::Assistant (the library's, the same as
// `puzzlelab wordle assist`) says: the answers still possible and the best next guesses.
// The optimal player's choice (wordle::optimal_next, the same as `wordle assist --player
// optimal`) can take seconds, so it is a job on the pool, never computed on a request
// thread.
#include <array>
#include <mutex>
#include <optional>
#include <stdexcept>

#include <fmt/core.h>

#include "guess/optimal_advice.h"
#include "web/api_games.h"
#include "web/wordle_engine.h"
#include "wordle/assistant.h"
#include "wordle/optimal_next.h"

namespace puzzlelab::web {
namespace {

using nlohmann::json;

constexpr std::size_t kMaxRows = 12;
constexpr std::size_t kShown = 40;  // candidates listed (all are counted)

// The body {"rows": ["crane ....G", ...], "hard": B} applied in order to a new assistant;
// the message of a 400 when the body or a row is not valid or a row is refused.
core::Result<wordle::Assistant> assistant_of(const wordle::Engine& engine, const json& body) {
  if (!body.is_object()) return core::Error{"the body must be a JSON object"};
  const auto rows = body.find("rows");
  if (rows == body.end() || !rows->is_array() || rows->size() > kMaxRows) {
    return core::Error{fmt::format("\"rows\" must be a list of up to {} entries such as \"crane ....G\"", kMaxRows)};
  }
  bool hard = false;
  if (const auto h = body.find("hard"); h != body.end()) {
    if (!h->is_boolean()) return core::Error{"\"hard\" must be true or false"};
    hard = h->get<bool>();
  }
  const wordle::WordleGame& game = engine.game();
  wordle::Assistant a(engine, hard);
  for (std::size_t i = 0; i < rows->size(); ++i) {
    const json& row = (*rows)[i];
    if (!row.is_string() || row.get_ref<const std::string&>().size() > 64) {
      return core::Error{fmt::format("row {}: a guess and its colours, such as \"crane ....G\"", i + 1)};
    }
    auto entry = wordle::parse_assist_entry(game, row.get_ref<const std::string&>());
    if (!entry) return core::Error{fmt::format("row {}: {}", i + 1, entry.error().message)};
    if (auto refused = a.add(*entry)) return core::Error{fmt::format("row {}: {}", i + 1, *refused)};
  }
  return a;
}

Reply assist(WordleEngines& engines, const Call& call) {
  const wordle::Engine& engine = engines.get();
  const wordle::WordleGame& game = engine.game();
  auto made = assistant_of(engine, call.body);
  if (!made) return error_reply(400, made.error().message);
  const wordle::Assistant& a = *made;
  json candidates = json::array();
  for (const auto s : a.candidates()) {
    if (candidates.size() >= kShown) break;
    candidates.push_back(game.secret_word(s));
  }
  json best = json::array();
  if (!a.solved() && !a.candidates().empty()) {
    for (const auto& g : a.suggestions(guess::Scoring::Entropy, 8, 1)) {
      best.push_back({{"guess", game.guess_word(g.guess)},
                      {"bits", g.stats.entropy},
                      {"expected_left", g.stats.expected_remaining()},
                      {"worst_left", g.stats.largest},
                      {"could_be_the_answer", g.candidate}});
    }
  }
  return Reply{200, json{{"left", a.candidates().size()}, {"candidates", candidates}, {"best", best}, {"solved", a.solved()}}};
}

// The optimal trees over every answer from the opener (normal and hard mode), computed
// by the first job that needs one (seconds on one core) and kept while the server runs.
// A cancelled computation keeps nothing. The pool has one worker, so two jobs do not
// compute the same tree at once; were there more, the second would only do it again.
class OpenerTrees {
 public:
  core::Result<std::shared_ptr<const guess::DecisionTree>> get(const wordle::Engine& engine, bool hard,
                                                               guess::GuessIndex opener,
                                                               const guess::AdviceOptions& run) {
    {
      std::lock_guard lock(mutex_);
      if (trees_[hard]) return trees_[hard];
    }
    guess::OptimalOptions options;
    options.threads = run.threads;
    options.cancel = run.cancel;
    options.progress = run.progress;
    // The terminal's tree (wordle tree, assist --player optimal), kept in memory only: the
    // server has no state folder.
    auto solved = wordle::optimal_tree(engine, hard, wordle::kMaxGuesses, opener, std::move(options), {});
    if (!solved) return solved.error();
    auto tree = std::make_shared<const guess::DecisionTree>(std::move(solved->tree));
    std::lock_guard lock(mutex_);
    trees_[hard] = tree;
    return tree;
  }

 private:
  std::mutex mutex_;
  std::array<std::shared_ptr<const guess::DecisionTree>, 2> trees_;
};

// The job: the opener's tree when the entries may follow it (none yet, or the first is
// the opener), then the optimal next guess.
json optimal_choice(WordleEngines& engines, OpenerTrees& trees, const wordle::Assistant& a, const JobProgress& p) {
  const wordle::Engine& engine = engines.get();
  const wordle::WordleGame& game = engine.game();
  guess::AdviceOptions options;
  options.threads = 1;  // the pool's one worker: the other core answers requests
  options.cancel = p.cancel;
  options.progress = p.report;
  std::shared_ptr<const guess::DecisionTree> tree;
  const auto opener = wordle::default_opener(game, engines.original_lists());
  const auto& entries = a.entries();
  if (opener && (entries.empty() || entries.front().guess == *opener)) {
    auto t = trees.get(engine, a.hard(), *opener, options);
    if (!t) throw std::runtime_error(t.error().message);
    tree = *t;
  } else if (!opener && entries.empty()) {
    throw std::runtime_error(
        "the best first guess for these word lists is not known (proving it takes minutes of the server's one "
        "worker): enter your first guess");
  }
  auto advice = wordle::optimal_next(engine, a, tree.get(), options);
  if (!advice) throw std::runtime_error(advice.error().message);
  const std::size_t n = a.candidates().size();
  return json{{"guess", game.guess_word(advice->guess)},
              {"source", advice->on_tree ? "tree" : "solver"},
              {"total", advice->total},
              {"expected_guesses", static_cast<double>(advice->total) / static_cast<double>(n)},
              {"max_guesses", advice->max},
              {"candidates", n},
              {"hard", a.hard()}};
}

Reply optimal(Jobs& jobs, const std::shared_ptr<WordleEngines>& engines, const std::shared_ptr<OpenerTrees>& trees,
              const Call& call) {
  const wordle::Engine& engine = engines->get();
  auto made = assistant_of(engine, call.body);
  if (!made) return error_reply(400, made.error().message);
  if (made->solved()) return error_reply(400, "the puzzle is solved: there is no next guess");
  auto assistant = std::make_shared<const wordle::Assistant>(std::move(*made));
  auto id = jobs.submit("wordle-optimal", call.body, [engines, trees, assistant](const JobProgress& p) {
    return optimal_choice(*engines, *trees, *assistant, p);
  });
  if (!id) return error_reply(429, "the job queue is full; wait for a job to finish or cancel one");
  return Reply{202, json{{"id", *id}, {"state", "queued"}}};
}

// The answer for no entries yet (normal and hard mode), which every opening of the
// assistant page asks for: it scores every allowed guess against every answer (a third of a
// second of a core), and it never changes, so it is computed once a server run.
class OpeningAnswers {
 public:
  Reply get(WordleEngines& engines, const Call& call) {
    const json& b = call.body;
    const auto hard = b.is_object() ? b.find("hard") : b.end();
    const bool opening = b.is_object() && b.contains("rows") && b["rows"] == json::array() &&
                         (hard == b.end() || hard->is_boolean());
    if (!opening) return assist(engines, call);
    const std::size_t i = hard != b.end() && hard->get<bool>() ? 1 : 0;
    {
      std::lock_guard lock(mutex_);
      if (answers_[i]) return *answers_[i];
    }
    Reply r = assist(engines, call);
    if (r.status == 200) {
      std::lock_guard lock(mutex_);
      answers_[i] = r;
    }
    return r;
  }

 private:
  std::mutex mutex_;
  std::array<std::optional<Reply>, 2> answers_;
};

}  // namespace

std::vector<Route> routes_assist(Jobs& jobs, std::shared_ptr<WordleEngines> engines) {
  auto trees = std::make_shared<OpenerTrees>();
  auto opening = std::make_shared<OpeningAnswers>();
  return {{"POST", "/api/v1/wordle/assist",
           [engines, opening](const Call& call) { return opening->get(*engines, call); }},
          {"POST", "/api/v1/wordle/assist/optimal",
           [&jobs, engines, trees](const Call& call) { return optimal(jobs, engines, trees, call); }}};
}

}  // namespace puzzlelab::web
