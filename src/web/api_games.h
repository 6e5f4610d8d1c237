#pragma once
// Each game's API: its session adapter and its stateless endpoints.
#include <memory>
#include <vector>

#include "web/games.h"
#include "web/jobs.h"
#include "web/routes.h"
#include "web/sessions.h"

namespace puzzlelab::web {

std::unique_ptr<GameApi> make_2048_api();
std::vector<Route> routes_2048();  // POST /api/v1/2048/move
std::vector<Route> routes_2048_ai(Jobs& jobs, Sessions& sessions);  // POST /api/v1/sessions/ID/ai
std::unique_ptr<GameApi> make_24_api();
std::unique_ptr<GameApi> make_wordle_api(const core::DataSource& data);
class HandleData;  // web/handle_view.h: the Handle data every Handle route shares
std::unique_ptr<GameApi> make_handle_api(std::shared_ptr<HandleData> data);
std::vector<Route> routes_24();  // POST /api/v1/24/solve

class WordleEngines;

// The Handle AI players for the watch job (api_handle_watch.cpp), built on first use.
class HandleWatch;
std::shared_ptr<HandleWatch> make_handle_watch(std::shared_ptr<HandleData> data);
// The work of a Handle watch job for the request {"player", "idiom"?, "seed"?}, or what
// is wrong with the request.
core::Result<JobWork> handle_watch_work(std::shared_ptr<HandleWatch> watch, const nlohmann::json& body);

// POST /api/v1/jobs (a simulation, or one game to watch), GET and DELETE /api/v1/jobs/ID.
std::vector<Route> routes_jobs(Jobs& jobs, std::shared_ptr<WordleEngines> engines,
                               std::shared_ptr<HandleWatch> handle_watch);

// POST /api/v1/wordle/assist: the candidates left and the best next guesses for the rows
// of a real game; POST /api/v1/wordle/assist/optimal: the optimal player's choice for
// them, as a job.
std::vector<Route> routes_assist(Jobs& jobs, std::shared_ptr<WordleEngines> engines);

// POST /api/v1/handle/assist: the same for a real Handle game (idioms and their 16 marks).
std::vector<Route> routes_handle_assist(std::shared_ptr<HandleData> data);

// GET /api/v1/health, POST /api/v1/wordle/score, GET /api/v1/stats/GAME.
std::vector<Route> routes_common(SharedStore& store);

}  // namespace puzzlelab::web
