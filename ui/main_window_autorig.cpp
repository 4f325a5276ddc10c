// Rig ▸ Automatic Skeleton: the automatic harmonic skeleton (core/autorig) grown on the session's
// worker from its cached mesh stages — the dock's parameters, no field or Reeb graph computed
// twice, cancelled like any run — and handed to the window as if it had been opened from a file.
#include "autorig/autorig.h"
#include "character.h"
#include "main_window.h"
#include "session_runner.h"

namespace rw::ui {

void MainWindow::autoSkeleton() {
  if (!character() || character()->mesh.positions.empty()) {
    const QString why = tr("Automatic skeleton: open a mesh first.");
    showFailed(QString(), why);
    emit autoSkeletonFailed(why);
    return;
  }
  autorigWanted_ = true;
  setMessage(tr("Growing a skeleton from the mesh…"), false);
  requestRun();
}

void MainWindow::applyAutomaticSkeleton(const SessionSnapshot& snapshot) {
  autorigWanted_ = false;
  if (!snapshot.autorig) {
    const QString why =
        tr("Automatic skeleton: %1")
            .arg(snapshot.error.isEmpty() ? tr("the mesh graph has no levels") : snapshot.error);
    showFailed(QString(), why);
    emit autoSkeletonFailed(why);
    return;
  }
  auto c = std::make_shared<Character>();
  c->skeleton = snapshot.autorig->skeleton;
  QString message = tr("Automatic skeleton: %1, %2 joints (Aujay 2007): %3")
                        .arg(QString::fromLatin1(bodyClassName(snapshot.autorig->bodyClass())))
                        .arg(c->skeleton.size())
                        .arg(QString::fromStdString(snapshot.autorig->classification.reason));
  if (!snapshot.meshHeadReason.isEmpty())
    message += tr("; head node: %1").arg(snapshot.meshHeadReason);
  showSkeletonLoaded(tr("automatic skeleton"), c);
  setSkeletonHead(c->skeleton.indexOf("head"));
  setMessage(message, false);
}

}  // namespace rw::ui
