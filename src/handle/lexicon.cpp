#include "handle/lexicon.h"

#include <algorithm>

#include <fmt/format.h>

#include "core/utf8.h"
#include "handle/pinyin.h"

namespace puzzlelab::handle {

namespace {

// Calls line(number, text) for each line (without its "\r\n" or "\n"); a final line break
// does not make an extra empty line.
template <class F>
std::optional<core::Error> for_each_line(std::string_view text, F&& line) {
  std::size_t number = 0;
  while (!text.empty()) {
    const std::size_t nl = text.find('\n');
    std::string_view l = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
    if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
    ++number;
    if (auto e = line(number, l)) return e;
  }
  return std::nullopt;
}

std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> out;
  for (;;) {
    const std::size_t p = text.find(sep);
    out.push_back(text.substr(0, p));
    if (p == std::string_view::npos) return out;
    text.remove_prefix(p + 1);
  }
}

core::Error line_error(std::string_view file, std::size_t line, const std::string& what) {
  return core::Error{fmt::format("handle/{} line {}: {}", file, line, what)};
}

// A syllable of the data: lowercase letters and one tone digit 0-4 (SOURCES.md).
bool valid_syllable(std::string_view s) {
  if (s.size() < 2 || s.back() < '0' || s.back() > '4') return false;
  return std::all_of(s.begin(), s.end() - 1, [](char c) { return c >= 'a' && c <= 'z'; });
}

core::Result<Word> decode_word(std::string_view text, std::string_view file, std::size_t line) {
  auto decoded = core::utf8_decode(text);
  if (!decoded) return line_error(file, line, decoded.error().message);
  return std::move(*decoded);
}

core::Result<char32_t> decode_char(std::string_view text, std::string_view file, std::size_t line) {
  auto w = decode_word(text, file, line);
  if (!w) return w.error();
  if (w->size() != 1) return line_error(file, line, fmt::format("expected one character, got '{}'", text));
  return (*w)[0];
}

}  // namespace

core::Result<Lexicon> Lexicon::parse(const LexiconFiles& files) {
  Lexicon lex;
  std::optional<core::Error> error;

  error = for_each_line(files.variants, [&](std::size_t n, std::string_view l) -> std::optional<core::Error> {
    const auto f = split(l, '\t');
    if (f.size() != 2) return line_error("variants.tsv", n, "expected variant<TAB>simplified");
    auto from = decode_char(f[0], "variants.tsv", n);
    if (!from) return from.error();
    auto to = decode_char(f[1], "variants.tsv", n);
    if (!to) return to.error();
    lex.variants_[*from] = *to;
    return std::nullopt;
  });
  if (error) return *error;

  error = for_each_line(files.chars, [&](std::size_t n, std::string_view l) -> std::optional<core::Error> {
    const auto f = split(l, '\t');
    if (f.size() != 2) return line_error("chars.tsv", n, "expected char<TAB>syllable");
    auto ch = decode_char(f[0], "chars.tsv", n);
    if (!ch) return ch.error();
    if (!valid_syllable(f[1])) return line_error("chars.tsv", n, fmt::format("bad syllable '{}'", f[1]));
    lex.chars_[*ch] = std::string(f[1]);
    return std::nullopt;
  });
  if (error) return *error;

  error = for_each_line(files.idioms, [&](std::size_t n, std::string_view l) -> std::optional<core::Error> {
    const auto f = split(l, '\t');
    if (f.size() != 2) return line_error("idioms.tsv", n, "expected idiom<TAB>pinyin");
    auto word = decode_word(f[0], "idioms.tsv", n);
    if (!word) return word.error();
    if (word->size() != 4 || !std::all_of(word->begin(), word->end(), core::is_han)) {
      return line_error("idioms.tsv", n, fmt::format("'{}' is not four Han characters", f[0]));
    }
    Idiom idiom{std::move(*word), {}};
    for (const std::string_view s : split(f[1], ' ')) {
      if (!valid_syllable(s)) return line_error("idioms.tsv", n, fmt::format("bad syllable '{}'", s));
      idiom.pinyin.push_back(rewrite_umlaut(s));
    }
    if (idiom.pinyin.size() != 4) return line_error("idioms.tsv", n, "expected four syllables");
    if (!lex.index_.emplace(idiom.word, static_cast<std::uint32_t>(lex.idioms_.size())).second) {
      return line_error("idioms.tsv", n, fmt::format("'{}' is listed twice", f[0]));
    }
    lex.idioms_.push_back(std::move(idiom));
    return std::nullopt;
  });
  if (error) return *error;
  if (lex.idioms_.empty()) return core::Error{"handle/idioms.tsv is empty"};

  error = for_each_line(files.answers, [&](std::size_t n, std::string_view l) -> std::optional<core::Error> {
    auto word = decode_word(l, "answers.txt", n);
    if (!word) return word.error();
    if (word->size() != 4 || !std::all_of(word->begin(), word->end(), core::is_han)) {
      return line_error("answers.txt", n, fmt::format("'{}' is not four Han characters", l));
    }
    lex.answers_.push_back(std::move(*word));
    return std::nullopt;
  });
  if (error) return *error;
  if (lex.answers_.empty()) return core::Error{"handle/answers.txt is empty"};

  lex.hints_.assign(lex.answers_.size(), U'\0');
  error = for_each_line(files.answers_by_day, [&](std::size_t n, std::string_view l) -> std::optional<core::Error> {
    if (n == 1) return std::nullopt;  // header
    const auto f = split(l, '\t');
    if (f.size() != 4) return line_error("answers_by_day.tsv", n, "expected day<TAB>date<TAB>idiom<TAB>hint");
    const std::string day_text(f[0]);
    if (day_text.empty() || day_text.size() > 6 || day_text.find_first_not_of("0123456789") != std::string::npos) {
      return line_error("answers_by_day.tsv", n, fmt::format("bad day '{}'", f[0]));
    }
    const std::size_t day = std::stoul(day_text);
    if (day < 1 || day > lex.answers_.size()) {
      return line_error("answers_by_day.tsv", n, fmt::format("day {} is not in answers.txt", day));
    }
    auto word = decode_word(f[2], "answers_by_day.tsv", n);
    if (!word) return word.error();
    if (*word != lex.answers_[day - 1]) {
      return line_error(
          "answers_by_day.tsv", n,
          fmt::format("day {} is '{}' but answers.txt says '{}'", day, f[2], core::utf8_encode(lex.answers_[day - 1])));
    }
    auto hint = decode_char(f[3], "answers_by_day.tsv", n);
    if (!hint) return hint.error();
    if (word->find(*hint) == Word::npos) {
      return line_error("answers_by_day.tsv", n, fmt::format("hint '{}' is not in '{}'", f[3], f[2]));
    }
    lex.hints_[day - 1] = *hint;
    return std::nullopt;
  });
  if (error) return *error;
  for (std::size_t d = 0; d < lex.hints_.size(); ++d) {
    if (lex.hints_[d] == U'\0')
      return core::Error{fmt::format("handle/answers_by_day.tsv has no row for day {}", d + 1)};
  }

  std::string all;
  for (const std::string* f : {&files.idioms, &files.answers, &files.answers_by_day, &files.chars, &files.variants}) {
    all += *f;
    all += '\x1f';
  }
  lex.checksum_ = core::checksum64(all);
  return lex;
}

core::Result<Lexicon> Lexicon::load(const core::DataSource& data) {
  LexiconFiles files;
  const std::pair<const char*, std::string*> names[] = {{"handle/idioms.tsv", &files.idioms},
                                                        {"handle/answers.txt", &files.answers},
                                                        {"handle/answers_by_day.tsv", &files.answers_by_day},
                                                        {"handle/chars.tsv", &files.chars},
                                                        {"handle/variants.tsv", &files.variants}};
  for (const auto& [name, target] : names) {
    auto bytes = data.read(name);
    if (!bytes) return bytes.error();
    *target = std::move(*bytes);
  }
  return parse(files);
}

std::optional<std::uint32_t> Lexicon::find(std::u32string_view word) const {
  const auto it = index_.find(Word(word));
  if (it == index_.end()) return std::nullopt;
  return it->second;
}

char32_t Lexicon::simplify(char32_t ch) const {
  if (ch <= 0xFF || ch > 0xFFFF) return ch;
  const auto it = variants_.find(ch);
  return it == variants_.end() ? ch : it->second;
}

Word Lexicon::simplify(std::u32string_view word) const {
  Word out(word);
  for (char32_t& ch : out) ch = simplify(ch);
  return out;
}

std::optional<std::string_view> Lexicon::char_reading(char32_t ch) const {
  const auto it = chars_.find(ch);
  if (it == chars_.end()) return std::nullopt;
  return std::string_view(it->second);
}

bool Lexicon::is_idiom(std::u32string_view word) const {
  return find(word) || find(simplify(word));
}

std::vector<std::string> Lexicon::pinyin_of(std::u32string_view word) const {
  // getIdiom: the word's own entry (which already holds what polyphones.json[S(word)]
  // gives for the 13 idioms.txt words it overrides), else the entry of S(word).
  const Word simplified = simplify(word);
  if (auto i = find(word)) return idioms_[*i].pinyin;
  if (auto i = find(simplified)) return idioms_[*i].pinyin;
  // The pinyin package (lib/pinyin.js `convert`, web dictionary) on S(word): a known
  // character gives its first reading; unknown characters accumulate into one run of
  // text that becomes a single entry when the next known character (or the end) comes.
  std::vector<std::string> out;
  std::string unknown;
  for (const char32_t ch : simplified) {
    if (auto r = char_reading(ch)) {
      if (!unknown.empty()) out.push_back(std::exchange(unknown, {}));
      out.push_back(rewrite_umlaut(*r));
    } else {
      core::utf8_append(unknown, ch);
    }
  }
  if (!unknown.empty()) out.push_back(std::move(unknown));
  return out;
}

}  // namespace puzzlelab::handle
