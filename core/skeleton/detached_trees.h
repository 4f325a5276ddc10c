#pragma once
// Deform trees exported as roots of their own. Some game rigs export a four-legged skeleton's
// legs, tail and neck as separate roots, with nothing joining them: a walk down the hierarchy
// from the head, or from the trunk, never reaches the legs. They are joined where the body
// carries them: each hangs from the nearest joint of the trees already joined, nearest first.
#include <Eigen/Core>
#include <vector>

#include "skeleton/skeleton.h"

namespace rw {

struct DetachedTreeParams {
  /// A tree hangs from a joined joint only when its root is within this distance of it (a
  /// fraction of the skeleton's reach): a corpus wolf's leg and tail roots lie 0.09-0.18 of
  /// it from the spine joints they belong to, farther ones are props.
  double reach = 0.3;
  /// ...and only a tree of at least this many joints: a lone deform joint (a helper at the
  /// chest) follows its neighbours, it is not a limb of its own.
  int minTreeJoints = 2;
  bool operator==(const DetachedTreeParams&) const = default;
};

/// Hangs the trees of `parent` (-1: a root) that hold `eligible` joints from the tree of `start`
/// (any joint of it):
/// repeatedly the eligible root nearest (by `position`) an eligible joint already joined hangs
/// from that joint, within params.reach × `reach`. Only eligible joints count, in size too.
void joinDetachedTrees(int start, const std::vector<char>& eligible,
                       const std::vector<Eigen::Vector3d>& position, double reach,
                       const DetachedTreeParams& params, std::vector<int>& parent);

/// `skeleton` with its detached deform trees joined to its largest one (their rest globals
/// kept): for analyses that follow the hierarchy (where the limbs branch off the trunk). The
/// skeleton itself, and what is exported, keeps the artist's roots.
Skeleton withDetachedTreesJoined(const Skeleton& skeleton, const DetachedTreeParams& params = {});

}  // namespace rw
