#include "motion/foot_contacts.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace rw {

std::vector<FootContact> detectFootContacts(const std::vector<std::vector<Eigen::Vector3d>>& ankle,
                                            double fps, double legLength,
                                            const FootContactParams& params) {
  std::vector<FootContact> contacts;
  if (legLength <= 0 || fps <= 0) return contacts;
  const int minFrames = std::max(2, int(std::ceil(params.minDurationSeconds * fps)));
  for (std::size_t f = 0; f < ankle.size(); ++f) {
    const auto& p = ankle[f];
    const int n = int(p.size());
    if (n < 2) continue;
    double lowest = std::numeric_limits<double>::infinity();
    for (const auto& q : p) lowest = std::min(lowest, q.y());
    auto planted = [&](int i) {
      const int a = std::max(0, i - 1), b = std::min(n - 1, i + 1);
      Eigen::Vector3d v = (p[b] - p[a]) * fps / double(b - a);
      v.y() = 0;
      return p[i].y() - lowest < params.heightFraction * legLength &&
             v.norm() < params.speedFraction * legLength;
    };
    for (int i = 0; i < n;) {
      if (!planted(i)) {
        ++i;
        continue;
      }
      int j = i;
      while (j + 1 < n && planted(j + 1)) ++j;
      if (j - i + 1 >= minFrames) contacts.push_back({int(f), i, j});
      i = j + 1;
    }
  }
  return contacts;
}

}  // namespace rw
