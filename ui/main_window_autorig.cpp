// Rig ▸ Automatic Skeleton: the automatic harmonic skeleton (core/autorig) computed on a worker
// thread and handed to the window as if it had been opened from a file.
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

#include "autorig/autorig.h"
#include "background_priority.h"
#include "character.h"
#include "main_window.h"

namespace rw::ui {

namespace {

struct AutoSkeletonResult {
  std::shared_ptr<const Character> character;  ///< the skeleton alone; null on failure
  QString message;                             ///< what was built, or why not
};

}  // namespace

void MainWindow::autoSkeleton() {
  const int head = character_ ? resolvedMeshHead() : -1;  // the picked head, or `auto`'s
  if (!character_ || character_->mesh.positions.empty() || head < 0) {
    const QString why = tr("Automatic skeleton: open a mesh and pick its head node first.");
    showFailed(QString(), why);
    emit autoSkeletonFailed(why);
    return;
  }
  const std::shared_ptr<const Character> mesh = character_;
  setMessage(tr("Growing a skeleton from the mesh…"), false);
  auto* watcher = new QFutureWatcher<AutoSkeletonResult>(this);
  connect(watcher, &QFutureWatcher<AutoSkeletonResult>::finished, this, [this, watcher] {
    const AutoSkeletonResult r = watcher->result();
    watcher->deleteLater();
    if (!r.character) {
      showFailed(QString(), r.message);
      emit autoSkeletonFailed(r.message);
      return;
    }
    showSkeletonLoaded(tr("automatic skeleton"), r.character);
    setSkeletonHead(r.character->skeleton.indexOf("head"));
    setMessage(r.message, false);
  });
  watcher->setFuture(QtConcurrent::run(backgroundPool(), [mesh, head]() -> AutoSkeletonResult {
    lowerThreadPriority();
    Expected<AutorigResult> rig = autorig(mesh->mesh, head);
    if (!rig)
      return {
          nullptr,
          QObject::tr("Automatic skeleton: %1").arg(QString::fromStdString(rig.error().message))};
    auto c = std::make_shared<Character>();
    c->skeleton = rig->skeleton;
    const char* kind = bodyClassName(rig->bodyClass());
    return {c, QObject::tr("Automatic skeleton: %1, %2 joints (Aujay 2007)")
                   .arg(QString::fromLatin1(kind))
                   .arg(c->skeleton.size())};
  }));
}

}  // namespace rw::ui
