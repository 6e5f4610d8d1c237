#pragma once
// The JSON API as plain functions: a handler takes the parsed request and returns a status
// and a JSON body. Only server.cpp knows HTTP; the handlers are tested without it.
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace puzzlelab::web {

struct Call {
  nlohmann::json body;                        // the request's JSON ({} for a GET)
  std::vector<std::string> params;            // the path pattern's captures, in order
  std::map<std::string, std::string> query;   // ?key=value
  double now = 0;                             // Unix time, seconds, read once per request
};

struct Reply {
  int status = 200;
  nlohmann::json body;
};

// A 4xx or 5xx reply in the API's one error shape: {"error": "..."}.
inline Reply error_reply(int status, std::string message) {
  return Reply{status, nlohmann::json{{"error", std::move(message)}}};
}

// The text of the field `name` of a request body: `fallback` when the field is absent, and
// nullopt when the body is not an object or the field holds anything but a string (a
// number, null, a list), which the caller answers with a 400 naming the field.
// (json::value would throw on such a field, and the request would end as a 500.)
inline std::optional<std::string> text_field(const nlohmann::json& body, const char* name, std::string fallback = {}) {
  if (!body.is_object()) return std::nullopt;
  const auto it = body.find(name);
  if (it == body.end()) return fallback;
  if (!it->is_string()) return std::nullopt;
  return it->get<std::string>();
}

struct Route {
  std::string method;   // "GET", "POST", "DELETE"
  std::string pattern;  // a regular expression over the path, e.g. "/api/v1/sessions/([0-9a-f]{32})"
  std::function<Reply(const Call&)> handler;
};

}  // namespace puzzlelab::web
