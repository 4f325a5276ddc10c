#include "midpoint_subdivision.h"

#include <cstdint>
#include <unordered_map>

namespace rw::bench {

SourceMesh subdivideMidpoint(const std::vector<Eigen::Vector3d>& positions,
                             const std::vector<Eigen::Vector3i>& triangles) {
  SourceMesh out;
  out.positions = positions;
  std::unordered_map<std::uint64_t, int> midpoint;
  auto mid = [&](int a, int b) {
    const std::uint64_t key = (std::uint64_t(std::min(a, b)) << 32) | std::uint32_t(std::max(a, b));
    auto [it, inserted] = midpoint.emplace(key, int(out.positions.size()));
    if (inserted) out.positions.push_back(0.5 * (positions[a] + positions[b]));
    return it->second;
  };
  for (const Eigen::Vector3i& t : triangles) {
    const int ab = mid(t[0], t[1]), bc = mid(t[1], t[2]), ca = mid(t[2], t[0]);
    out.triangles.emplace_back(t[0], ab, ca);
    out.triangles.emplace_back(ab, t[1], bc);
    out.triangles.emplace_back(ca, bc, t[2]);
    out.triangles.emplace_back(ab, bc, ca);
  }
  out.triangleMaterial.assign(out.triangles.size(), 0);
  out.materialNames = {"default"};
  out.parts.push_back(
      {"subdivided", 0, int(out.positions.size()), 0, int(out.triangles.size()), 0});
  return out;
}

}  // namespace rw::bench
