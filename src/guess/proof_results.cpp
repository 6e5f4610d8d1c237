#include "guess/proof_results.h"

#include <cmath>
#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/utf8.h"

namespace puzzlelab::guess {

std::string proof_result_line(const ProofNaming& naming, const FirstGuessResult& result) {
  return nlohmann::json{{"problem", naming.problem},
                        {"guess", naming.word(result.guess)},
                        {"total", result.total},
                        {"exact", result.exact},
                        {"seconds", std::round(result.seconds * 1000) / 1000}}
             .dump() +
         '\n';
}

core::Result<std::vector<FirstGuessResult>> parse_proof_results(std::string_view text, const ProofNaming& naming) {
  std::vector<FirstGuessResult> out;
  std::map<GuessIndex, std::size_t> seen;
  std::size_t pos = 0;
  std::size_t line_no = 0;
  while (pos < text.size()) {
    const std::size_t end = text.find('\n', pos);
    const bool unterminated = end == std::string_view::npos;
    const std::string line(text.substr(pos, unterminated ? std::string_view::npos : end - pos));
    pos = unterminated ? text.size() : end + 1;
    ++line_no;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const auto fail = [&](const std::string& what) { return core::Error{fmt::format("line {}: {}", line_no, what)}; };
    const nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
      if (unterminated) break;  // cut off mid-write: that first guess is evaluated again
      return fail("not a JSON object (expected the lines `tree --all --results` writes)");
    }
    const auto problem = j.find("problem");
    if (problem == j.end() || !problem->is_string() || *problem != naming.problem) {
      return fail(
          fmt::format("the results of another problem (this one is {}); give another --results file", naming.problem));
    }
    const auto guess = j.find("guess");
    const auto total = j.find("total");
    const auto exact = j.find("exact");
    if (guess == j.end() || !guess->is_string()) return fail("no \"guess\"");
    if (total == j.end() || !total->is_number_unsigned()) return fail("no \"total\" (a whole number)");
    if (exact == j.end() || !exact->is_boolean()) return fail("no \"exact\" (true or false)");
    const auto g = naming.guess_of(guess->get<std::string>());
    if (!g) return fail(fmt::format("'{}' is not an allowed guess", core::printable(guess->get<std::string>())));
    if (const auto [at, fresh] = seen.emplace(*g, line_no); !fresh) {
      return fail(fmt::format("{} is given twice (first on line {})", naming.word(*g), at->second));
    }
    const auto seconds = j.find("seconds");
    out.push_back(FirstGuessResult{*g, total->get<std::uint64_t>(), exact->get<bool>(),
                                   seconds != j.end() && seconds->is_number() ? seconds->get<double>() : 0.0});
  }
  return out;
}

}  // namespace puzzlelab::guess
