// `puzzlelab merge FILES...`: combines the shard results of one simulation into
// exactly the summary (and JSON) that a single run would have printed.
#include <filesystem>
#include <fstream>
#include <iterator>

#include <fmt/format.h>

#include "app/commands.h"
#include "app/sim_report.h"
#include "core/state_store.h"

namespace puzzlelab::app {

void add_merge_command(CLI::App& root, Context& ctx) {
  auto* cmd = root.add_subcommand("merge", "Combine --shard results into the summary of the whole run");
  cmd->footer(R"(Examples:
  puzzlelab wordle sim --player entropy --games all --shard 0/2 > part0.json
  puzzlelab wordle sim --player entropy --games all --shard 1/2 > part1.json
  puzzlelab merge part0.json part1.json
  puzzlelab merge --json part*.json
  puzzlelab merge --partial part*.json    # a run still in progress: the shards done so far)");
  auto files = std::make_shared<std::vector<std::string>>();
  auto partial = std::make_shared<bool>(false);
  cmd->add_option("files", *files, "Shard result files (all N shards of one run)")->type_name("FILE");
  cmd->add_flag("--partial", *partial,
                "Summarise the shards given even if some are missing (marked incomplete; the missing ones are listed)");
  ctx.on_run(cmd, [&ctx, files, partial] {
    if (files->empty()) {
      return ctx.fail("give the shard result files to merge, e.g. puzzlelab merge part0.json part1.json", kExitUsage);
    }
    std::vector<core::SimSummary> parts;
    for (const auto& file : *files) {
      if (core::same_regular_file(ctx.out_fd, file)) {
        return ctx.fail(fmt::format("stdout is the shard file {}: merge would write into a file it reads; send "
                                    "stdout to another file",
                                    file),
                        kExitUsage);
      }
    }
    for (const auto& file : *files) {
      auto text = core::read_file_capped(file, core::kLogFileCap, ctx.interrupted);
      if (!text) return ctx.fail(text.error().message);
      const auto j = nlohmann::json::parse(*text, nullptr, false);
      if (j.is_discarded()) return ctx.fail(fmt::format("{}: not valid JSON", file));
      auto part = core::SimSummary::from_json(j, check_sim_summary);
      if (!part) return ctx.fail(fmt::format("{}: {}", file, part.error().message));
      parts.push_back(std::move(*part));
    }
    std::vector<std::uint64_t> missing;
    auto merged = core::merge_summaries(parts, *partial, &missing);
    if (!merged) {
      const bool a_shard_missing = merged.error().message.ends_with("is missing");
      return ctx.fail(merged.error().message +
                      (a_shard_missing ? " (--partial summarises the shards given so far)" : ""));
    }
    if (!missing.empty()) {
      std::string list;
      for (const std::uint64_t k : missing) list += fmt::format("{}{}", list.empty() ? "" : ", ", k);
      ctx.err << fmt::format("note: {} of the {} shards are missing ({}); the summary covers {} of {} games\n",
                             missing.size(), parts.front().spec.shard.count, list, merged->games, merged->spec.games);
    }
    if (ctx.opts.json) {
      ctx.out << merged->to_json(false).dump(2) << '\n';
    } else {
      ctx.out << render_sim_summary(*merged, ctx.color());
    }
  });
}

}  // namespace puzzlelab::app
