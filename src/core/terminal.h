#pragma once
// Terminal handling: the colour decision (a pure function), key decoding (pure, so
// interactive loops are tested by injecting bytes), and a raw-mode guard that puts
// the terminal back on every way out — normal return, exception, SIGINT, SIGTERM.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace puzzlelab::core {

// ---- colour -------------------------------------------------------------------

enum class ColorChoice { Auto, Always, Never };

std::optional<ColorChoice> parse_color_choice(std::string_view text);

// What the environment says, read by the app (library code never reads it).
struct ColorEnv {
  std::optional<std::string> no_color;     // NO_COLOR, if set
  std::optional<std::string> force_color;  // FORCE_COLOR, if set
  std::optional<std::string> term;         // TERM, if set
  bool is_tty = false;                     // the output stream is a terminal
};

// The rule (no-color.org and force-color.org): an explicit --color=always/never
// wins; otherwise a non-empty NO_COLOR turns colour off, then a FORCE_COLOR other
// than "" or "0" turns it on, then TERM=dumb turns it off, else colour iff a tty.
bool decide_color(ColorChoice choice, const ColorEnv& env);

// ---- keys ---------------------------------------------------------------------

enum class KeyCode {
  Char,  // a printable character (code point in Key::ch), including space
  Up, Down, Left, Right, Enter, Backspace, Delete, Tab, Escape, Home, End, PageUp, PageDown,
  CtrlC, CtrlD, CtrlL, Ctrl,  // Ctrl: another control character, letter in Key::ch
};

struct Key {
  KeyCode code = KeyCode::Char;
  char32_t ch = 0;
  friend bool operator==(const Key&, const Key&) = default;
};

// Turns the raw byte stream of a terminal into keys. Handles UTF-8 characters, the
// usual VT100/xterm sequences (CSI and SS3 arrows, Home/End, Delete, PageUp/Down),
// and a lone ESC (reported by flush() when no more bytes follow in time).
class KeyDecoder {
 public:
  void feed(std::string_view bytes) { buffer_.append(bytes); }
  // The next complete key, if any. An incomplete sequence waits for more bytes.
  std::optional<Key> next();
  // Called when input went quiet: an unfinished escape sequence becomes Escape
  // (plus the remaining bytes as keys on later calls).
  std::optional<Key> flush();
  [[nodiscard]] bool pending() const { return !buffer_.empty(); }

 private:
  std::string buffer_;
};

// ---- the real terminal -------------------------------------------------------

struct TermSize {
  int cols = 80;
  int rows = 24;
};

// Size of the terminal on fd, if it is one.
std::optional<TermSize> terminal_size(int fd);
bool is_terminal(int fd);

// ANSI sequences used by the full-screen views.
namespace ansi {
inline constexpr std::string_view kAltScreenOn = "\x1b[?1049h";
inline constexpr std::string_view kAltScreenOff = "\x1b[?1049l";
inline constexpr std::string_view kHideCursor = "\x1b[?25l";
inline constexpr std::string_view kShowCursor = "\x1b[?25h";
inline constexpr std::string_view kClear = "\x1b[H\x1b[2J";
inline constexpr std::string_view kHome = "\x1b[H";
inline constexpr std::string_view kClearToEnd = "\x1b[J";
inline constexpr std::string_view kClearLine = "\x1b[2K";
inline constexpr std::string_view kReset = "\x1b[0m";
}  // namespace ansi

// Raw mode for the lifetime of the object: no echo, no line buffering, Ctrl-C read as
// a key; optionally the alternate screen with the cursor hidden. The destructor, a
// SIGINT/SIGTERM/SIGHUP/SIGQUIT handler, and std::terminate all restore the saved
// settings (the handler then re-raises the signal with its default action, so the
// exit status still says "interrupted"). One guard may be active at a time.
class RawTerminal {
 public:
  struct Options {
    int in_fd = 0;
    int out_fd = 1;
    bool alternate_screen = false;
  };
  explicit RawTerminal(Options options);
  ~RawTerminal();
  RawTerminal(const RawTerminal&) = delete;
  RawTerminal& operator=(const RawTerminal&) = delete;

  [[nodiscard]] bool active() const { return active_; }
  // Waits up to timeout_ms (-1: forever) for a key. Returns nullopt on timeout,
  // on a resize (check resized()), and on end of input (check eof()).
  std::optional<Key> read_key(int timeout_ms);
  [[nodiscard]] bool eof() const { return eof_; }
  // True once after each SIGWINCH.
  bool resized();
  void write(std::string_view bytes) const;

 private:
  Options options_;
  bool active_ = false;
  bool eof_ = false;
  KeyDecoder decoder_;
};

}  // namespace puzzlelab::core
