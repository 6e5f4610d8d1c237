// `puzzlelab merge FILES...`: combines the shard results of one simulation into
// exactly the summary (and JSON) that a single run would have printed.
#include <fstream>
#include <iterator>

#include <fmt/format.h>

#include "app/commands.h"
#include "app/sim_report.h"

namespace puzzlelab::app {

void add_merge_command(CLI::App& root, Context& ctx) {
  auto* cmd = root.add_subcommand("merge", "Combine --shard results into the summary of the whole run");
  cmd->footer(R"(Examples:
  puzzlelab wordle sim --player entropy --games all --shard 0/2 > part0.json
  puzzlelab wordle sim --player entropy --games all --shard 1/2 > part1.json
  puzzlelab merge part0.json part1.json
  puzzlelab merge --json part*.json)");
  auto files = std::make_shared<std::vector<std::string>>();
  cmd->add_option("files", *files, "Shard result files (all N shards of one run)")->required();
  ctx.on_run(cmd, [&ctx, files] {
    std::vector<core::SimSummary> parts;
    for (const auto& file : *files) {
      std::ifstream in(file, std::ios::binary);
      if (!in) return ctx.fail(fmt::format("cannot read {}", file));
      const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      const auto j = nlohmann::json::parse(text, nullptr, false);
      if (j.is_discarded()) return ctx.fail(fmt::format("{}: not valid JSON", file));
      auto part = core::SimSummary::from_json(j);
      if (!part) return ctx.fail(fmt::format("{}: {}", file, part.error().message));
      parts.push_back(std::move(*part));
    }
    auto merged = core::merge_summaries(parts);
    if (!merged) return ctx.fail(merged.error().message);
    if (ctx.opts.json) {
      ctx.out << merged->to_json(false).dump(2) << '\n';
    } else {
      ctx.out << render_sim_summary(*merged, ctx.color());
    }
  });
}

}  // namespace puzzlelab::app
