#include "game2048/search.h"

#include <sys/mman.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <new>

#include "game2048/spawn.h"

namespace puzzlelab::game2048 {

namespace {

// Cell i of a board is cell kTransposed[i] of its transpose.
constexpr std::array<int, 16> kTransposed = {0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15};

Board apply_rows(const MoveTables& t, Board b, bool left) {
  Board out = 0;
  for (int r = 0; r < 4; ++r) {
    const Row row = row_of(b, r);
    out |= static_cast<Board>(left ? t.left(row) : t.right(row)) << (16 * r);
  }
  return out;
}

}  // namespace

void Searcher::TableMemory::operator()(Entry* p) const {
  ::munmap(p, bytes);
}

Searcher::Searcher(const MoveTables& tables, const Heuristic& heuristic, int tt_bits)
    : tables_(&tables),
      heuristic_(&heuristic),
      tt_(nullptr, TableMemory{0}),
      tt_size_(std::size_t{1} << tt_bits),
      tt_shift_(64 - tt_bits) {
  // Mapped memory: zero pages, so a large table costs only what a search touches.
  // (Transparent huge pages were tried: no clear gain, and the first touch of a 64 MiB
  // table then took up to 0.7 s of kernel compaction on this machine.)
  const std::size_t bytes = tt_size_ * sizeof(Entry);
  void* p = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  tt_ = std::unique_ptr<Entry[], TableMemory>(static_cast<Entry*>(p), TableMemory{bytes});
}

void Searcher::next_generation() {
  // 24 bits of generation; on wrap-around the table is wiped once.
  if (++generation_ >= (1u << 24)) {
    std::fill(tt_.get(), tt_.get() + tt_size_, Entry{});
    generation_ = 1;
  }
}

std::optional<float> Searcher::value_of_move(Board b, Move m, const SearchParams& p, SearchStats& stats) {
  const Board after = tables_->move(b, m);
  if (after == b) return std::nullopt;
  next_generation();
  cutoff_ = p.prob_cutoff;
  prune_margin_ = p.prune_margin;
  stats_ = {};
  float v = chance_node(after, transpose(after), std::max(0, p.depth), 1.0f);
  if (network_) v += static_cast<float>(tables_->move_info(b, m).score);
  stats.add(stats_);
  return v;
}

float Searcher::max_node(Board b, Board t, int depth, float prob) {
  // The four moves, each with the board and its transpose: left/right act on the rows
  // of b, up/down on the rows of t (the columns of b), so one transpose per move.
  stats_.moves += 4;
  const Board l = apply_rows(*tables_, b, true);
  const Board r = apply_rows(*tables_, b, false);
  const Board u = apply_rows(*tables_, t, true);
  const Board d = apply_rows(*tables_, t, false);
  const std::array<Board, 4> child = {l, r, transpose(u), transpose(d)};
  const std::array<Board, 4> child_t = {transpose(l), transpose(r), u, d};
  const std::array<bool, 4> legal = {l != b, r != b, u != t, d != t};
  if (depth > 0 && prob >= cutoff_) {
    // The children will probe the table: start those loads now, while the first
    // child is searched (a probe is mostly a cache miss).
    for (int k = 0; k < 4; ++k) {
      if (legal[static_cast<std::size_t>(k)]) __builtin_prefetch(&slot(child[static_cast<std::size_t>(k)]));
    }
  }
  float best = 0.0f;  // no legal move: the game is lost here
  if (network_) {
    // The score of a move left or right is that of its rows (the same either way),
    // of a move up or down that of the columns.
    const auto score = [this](Board x) {
      return static_cast<float>((tables_->info(row_of(x, 0)) & MoveTables::kScoreMask) +
                                (tables_->info(row_of(x, 1)) & MoveTables::kScoreMask) +
                                (tables_->info(row_of(x, 2)) & MoveTables::kScoreMask) +
                                (tables_->info(row_of(x, 3)) & MoveTables::kScoreMask));
    };
    const float horizontal = score(b);
    const float vertical = score(t);
    for (std::size_t k = 0; k < 4; ++k) {
      if (legal[k])
        best = std::max(best, (k < 2 ? horizontal : vertical) + chance_node(child[k], child_t[k], depth, prob));
    }
    return best;
  }
  if (prune_margin_ > 0 && depth > 0 && prob >= cutoff_ && corner_ == nullptr) {
    // Forward pruning. A move that wrecks the order of the big tiles (the corner tile
    // pulled out, a column of big tiles broken) is worth hundreds of thousands less
    // as it stands than its best sibling, and after a few spawns it is still worth
    // less: the max takes the sibling. Searching it anyway cost most of the tree in
    // the late game; skipping it left the root's choice unchanged in 189 of 192
    // positions measured, for a seventh of the evaluated moves (docs/game2048.md).
    // Unless the moves kept turn out worth less than a pruned one looks (they lose,
    // as in a crowded endgame where only the ugly move lives): then it is searched
    // after all, in the same order. The children are about to be searched (not
    // leaves), so valuing them here costs a table sum each. The root's moves are
    // never pruned (value_of_move).
    std::array<float, 4> now{};
    float top = 0;
    bool any = false;
    for (std::size_t k = 0; k < 4; ++k) {
      if (!legal[k]) continue;
      now[k] = heuristic_->evaluate(child[k], child_t[k]);
      top = any ? std::max(top, now[k]) : now[k];
      any = true;
    }
    const float keep = top - prune_margin_;
    for (std::size_t k = 0; k < 4; ++k) {
      if (legal[k] && now[k] >= keep) best = std::max(best, chance_node(child[k], child_t[k], depth, prob));
    }
    for (std::size_t k = 0; k < 4; ++k) {
      if (!legal[k] || now[k] >= keep) continue;
      if (now[k] > best) {
        ++stats_.rescued;
        best = std::max(best, chance_node(child[k], child_t[k], depth, prob));
      } else {
        ++stats_.pruned;
      }
    }
    return best;
  }
  for (std::size_t k = 0; k < 4; ++k) {
    if (legal[k]) best = std::max(best, chance_node(child[k], child_t[k], depth, prob));
  }
  return best;
}

float Searcher::chance_node(Board b, Board t, int depth, float prob) {
  if (depth <= 0 || prob < cutoff_) {
    ++stats_.evals;
    return network_ ? network_->value(b) : corner_ ? corner_->evaluate(b, t) : heuristic_->evaluate(b, t);
  }
  Entry& e = slot(b);
  if (e.key == b && (e.tag >> 8) == generation_ && static_cast<int>(e.tag & 0xFF) >= depth) {
    ++stats_.tt_hits;
    return e.value;
  }
  Board empties = empty_mask(b);
  const int n = count_nibble_bits(empties);
  const float p2 = prob * kSpawnTwoProbability / static_cast<float>(n);
  const float p4 = prob * kSpawnFourProbability / static_cast<float>(n);
  float sum = 0.0f;
  while (empties != 0) {
    const int cell = std::countr_zero(empties) / 4;
    empties &= empties - 1;
    const int shift = 4 * cell;
    const int tshift = 4 * kTransposed[static_cast<std::size_t>(cell)];
    sum += kSpawnTwoProbability * max_node(b | (Board{1} << shift), t | (Board{1} << tshift), depth - 1, p2);
    sum += kSpawnFourProbability * max_node(b | (Board{2} << shift), t | (Board{2} << tshift), depth - 1, p4);
  }
  const float value = sum / static_cast<float>(n);
  // Always replace: the newest node is the likeliest to be met again nearby.
  e.key = b;
  e.value = value;
  e.tag = generation_ << 8 | static_cast<std::uint32_t>(depth);
  return value;
}

// ---- levels ----------------------------------------------------------------------

std::optional<Level> parse_level(std::string_view text) {
  if (text == "fast") return Level::Fast;
  if (text == "normal") return Level::Normal;
  if (text == "strong") return Level::Strong;
  return std::nullopt;
}

std::string_view level_name(Level level) {
  switch (level) {
    case Level::Fast:
      return "fast";
    case Level::Normal:
      return "normal";
    case Level::Strong:
      return "strong";
  }
  return "?";
}

LevelRule level_rule(Level level) {
  // Chosen by measurement (docs/game2048.md): fast averages well under 1 ms a move.
  // strong searches one level deeper than the public program's rule (its depth_limit
  // is max(3, distinct - 2), cut-off 0.0001): max(3, distinct - 1), uncapped (15
  // distinct tiles, 2 … 32768, give 14). That costs about twice the evaluated moves;
  // our search evaluates them about 1.4 times as fast. Until 8192 is made, strong
  // accepts no risk of losing (WorstRow); from there on, the public program's loss
  // cost (Added), which reaches 32768 more often (docs/game2048.md). A finer cut-off
  // from 16384 on (late_prob_cutoff 5e-5) was played in 16 of the 20 benchmark games and
  // dropped: no more 32768s, about twice the time a move (docs/game2048.md). Since
  // 2026-12-04 strong prunes hopeless moves below the root (prune_margin): the same
  // moves for a seventh of the work. Until e6a5517 it also played a cut-off of 2.5e-6
  // once 16384 was made, at 2.6 times the CPU a move; from the same 16 positions where
  // the benchmark games made 16384, it converted 4 into 32768 against 8 for 1e-4, so it
  // was dropped like the 5e-5 before it (docs/game2048.md, "The long benchmark at
  // `strong`, pruned, 1e-4 throughout").
  switch (level) {
    case Level::Fast:
      return {.distinct_offset = 4, .min_depth = 3, .max_depth = 5, .prob_cutoff = 1e-3f, .tt_bits = 18};
    case Level::Normal:
      return {.distinct_offset = 3, .min_depth = 3, .max_depth = 6, .prob_cutoff = 1e-4f, .tt_bits = 20};
    case Level::Strong:
      return {.distinct_offset = 1,
              .min_depth = 3,
              .max_depth = 14,
              .prob_cutoff = 1e-4f,
              .tt_bits = 22,
              .careful_below_exponent = 13,
              .prune_margin = 500000.0f};
  }
  return {};
}

int depth_for(Board b, const LevelRule& rule) {
  return std::clamp(count_distinct(b) - rule.distinct_offset, rule.min_depth, rule.max_depth);
}

// ---- the player ------------------------------------------------------------------

Ai::Ai(const MoveTables& tables, AiSettings settings)
    : tables_(&tables),
      settings_(std::move(settings)),
      heuristic_(settings_.weights.value_or(HeuristicWeights::for_depth(settings_.depth))) {
  settings_.threads = std::clamp(settings_.threads, 1u, 4u);  // at most one worker per root move
  const int bits = level_rule(settings_.level).tt_bits;
  // The careful phase belongs to the level's own search: not with a fixed depth or
  // weights given by the caller.
  if (const int careful = level_rule(settings_.level).careful_below_exponent;
      careful > 0 && !settings_.depth && !settings_.weights && !settings_.network) {
    HeuristicWeights w = HeuristicWeights::for_depth(std::nullopt);
    w.base_rule = BaseRule::WorstRow;
    careful_heuristic_.emplace(w);
    careful_below_exponent_ = careful;
  }
  if (settings_.endgame) {
    endgame_ =
        std::make_unique<EndgameSolver>(tables, settings_.endgame_states.value_or(EndgameSolver::kDefaultStates));
  }
  for (unsigned w = 0; w < settings_.threads; ++w) {
    searchers_.push_back(std::make_unique<Searcher>(tables, heuristic_, bits));
  }
  for (unsigned w = 1; w < settings_.threads; ++w) {
    helpers_.emplace_back([this, w] {
      std::uint64_t seen = 0;
      for (;;) {
        const std::function<void(unsigned)>* job = nullptr;
        {
          std::unique_lock lock(mutex_);
          wake_.wait(lock, [&] { return stopping_ || job_id_ != seen; });
          if (stopping_) return;
          seen = job_id_;
          job = job_;
        }
        (*job)(w);
        {
          std::lock_guard lock(mutex_);
          if (--running_ == 0) done_.notify_one();
        }
      }
    });
  }
}

Ai::~Ai() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (auto& t : helpers_) t.join();
}

void Ai::run_workers(const std::function<void(unsigned)>& job) {
  if (helpers_.empty()) {
    job(0);
    return;
  }
  {
    std::lock_guard lock(mutex_);
    job_ = &job;
    ++job_id_;
    running_ = static_cast<unsigned>(helpers_.size());
  }
  wake_.notify_all();
  job(0);
  std::unique_lock lock(mutex_);
  done_.wait(lock, [&] { return running_ == 0; });
}

AiChoice Ai::search(Board b, const SearchParams& p) {
  AiChoice out;
  out.depth = p.depth;
  const bool careful = careful_heuristic_ && max_exponent(b) < careful_below_exponent_;
  const CornerHeuristic* corner =
      !careful && settings_.corner_from && max_exponent(b) >= *settings_.corner_from ? corner_for(b) : nullptr;
  for (auto& s : searchers_) {
    s->use(careful ? *careful_heuristic_ : heuristic_);
    s->use(settings_.network.get());
    s->use(corner);
  }
  std::array<Move, 4> legal{};
  unsigned n = 0;
  for (const Move m : kMoves) {
    if (tables_->move(b, m) != b) legal[n++] = m;
  }
  if (n == 0) return out;
  std::array<SearchStats, 4> stats{};
  std::array<std::optional<float>, 4> values{};
  std::atomic<unsigned> next{0};
  const std::function<void(unsigned)> job = [&](unsigned worker) {
    for (;;) {
      const unsigned k = next.fetch_add(1);
      if (k >= n) return;
      values[k] = searchers_[worker]->value_of_move(b, legal[k], p, stats[k]);
    }
  };
  run_workers(job);
  // Reduced in move order: ties go to the first move in up, right, down, left order.
  for (unsigned k = 0; k < n; ++k) {
    out.values[static_cast<std::size_t>(legal[k])] = values[k];
    out.stats.add(stats[k]);
    if (values[k] && (!out.best || *values[k] > *out.values[static_cast<std::size_t>(*out.best)])) out.best = legal[k];
  }
  return out;
}

const CornerHeuristic* Ai::corner_for(Board b) {
  // A lost game costs what it costs macroxue/2048-ai's search: max(2^17, 2·ts(top)),
  // ts(r) = r·2^r, spread over the 8 lines.
  const int top = max_exponent(b);
  auto& four = corners_[top];
  if (!four[0]) {
    const double lost = std::max(131072.0, 2.0 * top * std::ldexp(1.0, top));
    for (int k = 0; k < 4; ++k) {
      four[static_cast<std::size_t>(k)] =
          std::make_unique<CornerHeuristic>((k & 1) != 0, (k & 2) != 0, static_cast<float>(lost / 8));
    }
  }
  const CornerHeuristic* best = four[0].get();
  for (const auto& c : four) {
    if (c->evaluate(b) > best->evaluate(b)) best = c.get();
  }
  return best;
}

AiChoice Ai::choose(Board b) {
  AiChoice c = choose_by_search(b);
  if (endgame_ && c.best) consult_endgame(b, c);
  return c;
}

void Ai::consult_endgame(Board b, AiChoice& c) {
  // Formations whose goal is below 32 are left to the search (it builds small tiles
  // well, and a goal so small says little about the board), and so are regions too
  // large to solve (Formation::small_enough).
  constexpr int kMinGoal = 5;
  // The search's move stands unless the lookup's is likelier to make the goal by more
  // than this (the search also weighs what the goal costs the rest of the board).
  constexpr float kMargin = 0.02f;
  const auto f = find_formation(b, settings_.endgame_from.value_or(level_rule(settings_.level).endgame_from),
                                settings_.chain_from);
  if (!f || f->goal < kMinGoal || !f->small_enough()) return;
  const auto a = endgame_->solve(b, *f);
  if (!a || !a->best) return;
  const float searched = a->values[static_cast<std::size_t>(*c.best)].value_or(0.0f);
  if (a->probability - searched > kMargin) {
    c.endgame =
        AiChoice::Endgame{f->goal, a->probability, *c.best, searched, f->chain ? max_exponent(f->fixed) + 1 : 0};
    c.best = a->best;
  }
}

AiChoice Ai::choose_by_search(Board b) {
  LevelRule rule = level_rule(settings_.level);
  const float late = settings_.late_cutoff.value_or(rule.late_prob_cutoff);
  if (late > 0 && max_exponent(b) >= settings_.endgame_from.value_or(rule.endgame_from)) rule.prob_cutoff = late;
  rule.prune_margin = settings_.prune_margin.value_or(rule.prune_margin);
  if (!settings_.ms_per_move) {
    const int depth = settings_.depth ? std::max(0, *settings_.depth) : depth_for(b, rule);
    return search(b, {depth, rule.prob_cutoff, rule.prune_margin});
  }
  // A time budget: deepen one level at a time while the next level, estimated from
  // the growth between the last two, still fits.
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const double budget = *settings_.ms_per_move / 1000.0;
  AiChoice best;
  SearchStats total;
  double previous = 0;
  for (int depth = 0; depth <= 12; ++depth) {
    const auto t0 = Clock::now();
    AiChoice c = search(b, {depth, rule.prob_cutoff, rule.prune_margin});
    const double took = std::chrono::duration<double>(Clock::now() - t0).count();
    total.add(c.stats);
    best = c;
    if (!c.best) break;
    const double growth = previous > 0 ? std::max(2.0, took / previous) : 8.0;
    previous = took;
    const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    if (elapsed + took * growth > budget) break;
  }
  best.stats = total;
  return best;
}

AiChoice Ai::choose(const Grid& g) {
  Board b = 0;
  for (int i = 0; i < 16; ++i) {
    b = with_exponent(b, i, std::min<int>(g.cells[static_cast<std::size_t>(i)], kMaxNibbleExponent));
  }
  return choose(b);
}

}  // namespace puzzlelab::game2048
