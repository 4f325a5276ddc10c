#include "rig_document.h"

#include <QFileInfo>
#include <cmath>

#include "character.h"

namespace rw::ui {

namespace {

QString absolutePath(const InputFile& file) {
  return file ? QFileInfo(file.path).absoluteFilePath() : QString();
}

}  // namespace

std::shared_ptr<const Character> RigDocument::skeletonCharacter() const {
  if (skeletonFile_) return skeletonFile_.character;
  if (mesh_ && !mesh_.character->skeleton.empty()) return mesh_.character;
  return nullptr;
}

std::shared_ptr<const Skeleton> RigDocument::sourceSkeleton() const {
  if (skeletonFile_) return {skeletonFile_.character, &skeletonFile_.character->skeleton};
  if (mesh_ && !mesh_.character->skeleton.empty())
    return {mesh_.character, &mesh_.character->skeleton};
  return nullptr;
}

bool RigDocument::hasMesh() const {
  return mesh_ && !mesh_.character->mesh.empty();
}

void RigDocument::setMeshHead(int weldedVertex) {
  if (weldedVertex == meshHead_) return;
  meshHead_ = weldedVertex;
  emit meshHeadChanged(weldedVertex);
}

void RigDocument::setSkeletonHead(int joint) {
  if (joint == skeletonHead_) return;
  skeletonHead_ = joint;
  emit skeletonHeadChanged(joint);
}

void RigDocument::setParams(const RigParams& params) {
  if (params == params_) return;
  params_ = params;
  emit paramsChanged(params_);
}

void RigDocument::setPaintedWeights(std::shared_ptr<const PaintedWeights> painted) {
  if (!painted) painted = std::make_shared<const PaintedWeights>();
  if (painted == painted_) return;
  painted_ = std::move(painted);
  emit paintedWeightsChanged();
}

void RigDocument::openMesh(InputFile mesh, bool keepOtherInputs) {
  mesh_ = std::move(mesh);
  retarget_ = false;
  meshHead_ = skeletonHead_ = -1;
  params_.placement.pins.clear();  // they were put in the previous character
  painted_ = std::make_shared<const PaintedWeights>();
  if (!keepOtherInputs) clearSkeletonAndMotion();
}

void RigDocument::openSkeletonFile(InputFile skeleton) {
  skeletonFile_ = std::move(skeleton);
  skeletonHead_ = -1;
  params_.placement.pins.clear();  // joints of the previous skeleton
  params_.placement.rolls.clear();
  painted_ = std::make_shared<const PaintedWeights>();
}

void RigDocument::openMotion(InputFile motion) {
  motion_ = std::move(motion);
}

void RigDocument::clearSkeletonAndMotion() {
  skeletonFile_ = {};
  params_.placement.rolls.clear();  // they turned the cleared skeleton's bones
  motion_ = {};
}

void RigDocument::restore(int meshHead, int skeletonHead, const RigParams& params) {
  meshHead_ = meshHead;
  skeletonHead_ = skeletonHead;
  params_ = params;
}

QString RigDocument::restoreProject(const Project& project) {
  const std::shared_ptr<const Skeleton> skeleton = sourceSkeleton();
  int skeletonHead = -1;
  QString missing;
  if (!project.skeletonHead.isEmpty() && skeleton) {
    skeletonHead = skeleton->indexOf(project.skeletonHead.toStdString());
    if (skeletonHead < 0) missing = project.skeletonHead;
  }
  RigParams params = project.params;
  params.placement.pins.clear();
  for (const ProjectPin& pin : project.pins) {
    const int joint = skeleton ? skeleton->indexOf(pin.joint.toStdString()) : -1;
    if (joint >= 0) params.placement.pins.push_back({joint, pin.position});
  }
  params.placement.rolls.clear();
  for (const ProjectRoll& roll : project.rolls) {
    const int joint = skeleton ? skeleton->indexOf(roll.joint.toStdString()) : -1;
    if (joint >= 0) params.placement.rolls.push_back({joint, roll.degrees * M_PI / 180.0});
  }
  restore(project.meshHead, skeletonHead, params);
  auto painted = std::make_shared<PaintedWeights>();
  for (const auto& [vertex, influences] : project.painted)
    for (const auto& [name, weight] : influences)
      if (const int joint = skeleton ? skeleton->indexOf(name.toStdString()) : -1; joint >= 0)
        (*painted)[vertex].push_back({joint, weight});
  painted_ = std::move(painted);
  retarget_ = project.retarget && skeleton;
  return missing;
}

Project RigDocument::project() const {
  Project p;
  p.meshPath = absolutePath(mesh_);
  p.skeletonPath = absolutePath(skeletonFile_);
  p.motionPath = absolutePath(motion_);
  p.meshHead = meshHead_;
  const std::shared_ptr<const Skeleton> skeleton = sourceSkeleton();
  if (skeleton && skeletonHead_ >= 0 && skeletonHead_ < skeleton->size())
    p.skeletonHead = QString::fromStdString(skeleton->joints[skeletonHead_].name);
  p.params = params_;
  p.params.placement.pins.clear();
  for (const JointPin& pin : params_.placement.pins)
    if (skeleton && pin.joint >= 0 && pin.joint < skeleton->size())
      p.pins.push_back({QString::fromStdString(skeleton->joints[pin.joint].name), pin.position});
  p.params.placement.rolls.clear();
  for (const JointRoll& roll : params_.placement.rolls)
    if (skeleton && roll.joint >= 0 && roll.joint < skeleton->size())
      p.rolls.push_back(
          {QString::fromStdString(skeleton->joints[roll.joint].name), roll.roll * 180.0 / M_PI});
  for (const auto& [vertex, influences] : *painted_)
    for (const Influence& i : influences)
      if (skeleton && i.joint >= 0 && i.joint < skeleton->size())
        p.painted[vertex].emplace_back(QString::fromStdString(skeleton->joints[i.joint].name),
                                       i.weight);
  p.retarget = retarget_;
  return p;
}

}  // namespace rw::ui
