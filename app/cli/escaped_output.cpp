#include "cli/escaped_output.h"

namespace rw::cli {

bool EscapingStreambuf::put(char c) {
  const auto byte = static_cast<unsigned char>(c);
  if ((byte >= 0x20 && byte != 0x7f) || c == '\n' || c == '\t')
    return target_->sputc(c) != traits_type::eof();
  static const char* kHex = "0123456789abcdef";
  const char escaped[4] = {'\\', 'x', kHex[byte >> 4], kHex[byte & 15]};
  return target_->sputn(escaped, 4) == 4;
}

EscapingStreambuf::int_type EscapingStreambuf::overflow(int_type ch) {
  if (traits_type::eq_int_type(ch, traits_type::eof())) return traits_type::not_eof(ch);
  return put(traits_type::to_char_type(ch)) ? ch : traits_type::eof();
}

std::streamsize EscapingStreambuf::xsputn(const char* s, std::streamsize n) {
  for (std::streamsize i = 0; i < n; ++i)
    if (!put(s[i])) return i;
  return n;
}

EscapedStream::EscapedStream(std::ostream& stream)
    : stream_(stream), buffer_(stream.rdbuf()), previous_(stream.rdbuf(&buffer_)) {}

EscapedStream::~EscapedStream() {
  stream_.flush();
  stream_.rdbuf(previous_);
}

}  // namespace rw::cli
