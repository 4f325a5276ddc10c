#include "rig_edits.h"

namespace rw::ui {

void RigEdits::setMeshHead(int weldedVertex) {
  if (weldedVertex == meshHead_) return;
  meshHead_ = weldedVertex;
  emit meshHeadChanged(weldedVertex);
}

void RigEdits::setSkeletonHead(int joint) {
  if (joint == skeletonHead_) return;
  skeletonHead_ = joint;
  emit skeletonHeadChanged(joint);
}

void RigEdits::setParams(const RigParams& params) {
  if (params == params_) return;
  params_ = params;
  emit paramsChanged(params_);
}

void RigEdits::restore(int meshHead, int skeletonHead, const RigParams& params) {
  meshHead_ = meshHead;
  skeletonHead_ = skeletonHead;
  params_ = params;
}

}  // namespace rw::ui
