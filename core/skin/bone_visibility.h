#pragma once
// Visibility of a bone from a vertex for bone heat (Baran & Popović 2007, §4): a vertex takes
// heat from its nearest bone only if the shortest segment from the vertex to the bone stays
// inside the character's volume. Pinocchio tests this against its distance field; we test
// whether the segment crosses the surface, with Embree 3 occlusion rays over the triangles.
// The same structure answers nearest-hit queries (hitDistance): retargeting measures a trunk's
// sections with them (retarget/placement_paths).
#include <Eigen/Core>
#include <memory>
#include <optional>
#include <vector>

namespace rw {

class SegmentOcclusion {
 public:
  /// Builds the ray-tracing structure over `triangles` (indices into `positions`).
  SegmentOcclusion(const std::vector<Eigen::Vector3d>& positions,
                   const std::vector<Eigen::Vector3i>& triangles);
  ~SegmentOcclusion();
  SegmentOcclusion(const SegmentOcclusion&) = delete;
  SegmentOcclusion& operator=(const SegmentOcclusion&) = delete;

  /// True when the open segment (from + ε·dir, to − ε·dir) crosses no triangle, ε = `margin`
  /// (absolute length): the margin skips the triangles around `from` and a bone touching the
  /// surface. Thread-safe.
  bool clear(const Eigen::Vector3d& from, const Eigen::Vector3d& to, double margin) const;

  /// Distance from `origin` along the unit `direction` to the nearest triangle (either side),
  /// nullopt when the ray leaves without a hit. Thread-safe.
  std::optional<double> hitDistance(const Eigen::Vector3d& origin,
                                    const Eigen::Vector3d& direction) const;

  /// Batch version of clear() over many segments, multi-threaded.
  std::vector<char> clear(const std::vector<Eigen::Vector3d>& from,
                          const std::vector<Eigen::Vector3d>& to, double margin) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace rw
