#pragma once
// The embedded paths of a biped's or quadruped's trunk on the symmetry axis — head tip to S,
// S to P, P to the tail tip — and its limbs, shared by the two refinements (§4.2, §4.3).
#include <optional>
#include <string>
#include <vector>

#include "autorig/body_class.h"
#include "autorig/embedded_path.h"
#include "autorig/template_skeletons.h"

namespace rw {

struct TrunkPaths {
  EmbeddedPath head;                 ///< head tip (the source node) → S
  EmbeddedPath spine;                ///< P → S
  std::optional<EmbeddedPath> tail;  ///< P → tail tip
  EmbeddedPath arms[2], legs[2];     ///< n′ (S1 / P1 …) → limb tip, in Trunk's order
  std::vector<int> dropped;          ///< side arcs that are not part of the template
};

TrunkPaths trunkPaths(const TemplateInput& in, const Trunk& trunk);

/// Index of the fraction in [from, to] of `path` where the body is thinnest (a constriction:
/// the neck), sampled every 1/100.
double narrowestFraction(const EmbeddedPath& path, const SurfaceProbe& probe, double from,
                         double to);

/// Whether the limb starting at `root` is on the character's left, deciding a pair together
/// (the one further along `left` is left) so a pair never ends up on one side.
std::pair<bool, bool> pairSides(const Eigen::Vector3d& a, const Eigen::Vector3d& b,
                                const Eigen::Vector3d& centre, const Eigen::Vector3d& left);

/// Points at the given fractions of a path.
std::vector<Eigen::Vector3d> pointsAt(const EmbeddedPath& path, const std::vector<double>& f);

/// `base` + "_01", "_02", …
std::string numbered(const std::string& base, int k);

/// `base` + "." + L/R.
std::string sided(const std::string& base, bool left);

}  // namespace rw
