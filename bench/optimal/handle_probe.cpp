// Times the exact solver on Handle (the 424 daily answers as secrets and candidates,
// all 29,760 idioms as guesses), outside the app: handle_probe [--threads T] [--best]
// [--top N]. Prints each first guess's exact total and the time.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/data_source.h"
#include "core/utf8.h"
#include "guess/optimal.h"
#include "handle/game.h"
#include "handle/lexicon.h"

using namespace puzzlelab;

int main(int argc, char** argv) {
  unsigned threads = 0;
  std::size_t top = 5;
  bool best = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--threads" && i + 1 < argc) threads = static_cast<unsigned>(std::atoi(argv[++i]));
    if (a == "--top" && i + 1 < argc) top = static_cast<std::size_t>(std::atoi(argv[++i]));
    if (a == "--best") best = true;
  }
  const auto t0 = std::chrono::steady_clock::now();
  const auto secs = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  auto lexicon = handle::Lexicon::load(core::DataSource{});
  if (!lexicon) {
    std::fprintf(stderr, "error: %s\n", lexicon.error().message.c_str());
    return 1;
  }
  handle::IdiomTable table(*lexicon);
  handle::HandleGame game(table, handle::WordSet::Answers);
  std::vector<guess::SecretIndex> all(game.secret_count());
  for (guess::SecretIndex s = 0; s < all.size(); ++s) all[s] = s;
  guess::OptimalOptions options;
  options.threads = threads;
  auto solver = guess::OptimalSolver::create(game, all, options);
  if (!solver) {
    std::fprintf(stderr, "error: %s\n", solver.error().message.c_str());
    return 1;
  }
  std::printf("table built %.2fs\n", secs());
  const auto word = [&](guess::GuessIndex g) { return core::utf8_encode(lexicon->idioms()[g].word); };
  for (const guess::GuessIndex g : (*solver)->first_guesses_by_heuristic(top)) {
    const double t = secs();
    auto v = (*solver)->value_of_first(g);
    std::printf("%s %llu %.2fs\n", word(g).c_str(), static_cast<unsigned long long>(*v), secs() - t);
  }
  if (best) {
    const double t = secs();
    auto b = (*solver)->best_first();
    std::printf("best %s %llu %.2fs\n", word(b->guess).c_str(), static_cast<unsigned long long>(b->total), secs() - t);
  }
  return 0;
}
