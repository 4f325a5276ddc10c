#include "autorig/skeleton_builder.h"

namespace rw {

int SkeletonBuilder::add(const std::string& name, int parent, const Eigen::Vector3d& position,
                         JointTag tag, std::optional<Eigen::Vector3d> tail) {
  names_.push_back(name);
  parents_.push_back(parent);
  positions_.push_back(position);
  tails_.push_back(tail);
  tags_.push_back(std::move(tag));
  return size() - 1;
}

std::vector<int> SkeletonBuilder::addChain(const std::vector<std::string>& names, int parent,
                                           const std::vector<Eigen::Vector3d>& points,
                                           const JointTag& tag) {
  std::vector<int> joints;
  for (std::size_t i = 0; i + 1 < points.size() && i < names.size(); ++i) {
    parent = add(names[i], parent, points[i], tag);
    joints.push_back(parent);
  }
  if (!joints.empty()) setTail(joints.back(), points.back());
  return joints;
}

Skeleton SkeletonBuilder::skeleton() const {
  Skeleton s;
  for (int j = 0; j < size(); ++j) {
    Joint joint;
    joint.name = names_[j];
    joint.parent = parents_[j];
    joint.restLocal = Transform::Identity();
    joint.restLocal.translation() =
        positions_[j] - (parents_[j] >= 0 ? positions_[parents_[j]] : Eigen::Vector3d::Zero());
    joint.tail = tails_[j];
    s.joints.push_back(std::move(joint));
  }
  return s;
}

std::map<std::string, JointTag> SkeletonBuilder::tags() const {
  std::map<std::string, JointTag> out;
  for (int j = 0; j < size(); ++j) out[names_[j]] = tags_[j];
  return out;
}

JointTag primaryTag() {
  return {"primary", "", 0};
}
JointTag axialTag(bool left) {
  return {"axial", left ? "left" : "right", 0};
}
JointTag radialTag(int index) {
  return {"radial", "", index};
}
JointTag noneTag() {
  return {"none", "", 0};
}

}  // namespace rw
