#include "guess/optimal.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <atomic>
#include <chrono>
#include <cstring>
#include <mutex>
#include <numeric>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>

#include <fmt/format.h>

#include "core/parallel.h"
#include "core/rng.h"

namespace puzzlelab::guess {

// The search's own types. A named namespace, not an anonymous one, because
// OptimalSolver::Impl (external linkage) holds some of them.
namespace exact {

using Local = std::uint16_t;  // a candidate's position in the solver's candidate list
using Value = std::int32_t;   // a total number of guesses over a set

// "No strategy": larger than any real total, small enough that a few can be added.
constexpr Value kInf = Value{1} << 29;
// Guesses left when there is no limit.
constexpr std::uint32_t kNoLimit = std::uint32_t{1} << 20;
constexpr std::size_t kMaxCandidates = 65535;

Value saturate(std::int64_t v) {
  return v >= kInf ? kInf : static_cast<Value>(v);
}

// What a search below a budget proved: the exact cost when value < the budget it was
// given, else a lower bound on it (>= the budget).
struct Outcome {
  Value value = 0;
  GuessIndex best = kNoGuess;  // valid when exact
};

struct Key {
  std::uint64_t a = 0;
  std::uint64_t b = 0;
};

std::uint64_t fmix(std::uint64_t x) {
  std::uint64_t s = x;
  return core::splitmix64(s);
}

// Exact costs and proven lower bounds of solved sets, shared by every thread. 64
// shards, each an open-addressing table behind its own lock (two threads rarely meet
// on one). A shard that reaches its share of the byte budget is emptied: entries are
// a cache, never needed for correctness.
class Memo {
 public:
  explicit Memo(std::uint64_t budget_bytes) {
    max_slots_ = std::max<std::size_t>(std::bit_floor(static_cast<std::size_t>(budget_bytes / kShards / sizeof(Slot))),
                                       std::size_t{1} << 10);
  }

  struct Entry {
    Value lower = 0;
    bool exact = false;
    GuessIndex best = kNoGuess;
  };

  bool find(const Key& key, Entry& out) {
    Shard& sh = shard(key);
    std::lock_guard lock(sh.mutex);
    if (sh.slots.empty()) return false;
    const std::size_t mask = sh.slots.size() - 1;
    for (std::size_t i = key.a & mask;; i = (i + 1) & mask) {
      const Slot& s = sh.slots[i];
      if (s.a == 0) return false;
      if (s.a == key.a && s.b == key.b) {
        out.lower = static_cast<Value>(s.value & 0x7fffffffu);
        out.exact = (s.value >> 31) != 0;
        out.best = s.best;
        return true;
      }
    }
  }

  // `learned`: the entry comes from another solver's memo (see record()), so it is not
  // recorded again.
  void store(const Key& key, Value lower, bool exact, GuessIndex best, bool learned = false) {
    if (recording_.load(std::memory_order_relaxed) && !learned) {
      std::lock_guard lock(record_mutex_);
      record_.push_back(Slot{key.a, key.b, static_cast<std::uint32_t>(lower) | (exact ? 0x80000000u : 0u), best});
    }
    Shard& sh = shard(key);
    std::lock_guard lock(sh.mutex);
    if (sh.slots.empty()) sh.slots.assign(std::size_t{1} << 10, Slot{});
    if ((sh.used + 1) * 10 > sh.slots.size() * 7) {
      if (sh.slots.size() * 2 <= max_slots_) {
        grow(sh);
      } else {
        std::fill(sh.slots.begin(), sh.slots.end(), Slot{});
        sh.used = 0;
      }
    }
    const std::uint32_t packed = static_cast<std::uint32_t>(lower) | (exact ? 0x80000000u : 0u);
    const std::size_t mask = sh.slots.size() - 1;
    for (std::size_t i = key.a & mask;; i = (i + 1) & mask) {
      Slot& s = sh.slots[i];
      if (s.a == 0) {
        s = Slot{key.a, key.b, packed, best};
        ++sh.used;
        return;
      }
      if (s.a == key.a && s.b == key.b) {
        const bool had_exact = (s.value >> 31) != 0;
        if (had_exact) return;
        if (exact || lower > static_cast<Value>(s.value & 0x7fffffffu)) {
          s.value = packed;
          s.best = best;
        }
        return;
      }
    }
  }

  // While on, every entry this memo stores (but learned ones) is also kept, to be taken
  // with take_recorded() and given to another solver of the same problem.
  void record(bool on) { recording_ = on; }

  // The entries recorded since the last call, 24 bytes each (two key words, the value,
  // the best guess; little-endian as the machine's, which every rank of a run shares).
  std::string take_recorded() {
    std::lock_guard lock(record_mutex_);
    std::string out(record_.size() * kEntryBytes, '\0');
    for (std::size_t i = 0; i < record_.size(); ++i) {
      char* p = out.data() + i * kEntryBytes;
      std::memcpy(p, &record_[i].a, 8);
      std::memcpy(p + 8, &record_[i].b, 8);
      std::memcpy(p + 16, &record_[i].value, 4);
      std::memcpy(p + 20, &record_[i].best, 4);
    }
    record_.clear();
    return out;
  }

  // Stores what take_recorded() gave on another solver; false when the bytes are not
  // whole entries.
  bool learn(std::string_view bytes) {
    if (bytes.size() % kEntryBytes != 0) return false;
    for (std::size_t i = 0; i < bytes.size(); i += kEntryBytes) {
      Slot e;
      std::memcpy(&e.a, bytes.data() + i, 8);
      std::memcpy(&e.b, bytes.data() + i + 8, 8);
      std::memcpy(&e.value, bytes.data() + i + 16, 4);
      std::memcpy(&e.best, bytes.data() + i + 20, 4);
      if (e.a == 0) return false;
      store(Key{e.a, e.b}, static_cast<Value>(e.value & 0x7fffffffu), (e.value >> 31) != 0, e.best, true);
    }
    return true;
  }

  [[nodiscard]] std::uint64_t entries() {
    std::uint64_t n = 0;
    for (Shard& sh : shards_) {
      std::lock_guard lock(sh.mutex);
      n += sh.used;
    }
    return n;
  }

 private:
  struct Slot {
    std::uint64_t a = 0;  // 0: empty (keys never have a == 0)
    std::uint64_t b = 0;
    std::uint32_t value = 0;  // lower bound; bit 31 set when exact
    GuessIndex best = kNoGuess;
  };
  struct Shard {
    std::mutex mutex;
    std::vector<Slot> slots;
    std::size_t used = 0;
  };
  static constexpr unsigned kShards = 64;

  Shard& shard(const Key& key) { return shards_[key.b >> 58]; }

  static void grow(Shard& sh) {
    std::vector<Slot> old(sh.slots.size() * 2);
    old.swap(sh.slots);
    const std::size_t mask = sh.slots.size() - 1;
    for (const Slot& s : old) {
      if (s.a == 0) continue;
      std::size_t i = s.a & mask;
      while (sh.slots[i].a != 0) i = (i + 1) & mask;
      sh.slots[i] = s;
    }
  }

  static constexpr std::size_t kEntryBytes = 24;
  static_assert(sizeof(GuessIndex) == 4);

  std::array<Shard, kShards> shards_;
  std::size_t max_slots_;
  std::atomic<bool> recording_{false};
  std::mutex record_mutex_;
  std::vector<Slot> record_;
};

// The candidates a guess splits a set into, by code: class k is
// members[begin, begin + size).
struct ClassInfo {
  std::uint32_t code = 0;
  std::uint32_t begin = 0;
  std::uint32_t size = 0;
  std::uint64_t h1 = 0;
  std::uint64_t h2 = 0;
  std::uint64_t allowed_hash = 0;  // hard mode: hash of the allowed guesses after this class's pattern
  Value lower = 0;
  bool exact = false;
};

// One guess in a node's search order.
struct Ranked {
  std::uint64_t key = 0;
  GuessIndex guess = 0;
  Value lower = 0;
};

// A set of candidates with everything its cost depends on.
struct Node {
  std::span<const Local> set;
  std::uint64_t h1 = 0;  // two independent additive hashes of the set
  std::uint64_t h2 = 0;
  std::uint32_t left = kNoLimit;           // guesses left, including this one
  const std::uint64_t* allowed = nullptr;  // hard mode: bitset of allowed guesses
  std::uint64_t allowed_hash = 0;
  std::span<const GuessIndex> guesses;  // ascending; every guess that might split `set`
};

// Buffers of one recursion level of one thread.
struct Level {
  std::vector<Local> members;
  std::vector<std::uint32_t> codes;
  std::vector<std::uint32_t> touched;
  std::vector<ClassInfo> classes;
  std::vector<std::uint32_t> pending;  // classes left for the full search
  std::vector<Ranked> order;
  std::vector<GuessIndex> splitting;  // the guesses that split this level's set
  std::vector<std::uint64_t> child_allowed;
  // Partitions already evaluated here, with what the evaluation proved (exact below the
  // bound it had, else a lower bound): a guess with the same partition has the same cost.
  std::unordered_map<std::uint64_t, Value> seen;
};

class Cancelled {};

}  // namespace exact

using namespace exact;

// Everything the searching threads share: the table of codes, the hashes, the memo.
struct OptimalSolver::Impl {
  const Game* game = nullptr;
  OptimalOptions options;
  unsigned threads = 1;
  std::uint32_t guesses = 0;           // G
  std::uint32_t n = 0;                 // candidates
  std::vector<SecretIndex> secrets;    // local -> secret index
  std::vector<GuessIndex> cand_guess;  // local -> guess index
  // Every guess that shows "solved" for local candidate c: solvers[solver_begin[c] ..
  // solver_begin[c + 1]), the candidate's own guess first. Usually that one alone;
  // Handle's variant spellings (青红皁白 for 青红皂白) also win.
  std::vector<std::uint32_t> solver_begin;
  std::vector<GuessIndex> solvers;
  std::vector<std::int32_t> guess_local;  // guess -> local, or -1
  std::vector<Pattern> id_pattern;        // dense code -> the game's pattern
  std::uint32_t codes = 0;                // K
  // Dense codes that mean "solved" (a candidate's own guess shows the first; a
  // variant spelling may show another, e.g. exact characters but another reading).
  std::vector<std::uint32_t> solved_codes;
  std::vector<std::uint8_t> solved_code;  // per dense code: 1 when it means solved
  unsigned width = 1;                     // bytes per table cell
  std::unique_ptr<std::uint8_t[]> t8;
  std::unique_ptr<std::uint16_t[]> t16;
  std::unique_ptr<std::uint32_t[]> t32;
  std::vector<std::uint64_t> z1, z2;  // per local candidate
  // Hard mode.
  std::size_t words = 0;                    // 64-bit words in an allowed-guesses bitset
  std::vector<std::uint64_t> root_allowed;  // empty in normal mode
  std::uint64_t root_allowed_hash = 0;
  std::mutex obs_mutex;
  std::unordered_map<std::uint64_t, std::unique_ptr<std::uint64_t[]>> obs_bits;
  std::uint32_t root_left = kNoLimit;
  std::vector<GuessIndex> all_guesses;
  std::unique_ptr<Memo> memo;
  std::atomic<bool> abort{false};  // set to stop a parallel evaluation early
  // Counters, summed from the workers after each search.
  std::atomic<std::uint64_t> nodes{0}, scans{0}, evaluations{0}, memo_hits{0};

  [[nodiscard]] bool hard() const { return options.hard_mode != nullptr; }

  std::uint64_t hash_allowed(const std::uint64_t* bits) const {
    std::uint64_t h = 0x243f6a8885a308d3ULL;
    for (std::size_t i = 0; i < words; ++i) h = fmix(h ^ bits[i]) + i;
    return h;
  }

  // The guesses allowed after one turn (guess g showed dense code c) on its own.
  const std::uint64_t* observation_bits(GuessIndex g, std::uint32_t c) {
    const std::uint64_t key = std::uint64_t{g} * codes + c;
    std::lock_guard lock(obs_mutex);
    auto it = obs_bits.find(key);
    if (it != obs_bits.end()) return it->second.get();
    std::vector<GuessIndex> allowed;
    const Observation turn{g, id_pattern[c]};
    options.hard_mode->allowed(std::span<const Observation>(&turn, 1), allowed);
    auto bits = std::make_unique<std::uint64_t[]>(words);
    for (const GuessIndex a : allowed) bits[a >> 6] |= std::uint64_t{1} << (a & 63);
    const std::uint64_t* p = bits.get();
    obs_bits.emplace(key, std::move(bits));
    return p;
  }

  Key key_of(const Node& node) const {
    const std::uint64_t state = fmix(node.allowed_hash ^ (std::uint64_t{node.left} * 0x9e3779b97f4a7c15ULL));
    Key k{node.h1 ^ state, node.h2 + fmix(state)};
    k.a |= 1;  // 0 marks an empty memo slot
    return k;
  }

  void check_cancel() const {
    if (abort.load(std::memory_order_relaxed)) throw Cancelled{};
    if (options.cancel != nullptr && options.cancel->load(std::memory_order_relaxed)) throw Cancelled{};
  }
};

namespace exact {

// One thread's search, for a table of code type T.
template <class T>
class Worker {
 public:
  Worker(OptimalSolver::Impl& s, const T* table)
      : s_(s), table_(table), counts_(s.codes, 0), hacc1_(s.codes, 0), hacc2_(s.codes, 0) {}

  Outcome solve(const Node& node, Value beta, std::size_t level) {
    const std::size_t n = node.set.size();
    if (n == 0) return {0, kNoGuess};
    if (node.left == 0) return {kInf, kNoGuess};
    if (n == 1) return {1, s_.cand_guess[node.set[0]]};
    if (node.left == 1) return {kInf, kNoGuess};
    // Guessing one of two candidates solves it or leaves the other.
    if (n == 2) return {3, s_.cand_guess[node.set[0]]};
    const Value trivial = static_cast<Value>(2 * n - 1);
    if (trivial >= beta) return {trivial, kNoGuess};
    s_.check_cancel();

    const Key key = s_.key_of(node);
    Memo::Entry hit;
    Value lower = trivial;
    if (s_.memo->find(key, hit)) {
      ++memo_hits_;
      if (hit.exact) return {hit.lower, hit.best};
      lower = std::max(lower, hit.lower);
      if (lower >= beta) return {lower, kNoGuess};
    }
    ++nodes_;

    // Closed forms from the candidates alone (O(n^2)).
    GuessIndex one_pair = kNoGuess;
    GuessIndex perfect = kNoGuess;
    check_candidates(node, node.set, perfect, one_pair);
    if (perfect != kNoGuess) return finish(key, trivial, true, perfect);
    if (one_pair != kNoGuess && node.left >= 3) return finish(key, static_cast<Value>(2 * n), true, one_pair);
    // No candidate splits the others into singletons: every guess costs 2n at least.
    lower = std::max(lower, static_cast<Value>(2 * n));
    if (lower >= beta) return {lower, kNoGuess};

    // Every guess: its classes' lower bound, and whether it splits the set at all.
    ++scans_;
    Level& lv = level_at(level);
    lv.order.clear();
    lv.splitting.clear();
    Value min_lower = kInf;
    Value left_out = kInf;  // least lower bound among the guesses that start at beta or above
    const T* base = table_;
    const std::uint32_t cand_count = s_.n;
    std::uint32_t* counts = counts_.data();
    const Local* set = node.set.data();
    for (const GuessIndex g : node.guesses) {
      if (node.allowed != nullptr && ((node.allowed[g >> 6] >> (g & 63)) & 1) == 0) continue;
      const T* row = base + std::size_t{g} * cand_count;
      std::uint32_t classes = 0;
      std::uint64_t squares = 0;
      for (std::size_t i = 0; i < n; ++i) {
        const std::uint32_t k = counts[row[set[i]]]++;
        classes += k == 0 ? 1u : 0u;
        squares += 2 * std::uint64_t{k} + 1;
      }
      std::uint32_t solved = 0;
      for (const std::uint32_t c : s_.solved_codes) solved += counts[c];
      for (std::size_t i = 0; i < n; ++i) counts[row[set[i]]] = 0;
      if (classes == 1 && solved == 0) continue;  // shows one pattern: no information
      lv.splitting.push_back(g);
      const std::uint32_t open = classes - (solved != 0 ? 1u : 0u);
      if (solved == 0 && open == n) {
        // Splits into singletons without being a candidate: 2n, the bound above.
        return finish(key, static_cast<Value>(2 * n), true, g);
      }
      if (node.left == 2) continue;  // only a split into singletons finishes in time
      // n for this guess, then 1 per solved singleton, 2k - 1 per other class.
      const Value lb = static_cast<Value>(3 * n - 2 * solved - open);
      min_lower = std::min(min_lower, lb);
      if (lb < beta) {
        lv.order.push_back(Ranked{std::uint64_t(lb) * n + 2 * squares, g, lb});
      } else {
        left_out = std::min(left_out, lb);
      }
    }
    if (node.left == 2) return finish(key, kInf, true, kNoGuess);
    lower = std::max(lower, min_lower);
    if (lower >= beta) return finish(key, lower, false, kNoGuess);
    std::sort(lv.order.begin(), lv.order.end(),
              [](const Ranked& x, const Ranked& y) { return x.key != y.key ? x.key < y.key : x.guess < y.guess; });

    Value bound = beta;
    GuessIndex best = kNoGuess;
    Value cut = kInf;  // least lower bound among the guesses that did not beat the bound
    lv.seen.clear();
    for (std::size_t i = 0; i < lv.order.size(); ++i) {
      const Ranked r = lv.order[i];
      if (r.lower >= bound) {
        cut = std::min(cut, r.lower);
        continue;
      }
      const Value v = evaluate(r.guess, node, bound, level);
      if (v < bound) {
        bound = v;
        best = r.guess;
      } else {
        cut = std::min(cut, v);
      }
    }
    if (best != kNoGuess) return finish(key, bound, true, best);
    // No guess beat beta: the set costs at least the least of every guess's proven lower
    // bound (each >= beta). That is often more than beta, and returning it spares a caller
    // that raises its budget step by step the searches in between.
    return finish(key, std::max(lower, std::min(cut, left_out)), false, kNoGuess);
  }

  // The cost of playing g at `node`: exact when below `bound`, else a lower bound.
  Value evaluate(GuessIndex g, const Node& node, Value bound, std::size_t level) {
    ++evaluations_;
    Level& lv = level_at(level);
    partition(g, node.set, lv);
    // Same partition (and same solved class) as a guess tried before: same cost, and
    // what was proven then still holds. It cannot beat the bound (it did not then, and
    // the bound only fell since).
    if (node.allowed != nullptr) return evaluate_classes(g, node, bound, level);
    std::uint64_t signature = 0;
    for (const ClassInfo& c : lv.classes) signature += fmix(c.h1 + (s_.solved_code[c.code] != 0 ? 0x5bd1e995u : 0u));
    const auto [at, fresh] = lv.seen.try_emplace(signature, bound);
    if (!fresh) return std::max(at->second, bound);
    at->second = evaluate_classes(g, node, bound, level);  // the recursion uses deeper levels' maps only
    return at->second;
  }

  // The rest of evaluate, once lv holds g's partition of node.set.
  Value evaluate_classes(GuessIndex g, const Node& node, Value bound, std::size_t level) {
    Level& lv = level_at(level);
    const std::size_t n = node.set.size();
    const std::uint32_t child_left = node.left - 1;

    std::int64_t total = static_cast<std::int64_t>(n);
    for (ClassInfo& c : lv.classes) {
      if (s_.solved_code[c.code] != 0) {
        c.lower = 0;
        c.exact = true;
        continue;
      }
      c.exact = c.size <= 2 || child_left <= 1;
      if (c.size == 1) {
        c.lower = 1;
      } else if (child_left <= 1) {
        c.lower = kInf;
      } else {
        c.lower = static_cast<Value>(c.size == 2 ? 3 : 2 * c.size - 1);
      }
      total += c.lower;
    }
    if (total >= bound) return saturate(total);

    // Memo, then the closed forms, for the classes still open.
    lv.pending.clear();
    for (std::uint32_t k = 0; k < lv.classes.size(); ++k) {
      ClassInfo& c = lv.classes[k];
      if (c.exact) continue;
      if (node.allowed != nullptr) {
        child_bits(g, c.code, node, lv);
        c.allowed_hash = s_.hash_allowed(lv.child_allowed.data());
      } else {
        c.allowed_hash = 0;
      }
      Memo::Entry hit;
      if (s_.memo->find(s_.key_of(child_node(c, node, lv)), hit)) {
        ++memo_hits_;
        total += std::max(hit.lower, c.lower) - c.lower;
        c.lower = std::max(hit.lower, c.lower);
        c.exact = hit.exact;
        if (total >= bound) return saturate(total);
        if (c.exact) continue;
      }
      lv.pending.push_back(k);
    }
    for (const std::uint32_t k : lv.pending) {
      ClassInfo& c = lv.classes[k];
      const auto members = std::span<const Local>(lv.members).subspan(c.begin, c.size);
      const Value before = c.lower;
      GuessIndex one_pair = kNoGuess;
      GuessIndex perfect = kNoGuess;
      if (node.allowed != nullptr) child_bits(g, c.code, node, lv);
      check_candidates(child_node(c, node, lv), members, perfect, one_pair);
      if (perfect != kNoGuess) {
        c.lower = static_cast<Value>(2 * c.size - 1);
        c.exact = true;
      } else if (one_pair != kNoGuess && child_left >= 3) {
        c.lower = static_cast<Value>(2 * c.size);
        c.exact = true;
      } else {
        c.lower = std::max(c.lower, static_cast<Value>(2 * c.size));
      }
      total += c.lower - before;
      if (total >= bound) return saturate(total);
    }
    // Full search, smallest classes first: they are cheap and often enough to prove
    // that the guess cannot beat the bound.
    std::erase_if(lv.pending, [&](std::uint32_t k) { return lv.classes[k].exact; });
    std::sort(lv.pending.begin(), lv.pending.end(), [&](std::uint32_t x, std::uint32_t y) {
      const ClassInfo& a = lv.classes[x];
      const ClassInfo& b = lv.classes[y];
      return a.size != b.size ? a.size < b.size : a.code < b.code;
    });
    for (const std::uint32_t k : lv.pending) {
      ClassInfo& c = lv.classes[k];
      if (node.allowed != nullptr) child_bits(g, c.code, node, lv);
      const std::int64_t others = total - c.lower;
      const Value budget = saturate(std::max<std::int64_t>(bound - others, 0));
      const Outcome o = solve(child_node(c, node, lv), budget, level + 1);
      total = others + o.value;
      if (total >= bound) return saturate(total);
    }
    return saturate(total);
  }

  // Splits `set` by g's codes into lv.classes (ascending code) and lv.members.
  void partition(GuessIndex g, std::span<const Local> set, Level& lv) {
    const T* row = table_ + std::size_t{g} * s_.n;
    const std::size_t n = set.size();
    lv.codes.resize(n);
    lv.members.resize(n);
    lv.touched.clear();
    std::uint32_t* counts = counts_.data();
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint32_t c = row[set[i]];
      lv.codes[i] = c;
      if (counts[c]++ == 0) lv.touched.push_back(c);
    }
    std::sort(lv.touched.begin(), lv.touched.end());
    lv.classes.clear();
    std::uint32_t offset = 0;
    for (const std::uint32_t c : lv.touched) {
      ClassInfo info;
      info.code = c;
      info.begin = offset;
      info.size = counts[c];
      counts[c] = offset;  // now the class's write cursor
      offset += info.size;
      lv.classes.push_back(info);
    }
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint32_t c = lv.codes[i];
      const Local m = set[i];
      lv.members[counts[c]++] = m;
      hacc1_[c] += s_.z1[m];
      hacc2_[c] += s_.z2[m];
    }
    for (ClassInfo& info : lv.classes) {
      info.h1 = hacc1_[info.code];
      info.h2 = hacc2_[info.code];
      counts[info.code] = 0;
      hacc1_[info.code] = 0;
      hacc2_[info.code] = 0;
    }
  }

  // The closed forms' search over the guesses that can solve a member of `set`: the
  // first that splits the others into singletons (`perfect`), else the first that
  // leaves one pair (`one_pair`).
  void check_candidates(const Node& node, std::span<const Local> set, GuessIndex& perfect, GuessIndex& one_pair) {
    for (const Local c : set) {
      for (std::uint32_t k = s_.solver_begin[c]; k < s_.solver_begin[c + 1]; ++k) {
        const GuessIndex g = s_.solvers[k];
        // The candidate's own guess is always allowed (optimal.h); a variant may not be.
        if (k != s_.solver_begin[c] && !allowed(node, g)) continue;
        const std::uint32_t extra = collisions(g, set, 2);
        if (extra == 0) {
          perfect = g;
          return;
        }
        if (extra == 1 && one_pair == kNoGuess) one_pair = g;
      }
    }
  }

  static bool allowed(const Node& node, GuessIndex g) {
    return node.allowed == nullptr || ((node.allowed[g >> 6] >> (g & 63)) & 1) != 0;
  }

  // Candidates of `set` that share a pattern with an earlier one under guess g,
  // counting up to `stop`.
  std::uint32_t collisions(GuessIndex g, std::span<const Local> set, std::uint32_t stop) {
    const T* row = table_ + std::size_t{g} * s_.n;
    std::uint32_t* counts = counts_.data();
    std::uint32_t extra = 0;
    std::size_t i = 0;
    for (; i < set.size() && extra < stop; ++i) extra += counts[row[set[i]]]++ > 0 ? 1u : 0u;
    for (std::size_t j = 0; j < i; ++j) counts[row[set[j]]] = 0;
    return extra;
  }

  Node child_node(const ClassInfo& c, const Node& parent, const Level& lv) const {
    Node child;
    child.set = std::span<const Local>(lv.members).subspan(c.begin, c.size);
    child.h1 = c.h1;
    child.h2 = c.h2;
    child.left = parent.left >= kNoLimit ? kNoLimit : parent.left - 1;
    child.allowed = parent.allowed != nullptr ? lv.child_allowed.data() : nullptr;
    child.allowed_hash = c.allowed_hash;
    child.guesses = lv.splitting;
    return child;
  }

  // lv.child_allowed = the node's allowed guesses that the rule still allows after g
  // showed `code`.
  void child_bits(GuessIndex g, std::uint32_t code, const Node& node, Level& lv) {
    const std::uint64_t* turn = s_.observation_bits(g, code);
    lv.child_allowed.resize(s_.words);
    for (std::size_t i = 0; i < s_.words; ++i) lv.child_allowed[i] = node.allowed[i] & turn[i];
  }

  Level& level_at(std::size_t level) {
    while (levels_.size() <= level) levels_.push_back(std::make_unique<Level>());
    return *levels_[level];
  }

  Outcome finish(const Key& key, Value value, bool exact, GuessIndex best) {
    s_.memo->store(key, value, exact, best);
    return {value, exact ? best : kNoGuess};
  }

  void flush_counters() {
    s_.nodes += nodes_;
    s_.scans += scans_;
    s_.evaluations += evaluations_;
    s_.memo_hits += memo_hits_;
    nodes_ = scans_ = evaluations_ = memo_hits_ = 0;
  }

  Level& scratch(std::size_t level) { return level_at(level); }

 private:
  OptimalSolver::Impl& s_;
  const T* table_;
  std::vector<std::uint32_t> counts_;
  std::vector<std::uint64_t> hacc1_, hacc2_;
  std::vector<std::unique_ptr<Level>> levels_;
  std::uint64_t nodes_ = 0, scans_ = 0, evaluations_ = 0, memo_hits_ = 0;
};

}  // namespace exact

namespace exact {

// The root of a search: every candidate, the rule's state after the history.
inline Node root_node(const OptimalSolver::Impl& s, std::span<const Local> all) {
  Node root;
  root.set = all;
  for (const Local m : all) {
    root.h1 += s.z1[m];
    root.h2 += s.z2[m];
  }
  root.left = s.root_left;
  root.allowed = s.hard() ? s.root_allowed.data() : nullptr;
  root.allowed_hash = s.root_allowed_hash;
  root.guesses = s.all_guesses;
  return root;
}

inline bool allowed_at(const Node& node, GuessIndex g) {
  return node.allowed == nullptr || ((node.allowed[g >> 6] >> (g & 63)) & 1) != 0;
}

// Searches that start at the root, for a table of code type T.
template <class T>
class RootSearch {
 public:
  RootSearch(OptimalSolver::Impl& s, const T* table) : s_(s), table_(table) {
    all_.resize(s.n);
    std::iota(all_.begin(), all_.end(), Local{0});
  }

  // Every allowed guess that splits the candidates, in the order the search tries
  // them (the same rule as at any node).
  std::vector<Ranked> order() {
    Worker<T> w(s_, table_);
    const Node root = root_node(s_, all_);
    std::vector<Ranked> out;
    const std::size_t n = all_.size();
    for (const GuessIndex g : s_.all_guesses) {
      if (!allowed_at(root, g)) continue;
      Level& lv = w.scratch(0);
      w.partition(g, all_, lv);
      std::uint32_t solved = 0;
      std::uint64_t squares = 0;
      for (const ClassInfo& c : lv.classes) {
        if (s_.solved_code[c.code] != 0) solved = c.size;
        squares += std::uint64_t{c.size} * c.size;
      }
      const std::uint32_t open = static_cast<std::uint32_t>(lv.classes.size()) - (solved != 0 ? 1u : 0u);
      if (lv.classes.size() == 1 && solved == 0) continue;
      const Value lb = static_cast<Value>(3 * n - 2 * solved - open);
      out.push_back(Ranked{std::uint64_t(lb) * n + 2 * squares, g, lb});
    }
    std::sort(out.begin(), out.end(),
              [](const Ranked& x, const Ranked& y) { return x.key != y.key ? x.key < y.key : x.guess < y.guess; });
    return out;
  }

  // The cost of `first` at the root, exact below `bound` (kInf: no bound), its
  // classes solved in parallel. Throws Cancelled when the user cancels.
  Value evaluate_first(GuessIndex first, Value bound, bool report_progress) {
    const Node root = root_node(s_, all_);
    Worker<T> main(s_, table_);
    Level lv;
    main.partition(first, all_, lv);
    const std::size_t n = all_.size();
    const std::uint32_t child_left = root.left >= kNoLimit ? kNoLimit : root.left - 1;

    // Each open class with its own copy of the rule's state.
    struct Job {
      ClassInfo info;
      std::vector<std::uint64_t> allowed;
      Value lower = 0;
    };
    std::vector<Job> jobs;
    std::int64_t total = static_cast<std::int64_t>(n);
    for (const ClassInfo& c : lv.classes) {
      if (s_.solved_code[c.code] != 0) continue;
      Job job;
      job.info = c;
      if (root.allowed != nullptr) {
        const std::uint64_t* turn = s_.observation_bits(first, c.code);
        job.allowed.resize(s_.words);
        for (std::size_t i = 0; i < s_.words; ++i) job.allowed[i] = root.allowed[i] & turn[i];
        job.info.allowed_hash = s_.hash_allowed(job.allowed.data());
      }
      if (c.size == 1) {
        job.lower = 1;
      } else if (child_left <= 1) {
        job.lower = kInf;
      } else {
        job.lower = static_cast<Value>(c.size == 2 ? 3 : 2 * c.size - 1);
      }
      total += job.lower;
      jobs.push_back(std::move(job));
    }
    if (total >= bound) return saturate(total);
    // Largest classes first, so the long ones start early and the threads finish together.
    std::stable_sort(jobs.begin(), jobs.end(), [](const Job& a, const Job& b) { return a.info.size > b.info.size; });
    const auto child_of = [&](const Job& job) {
      Node child;
      child.set = std::span<const Local>(lv.members).subspan(job.info.begin, job.info.size);
      child.h1 = job.info.h1;
      child.h2 = job.info.h2;
      child.left = child_left;
      child.allowed = root.allowed != nullptr ? job.allowed.data() : nullptr;
      child.allowed_hash = job.info.allowed_hash;
      child.guesses = s_.all_guesses;
      return child;
    };

    // Without a bound every class is solved exactly, in one round. With one, the classes
    // only need to be shown to cost enough together: each round gives every class not yet
    // exact a budget of its proven lower bound plus a share of what the total still lacks
    // (by class size), so a class is searched only as far as the proof needs. A class that
    // turns out cheaper than its budget is exact; the next round hands what it did not
    // cover to the others. A poor first guess is shown to be poor with far less search
    // than solving its classes exactly would take.
    std::vector<std::uint8_t> exact(jobs.size(), 0);  // bytes: the threads set them concurrently
    std::int64_t sum = total;
    for (;;) {
      std::vector<std::size_t> round;
      std::uint64_t weight = 0;
      for (std::size_t k = 0; k < jobs.size(); ++k) {
        if (!exact[k]) {
          round.push_back(k);
          weight += jobs[k].info.size;
        }
      }
      if (round.empty() || sum >= bound) break;
      std::vector<Value> budgets(jobs.size(), kInf);
      if (bound < kInf) {
        const std::int64_t lacking = bound - sum;
        for (const std::size_t k : round) {
          const std::int64_t share = (lacking * jobs[k].info.size + weight - 1) / std::int64_t(weight);
          budgets[k] = saturate(jobs[k].lower + std::max<std::int64_t>(share, 1));
        }
      }
      sum = run_round(jobs, round, budgets, exact, child_of, sum, bound, report_progress);
    }
    return saturate(sum);
  }

  // Solves the classes `round` lists, each below its budget, on the solver's threads;
  // raises each job's lower bound to what was proven (marking the exact ones) and returns
  // the new total. Stops early once the total reaches `bound`. Throws Cancelled when the
  // user cancels.
  template <class Job, class ChildOf>
  std::int64_t run_round(std::vector<Job>& jobs, const std::vector<std::size_t>& round, const std::vector<Value>& budgets,
                         std::vector<std::uint8_t>& exact, const ChildOf& child_of, std::int64_t sum, Value bound,
                         bool report_progress) {
    std::atomic<std::size_t> next{0};
    std::atomic<std::size_t> done{0};
    std::atomic<std::int64_t> running{sum};
    std::atomic<bool> failed{false};
    s_.abort = false;
    const auto work = [&] {
      Worker<T> w(s_, table_);
      try {
        for (;;) {
          const std::size_t i = next.fetch_add(1);
          if (i >= round.size() || s_.abort.load()) break;
          Job& job = jobs[round[i]];
          const Value budget = budgets[round[i]];
          const Outcome o = w.solve(child_of(job), budget, 0);
          // A class's lower bound never falls: the memo may hold less than was known.
          const Value gain = std::max<Value>(o.value - job.lower, 0);
          job.lower += gain;
          exact[round[i]] = o.value < budget ? 1 : 0;
          const std::int64_t now = running.fetch_add(gain) + gain;
          if (bound < kInf && now >= bound) s_.abort = true;
          done.fetch_add(1);
        }
      } catch (const Cancelled&) {
        failed = true;
      }
      w.flush_counters();
    };
    const unsigned threads = std::max(1u, std::min<unsigned>(s_.threads, static_cast<unsigned>(round.size())));
    const bool show_progress = report_progress && s_.options.progress;
    std::vector<std::thread> pool;
    if (threads == 1 && !show_progress) {
      // One thread and nothing to report meanwhile: the calling thread does the round (a
      // proof runs thousands of short rounds; a thread started for each costs time).
      work();
    } else {
      for (unsigned t = 0; t < threads; ++t) pool.emplace_back(work);
    }
    if (show_progress) {
      while (done.load() < round.size() && !s_.abort.load() && !failed.load()) {
        s_.options.progress(done.load(), round.size());
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
      }
    }
    for (auto& t : pool) t.join();
    if (s_.options.cancel != nullptr && s_.options.cancel->load()) throw Cancelled{};
    if (report_progress && s_.options.progress) s_.options.progress(done.load(), round.size());
    const std::int64_t result = running.load();
    // Stopped on the bound: what was proven is a lower bound >= bound.
    if (s_.abort.load() || failed.load()) {
      s_.abort = false;
      return std::max<std::int64_t>(result, bound);
    }
    return result;
  }

  // The optimal subtree for `set` starting with `guess`, appended to `tree`.
  std::uint32_t build(DecisionTree& tree, Worker<T>& w, const Node& node, GuessIndex guess) {
    const std::uint32_t at = tree.add_node(guess);
    auto lv = std::make_unique<Level>();
    w.partition(guess, node.set, *lv);
    for (const ClassInfo& c : lv->classes) {
      tree.add_branch(at, s_.id_pattern[c.code], kSolvedLeaf);
    }
    for (std::size_t k = 0; k < lv->classes.size(); ++k) {
      ClassInfo c = lv->classes[k];
      if (s_.solved_code[c.code] != 0) continue;
      std::vector<std::uint64_t> allowed;
      if (node.allowed != nullptr) {
        const std::uint64_t* turn = s_.observation_bits(guess, c.code);
        allowed.resize(s_.words);
        for (std::size_t i = 0; i < s_.words; ++i) allowed[i] = node.allowed[i] & turn[i];
        c.allowed_hash = s_.hash_allowed(allowed.data());
      }
      Node child;
      child.set = std::span<const Local>(lv->members).subspan(c.begin, c.size);
      child.h1 = c.h1;
      child.h2 = c.h2;
      child.left = node.left >= kNoLimit ? kNoLimit : node.left - 1;
      child.allowed = node.allowed != nullptr ? allowed.data() : nullptr;
      child.allowed_hash = c.allowed_hash;
      child.guesses = s_.all_guesses;
      const Outcome o = w.solve(child, kInf, 0);
      if (o.best == kNoGuess) return kSolvedLeaf;  // infeasible below: no tree
      const std::uint32_t sub = build(tree, w, child, o.best);
      if (sub == kSolvedLeaf) return kSolvedLeaf;
      tree.set_child(at, k, sub);
    }
    return at;
  }

  Outcome solve_root(Value bound) {
    Worker<T> w(s_, table_);
    const Outcome o = w.solve(root_node(s_, all_), bound, 0);
    w.flush_counters();
    return o;
  }

  // The optimal tree with `first` at the root; false when some class is infeasible.
  bool make_tree(DecisionTree& tree, GuessIndex first) {
    Worker<T> w(s_, table_);
    const bool ok = build(tree, w, root_node(s_, all_), first) != kSolvedLeaf;
    w.flush_counters();
    return ok;
  }

 private:
  OptimalSolver::Impl& s_;
  const T* table_;
  std::vector<Local> all_;
};

// Calls f(RootSearch<T>&) for the table's code type.
template <class F>
decltype(auto) with_search(OptimalSolver::Impl& s, F&& f) {
  switch (s.width) {
    case 1: {
      RootSearch<std::uint8_t> r(s, s.t8.get());
      return f(r);
    }
    case 2: {
      RootSearch<std::uint16_t> r(s, s.t16.get());
      return f(r);
    }
    default: {
      RootSearch<std::uint32_t> r(s, s.t32.get());
      return f(r);
    }
  }
}

std::uint64_t to_total(Value v) {
  return v >= kInf ? kInfeasible : static_cast<std::uint64_t>(v);
}
Value to_value(std::uint64_t bound) {
  return bound >= static_cast<std::uint64_t>(kInf) ? kInf : static_cast<Value>(bound);
}

// Fills rows [b, e) of a table with the dense codes of the game's patterns.
template <class T>
void fill_table(const OptimalSolver::Impl& s, T* table, const std::vector<std::uint64_t>& used,
                const std::vector<std::uint32_t>& rank, std::uint64_t b, std::uint64_t e) {
  std::vector<Pattern> row(s.n);
  for (std::uint64_t g = b; g < e; ++g) {
    s.game->feedback_row(static_cast<GuessIndex>(g), s.secrets, row);
    T* out = table + g * s.n;
    for (std::uint32_t i = 0; i < s.n; ++i) {
      const Pattern p = row[i];
      const std::uint64_t below = used[p >> 6] & ((std::uint64_t{1} << (p & 63)) - 1);
      out[i] = static_cast<T>(rank[p >> 6] + static_cast<std::uint32_t>(std::popcount(below)));
    }
  }
}

}  // namespace exact

OptimalSolver::OptimalSolver(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
OptimalSolver::~OptimalSolver() = default;

namespace {

// Pass 1 of the table: which codes occur (one bitmap a thread, merged); they are then
// renumbered densely in ascending order, so a class counter is a small array. `used`
// and `rank` map a code to its number.
std::optional<core::Error> number_codes(OptimalSolver::Impl& s, const Game& game, const OptimalOptions& options,
                                        unsigned build_threads, std::vector<std::uint64_t>& used,
                                        std::vector<std::uint32_t>& rank) {
  const std::uint64_t bound = game.pattern_bound();
  if (bound > (std::uint64_t{1} << 28))
    return core::Error{"the game's pattern codes are too sparse for the exact solver"};
  const std::size_t bitmap_words = static_cast<std::size_t>(bound / 64 + 1);
  std::vector<std::vector<std::uint64_t>> partial(build_threads);
  std::atomic<unsigned> slot{0};
  core::parallel_ranges(s.guesses, build_threads, [&](std::uint64_t b, std::uint64_t e) {
    std::vector<std::uint64_t>& mine = partial[slot.fetch_add(1)];
    mine.assign(bitmap_words, 0);
    std::vector<Pattern> row(s.n);
    for (std::uint64_t g = b; g < e; ++g) {
      game.feedback_row(static_cast<GuessIndex>(g), s.secrets, row);
      for (const Pattern p : row) mine[p >> 6] |= std::uint64_t{1} << (p & 63);
    }
  });
  used.assign(bitmap_words, 0);
  for (const auto& part : partial) {
    for (std::size_t i = 0; i < part.size(); ++i) used[i] |= part[i];
  }
  partial.clear();
  rank.assign(bitmap_words, 0);
  std::uint32_t count = 0;
  for (std::size_t w = 0; w < bitmap_words; ++w) {
    rank[w] = count;
    for (std::uint64_t bits = used[w]; bits != 0; bits &= bits - 1) {
      s.id_pattern.push_back(static_cast<Pattern>(w * 64 + static_cast<std::size_t>(std::countr_zero(bits))));
    }
    count += static_cast<std::uint32_t>(std::popcount(used[w]));
  }
  s.codes = std::max<std::uint32_t>(count, 1);
  s.width = s.codes <= 0x100 ? 1 : (s.codes <= 0x10000 ? 2 : 4);
  const std::uint64_t bytes = std::uint64_t{s.width} * s.guesses * s.n;
  if (bytes > options.table_budget) {
    return core::Error{fmt::format("the solver's table needs {} MB, more than the {} MB allowed", bytes >> 20,
                                   options.table_budget >> 20)};
  }

  return std::nullopt;
}

// The solved codes, then pass 2: the table itself, guess-major, and for each candidate
// the guesses that solve it.
std::optional<core::Error> build_table(OptimalSolver::Impl& s, const Game& game, unsigned build_threads,
                                       const std::vector<std::uint64_t>& used, const std::vector<std::uint32_t>& rank) {
  // The solved code: every candidate guessed against itself shows it, and no other
  // pair does (the closed forms rely on both).
  s.solved_code.assign(s.codes, 0);
  for (std::uint32_t id = 0; id < s.id_pattern.size(); ++id) {
    if (game.is_solved(s.id_pattern[id])) {
      s.solved_code[id] = 1;
      s.solved_codes.push_back(id);
    }
  }
  for (std::uint32_t i = 0; i < s.n; ++i) {
    if (!game.is_solved(game.feedback(s.cand_guess[i], s.secrets[i]))) {
      return core::Error{"a guess of the secret itself does not show the solved pattern"};
    }
  }

  // Pass 2: the table, guess-major (a guess's codes for all candidates are one row,
  // which the class counting reads through the set's indices).
  const std::size_t cells = std::size_t{s.guesses} * s.n;
  std::mutex solved_mutex;
  std::vector<std::pair<std::uint32_t, GuessIndex>> solved_cells;  // (candidate, guess)
  bool bad_solved = false;
  const auto fill = [&](std::uint64_t b, std::uint64_t e) {
    OptimalSolver::Impl& impl = s;
    switch (impl.width) {
      case 1:
        exact::fill_table(impl, impl.t8.get(), used, rank, b, e);
        break;
      case 2:
        exact::fill_table(impl, impl.t16.get(), used, rank, b, e);
        break;
      default:
        exact::fill_table(impl, impl.t32.get(), used, rank, b, e);
        break;
    }
    std::vector<std::pair<std::uint32_t, GuessIndex>> mine;
    bool twice = false;
    for (std::uint64_t g = b; g < e; ++g) {
      std::uint32_t wins = 0;
      for (std::uint32_t i = 0; i < impl.n; ++i) {
        const std::uint32_t code = impl.width == 1   ? impl.t8[g * impl.n + i]
                                   : impl.width == 2 ? impl.t16[g * impl.n + i]
                                                     : impl.t32[g * impl.n + i];
        if (impl.solved_code[code] == 0) continue;
        ++wins;
        if (impl.cand_guess[i] != g) mine.emplace_back(i, static_cast<GuessIndex>(g));
      }
      twice = twice || wins > 1;
    }
    std::lock_guard lock(solved_mutex);
    solved_cells.insert(solved_cells.end(), mine.begin(), mine.end());
    bad_solved = bad_solved || twice;
  };
  switch (s.width) {
    case 1:
      s.t8 = std::make_unique_for_overwrite<std::uint8_t[]>(cells);
      break;
    case 2:
      s.t16 = std::make_unique_for_overwrite<std::uint16_t[]>(cells);
      break;
    default:
      s.t32 = std::make_unique_for_overwrite<std::uint32_t[]>(cells);
      break;
  }
  core::parallel_ranges(s.guesses, build_threads, fill);
  // A guess that wins against two candidates would make them one (the closed forms
  // and the 2n - 1 bound assume a guess solves one candidate at most).
  if (bad_solved) return core::Error{"one guess shows the solved pattern for two different candidates"};
  std::sort(solved_cells.begin(), solved_cells.end());
  s.solver_begin.assign(s.n + 1, 0);
  for (std::uint32_t i = 0, k = 0; i < s.n; ++i) {
    s.solver_begin[i] = static_cast<std::uint32_t>(s.solvers.size());
    s.solvers.push_back(s.cand_guess[i]);
    for (; k < solved_cells.size() && solved_cells[k].first == i; ++k) s.solvers.push_back(solved_cells[k].second);
  }
  s.solver_begin[s.n] = static_cast<std::uint32_t>(s.solvers.size());

  return std::nullopt;
}

// The hashes of candidate sets and the root's state: the guesses left, and in hard mode
// the guesses the history allows.
std::optional<core::Error> set_root(OptimalSolver::Impl& s, const OptimalOptions& options) {
  // Hashes of candidate sets: sums of fixed random 64-bit keys, two of them, so a
  // collision needs two independent 64-bit coincidences.
  core::Rng rng(0x6f7074696d616cULL);  // "optimal"
  s.z1.resize(s.n);
  s.z2.resize(s.n);
  for (std::uint32_t i = 0; i < s.n; ++i) {
    s.z1[i] = rng.next();
    s.z2[i] = rng.next();
  }

  if (options.max_guesses != 0) {
    s.root_left = options.max_guesses > options.history.size()
                      ? options.max_guesses - static_cast<std::uint32_t>(options.history.size())
                      : 0;
  }
  if (options.hard_mode != nullptr) {
    s.words = (std::size_t{s.guesses} + 63) / 64;
    std::vector<GuessIndex> allowed;
    options.hard_mode->allowed(options.history, allowed);
    s.root_allowed.assign(s.words, 0);
    for (const GuessIndex a : allowed) {
      if (a < s.guesses) s.root_allowed[a >> 6] |= std::uint64_t{1} << (a & 63);
    }
    for (const GuessIndex g : s.cand_guess) {
      if (((s.root_allowed[g >> 6] >> (g & 63)) & 1) == 0) {
        return core::Error{"the hard-mode rule forbids guessing a candidate secret"};
      }
    }
    s.root_allowed_hash = s.hash_allowed(s.root_allowed.data());
  }
  return std::nullopt;
}

}  // namespace

core::Result<std::unique_ptr<OptimalSolver>> OptimalSolver::create(const Game& game,
                                                                   std::span<const SecretIndex> candidates,
                                                                   OptimalOptions options) {
  auto s = std::make_unique<Impl>();
  s->game = &game;
  s->threads = std::max(1u, options.threads);
  s->guesses = game.guess_count();
  s->secrets.assign(candidates.begin(), candidates.end());
  std::sort(s->secrets.begin(), s->secrets.end());
  s->secrets.erase(std::unique(s->secrets.begin(), s->secrets.end()), s->secrets.end());
  if (s->secrets.size() > kMaxCandidates) {
    return core::Error{fmt::format("the exact solver takes at most 65,535 candidates, not {}", s->secrets.size())};
  }
  s->n = static_cast<std::uint32_t>(s->secrets.size());
  for (const SecretIndex secret : s->secrets) {
    if (secret >= game.secret_count()) return core::Error{"a candidate is not a secret of the game"};
  }
  s->guess_local.assign(s->guesses, -1);
  for (std::uint32_t i = 0; i < s->n; ++i) {
    const GuessIndex g = game.guess_of_secret(s->secrets[i]);
    if (g == kNoGuess) return core::Error{"every candidate must also be an allowed guess"};
    s->cand_guess.push_back(g);
    s->guess_local[g] = static_cast<std::int32_t>(i);
  }
  s->all_guesses.resize(s->guesses);
  std::iota(s->all_guesses.begin(), s->all_guesses.end(), GuessIndex{0});

  const unsigned build_threads = std::min<unsigned>(s->threads, std::max<std::uint32_t>(s->guesses, 1));
  std::vector<std::uint64_t> used;
  std::vector<std::uint32_t> rank;
  if (auto e = number_codes(*s, game, options, build_threads, used, rank)) return *e;
  if (auto e = build_table(*s, game, build_threads, used, rank)) return *e;
  if (auto e = set_root(*s, options)) return *e;
  s->memo = std::make_unique<exact::Memo>(options.memo_budget);
  s->options = std::move(options);
  return std::unique_ptr<OptimalSolver>(new OptimalSolver(std::move(s)));
}

core::Result<std::uint64_t> OptimalSolver::value_of_first(GuessIndex first) {
  auto r = value_of_first(first, kInfeasible);
  if (!r) return r.error();
  return r->total;
}

core::Result<FirstGuessValue> OptimalSolver::value_of_first(GuessIndex first, std::uint64_t bound) {
  Impl& s = *impl_;
  if (first >= s.guesses) return core::Error{"the first guess is not in the guess list"};
  if (s.hard() && ((s.root_allowed[first >> 6] >> (first & 63)) & 1) == 0) {
    return core::Error{"the hard-mode rule does not allow that first guess"};
  }
  if (s.n == 0) return FirstGuessValue{first, 0, true};
  if (s.root_left == 0) return FirstGuessValue{first, kInfeasible, true};
  try {
    const Value b = to_value(bound);
    const Value v = with_search(s, [&](auto& r) { return r.evaluate_first(first, b, true); });
    return FirstGuessValue{first, to_total(v), v < b || b >= kInf};
  } catch (const Cancelled&) {
    return core::Error{"cancelled"};
  }
}

core::Result<FirstGuessValue> OptimalSolver::best_first() {
  Impl& s = *impl_;
  if (s.n == 0) return core::Error{"no candidates"};
  if (s.n <= 2) {
    // One candidate: guess it; two: guess either (the first in list order).
    return FirstGuessValue{s.cand_guess[0], s.n == 1 ? 1u : 3u, true};
  }
  try {
    return with_search(s, [&](auto& r) -> core::Result<FirstGuessValue> {
      const std::vector<Ranked> order = r.order();
      Value best_value = kInf;
      GuessIndex best = kNoGuess;
      std::size_t done = 0;
      auto last = std::chrono::steady_clock::now();
      for (const Ranked& g : order) {
        if (s.options.progress && std::chrono::steady_clock::now() - last >= std::chrono::milliseconds(100)) {
          s.options.progress(done, order.size());
          last = std::chrono::steady_clock::now();
        }
        ++done;
        if (g.lower >= best_value) continue;
        const Value v = r.evaluate_first(g.guess, best_value, false);
        if (v < best_value) {
          best_value = v;
          best = g.guess;
        }
      }
      if (s.options.progress) s.options.progress(done, order.size());
      if (best == kNoGuess) return FirstGuessValue{order.empty() ? 0 : order.front().guess, kInfeasible, true};
      return FirstGuessValue{best, to_total(best_value), true};
    });
  } catch (const Cancelled&) {
    return core::Error{"cancelled"};
  }
}

core::Result<FirstGuessValue> OptimalSolver::value_below(std::uint64_t bound) {
  Impl& s = *impl_;
  if (s.n == 0) return FirstGuessValue{kNoGuess, 0, true};
  try {
    const Value b = to_value(bound);
    const Outcome o = with_search(s, [&](auto& r) { return r.solve_root(b); });
    const bool exact = o.value < b || b >= kInf;
    return FirstGuessValue{exact ? o.best : kNoGuess, to_total(o.value), exact};
  } catch (const Cancelled&) {
    return core::Error{"cancelled"};
  }
}

std::vector<GuessIndex> OptimalSolver::first_guesses_by_heuristic(std::size_t top) {
  std::vector<GuessIndex> out;
  if (impl_->n == 0) return out;
  const std::vector<Ranked> order = with_search(*impl_, [](auto& r) { return r.order(); });
  for (std::size_t i = 0; i < order.size() && out.size() < top; ++i) out.push_back(order[i].guess);
  return out;
}

core::Result<DecisionTree> OptimalSolver::tree(GuessIndex first) {
  Impl& s = *impl_;
  auto value = value_of_first(first);
  if (!value) return value.error();
  DecisionTree tree;
  if (*value == kInfeasible || s.n == 0) return tree;
  try {
    if (!with_search(s, [&](auto& r) { return r.make_tree(tree, first); })) return DecisionTree{};
  } catch (const Cancelled&) {
    return core::Error{"cancelled"};
  }
  return tree;
}

void OptimalSolver::record_memo(bool on) { impl_->memo->record(on); }

std::string OptimalSolver::take_memo_record() { return impl_->memo->take_recorded(); }

bool OptimalSolver::learn_memo(std::string_view bytes) { return impl_->memo->learn(bytes); }

OptimalCounters OptimalSolver::counters() const {
  OptimalCounters c;
  c.nodes = impl_->nodes.load();
  c.scans = impl_->scans.load();
  c.evaluations = impl_->evaluations.load();
  c.memo_hits = impl_->memo_hits.load();
  c.memo_entries = impl_->memo->entries();
  return c;
}

std::span<const SecretIndex> OptimalSolver::candidates() const {
  return impl_->secrets;
}

}  // namespace puzzlelab::guess
