#include "session_runner.h"

#include <QCoreApplication>
#include <QMetaObject>
#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>
#include <exception>
#include <optional>

#include "background_priority.h"
#include "field/auto_head.h"
#include "retarget/own_spine_depth.h"
#include "retarget/skeleton_head.h"

namespace rw::ui {

namespace {

/// The `auto` skeleton head: the head joint of the body layout, else the first root.

}  // namespace

/// Owns the session; touched only by the one task running at a time (the pool has one thread,
/// and a task is started only after the previous one finished).
struct SessionRunner::Worker {
  RigSession session;
  /// The last skeleton character's own spine depth, measured once per character.
  std::shared_ptr<const Character> spineDepthOf;
  std::optional<OwnSpineDepth> spineDepth;
  /// Its head joint's reach (ownHeadReach), for the head joint it was measured from.
  int headReachOf = -1;
  std::optional<double> headReach;

  /// Sets the params' spine depth from the skeleton's own mesh, when it has one.
  void useOwnSpineDepth(SessionInputs& inputs) {
    if (!inputs.skeleton || !inputs.skeletonCharacter) return;
    if (inputs.skeletonCharacter != spineDepthOf) {
      spineDepth = ownSpineDepth(*inputs.skeletonCharacter);
      spineDepthOf = inputs.skeletonCharacter;
      headReachOf = -1;
    }
    if (!spineDepth) return;
    inputs.params.spineDepth.fromBelly = spineDepth->median;
    inputs.params.spineDepth.profile = spineDepth->profile;
    inputs.params.spineDepth.neckProfile = spineDepth->neck;
    if (headReachOf != inputs.skeletonHead) {
      headReach = ownHeadReach(*inputs.skeletonCharacter, inputs.skeletonHead);
      headReachOf = inputs.skeletonHead;
    }
    inputs.params.placement.ownHeadReach = headReach;
  }

  /// The automatic skeleton from the session's cached mesh stages (null without them).
  std::shared_ptr<const AutorigResult> automaticSkeleton(const SessionInputs& inputs) const {
    if (!inputs.mesh || !session.field() || !session.reeb() || !session.multires() ||
        !session.meshSymmetry() || session.multires()->levels.empty() ||
        session.meshSymmetry()->empty())
      return nullptr;
    AutorigOptions options;
    options.graph = inputs.params.mesh;
    return std::make_shared<const AutorigResult>(autorigFromStages(
        *inputs.mesh,
        {*session.field(), *session.reeb(), *session.multires(), *session.meshSymmetry()},
        options));
  }

  std::shared_ptr<SessionSnapshot> run(SessionInputs inputs, const Progress* progress) {
    auto snapshot = std::make_shared<SessionSnapshot>();
    try {
      if (inputs.mesh && inputs.meshHead < 0) {
        Expected<AutoHead> head = findHeadVertex(*inputs.mesh);
        if (!head.ok()) {
          snapshot->error = QString::fromStdString(head.error().message);
          snapshot->inputs = inputs;
          return snapshot;
        }
        inputs.meshHead = head->vertex;
        snapshot->meshHeadReason = QString::fromStdString(head->reason);
      }
      if (inputs.skeleton && inputs.skeletonHead < 0)
        inputs.skeletonHead = guessSkeletonHead(*inputs.skeleton).joint;
      useOwnSpineDepth(inputs);
      snapshot->inputs = inputs;
      session.setMesh(inputs.mesh);
      session.setSkeleton(inputs.skeleton);
      if (inputs.mesh) session.setMeshHead(inputs.meshHead);
      if (inputs.skeleton) session.setSkeletonHead(inputs.skeletonHead);
      session.setParams(inputs.params);
      const Status status = session.run(progress);
      if (session.field() && !session.field()->headNote.empty())  // moved onto the body
        snapshot->meshHeadReason =
            (snapshot->meshHeadReason.isEmpty() ? QString() : snapshot->meshHeadReason + "; ") +
            QString::fromStdString(session.field()->headNote);
      if (status) {
        snapshot->error = QString::fromStdString(status->message);
        snapshot->cancelled = progress && progress->cancelled();
      } else if (inputs.autorig) {
        snapshot->autorig = automaticSkeleton(inputs);
      }
    } catch (const std::exception& e) {
      snapshot->error = QStringLiteral("the pipeline failed: %1").arg(QString::fromUtf8(e.what()));
    }
    snapshot->multires = session.multires();
    snapshot->meshSymmetry = session.meshSymmetry();
    snapshot->skeletonGraph = session.skeletonGraph();
    snapshot->skeletonSymmetry = session.skeletonSymmetry();
    snapshot->matching = session.matching();
    snapshot->retargeted = session.retargeted();
    snapshot->placement = session.placement();
    snapshot->lastRun = session.lastRun();
    snapshot->stageTimes = session.stageTimes();
    return snapshot;
  }
};

SessionRunner::SessionRunner(QObject* parent)
    : QObject(parent), worker_(std::make_shared<Worker>()) {
  qRegisterMetaType<std::shared_ptr<const SessionSnapshot>>();
  pool_.setMaxThreadCount(1);
  // The session's thread stays alive between runs (no re-creation per drag event).
  pool_.setExpiryTimeout(-1);
}

SessionRunner::~SessionRunner() {
  if (progress_) progress_->cancel();
  pending_ = false;
  pool_.waitForDone();
}

int SessionRunner::request(const SessionInputs& inputs) {
  latest_ = inputs;
  ++requested_;
  userCancelled_ = false;
  if (running_) {
    pending_ = true;
    if (progress_) progress_->cancel();  // obsolete: the new inputs replace it
  } else {
    start();
  }
  return requested_;
}

void SessionRunner::cancel() {
  pending_ = false;
  if (running_) {
    userCancelled_ = true;
    if (progress_) progress_->cancel();
  }
}

void SessionRunner::waitForIdle() {
  while (running_) {
    pool_.waitForDone();
    QCoreApplication::sendPostedEvents(this);  // deliver done() and maybe start the next run
  }
}

void SessionRunner::start() {
  running_ = true;
  pending_ = false;
  started_ = requested_;
  emit busyChanged(true);
  const QPointer<SessionRunner> self(this);
  progress_ = std::make_shared<Progress>([self](std::string_view stage, double fraction) {
    const QString name = QString::fromUtf8(stage.data(), qsizetype(stage.size()));
    QMetaObject::invokeMethod(
        self.data(),
        [self, name, fraction] {
          if (self) emit self->progress(name, fraction);
        },
        Qt::QueuedConnection);
  });
  const std::shared_ptr<Worker> worker = worker_;
  const std::shared_ptr<Progress> progress = progress_;
  const SessionInputs inputs = latest_;
  const int request = started_;
  // The result travels back through done(); the future itself is not needed.
  (void)QtConcurrent::run(&pool_, [self, worker, progress, inputs, request] {
    lowerThreadPriority();
    std::shared_ptr<SessionSnapshot> snapshot = worker->run(inputs, progress.get());
    snapshot->request = request;
    QMetaObject::invokeMethod(
        self.data(),
        [self, snapshot] {
          if (self) self->done(snapshot, self->userCancelled_);
        },
        Qt::QueuedConnection);
  });
}

void SessionRunner::done(std::shared_ptr<SessionSnapshot> snapshot, bool userCancelled) {
  running_ = false;
  progress_.reset();
  if (pending_) {
    // Superseded: its finished stages are cached; show them only if it was not cut short.
    if (!snapshot->cancelled) emit finished(snapshot);
    start();
    return;
  }
  emit busyChanged(false);
  if (snapshot->cancelled || userCancelled) {
    userCancelled_ = false;
    emit cancelled();
    return;
  }
  emit finished(snapshot);
}

}  // namespace rw::ui
