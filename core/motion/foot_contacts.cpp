#include "motion/foot_contacts.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace rw {

namespace {

/// Planted intervals of one track: within `height` of `reference` and slower than `speed`.
void contactsOf(const std::vector<Eigen::Vector3d>& p, int limb, double fps, double reference,
                double height, double speed, int minFrames, std::vector<FootContact>& out,
                bool inPlace = false) {
  const int n = int(p.size());
  if (n < 2) return;
  auto planted = [&](int i) {
    const int a = std::max(0, i - 1), b = std::min(n - 1, i + 1);
    Eigen::Vector3d v = (p[b] - p[a]) * fps / double(b - a);
    v.y() = 0;
    return p[i].y() - reference < height && v.norm() < speed;
  };
  for (int i = 0; i < n;) {
    if (!planted(i)) {
      ++i;
      continue;
    }
    int j = i;
    while (j + 1 < n && planted(j + 1)) ++j;
    if (j - i + 1 >= minFrames) out.push_back({limb, i, j, inPlace});
    i = j + 1;
  }
}

}  // namespace

std::vector<FootContact> detectFootContacts(const std::vector<std::vector<Eigen::Vector3d>>& ankle,
                                            double fps, double legLength,
                                            const FootContactParams& params) {
  std::vector<FootContact> contacts;
  if (legLength <= 0 || fps <= 0) return contacts;
  const int minFrames = std::max(2, int(std::ceil(params.minDurationSeconds * fps)));
  std::vector<double> lowest(ankle.size(), std::numeric_limits<double>::infinity());
  for (std::size_t f = 0; f < ankle.size(); ++f) {
    for (const auto& q : ankle[f]) lowest[f] = std::min(lowest[f], q.y());
    contactsOf(ankle[f], int(f), fps, lowest[f], params.heightFraction * legLength,
               params.speedFraction * legLength, minFrames, contacts);
  }
  if (!contacts.empty()) return contacts;
  for (std::size_t f = 0; f < ankle.size(); ++f)
    contactsOf(ankle[f], int(f), fps, lowest[f], params.heightFraction * legLength,
               std::numeric_limits<double>::infinity(), minFrames, contacts, true);
  return contacts;
}

std::vector<FootContact> detectFloorContacts(const std::vector<std::vector<Eigen::Vector3d>>& end,
                                             double fps, double legLength, double floor,
                                             int firstIndex, bool inPlace,
                                             const FootContactParams& params) {
  std::vector<FootContact> contacts;
  if (legLength <= 0 || fps <= 0 || !std::isfinite(floor)) return contacts;
  const int minFrames = std::max(2, int(std::ceil(params.minDurationSeconds * fps)));
  for (std::size_t k = 0; k < end.size(); ++k)
    contactsOf(end[k], firstIndex + int(k), fps, floor, params.heightFraction * legLength,
               params.speedFraction * legLength, minFrames, contacts);
  if (!contacts.empty() || !inPlace) return contacts;
  for (std::size_t k = 0; k < end.size(); ++k)
    contactsOf(end[k], firstIndex + int(k), fps, floor, params.heightFraction * legLength,
               std::numeric_limits<double>::infinity(), minFrames, contacts, true);
  return contacts;
}

}  // namespace rw
