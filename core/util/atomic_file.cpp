#include "util/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "util/temp_file_guard.h"

namespace rw {
namespace {

namespace fs = std::filesystem;

fs::path folderOf(const std::string& path) {
  const fs::path target(path);
  return target.has_parent_path() ? target.parent_path() : fs::path(".");
}

/// A complete temporary file, removed if the process is interrupted before its rename.
struct Temporary {
  std::string path;
  TempFileGuard guard;
};

/// Writes `content` to a new temporary file beside `path` and flushes it to disk. On failure
/// nothing is left behind and the error names `path`.
Expected<Temporary> writeTemporary(const std::string& path, std::string_view content) {
  std::string temp =
      (folderOf(path) / ("." + fs::path(path).filename().string() + ".XXXXXX")).string();
  const int fd = ::mkstemp(temp.data());
  if (fd < 0) return Error{path + ": cannot write here (" + std::strerror(errno) + ")"};
  TempFileGuard guard(temp);
  auto fail = [&](const char* what, int error) -> Error {
    ::close(fd);
    std::remove(temp.c_str());
    return Error{path + ": " + what + " (" + std::strerror(error) + ")"};
  };
  std::size_t written = 0;
  while (written < content.size()) {
    // A full disk gives ENOSPC, a file-size limit EFBIG (with SIGXFSZ ignored); a short count
    // means the next call reports why.
    const ssize_t n = ::write(fd, content.data() + written, content.size() - written);
    if (n < 0) {
      if (errno == EINTR) continue;
      return fail("write failed", errno);
    }
    written += static_cast<std::size_t>(n);
  }
  // Keep the mode of the file we replace; a new file is readable by everyone like one written
  // with open(2) under the usual umask (mkstemp makes it 0600).
  struct stat old {};
  const mode_t mode = ::stat(path.c_str(), &old) == 0 ? (old.st_mode & 07777) : 0644;
  if (::fchmod(fd, mode) != 0) return fail("cannot set the file's permissions", errno);
  // Delayed allocation (and network file systems) can report a full disk only here.
  if (::fsync(fd) != 0) return fail("could not flush to disk", errno);
  if (::close(fd) != 0) {
    const int error = errno;
    std::remove(temp.c_str());
    return Error{path + ": write failed (" + std::strerror(error) + ")"};
  }
  return Temporary{std::move(temp), std::move(guard)};
}

/// Makes a rename durable. Best effort: some file systems cannot sync a folder.
void syncFolder(const fs::path& folder) {
  const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

Status writeFileAtomically(const std::string& path, std::string_view content) {
  return writeFilesAtomically({{path, content}}, {});
}

Status writeFilesAtomically(const std::vector<FileContent>& files, const WriteSteps& steps) {
  std::vector<Temporary> temps;
  auto removeTemps = [&](std::size_t from) {
    for (std::size_t i = from; i < temps.size(); ++i) std::remove(temps[i].path.c_str());
  };
  for (const FileContent& file : files) {
    Expected<Temporary> temp = writeTemporary(file.path, file.content);
    if (!temp) {
      removeTemps(0);
      return temp.error();
    }
    temps.push_back(std::move(temp).value());
  }
  if (steps) steps("written");
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (std::rename(temps[i].path.c_str(), files[i].path.c_str()) != 0) {
      const std::string reason = std::strerror(errno);
      removeTemps(i);
      return Error{files[i].path + ": cannot replace the file (" + reason + ")"};
    }
    syncFolder(folderOf(files[i].path));
    if (steps) steps("renamed " + files[i].path);
  }
  return std::nullopt;
}

}  // namespace rw
