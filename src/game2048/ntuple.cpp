#include "game2048/ntuple.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "core/rng.h"
#include "core/state_store.h"
#include "game2048/spawn.h"

namespace puzzlelab::game2048 {

namespace {

// Each row reversed (a mirror through the vertical axis).
Board mirror(Board b) {
  return static_cast<Board>(reverse_row(row_of(b, 0))) | static_cast<Board>(reverse_row(row_of(b, 1))) << 16 |
         static_cast<Board>(reverse_row(row_of(b, 2))) << 32 | static_cast<Board>(reverse_row(row_of(b, 3))) << 48;
}

// The rows in reverse order (a mirror through the horizontal axis).
Board flip(Board b) {
  return (b >> 48) | ((b >> 16) & 0xFFFF0000ULL) | ((b << 16) & 0xFFFF00000000ULL) | (b << 48);
}

std::array<Board, 8> symmetries(Board b) {
  const Board m = mirror(b);
  const Board f = flip(b);
  const Board t = transpose(b);
  const Board tf = flip(t);
  return {b, m, f, mirror(f), t, mirror(t), tf, mirror(tf)};
}

// The four patterns' table indices for one look at b. Cells 0-5 and 4-9 are 24
// contiguous bits; the 2x3 blocks are two 12-bit pieces of consecutive rows.
std::array<std::uint32_t, 4> indices(Board b) {
  return {static_cast<std::uint32_t>(b & 0xFFFFFF), static_cast<std::uint32_t>((b >> 16) & 0xFFFFFF),
          static_cast<std::uint32_t>((b & 0xFFF) | ((b >> 4) & 0xFFF000)),
          static_cast<std::uint32_t>(((b >> 16) & 0xFFF) | ((b >> 20) & 0xFFF000))};
}

constexpr char kMagic[8] = {'P', 'L', '2', '0', '4', '8', 'N', 'T'};
constexpr std::uint32_t kVersion = 1;
constexpr char kCoherenceMagic[8] = {'P', 'L', '2', '0', '4', '8', 'T', 'C'};

std::uint64_t checksum(const std::vector<float>& w) {
  // FNV-1a over 64-bit words of the weights (the count is even: 4 * 16^6 a stage).
  std::uint64_t h = 0xcbf29ce484222325ULL;
  const std::size_t words = w.size() / 2;
  const auto* p = reinterpret_cast<const unsigned char*>(w.data());
  for (std::size_t i = 0; i < words; ++i) {
    std::uint64_t x = 0;
    std::memcpy(&x, p + 8 * i, 8);
    h = (h ^ x) * 0x100000001b3ULL;
  }
  return h;
}

}  // namespace

NTupleNetwork::NTupleNetwork(std::vector<int> stage_from)
    : stage_from_(std::move(stage_from)), w_(static_cast<std::size_t>(stages()) * kTuples * kTableSize, 0.0f) {}

int NTupleNetwork::stage_of(Board b) const {
  if (stage_from_.empty()) return 0;
  const int top = max_exponent(b);
  int s = 0;
  while (s < static_cast<int>(stage_from_.size()) && top >= stage_from_[static_cast<std::size_t>(s)]) ++s;
  return s;
}

float NTupleNetwork::value(Board b) const {
  const float* table = w_.data() + static_cast<std::size_t>(stage_of(b)) * kTuples * kTableSize;
  float v = 0.0f;
  for (const Board x : symmetries(b)) {
    const auto i = indices(x);
    v += table[i[0]] + table[kTableSize + i[1]] + table[2 * kTableSize + i[2]] + table[3 * kTableSize + i[3]];
  }
  return v;
}

void NTupleNetwork::update(Board b, float delta) {
  float* table = w_.data() + static_cast<std::size_t>(stage_of(b)) * kTuples * kTableSize;
  for (const Board x : symmetries(b)) {
    const auto i = indices(x);
    table[i[0]] += delta;
    table[kTableSize + i[1]] += delta;
    table[2 * kTableSize + i[2]] += delta;
    table[3 * kTableSize + i[3]] += delta;
  }
}

NTupleNetwork NTupleNetwork::promoted(std::vector<int> stage_from) const {
  NTupleNetwork out(std::move(stage_from));
  const std::size_t stage = static_cast<std::size_t>(kTuples) * kTableSize;
  for (int s = 0; s < out.stages(); ++s) {
    std::copy(w_.begin(), w_.begin() + static_cast<std::ptrdiff_t>(stage),
              out.w_.begin() + static_cast<std::ptrdiff_t>(stage * static_cast<std::size_t>(s)));
  }
  out.trained_games = trained_games;
  return out;
}

std::array<std::uint32_t, NTupleNetwork::kLooks> NTupleNetwork::looks(Board b) const {
  const auto base = static_cast<std::uint32_t>(static_cast<std::size_t>(stage_of(b)) * kTuples * kTableSize);
  std::array<std::uint32_t, kLooks> out{};
  std::size_t k = 0;
  for (const Board x : symmetries(b)) {
    const auto i = indices(x);
    for (std::size_t t = 0; t < 4; ++t) out[k++] = base + static_cast<std::uint32_t>(t * kTableSize) + i[t];
  }
  return out;
}

namespace {

// The bytes of a file built in memory, then written by core::write_file_atomic.
struct Bytes {
  std::string s;
  void put(const void* p, std::size_t n) { s.append(static_cast<const char*>(p), n); }
  void put32(std::uint32_t v) { put(&v, 4); }
  void put64(std::uint64_t v) { put(&v, 8); }
  void put(const std::vector<float>& v) { put(v.data(), v.size() * sizeof(float)); }
};

core::Result<bool> write_bytes(const std::string& path, const Bytes& bytes) {
  if (auto error = core::write_file_atomic(path, bytes.s)) return *error;
  return true;
}

}  // namespace

core::Result<bool> NTupleNetwork::save(const std::string& path) const {
  Bytes out;
  out.s.reserve(64 + w_.size() * sizeof(float));
  out.put(kMagic, sizeof kMagic);
  out.put32(kVersion);
  out.put32(kTuples);
  out.put32(kTupleCells);
  out.put32(static_cast<std::uint32_t>(stage_from_.size()));
  for (const int e : stage_from_) out.put32(static_cast<std::uint32_t>(e));
  out.put64(trained_games);
  out.put64(w_.size());
  out.put(w_);
  out.put64(checksum(w_));
  return write_bytes(path, out);
}

core::Result<NTupleNetwork> NTupleNetwork::load(const std::string& path) {
  // A folder opens as a stream that reads nothing, which would be named a damaged file.
  if (std::error_code dir_ec; std::filesystem::is_directory(path, dir_ec)) {
    return core::Error{fmt::format("{} is a folder, not a network file", path)};
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return core::Error{fmt::format("cannot read the network file {}", path)};
  auto bad = [&](std::string_view why) {
    return core::Error{fmt::format("{} is not a usable network file: {}", path, why)};
  };
  char magic[8] = {};
  in.read(magic, sizeof magic);
  if (!in || std::memcmp(magic, kMagic, sizeof kMagic) != 0) return bad("it does not start like one");
  auto get32 = [&](std::uint32_t& v) { return static_cast<bool>(in.read(reinterpret_cast<char*>(&v), 4)); };
  auto get64 = [&](std::uint64_t& v) { return static_cast<bool>(in.read(reinterpret_cast<char*>(&v), 8)); };
  std::uint32_t version = 0, tuples = 0, cells = 0, stages = 0;
  if (!get32(version) || !get32(tuples) || !get32(cells) || !get32(stages)) return bad("the header is cut short");
  if (version != kVersion) return bad(fmt::format("version {} (this program reads {})", version, kVersion));
  if (tuples != kTuples || cells != kTupleCells) return bad(fmt::format("{} tuples of {} cells", tuples, cells));
  if (stages > 15) return bad(fmt::format("{} stage boundaries", stages));
  std::vector<int> from;
  for (std::uint32_t s = 0; s < stages; ++s) {
    std::uint32_t e = 0;
    if (!get32(e)) return bad("the header is cut short");
    if (e < 1 || e > 15 || (!from.empty() && static_cast<int>(e) <= from.back())) return bad("bad stage boundaries");
    from.push_back(static_cast<int>(e));
  }
  // The size the header promises, checked before the weights are allocated (a damaged
  // header must not ask for gigabytes).
  const std::size_t weights = (from.size() + 1) * kTuples * kTableSize;
  std::uint64_t trained = 0;
  std::uint64_t count = 0;
  if (!get64(trained) || !get64(count)) return bad("the header is cut short");
  if (count != weights) return bad(fmt::format("{} weights where the shape has {}", count, weights));
  std::error_code ec;
  const auto file_size = std::filesystem::file_size(path, ec);
  const auto expected = static_cast<std::uintmax_t>(in.tellg()) + weights * sizeof(float) + 8;
  if (!ec && file_size < expected) return bad("the weights are cut short");
  if (!ec && file_size > expected) return bad("it has bytes after the end");
  NTupleNetwork net(std::move(from));
  net.trained_games = trained;
  in.read(reinterpret_cast<char*>(net.w_.data()), static_cast<std::streamsize>(count * sizeof(float)));
  std::uint64_t sum = 0;
  if (!in || !get64(sum)) return bad("the weights are cut short");
  if (in.peek() != std::char_traits<char>::eof()) return bad("it has bytes after the end");
  if (sum != checksum(net.w_)) return bad("the checksum does not match (damaged)");
  if (!std::all_of(net.w_.begin(), net.w_.end(), [](float x) { return std::isfinite(x); })) {
    return bad("it holds weights that are not finite");
  }
  return net;
}

core::Result<bool> CoherenceState::save(const std::string& path) const {
  Bytes out;
  out.s.reserve(32 + 2 * error_sum.size() * sizeof(float));
  out.put(kCoherenceMagic, sizeof kCoherenceMagic);
  out.put64(error_sum.size());
  for (const auto* v : {&error_sum, &error_size}) {
    out.put(*v);
    out.put64(checksum(*v));
  }
  return write_bytes(path, out);
}

core::Result<CoherenceState> CoherenceState::load(const std::string& path, std::size_t weights) {
  if (std::error_code dir_ec; std::filesystem::is_directory(path, dir_ec)) {
    return core::Error{fmt::format("{} is a folder, not a coherence file", path)};
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return core::Error{fmt::format("cannot read {}", path)};
  auto bad = [&](std::string_view why) {
    return core::Error{fmt::format("{} is not a usable coherence file: {}", path, why)};
  };
  char magic[8] = {};
  in.read(magic, sizeof magic);
  if (!in || std::memcmp(magic, kCoherenceMagic, sizeof kCoherenceMagic) != 0) return bad("it does not start like one");
  std::uint64_t n = 0;
  if (!in.read(reinterpret_cast<char*>(&n), 8)) return bad("the header is cut short");
  if (n != weights) return bad(fmt::format("{} weights where the network has {}", n, weights));
  CoherenceState c;
  for (auto* v : {&c.error_sum, &c.error_size}) {
    v->resize(n);
    in.read(reinterpret_cast<char*>(v->data()), static_cast<std::streamsize>(n * sizeof(float)));
    std::uint64_t sum = 0;
    if (!in || !in.read(reinterpret_cast<char*>(&sum), 8)) return bad("it is cut short");
    if (sum != checksum(*v)) return bad("the checksum does not match (damaged)");
  }
  if (in.peek() != std::char_traits<char>::eof()) return bad("it has bytes after the end");
  return c;
}

namespace {

// The expected value of an afterstate one spawn and one (greedy) move further: the move
// choice of the late game when TrainSettings::lookahead_from says so.
float lookahead_value(const NTupleNetwork& net, const MoveTables& tables, Board after) {
  const Board empty = empty_mask(after);
  const int n = count_nibble_bits(empty);
  float sum = 0;
  for (Board e = empty; e != 0; e &= e - 1) {
    const int cell = std::countr_zero(e) / 4;
    for (const auto& [exponent, p] : kSpawnTiles) {
      const Board spawned = with_exponent(after, cell, exponent);
      bool moved = false;
      float reply = 0;  // no move left: the game ends, worth 0
      for (const Move m : kMoves) {
        Board next = 0;
        const auto info = tables.move_with_info(spawned, m, next);
        if (next == spawned) continue;
        const float v = static_cast<float>(info.score) + net.value(next);
        reply = moved ? std::max(reply, v) : v;
        moved = true;
      }
      sum += p * reply;
    }
  }
  return n > 0 ? sum / static_cast<float>(n) : 0.0f;
}

// The move training plays from `b`: the best by reward + the afterstate's value (with
// `look`, by reward + lookahead_value); its value is always reward + afterstate value.
struct TrainMove {
  bool any = false;  // false: no move changes the board
  float value = 0;
  Board after = 0;
  std::uint32_t reward = 0;
};

TrainMove choose_train_move(const NTupleNetwork& net, const MoveTables& tables, Board b, bool look) {
  TrainMove best;
  float best_rank = 0;
  for (const Move m : kMoves) {
    Board after = 0;
    const auto info = tables.move_with_info(b, m, after);
    if (after == b) continue;
    const float v = static_cast<float>(info.score) + net.value(after);
    const float rank = look ? static_cast<float>(info.score) + lookahead_value(net, tables, after) : v;
    if (!best.any || rank > best_rank) {
      best = TrainMove{true, v, after, info.score};
      best_rank = rank;
    }
  }
  return best;
}

}  // namespace

std::uint64_t train(NTupleNetwork& net, const MoveTables& tables, const TrainSettings& settings,
                    const std::function<void(const TrainReport&)>& report, const std::atomic<bool>* cancel,
                    CoherenceState* coherence) {
  core::Rng rng(settings.seed);
  auto spawn = [&](Board b) {
    const Board e = empty_mask(b);
    const int cell = nth_nibble_bit(e, static_cast<int>(rng.below(static_cast<std::uint64_t>(count_nibble_bits(e)))));
    return with_exponent(b, cell, draw_spawn_exponent_cell_first(rng));
  };
  const float step = settings.alpha / static_cast<float>(NTupleNetwork::kLooks);
  // Temporal coherence: per weight, the sum of its errors and of their sizes.
  CoherenceState own;
  CoherenceState& tc = coherence != nullptr ? *coherence : own;
  if (settings.coherence && tc.error_sum.size() != net.weights().size()) {
    tc.error_sum.assign(net.weights().size(), 0.0f);
    tc.error_size.assign(net.weights().size(), 0.0f);
  }
  std::vector<float>& err_sum = tc.error_sum;
  std::vector<float>& err_abs = tc.error_size;
  auto learn = [&](Board b, float error) {
    if (!settings.coherence) {
      net.update(b, step * error);
      return;
    }
    float* w = net.mutable_weights();
    for (const std::uint32_t i : net.looks(b)) {
      const float rate = err_abs[i] > 0.0f ? std::abs(err_sum[i]) / err_abs[i] : 1.0f;
      w[i] += step * rate * error;
      err_sum[i] += error;
      err_abs[i] += std::abs(error);
    }
  };
  // Restart pools by exponent (ring buffers) and how many positions each has seen.
  std::array<std::vector<Board>, 16> pool;
  std::array<std::uint64_t, 16> seen{};
  const auto restart_per_million = static_cast<std::uint64_t>(std::clamp(settings.restart_share, 0.0, 1.0) * 1e6);
  const auto t0 = std::chrono::steady_clock::now();
  TrainReport r;
  double score_sum = 0;
  double restarted_sum = 0;
  auto flush = [&](std::uint64_t g) {
    r.games = g;
    r.mean_score = r.window > 0 ? score_sum / static_cast<double>(r.window) : 0.0;
    r.restarted_mean_score = r.restarted > 0 ? restarted_sum / static_cast<double>(r.restarted) : 0.0;
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (report) report(r);
    r.window = 0;
    r.restarted = 0;
    r.reached.fill(0);
    r.restarted_reached.fill(0);
    r.restarted_from.fill(0);
    r.restarted_doubled.fill(0);
    score_sum = 0;
    restarted_sum = 0;
  };
  std::uint64_t g = 0;
  bool flushed = true;
  while (g < settings.games && !(cancel && cancel->load(std::memory_order_relaxed))) {
    Board b = 0;
    bool restarted = false;
    int pool_exponent = 0;
    if (restart_per_million > 0 && rng.below(1000000) < restart_per_million) {
      std::array<int, 16> filled{};
      int n = 0;
      for (int e = 0; e < 16; ++e) {
        if (!pool[static_cast<std::size_t>(e)].empty()) filled[static_cast<std::size_t>(n++)] = e;
      }
      if (n > 0) {
        pool_exponent = filled[rng.below(static_cast<std::uint64_t>(n))];
        const auto& p = pool[static_cast<std::size_t>(pool_exponent)];
        b = p[rng.below(p.size())];
        restarted = true;
      }
    }
    if (!restarted) b = settings.starts.empty() ? spawn(spawn(0)) : settings.starts[g % settings.starts.size()];
    int top = max_exponent(b);
    Board prev = 0;
    bool have_prev = false;
    std::uint64_t score = 0;
    for (;;) {
      const bool look = settings.lookahead_from > 0 && top >= settings.lookahead_from;
      const TrainMove chosen = choose_train_move(net, tables, b, look);
      const float best = chosen.value;
      const Board best_after = chosen.after;
      const std::uint32_t best_reward = chosen.reward;
      if (!chosen.any) {
        if (have_prev) learn(prev, 0.0f - net.value(prev));
        break;
      }
      if (have_prev) learn(prev, best - net.value(prev));
      prev = best_after;
      have_prev = true;
      score += best_reward;
      ++r.moves;
      b = spawn(best_after);
      if (const int now = max_exponent(b); now > top) {
        top = now;
        if (restart_per_million > 0 && top >= settings.restart_from && top < kMaxNibbleExponent) {
          auto& p = pool[static_cast<std::size_t>(top)];
          auto& k = seen[static_cast<std::size_t>(top)];
          if (p.size() < TrainSettings::kRestartPool) {
            p.push_back(b);
          } else {
            p[k % TrainSettings::kRestartPool] = b;
          }
          ++k;
        }
      }
    }
    ++g;
    ++net.trained_games;
    auto& reached = restarted ? r.restarted_reached : r.reached;
    for (int e = 1; e <= top; ++e) ++reached[static_cast<std::size_t>(e)];
    (restarted ? restarted_sum : score_sum) += static_cast<double>(score);
    ++(restarted ? r.restarted : r.window);
    if (restarted) {
      ++r.restarted_from[static_cast<std::size_t>(pool_exponent)];
      if (top > pool_exponent) ++r.restarted_doubled[static_cast<std::size_t>(pool_exponent)];
    }
    flushed = false;
    if (g % std::max<std::uint64_t>(1, settings.report_every) == 0 || g == settings.games) {
      flush(g);
      flushed = true;
    }
  }
  if (!flushed) flush(g);
  return g;
}

}  // namespace puzzlelab::game2048
