#include "app/line_input.h"

#include <fcntl.h>
#include <histedit.h>
#include <langinfo.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <clocale>
#include <cstdio>
#include <cstring>
#include <istream>
#include <ostream>
#include <string>

#include "core/utf8.h"

namespace puzzlelab::app {

namespace {

// libedit reads and draws wide characters through the C library, which decodes and
// measures them (wcwidth: 2 columns for CJK) by LC_CTYPE. The program starts in the "C"
// locale; the user's locale is taken when it is UTF-8, C.UTF-8 otherwise (the game's
// text is UTF-8 whatever the locale says).
void use_utf8_ctype() {
  const auto utf8 = [] { return std::strcmp(nl_langinfo(CODESET), "UTF-8") == 0; };
  if (utf8()) return;
  if (std::setlocale(LC_CTYPE, "") != nullptr && utf8()) return;
  if (std::setlocale(LC_CTYPE, "C.UTF-8") == nullptr) std::setlocale(LC_CTYPE, "C.utf8");
}

// The bytes a UTF-8 sequence starting with `lead` has (0: not a lead byte).
int utf8_length(unsigned char lead) {
  if (lead < 0x80) return 1;
  if ((lead & 0xE0) == 0xC0) return 2;
  if ((lead & 0xF0) == 0xE0) return 3;
  if ((lead & 0xF8) == 0xF0) return 4;
  return 0;
}

}  // namespace

// Ctrl-R, bound to ed-redisplay: what the reader hands libedit to redraw a changed prompt.
constexpr wchar_t kRedisplay = 0x12;

struct LineInput::Editor {
  Context* ctx = nullptr;
  // A duplicate of stdin: on the first Ctrl-C the program's signal handler puts /dev/null
  // on descriptor 0 (so that a blocked std::getline ends), and libedit must still reach
  // the terminal then to restore its modes.
  int fd = -1;
  FILE* in = nullptr;
  EditLine* el = nullptr;
  HistoryW* history = nullptr;
  std::string prompt;
  // The live prompt of the current read, if any, and why the read was stopped.
  const std::function<std::optional<std::string>()>* live = nullptr;
  std::optional<Status> stopped;

  ~Editor() {
    if (el != nullptr) el_end(el);  // restores the terminal
    if (history != nullptr) history_wend(history);
    if (in != nullptr) {
      std::fclose(in);  // closes `fd`
    } else if (fd >= 0) {
      ::close(fd);
    }
  }

  static Editor* of(EditLine* el) {
    void* data = nullptr;
    el_get(el, EL_CLIENTDATA, &data);
    return static_cast<Editor*>(data);
  }

  static char* prompt_text(EditLine* el) { return of(el)->prompt.data(); }

  // libedit's character reader (EL_GETCFN), replacing its blocking read: it waits at
  // most 200 ms at a time, so that a stop request (the flag set by SIGINT) ends the read
  // at once, and a live prompt is asked again each second and redrawn. Returns 1 with a
  // character, 0 at the end of input, -1 to end the read (stopped says why).
  static int read_char(EditLine* el, wchar_t* out) {
    Editor& ed = *of(el);
    using Clock = std::chrono::steady_clock;
    auto next_tick = Clock::now() + std::chrono::seconds(1);
    unsigned char bytes[4];
    int have = 0, need = 0;
    for (;;) {
      if (ed.ctx->cancelled()) {
        ed.stopped = Status::Interrupted;
        return -1;
      }
      if (ed.live != nullptr && Clock::now() >= next_tick) {
        next_tick += std::chrono::seconds(1);
        auto text = (*ed.live)();
        if (!text) {
          ed.stopped = Status::TimedOut;
          return -1;
        }
        if (*text != ed.prompt && have == 0) {
          // Redrawn as Ctrl-R does (ed-redisplay): libedit moves back over the lines it
          // drew and draws the prompt and the line again, the cursor where it was.
          ed.prompt = std::move(*text);
          *out = kRedisplay;
          return 1;
        }
      }
      pollfd p{ed.fd, POLLIN, 0};
      const int ready = ::poll(&p, 1, 200);
      if (ready < 0 && errno != EINTR) return -1;
      if (ready <= 0) continue;
      unsigned char c = 0;
      const ssize_t n = ::read(ed.fd, &c, 1);
      if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
      if (n < 0) return -1;
      if (n == 0) return 0;
      if (have > 0 && (c & 0xC0) != 0x80) have = 0;  // a broken sequence: start again here
      if (have == 0) {
        need = utf8_length(c);
        if (need == 0) continue;  // a stray continuation byte
      }
      bytes[have++] = c;
      if (have < need) continue;
      char32_t cp = need == 1 ? bytes[0] : bytes[0] & (0x7F >> need);
      for (int i = 1; i < need; ++i) cp = (cp << 6) | (bytes[i] & 0x3F);
      have = 0;
      *out = static_cast<wchar_t>(cp);
      return 1;
    }
  }

  // Sets up libedit on the terminal; false when it cannot be.
  bool open() {
    use_utf8_ctype();
    fd = ::fcntl(0, F_DUPFD_CLOEXEC, 3);
    if (fd < 0) return false;
    in = ::fdopen(fd, "r");
    if (in == nullptr) return false;
    el = el_init_fd("puzzlelab", in, stdout, stderr, fd, STDOUT_FILENO, STDERR_FILENO);
    if (el == nullptr) return false;
    history = history_winit();
    if (history != nullptr) {
      HistEventW ev;
      history_w(history, &ev, H_SETSIZE, 200);
      history_w(history, &ev, H_SETUNIQUE, 1);  // a line repeated is kept once
      el_wset(el, EL_HIST, history_w, history);
    }
    el_set(el, EL_CLIENTDATA, this);
    el_set(el, EL_EDITOR, "emacs");
    el_set(el, EL_PROMPT, &Editor::prompt_text);
    el_set(el, EL_GETCFN, &Editor::read_char);
    // Home, End and Delete as the common terminals send them (the terminal database
    // may name only one of the forms).
    for (const char* home : {"\033[H", "\033OH", "\033[1~", "\033[7~"}) {
      el_set(el, EL_BIND, home, "ed-move-to-beg", nullptr);
    }
    for (const char* end : {"\033[F", "\033OF", "\033[4~", "\033[8~"}) {
      el_set(el, EL_BIND, end, "ed-move-to-end", nullptr);
    }
    el_set(el, EL_BIND, "\033[3~", "ed-delete-next-char", nullptr);
    el_set(el, EL_BIND, "^R", "ed-redisplay", nullptr);
    return true;
  }
};

LineInput::LineInput(Context& ctx) : ctx_(&ctx) {}

LineInput::~LineInput() = default;

LineInput::Entry LineInput::read_plain(const std::string& prompt) {
  Entry entry;
  if (ctx_->in_tty) ctx_->out << prompt << std::flush;
  if (ctx_->cancelled()) return Entry{Status::Interrupted, {}};
  if (!std::getline(ctx_->in, entry.text)) return Entry{ctx_->cancelled() ? Status::Interrupted : Status::End, {}};
  if (!entry.text.empty() && entry.text.back() == '\r') entry.text.pop_back();
  entry.status = ctx_->cancelled() ? Status::Interrupted : Status::Line;
  return entry;
}

LineInput::Entry LineInput::read(const std::string& prompt) {
  const std::function<std::optional<std::string>()> fixed = [&prompt] { return std::optional<std::string>(prompt); };
  if (!terminal() || editor_failed_) return read_plain(prompt);
  return read(fixed);
}

LineInput::Entry LineInput::read(const std::function<std::optional<std::string>()>& prompt) {
  const auto first = prompt();
  if (!first) return Entry{Status::TimedOut, {}};
  if (!terminal() || editor_failed_) return read_plain(*first);
  if (!editor_) {
    editor_ = std::make_unique<Editor>();
    editor_->ctx = ctx_;
    if (!editor_->open()) {
      // Not a terminal libedit can drive after all: plain lines.
      editor_.reset();
      editor_failed_ = true;
      return read_plain(*first);
    }
  }
  Editor& ed = *editor_;
  ctx_->out << std::flush;
  ed.prompt = *first;
  ed.live = &prompt;
  ed.stopped.reset();
  int count = 0;
  const wchar_t* line = el_wgets(ed.el, &count);
  ed.live = nullptr;
  std::fflush(stdout);
  if (line == nullptr || count <= 0) {
    // Ended without Enter: the cursor is still on the prompt's line.
    ctx_->out << '\n' << std::flush;
    if (ctx_->cancelled()) return Entry{Status::Interrupted, {}};
    return Entry{ed.stopped.value_or(Status::End), {}};
  }
  std::u32string text;
  for (int i = 0; i < count && line[i] != L'\n'; ++i) text.push_back(static_cast<char32_t>(line[i]));
  if (ed.history != nullptr && !text.empty()) {
    const std::wstring entry(text.begin(), text.end());
    HistEventW ev;
    history_w(ed.history, &ev, H_ENTER, entry.c_str());
  }
  if (ctx_->cancelled()) return Entry{Status::Interrupted, {}};
  return Entry{Status::Line, core::utf8_encode(text)};
}

}  // namespace puzzlelab::app
