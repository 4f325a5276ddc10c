#pragma once
// Runs the rigging pipeline (rw::RigSession) on a worker thread for the window. The UI thread
// only sends inputs and receives immutable results: it never computes.
//
// Requests are coalesced: while a run is in progress, a new request cancels it (Progress::cancel,
// honoured at the next stage boundary; stages already finished stay cached in the session) and
// is remembered; when the cancelled run returns, the latest request runs. So dragging a slider
// runs the pipeline as often as it can keep up with, always ending on the last value.
#include <QObject>
#include <QString>
#include <QThreadPool>
#include <memory>
#include <vector>

#include "autorig/autorig.h"
#include "character.h"
#include "session/rig_session.h"

namespace rw::ui {

/// What the pipeline is asked to compute. Head -1 = the `auto` suggestion (computed on the
/// worker: the highest point of the largest part; the skeleton's head joint by its layout).
struct SessionInputs {
  std::shared_ptr<const Mesh> mesh;
  std::shared_ptr<const Skeleton> skeleton;  ///< null: only the mesh stages (the graph overlay)
  /// The character `skeleton` was read with: its own mesh gives its artist's spine depth
  /// (own_spine_depth.h). Null for a skeleton without one.
  std::shared_ptr<const Character> skeletonCharacter;
  int meshHead = -1;      ///< welded vertex
  int skeletonHead = -1;  ///< joint
  RigParams params;
  /// Also grow an automatic skeleton (core/autorig) from the session's mesh stages: the same
  /// parameters and cache as the graph overlay, cancelled like any run.
  bool autorig = false;
};

/// One finished run, published to the UI thread.
struct SessionSnapshot {
  int request = 0;       ///< the request number it answers
  SessionInputs inputs;  ///< with the heads resolved
  std::shared_ptr<const MultiresGraph> multires;
  std::shared_ptr<const std::vector<GraphSymmetry>> meshSymmetry;
  std::shared_ptr<const SkeletonGraph> skeletonGraph;
  std::shared_ptr<const GraphSymmetry> skeletonSymmetry;
  std::shared_ptr<const GraphMatching> matching;
  std::shared_ptr<const RetargetedSkeleton> retargeted;
  /// With the embed and auto methods: each joint's method and the decision (null: retarget).
  std::shared_ptr<const FallbackPlacement> placement;
  std::shared_ptr<const AutorigResult> autorig;  ///< when asked for and the mesh stages ran
  std::vector<RigStage> lastRun;
  std::vector<StageTime> stageTimes;
  QString error;  ///< empty on success
  bool cancelled = false;
  QString meshHeadReason;  ///< why the head node is where it is (automatic, or moved off a loose
                           ///< part onto the body); empty when it is where it was picked
};

class SessionRunner : public QObject {
  Q_OBJECT

 public:
  explicit SessionRunner(QObject* parent = nullptr);
  ~SessionRunner() override;

  /// Asks for `inputs` to be computed; returns the request number.
  int request(const SessionInputs& inputs);
  /// Cancels the run in progress and forgets any waiting request.
  void cancel();
  bool busy() const { return running_; }
  /// Blocks until the worker is idle (tests, shutdown).
  void waitForIdle();
  int latestRequest() const { return requested_; }

 signals:
  /// A run finished (also when it failed; not when cancelled by a newer request).
  void finished(std::shared_ptr<const rw::ui::SessionSnapshot> snapshot);
  /// The user cancelled (cancel()), or a run was superseded with nothing left to run.
  void cancelled();
  /// Stage progress, forwarded from the worker.
  void progress(const QString& stage, double fraction);
  void busyChanged(bool busy);

 private:
  void start();
  void done(std::shared_ptr<SessionSnapshot> snapshot, bool userCancelled);

  struct Worker;
  std::shared_ptr<Worker> worker_;  ///< the session; only touched by the running task
  QThreadPool pool_;
  std::shared_ptr<Progress> progress_;
  SessionInputs latest_;
  int requested_ = 0;
  int started_ = 0;
  bool running_ = false;
  bool pending_ = false;
  bool userCancelled_ = false;
};

}  // namespace rw::ui

Q_DECLARE_METATYPE(std::shared_ptr<const rw::ui::SessionSnapshot>)
