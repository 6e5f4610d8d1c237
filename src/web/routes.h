#pragma once
// The JSON API as plain functions: a handler takes the parsed request and returns a status
// and a JSON body. Only server.cpp knows HTTP; the handlers are tested without it.
#include <cstdint>
#include <functional>
#include <map>
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

struct Route {
  std::string method;   // "GET", "POST", "DELETE"
  std::string pattern;  // a regular expression over the path, e.g. "/api/v1/sessions/([0-9a-f]{32})"
  std::function<Reply(const Call&)> handler;
};

}  // namespace puzzlelab::web
