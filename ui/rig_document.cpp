#include "rig_document.h"

#include <QFileInfo>

#include "character.h"

namespace rw::ui {

namespace {

QString absolutePath(const InputFile& file) {
  return file ? QFileInfo(file.path).absoluteFilePath() : QString();
}

}  // namespace

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

void RigDocument::openMesh(InputFile mesh, bool keepOtherInputs) {
  mesh_ = std::move(mesh);
  retarget_ = false;
  meshHead_ = skeletonHead_ = -1;
  params_.placement.pins.clear();  // they were put in the previous character
  if (!keepOtherInputs) clearSkeletonAndMotion();
}

void RigDocument::openSkeletonFile(InputFile skeleton) {
  skeletonFile_ = std::move(skeleton);
  skeletonHead_ = -1;
  params_.placement.pins.clear();  // joints of the previous skeleton
}

void RigDocument::openMotion(InputFile motion) {
  motion_ = std::move(motion);
}

void RigDocument::clearSkeletonAndMotion() {
  skeletonFile_ = {};
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
  restore(project.meshHead, skeletonHead, params);
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
  p.retarget = retarget_;
  return p;
}

}  // namespace rw::ui
