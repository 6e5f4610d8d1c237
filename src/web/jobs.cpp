#include "web/jobs.h"

#include "web/sessions.h"

namespace puzzlelab::web {

using nlohmann::json;

Jobs::Jobs(unsigned workers, std::size_t queue_limit) : queue_limit_(queue_limit) {
  for (unsigned i = 0; i < std::max(1u, workers); ++i) workers_.emplace_back([this] { worker(); });
}

Jobs::~Jobs() { shutdown(); }

void Jobs::shutdown() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    stopping_ = true;
    for (auto& [id, job] : jobs_) job->cancel = true;
    for (auto& job : queue_) job->state = "cancelled";
    queue_.clear();
  }
  wake_.notify_all();
  for (auto& t : workers_) t.join();
}

std::optional<std::string> Jobs::submit(std::string kind, json request, JobWork work) {
  auto job = std::make_shared<Job>();
  job->id = new_session_id();
  job->kind = std::move(kind);
  job->request = std::move(request);
  job->work = std::move(work);
  {
    std::lock_guard lock(mutex_);
    if (stopping_ || queue_.size() >= queue_limit_) return std::nullopt;
    queue_.push_back(job);
    jobs_[job->id] = job;
  }
  wake_.notify_one();
  return job->id;
}

std::optional<json> Jobs::status(const std::string& id, bool with_result) const {
  std::lock_guard lock(mutex_);
  const auto it = jobs_.find(id);
  if (it == jobs_.end()) return std::nullopt;
  const Job& j = *it->second;
  json out{{"id", j.id}, {"kind", j.kind}, {"state", j.state}, {"done", j.done}, {"total", j.total}, {"request", j.request}};
  if (j.state == "done" && with_result) out["result"] = j.result;
  if (!j.live.is_null()) out["live"] = j.live;
  if (j.state == "failed") out["error"] = j.error;
  return out;
}

std::optional<bool> Jobs::cancel(const std::string& id) {
  std::lock_guard lock(mutex_);
  const auto it = jobs_.find(id);
  if (it == jobs_.end()) return std::nullopt;
  Job& j = *it->second;
  if (j.state != "queued" && j.state != "running") return false;
  j.cancel = true;
  if (j.state == "queued") {
    j.state = "cancelled";
    std::erase(queue_, it->second);
    finished_.push_back(j.id);
    forget_old();
  }
  return true;
}

void Jobs::forget_old() {
  while (finished_.size() > kKeptFinished) {
    jobs_.erase(finished_.front());
    finished_.pop_front();
  }
}

void Jobs::worker() {
  for (;;) {
    std::shared_ptr<Job> job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      job = queue_.front();
      queue_.pop_front();
      job->state = "running";
    }
    JobProgress progress;
    progress.cancel = &job->cancel;
    progress.report = [this, job](std::uint64_t done, std::uint64_t total) {
      std::lock_guard lock(mutex_);
      job->done = done;
      job->total = total;
    };
    progress.publish = [this, job](json live) {
      std::lock_guard lock(mutex_);
      job->live = std::move(live);
    };
    json result;
    std::string error;
    try {
      result = job->work(progress);
    } catch (const std::exception& e) {
      error = e.what();
    }
    std::lock_guard lock(mutex_);
    if (job->cancel) {
      job->state = "cancelled";
    } else if (!error.empty()) {
      job->state = "failed";
      job->error = error;
    } else {
      job->state = "done";
      job->result = std::move(result);
    }
    job->work = nullptr;  // frees what the work held (tables, players)
    finished_.push_back(job->id);
    forget_old();
  }
}

}  // namespace puzzlelab::web
