#pragma once
// Everything the CLI prints (stderr's messages, stdout's reports) goes through here: control
// bytes that come from a file (a joint name, a BVH token, an Assimp message quoting the file)
// are shown as \xNN, so a hostile file cannot drive the user's terminal with escape sequences.
// Line ends and tabs pass.
#include <iostream>
#include <streambuf>

namespace rw::cli {

class EscapingStreambuf : public std::streambuf {
 public:
  explicit EscapingStreambuf(std::streambuf* target) : target_(target) {}

 protected:
  int_type overflow(int_type ch) override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;
  int sync() override { return target_->pubsync(); }

 private:
  bool put(char c);
  std::streambuf* target_;
};

/// Routes `stream` through an EscapingStreambuf for the life of the guard.
class EscapedStream {
 public:
  explicit EscapedStream(std::ostream& stream);
  ~EscapedStream();
  EscapedStream(const EscapedStream&) = delete;
  EscapedStream& operator=(const EscapedStream&) = delete;

 private:
  std::ostream& stream_;
  EscapingStreambuf buffer_;
  std::streambuf* previous_;
};

}  // namespace rw::cli
