#pragma once
// Collects the error messages Assimp's readers log while reading a file, per thread, so the
// importer can tell a file whose geometry was damaged (refused) from one with a recoverable
// problem such as a missing material (kept, with a note).
#include <string>
#include <vector>

namespace rw {

/// Starts collecting on this thread (and forgets anything collected before).
void beginCollectingReaderErrors();
/// The error messages logged on this thread since beginCollectingReaderErrors().
std::vector<std::string> collectedReaderErrors();
/// True for messages that mean geometry was dropped or is wrong (an empty or out-of-range face).
bool readerErrorDamagesGeometry(const std::string& message);

}  // namespace rw
