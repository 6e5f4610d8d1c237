#include "core/terminal.h"

#include <poll.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <exception>

#include "core/utf8.h"

namespace puzzlelab::core {

std::optional<ColorChoice> parse_color_choice(std::string_view text) {
  if (text == "auto") return ColorChoice::Auto;
  if (text == "always" || text == "yes" || text == "force") return ColorChoice::Always;
  if (text == "never" || text == "no" || text == "none") return ColorChoice::Never;
  return std::nullopt;
}

bool decide_color(ColorChoice choice, const ColorEnv& env) {
  if (choice == ColorChoice::Always) return true;
  if (choice == ColorChoice::Never) return false;
  if (env.no_color && !env.no_color->empty()) return false;
  if (env.force_color && !env.force_color->empty() && *env.force_color != "0") return true;
  if (env.term && *env.term == "dumb") return false;
  return env.is_tty;
}

// ---- KeyDecoder ----------------------------------------------------------------

namespace {

// Length of the UTF-8 sequence that starts with b, 0 when b cannot start one.
std::size_t utf8_length(unsigned char b) {
  if (b < 0x80) return 1;
  if ((b & 0xE0) == 0xC0) return 2;
  if ((b & 0xF0) == 0xE0) return 3;
  if ((b & 0xF8) == 0xF0) return 4;
  return 0;
}

std::optional<Key> decode_escape(std::string_view seq) {
  // seq is everything after ESC up to and including the final byte.
  if (seq.size() == 2 && (seq[0] == '[' || seq[0] == 'O')) {
    switch (seq[1]) {
      case 'A': return Key{KeyCode::Up};
      case 'B': return Key{KeyCode::Down};
      case 'C': return Key{KeyCode::Right};
      case 'D': return Key{KeyCode::Left};
      case 'H': return Key{KeyCode::Home};
      case 'F': return Key{KeyCode::End};
      default: return std::nullopt;
    }
  }
  if (seq.size() >= 3 && seq[0] == '[' && seq.back() == '~') {
    const std::string_view num = seq.substr(1, seq.size() - 2);
    const std::string_view first = num.substr(0, num.find(';'));
    if (first == "1" || first == "7") return Key{KeyCode::Home};
    if (first == "4" || first == "8") return Key{KeyCode::End};
    if (first == "3") return Key{KeyCode::Delete};
    if (first == "5") return Key{KeyCode::PageUp};
    if (first == "6") return Key{KeyCode::PageDown};
    return std::nullopt;
  }
  if (seq.size() >= 3 && seq[0] == '[') {
    // Modified arrows such as ESC [ 1 ; 5 A: take the final byte.
    return decode_escape(std::string{"["} + seq.back());
  }
  return std::nullopt;
}

}  // namespace

std::optional<Key> KeyDecoder::next() {
  while (!buffer_.empty()) {
    const auto b = static_cast<unsigned char>(buffer_[0]);
    if (b == 0x1B) {
      if (buffer_.size() == 1) return std::nullopt;  // maybe a sequence; wait or flush()
      const char kind = buffer_[1];
      if (kind == '[' || kind == 'O') {
        // CSI: parameters 0x30-0x3F, intermediates 0x20-0x2F, final 0x40-0x7E.
        // SS3: exactly one final byte.
        std::size_t i = 2;
        if (kind == '[') {
          while (i < buffer_.size() && static_cast<unsigned char>(buffer_[i]) >= 0x20 &&
                 static_cast<unsigned char>(buffer_[i]) <= 0x3F) {
            ++i;
          }
        }
        if (i >= buffer_.size()) return std::nullopt;  // incomplete
        const std::string seq = buffer_.substr(1, i);
        buffer_.erase(0, i + 1);
        if (auto key = decode_escape(seq)) return key;
        continue;  // an unknown sequence is dropped whole
      }
      // ESC followed by something else: Alt+key or a lone Escape; report Escape.
      buffer_.erase(0, 1);
      return Key{KeyCode::Escape};
    }
    if (b == '\r' || b == '\n') {
      buffer_.erase(0, 1);
      // Treat CR LF as one Enter.
      if (b == '\r' && !buffer_.empty() && buffer_[0] == '\n') buffer_.erase(0, 1);
      return Key{KeyCode::Enter};
    }
    if (b == 0x7F || b == 0x08) {
      buffer_.erase(0, 1);
      return Key{KeyCode::Backspace};
    }
    if (b == '\t') {
      buffer_.erase(0, 1);
      return Key{KeyCode::Tab};
    }
    if (b < 0x20) {
      buffer_.erase(0, 1);
      if (b == 0x03) return Key{KeyCode::CtrlC};
      if (b == 0x04) return Key{KeyCode::CtrlD};
      if (b == 0x0C) return Key{KeyCode::CtrlL};
      return Key{KeyCode::Ctrl, static_cast<char32_t>('a' + b - 1)};
    }
    const std::size_t len = utf8_length(b);
    if (len == 0) {  // a stray continuation or invalid byte: drop it
      buffer_.erase(0, 1);
      continue;
    }
    if (buffer_.size() < len) return std::nullopt;
    auto decoded = utf8_decode(std::string_view(buffer_).substr(0, len));
    if (!decoded.ok() || decoded->size() != 1) {
      buffer_.erase(0, 1);
      continue;
    }
    buffer_.erase(0, len);
    return Key{KeyCode::Char, (*decoded)[0]};
  }
  return std::nullopt;
}

std::optional<Key> KeyDecoder::flush() {
  while (!buffer_.empty()) {
    if (auto key = next()) return key;
    if (buffer_.empty()) break;
    if (buffer_[0] == 0x1B) {
      buffer_.erase(0, 1);
      return Key{KeyCode::Escape};
    }
    buffer_.erase(0, 1);  // an incomplete UTF-8 sequence that never finished
  }
  return std::nullopt;
}

// ---- RawTerminal ---------------------------------------------------------------

namespace {

// What the signal handlers need to restore. Signal handlers can only touch plain
// data, so this is the one piece of file-scope mutable state: it exists exactly
// while a RawTerminal is active.
struct SavedTerminal {
  std::atomic<bool> active{false};
  int in_fd = 0;
  int out_fd = 1;
  bool alternate_screen = false;
  termios original{};
  struct sigaction old_int {}, old_term {}, old_hup {}, old_quit {}, old_winch {};
  std::terminate_handler old_terminate = nullptr;
};
SavedTerminal g_saved;
std::atomic<bool> g_resized{false};

void write_all(int fd, const char* data, std::size_t size) {
  while (size > 0) {
    const ssize_t n = ::write(fd, data, size);
    if (n < 0) {
      if (errno == EINTR) continue;
      return;
    }
    data += n;
    size -= static_cast<std::size_t>(n);
  }
}

// Async-signal-safe: only tcsetattr and write.
void restore_saved() {
  if (!g_saved.active.exchange(false)) return;
  ::tcsetattr(g_saved.in_fd, TCSAFLUSH, &g_saved.original);
  static constexpr char kLeave[] = "\x1b[0m\x1b[?25h\x1b[?1049l";
  static constexpr char kShow[] = "\x1b[0m\x1b[?25h";
  if (g_saved.alternate_screen) {
    write_all(g_saved.out_fd, kLeave, sizeof kLeave - 1);
  } else {
    write_all(g_saved.out_fd, kShow, sizeof kShow - 1);
  }
}

void on_fatal_signal(int sig) {
  restore_saved();
  // Re-raise with the default action so the parent sees death by this signal.
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  sigemptyset(&dfl.sa_mask);
  ::sigaction(sig, &dfl, nullptr);
  ::raise(sig);
}

void on_winch(int) { g_resized.store(true); }

void on_terminate() {
  restore_saved();
  if (g_saved.old_terminate) g_saved.old_terminate();
  std::abort();
}

}  // namespace

std::optional<TermSize> terminal_size(int fd) {
  winsize ws{};
  if (::ioctl(fd, TIOCGWINSZ, &ws) != 0 || ws.ws_col == 0 || ws.ws_row == 0) return std::nullopt;
  return TermSize{ws.ws_col, ws.ws_row};
}

bool is_terminal(int fd) { return ::isatty(fd) == 1; }

RawTerminal::RawTerminal(Options options) : options_(options) {
  if (g_saved.active.load() || !is_terminal(options_.in_fd)) return;
  termios original{};
  if (::tcgetattr(options_.in_fd, &original) != 0) return;
  g_saved.in_fd = options_.in_fd;
  g_saved.out_fd = options_.out_fd;
  g_saved.alternate_screen = options_.alternate_screen;
  g_saved.original = original;

  struct sigaction sa {};
  sa.sa_handler = on_fatal_signal;
  sigemptyset(&sa.sa_mask);
  ::sigaction(SIGINT, &sa, &g_saved.old_int);
  ::sigaction(SIGTERM, &sa, &g_saved.old_term);
  ::sigaction(SIGHUP, &sa, &g_saved.old_hup);
  ::sigaction(SIGQUIT, &sa, &g_saved.old_quit);
  struct sigaction winch {};
  winch.sa_handler = on_winch;
  sigemptyset(&winch.sa_mask);
  ::sigaction(SIGWINCH, &winch, &g_saved.old_winch);
  g_saved.old_terminate = std::set_terminate(on_terminate);

  termios raw = original;
  raw.c_iflag &= ~static_cast<tcflag_t>(BRKINT | ICRNL | INPCK | ISTRIP | IXON);
  raw.c_lflag &= ~static_cast<tcflag_t>(ECHO | ICANON | IEXTEN | ISIG);
  raw.c_cflag |= CS8;
  raw.c_cc[VMIN] = 0;
  raw.c_cc[VTIME] = 0;
  g_saved.active.store(true);
  if (::tcsetattr(options_.in_fd, TCSAFLUSH, &raw) != 0) {
    g_saved.active.store(false);
    return;
  }
  active_ = true;
  if (options_.alternate_screen) {
    write(ansi::kAltScreenOn);
    write(ansi::kHideCursor);
    write(ansi::kClear);
  }
}

RawTerminal::~RawTerminal() {
  if (!active_) return;
  restore_saved();
  ::sigaction(SIGINT, &g_saved.old_int, nullptr);
  ::sigaction(SIGTERM, &g_saved.old_term, nullptr);
  ::sigaction(SIGHUP, &g_saved.old_hup, nullptr);
  ::sigaction(SIGQUIT, &g_saved.old_quit, nullptr);
  ::sigaction(SIGWINCH, &g_saved.old_winch, nullptr);
  std::set_terminate(g_saved.old_terminate);
}

void RawTerminal::write(std::string_view bytes) const { write_all(options_.out_fd, bytes.data(), bytes.size()); }

bool RawTerminal::resized() { return g_resized.exchange(false); }

std::optional<Key> RawTerminal::read_key(int timeout_ms) {
  if (auto key = decoder_.next()) return key;
  for (;;) {
    pollfd pfd{options_.in_fd, POLLIN, 0};
    const int wait = decoder_.pending() ? 30 : timeout_ms;  // an ESC alone: wait briefly
    const int rc = ::poll(&pfd, 1, wait);
    if (rc < 0) {
      if (errno == EINTR) {
        if (g_resized.load()) return std::nullopt;
        continue;
      }
      eof_ = true;
      return std::nullopt;
    }
    if (rc == 0) {
      if (decoder_.pending()) {
        if (auto key = decoder_.flush()) return key;
      }
      return std::nullopt;
    }
    char buf[256];
    const ssize_t n = ::read(options_.in_fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      eof_ = true;
      return decoder_.flush();
    }
    decoder_.feed(std::string_view(buf, static_cast<std::size_t>(n)));
    if (auto key = decoder_.next()) return key;
  }
}

}  // namespace puzzlelab::core
