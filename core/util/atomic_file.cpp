#include "util/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

namespace rw {

Status writeFileAtomically(const std::string& path, std::string_view content) {
  namespace fs = std::filesystem;
  const fs::path target(path);
  const fs::path folder = target.has_parent_path() ? target.parent_path() : fs::path(".");
  std::string temp = (folder / ("." + target.filename().string() + ".XXXXXX")).string();
  const int fd = mkstemp(temp.data());
  if (fd < 0) return Error{path + ": cannot write here (" + std::strerror(errno) + ")"};
  auto fail = [&](const char* what) -> Status {
    const std::string reason = std::strerror(errno);
    ::close(fd);
    std::remove(temp.c_str());
    return Error{path + ": " + what + " (" + reason + ")"};
  };
  std::size_t written = 0;
  while (written < content.size()) {
    const ssize_t n = ::write(fd, content.data() + written, content.size() - written);
    if (n < 0) {
      if (errno == EINTR) continue;
      return fail("write failed");
    }
    written += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0) return fail("could not flush to disk");
  ::fchmod(fd, 0644);
  if (::close(fd) != 0) {
    std::remove(temp.c_str());
    return Error{path + ": write failed (" + std::strerror(errno) + ")"};
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    const std::string reason = std::strerror(errno);
    std::remove(temp.c_str());
    return Error{path + ": cannot replace the file (" + reason + ")"};
  }
  return std::nullopt;
}

}  // namespace rw
