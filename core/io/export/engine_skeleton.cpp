#include "io/export/engine_skeleton.h"

#include <algorithm>

namespace rw {
namespace {

/// Where each joint goes: its new index (-1 when dropped) and, for every joint, the old index
/// of its nearest kept ancestor (-1 when none).
struct JointMap {
  std::vector<int> newIndex;
  std::vector<int> keptAncestor;

  int remap(int joint) const { return joint < 0 ? -1 : newIndex[joint]; }
  /// A kept joint whose parent was dropped: its local transforms must be baked.
  bool rebased(const Skeleton& s, int joint) const {
    return newIndex[joint] >= 0 && keptAncestor[joint] != s.joints[joint].parent;
  }
};

JointMap mapJoints(const Skeleton& s, const std::vector<bool>& keep) {
  JointMap m;
  m.newIndex.assign(s.joints.size(), -1);
  m.keptAncestor.assign(s.joints.size(), -1);
  int next = 0;
  for (int j = 0; j < s.size(); ++j) {
    int a = s.joints[j].parent;
    while (a >= 0 && !keep[a]) a = s.joints[a].parent;
    m.keptAncestor[j] = a;
    if (keep[j]) m.newIndex[j] = next++;
  }
  return m;
}

/// A local transform relative to the kept ancestor (the world when there is none).
Transform localTo(const std::vector<Transform>& globals, int ancestor, int joint) {
  return ancestor < 0 ? globals[joint] : Transform(globals[ancestor].inverse() * globals[joint]);
}

Skeleton keptSkeleton(const Skeleton& s, const JointMap& m) {
  const std::vector<Transform> rest = s.restGlobals();
  Skeleton out;
  for (int j = 0; j < s.size(); ++j) {
    if (m.newIndex[j] < 0) continue;
    Joint joint = s.joints[j];
    joint.parent = m.remap(m.keptAncestor[j]);
    joint.restLocal = localTo(rest, m.keptAncestor[j], j);
    out.joints.push_back(std::move(joint));
  }
  for (Constraint c : s.constraints) {
    const bool whole = m.remap(c.owner) >= 0 && (c.target < 0 || m.remap(c.target) >= 0) &&
                       (c.pole < 0 || m.remap(c.pole) >= 0);
    if (!whole) continue;  // its effect is in the baked keys
    c.owner = m.remap(c.owner);
    c.target = m.remap(c.target);
    c.pole = m.remap(c.pole);
    out.constraints.push_back(c);
  }
  return out;
}

SkinWeights keptSkin(const SkinWeights& skin, const JointMap& m) {
  SkinWeights out = skin;
  bool dropped = false;
  for (std::vector<Influence>& vertex : out.perVertex) {
    for (Influence& in : vertex) in.joint = in.joint < 0 ? -1 : m.remap(in.joint);
    const auto gone = std::remove_if(vertex.begin(), vertex.end(),
                                     [](const Influence& in) { return in.joint < 0; });
    dropped |= gone != vertex.end();
    vertex.erase(gone, vertex.end());
  }
  if (dropped) out.normalize();
  return out;
}

/// Every key time of the clip, sorted, without repeats.
std::vector<double> allKeyTimes(const AnimationClip& clip) {
  std::vector<double> times;
  for (const JointChannel& ch : clip.channels) {
    for (const VectorKey& k : ch.translation) times.push_back(k.time);
    for (const RotationKey& k : ch.rotation) times.push_back(k.time);
    for (const VectorKey& k : ch.scale) times.push_back(k.time);
  }
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  return times;
}

/// Keys of the rebased joints, from the posed globals of the whole old skeleton.
std::vector<JointChannel> bakedChannels(const AnimationClip& clip, const Skeleton& s,
                                        const JointMap& m) {
  std::vector<int> rebased;
  for (int j = 0; j < s.size(); ++j)
    if (m.rebased(s, j)) rebased.push_back(j);
  std::vector<JointChannel> out(rebased.size());
  if (rebased.empty()) return out;
  for (std::size_t k = 0; k < rebased.size(); ++k) out[k].joint = m.newIndex[rebased[k]];
  for (double t : allKeyTimes(clip)) {
    const std::vector<Transform> globals = s.globalsFromLocals(clip.sampleLocals(s, t));
    for (std::size_t k = 0; k < rebased.size(); ++k) {
      Eigen::Vector3d translation, scale;
      Eigen::Quaterniond rotation;
      decompose(localTo(globals, m.keptAncestor[rebased[k]], rebased[k]), translation, rotation,
                scale);
      JointChannel& ch = out[k];
      if (!ch.rotation.empty() && ch.rotation.back().value.dot(rotation) < 0)
        rotation.coeffs() = -rotation.coeffs();  // the same rotation, no flip between keys
      ch.translation.push_back({t, translation});
      ch.rotation.push_back({t, rotation});
      ch.scale.push_back({t, scale});
    }
  }
  return out;
}

AnimationClip keptClip(const AnimationClip& clip, const Skeleton& s, const JointMap& m) {
  AnimationClip out = clip;
  out.channels.clear();
  for (const JointChannel& ch : clip.channels) {
    if (ch.joint < 0 || ch.joint >= s.size() || m.newIndex[ch.joint] < 0 || m.rebased(s, ch.joint))
      continue;
    out.channels.push_back(ch);
    out.channels.back().joint = m.newIndex[ch.joint];
  }
  for (JointChannel& ch : bakedChannels(clip, s, m)) out.channels.push_back(std::move(ch));
  std::sort(out.channels.begin(), out.channels.end(),
            [](const JointChannel& a, const JointChannel& b) { return a.joint < b.joint; });
  return out;
}

std::string uniqueJointName(const Skeleton& s, const std::string& name) {
  std::string out = name;
  for (int k = 1; s.indexOf(out) >= 0; ++k) out = name + "_" + std::to_string(k);
  return out;
}

}  // namespace

std::vector<bool> deformingJoints(const Character& c) {
  std::vector<bool> deforming(c.skeleton.joints.size(), false);
  for (int j = 0; j < c.skeleton.size(); ++j) deforming[j] = c.skeleton.joints[j].deform;
  for (const std::vector<Influence>& vertex : c.skin.perVertex)
    for (const Influence& in : vertex)
      if (in.joint >= 0 && in.joint < c.skeleton.size() && in.weight > 0)
        deforming[in.joint] = true;
  return deforming;
}

Character keepJoints(const Character& c, const std::vector<bool>& keep) {
  if (std::all_of(keep.begin(), keep.end(), [](bool k) { return k; })) return c;
  const JointMap m = mapJoints(c.skeleton, keep);
  Character out = c;
  out.skeleton = keptSkeleton(c.skeleton, m);
  out.skin = keptSkin(c.skin, m);
  for (AnimationClip& clip : out.clips) clip = keptClip(clip, c.skeleton, m);
  return out;
}

Character withDeformBonesOnly(const Character& c) {
  return keepJoints(c, deformingJoints(c));
}

Character withSingleRoot(const Character& c, const std::string& name) {
  if (c.skeleton.roots().size() <= 1) return c;
  Character out = c;
  Joint root;
  root.name = uniqueJointName(c.skeleton, name);
  root.deform = false;  // it skins nothing; engines take it as the hierarchy's (and motion's) root
  for (Joint& j : out.skeleton.joints) j.parent = j.parent < 0 ? 0 : j.parent + 1;
  out.skeleton.joints.insert(out.skeleton.joints.begin(), root);
  for (Constraint& k : out.skeleton.constraints)
    for (int* index : {&k.owner, &k.target, &k.pole})
      if (*index >= 0) ++*index;
  for (std::vector<Influence>& vertex : out.skin.perVertex)
    for (Influence& in : vertex)
      if (in.joint >= 0) ++in.joint;
  for (AnimationClip& clip : out.clips)
    for (JointChannel& ch : clip.channels) ++ch.joint;
  return out;
}

}  // namespace rw
