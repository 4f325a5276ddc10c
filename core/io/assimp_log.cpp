#include "io/assimp_log.h"

#include <assimp/DefaultLogger.hpp>
#include <assimp/LogStream.hpp>

#include <mutex>

namespace rw {
namespace {

thread_local std::vector<std::string> t_errors;

class ThreadErrorStream : public Assimp::LogStream {
 public:
  void write(const char* message) override {
    std::string m(message);
    while (!m.empty() && (m.back() == '\n' || m.back() == '\r')) m.pop_back();
    // Assimp prefixes "Error, T0: ".
    const auto colon = m.find(": ");
    if (m.rfind("Error", 0) == 0 && colon != std::string::npos) m = m.substr(colon + 2);
    t_errors.push_back(std::move(m));
  }
};

void ensureLogger() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (!Assimp::DefaultLogger::isNullLogger()) return;  // someone else owns it
    Assimp::DefaultLogger::create(nullptr, Assimp::Logger::NORMAL, 0);
    Assimp::DefaultLogger::get()->attachStream(new ThreadErrorStream, Assimp::Logger::Err);
  });
}

}  // namespace

void beginCollectingReaderErrors() {
  ensureLogger();
  t_errors.clear();
}

std::vector<std::string> collectedReaderErrors() {
  return t_errors;
}

bool readerErrorDamagesGeometry(const std::string& message) {
  for (const char* damaged : {"Ignoring empty face", "Invalid face index"})
    if (message.find(damaged) != std::string::npos) return true;
  return false;
}

}  // namespace rw
