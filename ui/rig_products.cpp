#include "rig_products.h"

#include <QtConcurrent/QtConcurrentRun>
#include <chrono>
#include <exception>
#include <set>
#include <string>

#include "background_priority.h"
#include "motion/joint_correspondence.h"
#include "motion/retarget_character.h"
#include "skin/bone_heat.h"

namespace rw::ui {

namespace {

/// `name`, or the first free Blender-style variant (`name.001`, `name.002`, …) when it is
/// taken: the clip picker and the exported file tell clips apart by name alone.
std::string uniqueName(const std::string& name, std::set<std::string>& taken) {
  const std::string base = name.empty() ? std::string("clip") : name;
  std::string candidate = base;
  for (int i = 1; taken.count(candidate); ++i)
    candidate = base + QStringLiteral(".%1").arg(i, 3, 10, QLatin1Char('0')).toStdString();
  taken.insert(candidate);
  return candidate;
}

/// Retargets every clip of `motion` onto `target`, into products.clips. A clip that fails is a
/// note naming it and the others go on; only when none succeeds is it an error.
void retargetClips(const Character& motion, const Character& target, RigProducts& products,
                   const Progress* progress) {
  Expected<JointCorrespondence> map =
      matchJoints(motion.skeleton, target.skeleton, {}, matchParamsFor(motion, target));
  if (!map.ok()) {
    products.error = QString::fromStdString(map.error().message);
    return;
  }
  std::set<std::string> names;
  QString firstFailure;
  for (const AnimationClip& clip : motion.clips) {
    if (progress && progress->cancelled()) return;  // superseded: the result is dropped anyway
    const QString name = QString::fromStdString(clip.name);
    QString failure;
    try {
      Expected<RetargetResult> moved = retargetOntoCharacter(motion, clip, target, map.value());
      if (moved.ok()) {
        for (const std::string& note : moved.value().notes)
          products.notes << QStringLiteral("%1: %2").arg(name, QString::fromStdString(note));
        moved.value().clip.name = uniqueName(clip.name, names);
        products.clips.push_back(
            std::make_shared<const AnimationClip>(std::move(moved.value().clip)));
        continue;
      }
      failure = QString::fromStdString(moved.error().message);
    } catch (const std::exception& e) {
      failure = QString::fromUtf8(e.what());
    }
    products.notes << QObject::tr("clip '%1' was not retargeted: %2").arg(name, failure);
    products.failedClips << name;
    if (firstFailure.isEmpty()) firstFailure = failure;
  }
  if (products.clips.empty() && !firstFailure.isEmpty())
    products.error = QObject::tr("no clip could be retargeted: %1").arg(firstFailure);
}

/// The rigged character the motion is put on: its rest mesh gives the floor and the soles.
Character riggedCharacter(const Character& meshCharacter, const Skeleton& skeleton,
                          const SkinWeights& skin) {
  Character rigged;
  rigged.sourcePath = meshCharacter.sourcePath;
  rigged.mesh = meshCharacter.mesh;
  rigged.skeleton = skeleton;
  rigged.skin = skin;
  return rigged;
}

}  // namespace

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
                                    const Character* motion, const Progress* progress,
                                    const PaintedWeights* painted) {
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
    SkinWeights weights = std::move(heat.value().weights);
    if (painted && !painted->empty()) {
      applyPaintedWeights(weights, *painted, skeleton->size());
      products.notes
          << QObject::tr("%1 vertices keep the weights painted by hand").arg(painted->size());
    }
    products.skin = std::make_shared<const SkinWeights>(std::move(weights));
    if (progress && progress->cancelled()) return products;

    if (motion && !motion->clips.empty() && !motion->skeleton.empty()) {
      const auto t1 = Clock::now();
      retargetClips(*motion, riggedCharacter(meshCharacter, *skeleton, *products.skin), products,
                    progress);
      products.motionSeconds = std::chrono::duration<double>(Clock::now() - t1).count();
    }
  } catch (const std::exception& e) {
    products.error = QStringLiteral("skinning failed: %1").arg(QString::fromUtf8(e.what()));
  }
  return products;
}

void RigProductsJob::start(std::shared_ptr<const Character> meshCharacter,
                           std::shared_ptr<const Skeleton> skeleton,
                           std::shared_ptr<const Character> motion,
                           std::shared_ptr<const PaintedWeights> painted) {
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
      QtConcurrent::run(backgroundPool(), [meshCharacter, skeleton, motion, progress, painted] {
        lowerThreadPriority();
        return compute(*meshCharacter, skeleton, motion.get(), progress.get(), painted.get());
      }));
}

}  // namespace rw::ui
