#pragma once
// Picking in the viewport on the CPU: a ray through a pixel, the nearest mesh vertex on the
// first surface it hits, the joint nearest to the cursor on screen. Plain geometry, no OpenGL.
#include <Eigen/Core>
#include <optional>
#include <vector>

namespace rw {
class Mesh;
}

namespace rw::render {

class Camera;

struct Ray {
  Eigen::Vector3d origin;
  Eigen::Vector3d direction;  ///< unit
};

/// The ray through pixel (x, y) (origin top-left, as Camera::project).
Ray rayThroughPixel(const Camera& camera, double x, double y);

struct MeshHit {
  int triangle = -1;  ///< welded triangle
  int vertex = -1;    ///< welded vertex of that triangle nearest to the hit point
  double distance = 0.0;
  Eigen::Vector3d point = Eigen::Vector3d::Zero();
};

/// First welded triangle the ray hits (both sides count: open meshes are seen from inside).
std::optional<MeshHit> pickMesh(const Mesh& mesh, const Ray& ray);

/// The middle of the part of the body the ray passes through first: the midpoint of its first
/// two surface hits (where it enters and leaves). Joint editing's "snap to the mesh's centre":
/// a joint clicked or moved onto the surface goes inside the limb under the cursor. Empty when
/// the ray hits the surface fewer than twice.
std::optional<Eigen::Vector3d> centreAlongRay(const Mesh& mesh, const Ray& ray);

/// Index of the point whose projection is nearest to (x, y), within `radiusPixels`; -1 if none.
/// Segments (head, tail pairs) count along their whole length, so a click on a bone's middle
/// picks it, and as wide as the drawn octahedral bone (boneHalfWidth) on screen: a click
/// anywhere on a drawn bone picks it, and `radiusPixels` beyond its outline still does. Among
/// bones under the cursor the nearest to the eye wins.
int pickSegment(const Camera& camera, const std::vector<Eigen::Vector3d>& heads,
                const std::vector<Eigen::Vector3d>& tails, double x, double y, double radiusPixels);

}  // namespace rw::render
