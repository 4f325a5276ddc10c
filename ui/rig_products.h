#pragma once
// What follows a retargeted skeleton, computed on a worker thread: bone-heat skin weights of the
// mesh for it (Baran & Popović §4) and every clip of the motion file retargeted onto the rigged
// character (Lu 2009, standing on the rest mesh's floor). A newer skeleton supersedes a job still
// running (it is cancelled; its result dropped).
#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QObject>
#include <QStringList>
#include <memory>
#include <vector>

#include "character.h"
#include "skin/weight_paint.h"
#include "util/progress.h"

namespace rw::ui {

struct RigProducts {
  std::shared_ptr<const Skeleton> skeleton;  ///< the skeleton they were made for
  std::shared_ptr<const SkinWeights> skin;   ///< null if skinning failed
  /// Every clip of the motion that could be retargeted, in the file's order, at its own frame
  /// rate; names are unique (a repeated name gets Blender's `.001` suffix). Empty without a motion.
  std::vector<std::shared_ptr<const AnimationClip>> clips;
  QStringList failedClips;  ///< clips of the motion that could not be retargeted (notes say why)
  QString error;            ///< what failed, if anything
  QStringList notes;
  double skinSeconds = 0.0, motionSeconds = 0.0;
};

class RigProductsJob : public QObject {
  Q_OBJECT

 public:
  explicit RigProductsJob(QObject* parent = nullptr);
  ~RigProductsJob() override;

  /// Skins `mesh` for `skeleton`; with `motion` (a character with a skeleton and clips),
  /// also retargets each of its clips onto the skinned character.
  /// `painted`: weights painted by hand, put over bone heat's (may be null).
  void start(std::shared_ptr<const Character> meshCharacter,
             std::shared_ptr<const Skeleton> skeleton, std::shared_ptr<const Character> motion,
             std::shared_ptr<const PaintedWeights> painted = nullptr);
  bool busy() const { return watcher_ != nullptr; }
  /// Computes on the calling thread (what the worker runs).
  static RigProducts compute(const Character& meshCharacter,
                             std::shared_ptr<const Skeleton> skeleton, const Character* motion,
                             const Progress* progress, const PaintedWeights* painted = nullptr);

 signals:
  void finished(std::shared_ptr<const rw::ui::RigProducts> products);

 private:
  QFutureWatcher<RigProducts>* watcher_ = nullptr;
  std::shared_ptr<Progress> progress_;
  int generation_ = 0;
};

}  // namespace rw::ui

Q_DECLARE_METATYPE(std::shared_ptr<const rw::ui::RigProducts>)
