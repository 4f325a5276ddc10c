#pragma once
// The skeletons built on the harmonic graph: the biped (Aujay 2007 §4.2) and quadruped (§4.3)
// refinements, and the general harmonic skeleton (§3.2–3.3) for anything else.
//
// Template joint counts. A joint here is a bone (head at the joint, tail at its child or its
// explicit tail), one per edge of the refined graph, except the frozen edges P–P1, P–P2 (and,
// for quadrupeds, S–S1, S–S2), which are rigid offsets from the hips (chest) to the limbs, and
// M of the quadruped, which only sizes the head (the head bone ends at the source node instead):
//   biped:     hips, spine_01..03, chest, neck, head, jaw (J→M); clavicle, upperarm, forearm,
//              hand ×2 (arms in 3 edges after the clavicle S–S1); thigh, shin, foot ×2 (legs in
//              3 edges)                                                     = 22, + 4 with a tail
//   quadruped: hips, spine_01..03, chest, neck_01..04 (C7, C4, C2, C1: 5 edges S…J), head (J,
//              the cranium), jaw (J′); scapula, upperarm, forearm, hand, finger ×2 (front legs
//              in 5 edges); thigh, shin, foot, toe ×2 (back legs in 4 edges) = 29, + 4 with a tail
#include <map>
#include <string>
#include <vector>

#include "autorig/autorig_params.h"
#include "autorig/body_class.h"
#include "autorig/skeleton_builder.h"
#include "autorig/surface_probe.h"
#include "symmetry/graph_symmetry.h"

namespace rw {

inline constexpr int kBipedJointCount = 22;
inline constexpr int kQuadrupedJointCount = 29;

/// The anatomical frame of a biped or quadruped (§4.2: Spine, P1P2 and their cross product),
/// with the signs resolved: `up` away from the feet (biped: from P toward S), `front` the way
/// the character faces, `left` = up × front (the character's own left).
struct BodyFrame {
  Eigen::Vector3d up = Eigen::Vector3d::UnitY();
  Eigen::Vector3d front = Eigen::Vector3d::UnitZ();
  Eigen::Vector3d left = Eigen::Vector3d::UnitX();
};

struct TemplateInput {
  const TopologyGraph& graph;
  const GraphSymmetry& symmetry;
  const SymmetryAxis& axis;
  const SurfaceProbe& probe;
};

struct BuiltSkeleton {
  SkeletonBuilder builder;
  BodyFrame frame;
  std::vector<std::string> notes;
};

BuiltSkeleton buildBipedSkeleton(const TemplateInput& in, const Trunk& trunk,
                                 const AutorigParams& params);
BuiltSkeleton buildQuadrupedSkeleton(const TemplateInput& in, const Trunk& trunk,
                                     const AutorigParams& params);
/// §3.3: rooted at the pelvis-like node (the last branching of the axis; the head node when the
/// axis never branches); every arc one bone, leaf arcs `generic.limbSegments` bones.
BuiltSkeleton buildGenericSkeleton(const TemplateInput& in, const AutorigParams& params);

}  // namespace rw
