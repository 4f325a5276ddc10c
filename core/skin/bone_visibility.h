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

  /// A surface crossing along a ray: its distance, and whether the ray enters the triangle's
  /// front (the ray against its normal: entering a shell whose triangles face outward).
  struct Crossing {
    double distance = 0.0;
    bool entersFront = false;
  };
  /// Every triangle the ray from `origin` along the unit `direction` crosses within
  /// `maxDistance`, nearest first (one per crossing point: triangles sharing an edge or vertex
  /// hit there count once). Thread-safe.
  std::vector<Crossing> crossings(const Eigen::Vector3d& origin, const Eigen::Vector3d& direction,
                                  double maxDistance) const;

  /// Batch version of clear() over many segments, multi-threaded.
  std::vector<char> clear(const std::vector<Eigen::Vector3d>& from,
                          const std::vector<Eigen::Vector3d>& to, double margin) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace rw
