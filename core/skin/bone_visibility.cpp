#include "skin/bone_visibility.h"

#include <embree3/rtcore.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <new>
#include <thread>

namespace rw {

struct SegmentOcclusion::Impl {
  // Released here, so a constructor that throws half way leaks nothing.
  ~Impl() {
    if (scene) rtcReleaseScene(scene);
    if (device) rtcReleaseDevice(device);
  }
  RTCDevice device = nullptr;
  RTCScene scene = nullptr;
};

SegmentOcclusion::SegmentOcclusion(const std::vector<Eigen::Vector3d>& positions,
                                   const std::vector<Eigen::Vector3i>& triangles)
    : impl_(std::make_unique<Impl>()) {
  // Embree reports a failed allocation by returning null (and later calls on null crash):
  // that is an out-of-memory like any other, for the caller to report.
  auto require = [](const void* made) {
    if (!made) throw std::bad_alloc();
  };
  impl_->device = rtcNewDevice(nullptr);
  require(impl_->device);
  impl_->scene = rtcNewScene(impl_->device);
  require(impl_->scene);
  rtcSetSceneFlags(impl_->scene, RTC_SCENE_FLAG_ROBUST);
  rtcSetSceneBuildQuality(impl_->scene, RTC_BUILD_QUALITY_MEDIUM);
  if (!triangles.empty() && !positions.empty()) {
    RTCGeometry geometry = rtcNewGeometry(impl_->device, RTC_GEOMETRY_TYPE_TRIANGLE);
    require(geometry);
    auto* vertices = static_cast<float*>(
        rtcSetNewGeometryBuffer(geometry, RTC_BUFFER_TYPE_VERTEX, 0, RTC_FORMAT_FLOAT3,
                                3 * sizeof(float), positions.size()));
    if (!vertices) rtcReleaseGeometry(geometry);
    require(vertices);
    for (size_t i = 0; i < positions.size(); ++i)
      for (int k = 0; k < 3; ++k) vertices[3 * i + k] = static_cast<float>(positions[i][k]);
    auto* indices = static_cast<unsigned*>(
        rtcSetNewGeometryBuffer(geometry, RTC_BUFFER_TYPE_INDEX, 0, RTC_FORMAT_UINT3,
                                3 * sizeof(unsigned), triangles.size()));
    if (!indices) rtcReleaseGeometry(geometry);
    require(indices);
    for (size_t t = 0; t < triangles.size(); ++t)
      for (int k = 0; k < 3; ++k) indices[3 * t + k] = static_cast<unsigned>(triangles[t][k]);
    rtcCommitGeometry(geometry);
    rtcAttachGeometry(impl_->scene, geometry);
    rtcReleaseGeometry(geometry);
  }
  rtcCommitScene(impl_->scene);
  if (rtcGetDeviceError(impl_->device) == RTC_ERROR_OUT_OF_MEMORY) throw std::bad_alloc();
}

SegmentOcclusion::~SegmentOcclusion() = default;

bool SegmentOcclusion::clear(const Eigen::Vector3d& from, const Eigen::Vector3d& to,
                             double margin) const {
  const Eigen::Vector3d d = to - from;
  const double length = d.norm();
  if (!(length > 2 * margin)) return true;  // the vertex touches the bone
  const Eigen::Vector3d dir = d / length;
  RTCIntersectContext context;
  rtcInitIntersectContext(&context);
  RTCRay ray{};
  ray.org_x = float(from.x());
  ray.org_y = float(from.y());
  ray.org_z = float(from.z());
  ray.dir_x = float(dir.x());
  ray.dir_y = float(dir.y());
  ray.dir_z = float(dir.z());
  ray.tnear = float(margin);
  ray.tfar = float(length - margin);
  ray.mask = std::numeric_limits<unsigned>::max();
  ray.flags = 0;
  rtcOccluded1(impl_->scene, &context, &ray);
  // Embree sets tfar to -inf when the ray hit something.
  return ray.tfar >= 0.0f;
}

namespace {

/// The nearest triangle the ray meets between tnear and tfar (geomID invalid when none).
RTCRayHit nearestHit(RTCScene scene, const Eigen::Vector3d& origin,
                     const Eigen::Vector3d& direction, float tnear, float tfar) {
  RTCIntersectContext context;
  rtcInitIntersectContext(&context);
  RTCRayHit hit{};
  hit.ray.org_x = float(origin.x());
  hit.ray.org_y = float(origin.y());
  hit.ray.org_z = float(origin.z());
  hit.ray.dir_x = float(direction.x());
  hit.ray.dir_y = float(direction.y());
  hit.ray.dir_z = float(direction.z());
  hit.ray.tnear = tnear;
  hit.ray.tfar = tfar;
  hit.ray.mask = std::numeric_limits<unsigned>::max();
  hit.ray.flags = 0;
  hit.hit.geomID = RTC_INVALID_GEOMETRY_ID;
  rtcIntersect1(scene, &context, &hit);
  return hit;
}

}  // namespace

std::optional<double> SegmentOcclusion::hitDistance(const Eigen::Vector3d& origin,
                                                    const Eigen::Vector3d& direction) const {
  const RTCRayHit hit =
      nearestHit(impl_->scene, origin, direction, 0.0f, std::numeric_limits<float>::infinity());
  if (hit.hit.geomID == RTC_INVALID_GEOMETRY_ID) return std::nullopt;
  return double(hit.ray.tfar);
}

std::vector<SegmentOcclusion::Crossing> SegmentOcclusion::crossings(
    const Eigen::Vector3d& origin, const Eigen::Vector3d& direction, double maxDistance) const {
  std::vector<Crossing> out;
  // Nearest hit after nearest hit; a hit on a shared edge is found on each of its triangles at
  // (nearly) the same distance, so the next search starts a little beyond the last hit.
  const double step = 1e-5 * std::max(maxDistance, 1e-12);
  double from = 0.0;
  while (from < maxDistance) {
    const RTCRayHit hit =
        nearestHit(impl_->scene, origin, direction, float(from), float(maxDistance));
    if (hit.hit.geomID == RTC_INVALID_GEOMETRY_ID) break;
    const double t = double(hit.ray.tfar);
    // Embree's geometric normal follows the triangle's winding (counter-clockwise front).
    const double facing =
        direction.x() * hit.hit.Ng_x + direction.y() * hit.hit.Ng_y + direction.z() * hit.hit.Ng_z;
    out.push_back({t, facing < 0.0});
    from = std::max(t + step, double(std::nextafter(float(t), std::numeric_limits<float>::max())));
  }
  return out;
}

std::vector<char> SegmentOcclusion::clear(const std::vector<Eigen::Vector3d>& from,
                                          const std::vector<Eigen::Vector3d>& to,
                                          double margin) const {
  std::vector<char> result(from.size(), 1);
  // TBB's workers, not threads of our own: bone heat runs this beside other work
  // (part_heat_system.h), and stealing keeps both cores busy where fixed halves would leave one
  // waiting.
  tbb::parallel_for(tbb::blocked_range<size_t>(0, from.size(), 1024),
                    [&](const tbb::blocked_range<size_t>& r) {
                      for (size_t i = r.begin(); i < r.end(); ++i)
                        result[i] = clear(from[i], to[i], margin) ? 1 : 0;
                    });
  return result;
}

}  // namespace rw
