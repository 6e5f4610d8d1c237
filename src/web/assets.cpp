#include "web/assets.h"

#include <algorithm>

namespace puzzlelab::web {
namespace {

std::string_view content_type_of(std::string_view name) {
  const auto dot = name.rfind('.');
  const std::string_view ext = dot == std::string_view::npos ? std::string_view() : name.substr(dot + 1);
  if (ext == "html") return "text/html; charset=utf-8";
  if (ext == "css") return "text/css; charset=utf-8";
  if (ext == "js") return "text/javascript; charset=utf-8";
  if (ext == "svg") return "image/svg+xml";
  if (ext == "json" || ext == "webmanifest") return "application/json";
  if (ext == "png") return "image/png";
  if (ext == "ico") return "image/x-icon";
  return "application/octet-stream";
}

}  // namespace

std::optional<Asset> find_asset(std::string_view path) {
  if (path.empty() || path.front() != '/') return std::nullopt;
  std::string_view name = path.substr(1);
  if (name.empty()) name = "index.html";
  const auto files = embedded_assets();
  const auto it = std::lower_bound(files.begin(), files.end(), name,
                                   [](const core::EmbeddedFile& f, std::string_view n) { return f.name < n; });
  if (it == files.end() || it->name != name) return std::nullopt;
  return Asset{it->bytes, content_type_of(name)};
}

}  // namespace puzzlelab::web
