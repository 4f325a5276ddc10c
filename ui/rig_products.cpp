#include "rig_products.h"

#include <QtConcurrent/QtConcurrentRun>
#include <chrono>
#include <exception>

#include "background_priority.h"
#include "motion/joint_correspondence.h"
#include "motion/retarget_motion.h"
#include "skin/bone_heat.h"

namespace rw::ui {

RigProductsJob::RigProductsJob(QObject* parent) : QObject(parent) {
  qRegisterMetaType<std::shared_ptr<const RigProducts>>();
}

RigProductsJob::~RigProductsJob() {
  if (progress_) progress_->cancel();
  if (watcher_) {
    watcher_->disconnect(this);
    watcher_->waitForFinished();
  }
}

RigProducts RigProductsJob::compute(const Character& meshCharacter,
                                    std::shared_ptr<const Skeleton> skeleton,
                                    const Character* motion, const Progress* progress) {
  using Clock = std::chrono::steady_clock;
  RigProducts products;
  products.skeleton = skeleton;
  try {
    const auto t0 = Clock::now();
    Expected<BoneHeatResult> heat = boneHeatWeights(meshCharacter.mesh, *skeleton, {}, progress);
    products.skinSeconds = std::chrono::duration<double>(Clock::now() - t0).count();
    if (!heat.ok()) {
      products.error = QString::fromStdString(heat.error().message);
      return products;
    }
    for (const std::string& note : heat.value().report.notes)
      products.notes << QString::fromStdString(note);
    products.skin = std::make_shared<const SkinWeights>(std::move(heat.value().weights));
    if (progress && progress->cancelled()) return products;

    if (motion && !motion->clips.empty() && !motion->skeleton.empty()) {
      const auto t1 = Clock::now();
      Expected<JointCorrespondence> map = matchJoints(motion->skeleton, *skeleton);
      if (!map.ok()) {
        products.error = QString::fromStdString(map.error().message);
        return products;
      }
      Expected<RetargetResult> moved =
          retargetMotion(motion->skeleton, motion->clips.front(), *skeleton, map.value());
      products.motionSeconds = std::chrono::duration<double>(Clock::now() - t1).count();
      if (!moved.ok()) {
        products.error = QString::fromStdString(moved.error().message);
        return products;
      }
      for (const std::string& note : moved.value().notes)
        products.notes << QString::fromStdString(note);
      products.clip = std::make_shared<const AnimationClip>(std::move(moved.value().clip));
    }
  } catch (const std::exception& e) {
    products.error = QStringLiteral("skinning failed: %1").arg(QString::fromUtf8(e.what()));
  }
  return products;
}

void RigProductsJob::start(std::shared_ptr<const Character> meshCharacter,
                           std::shared_ptr<const Skeleton> skeleton,
                           std::shared_ptr<const Character> motion) {
  if (progress_) progress_->cancel();  // superseded
  if (watcher_) watcher_->disconnect(this);
  const int generation = ++generation_;
  progress_ = std::make_shared<Progress>();
  auto* watcher = new QFutureWatcher<RigProducts>(this);
  watcher_ = watcher;
  connect(watcher, &QFutureWatcher<RigProducts>::finished, watcher, &QObject::deleteLater);
  connect(watcher, &QFutureWatcher<RigProducts>::finished, this, [this, watcher, generation] {
    if (generation != generation_) return;
    watcher_ = nullptr;
    progress_.reset();
    emit finished(std::make_shared<const RigProducts>(watcher->result()));
  });
  const std::shared_ptr<Progress> progress = progress_;
  watcher->setFuture(
      QtConcurrent::run(backgroundPool(), [meshCharacter, skeleton, motion, progress] {
        lowerThreadPriority();
        return compute(*meshCharacter, skeleton, motion.get(), progress.get());
      }));
}

}  // namespace rw::ui
