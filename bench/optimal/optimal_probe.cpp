// Times the exact solver on the real Wordle lists (data/wordle), outside the app:
//   optimal_probe [--hard] [--max K] [--threads T] [--top N] [--tree FILE] [WORD...]
// prints each first word's exact total, the time and the search counters.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "guess/optimal.h"
#include "word_games.h"

using namespace puzzlelab::guess;

int main(int argc, char** argv) {
  bool hard = false;
  unsigned threads = 0;
  std::uint32_t max_guesses = 0;
  std::size_t top = 0;
  bool best = false;
  std::vector<std::string> words;
  std::size_t sub = 0;
  std::uint64_t bound = ~std::uint64_t{0};
  std::size_t random_words = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--hard") {
      hard = true;
    } else if (a == "--threads" && i + 1 < argc) {
      threads = static_cast<unsigned>(std::atoi(argv[++i]));
    } else if (a == "--max" && i + 1 < argc) {
      max_guesses = static_cast<std::uint32_t>(std::atoi(argv[++i]));
    } else if (a == "--top" && i + 1 < argc) {
      top = static_cast<std::size_t>(std::atoi(argv[++i]));
    } else if (a == "--sub" && i + 1 < argc) {
      sub = static_cast<std::size_t>(std::atoi(argv[++i]));
    } else if (a == "--bound" && i + 1 < argc) {
      bound = std::strtoull(argv[++i], nullptr, 10);
    } else if (a == "--random" && i + 1 < argc) {
      random_words = static_cast<std::size_t>(std::atoi(argv[++i]));
    } else if (a == "--best") {
      best = true;
    } else {
      words.push_back(a);
    }
  }
  const std::string dir = std::string(PUZZLELAB_SOURCE_DIR) + "/data/wordle/";
  auto answers = testing::read_words(dir + "answers.txt");
  if (sub > 0) answers = testing::sample(answers, sub, 7);
  testing::WordListGame game(answers, testing::read_words(dir + "guesses.txt"));
  testing::WordHardRule rule(game);
  const auto t0 = std::chrono::steady_clock::now();
  const auto secs = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  std::vector<SecretIndex> all(game.secret_count());
  for (SecretIndex s = 0; s < all.size(); ++s) all[s] = s;
  OptimalOptions opt;
  opt.threads = threads;
  opt.max_guesses = max_guesses;
  if (hard) opt.hard_mode = &rule;
  auto solver = OptimalSolver::create(game, all, opt);
  if (!solver) {
    std::fprintf(stderr, "error: %s\n", solver.error().message.c_str());
    return 1;
  }
  std::printf("table built %.2fs\n", secs());
  if (top > 0) {
    for (const GuessIndex g : (*solver)->first_guesses_by_heuristic(top)) words.push_back(game.guess_word(g));
  }
  if (random_words > 0) {
    puzzlelab::core::Rng rng(99);
    for (std::size_t k = 0; k < random_words; ++k) words.push_back(game.guess_word(static_cast<GuessIndex>(rng.below(game.guess_count()))));
  }
  if (best) {
    auto r = (*solver)->best_first();
    if (!r) return 1;
    std::printf("best %s %llu %.2fs\n", game.guess_word(r->guess).c_str(), static_cast<unsigned long long>(r->total),
                secs());
  }
  for (const std::string& w : words) {
    const GuessIndex g = game.find_guess(w);
    if (g == kNoGuess) {
      std::fprintf(stderr, "not a guess: %s\n", w.c_str());
      return 1;
    }
    const double t = secs();
    auto r = (*solver)->value_of_first(g, bound);
    if (!r) return 1;
    const std::uint64_t* v = &r->total;
    const OptimalCounters c = (*solver)->counters();
    std::printf("%s %s%llu  %.2fs  nodes %llu scans %llu evals %llu hits %llu memo %llu\n", w.c_str(), r->exact ? "" : ">=",
                static_cast<unsigned long long>(*v), secs() - t, static_cast<unsigned long long>(c.nodes),
                static_cast<unsigned long long>(c.scans), static_cast<unsigned long long>(c.evaluations),
                static_cast<unsigned long long>(c.memo_hits), static_cast<unsigned long long>(c.memo_entries));
    std::fflush(stdout);
  }
  return 0;
}
