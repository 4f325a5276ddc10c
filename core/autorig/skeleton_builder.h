#pragma once
// Builds a Skeleton from joints given by their rest position in character space (the harmonic
// skeleton's embedded nodes), each with its symmetry tag for the rig file. Rest transforms are
// pure translations: the embedding gives positions, and bone directions follow from the
// children and tails.
#include <Eigen/Core>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "io/rig_json.h"
#include "skeleton/skeleton.h"

namespace rw {

class SkeletonBuilder {
 public:
  /// Adds a joint (parent -1 for the root; parents must be added first) and returns its index.
  int add(const std::string& name, int parent, const Eigen::Vector3d& position, JointTag tag,
          std::optional<Eigen::Vector3d> tail = std::nullopt);
  /// Adds one joint per point of `points` but the last, chained under `parent`; the last point
  /// is the tail of the last joint. Names are `names[i]`. Returns the joints added.
  std::vector<int> addChain(const std::vector<std::string>& names, int parent,
                            const std::vector<Eigen::Vector3d>& points, const JointTag& tag);
  void setTail(int joint, const Eigen::Vector3d& tail) { tails_[joint] = tail; }
  const Eigen::Vector3d& position(int joint) const { return positions_[joint]; }
  int size() const { return int(names_.size()); }

  Skeleton skeleton() const;
  /// Tags by joint name (RigDocument::symmetryTags).
  std::map<std::string, JointTag> tags() const;

 private:
  std::vector<std::string> names_;
  std::vector<int> parents_;
  std::vector<Eigen::Vector3d> positions_;
  std::vector<std::optional<Eigen::Vector3d>> tails_;
  std::vector<JointTag> tags_;
};

/// JointTag for a limb side, "left"/"right" names (anatomical, see autorig.h).
JointTag primaryTag();
JointTag axialTag(bool left);
JointTag radialTag(int index);
JointTag noneTag();

}  // namespace rw
