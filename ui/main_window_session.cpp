// MainWindow's side of the pipeline: inputs sent to the worker, results shown, undoable edits,
// playback, project files, autosave and export.
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QLabel>
#include <QProgressBar>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStandardPaths>
#include <QToolButton>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <cmath>

#include "background_priority.h"
#include "character.h"
#include "character_loader.h"
#include "elided_label.h"
#include "io/export/export_character.h"
#include "joint_dock.h"
#include "main_window.h"
#include "outliner_dock.h"
#include "parameter_dock.h"
#include "picking.h"
#include "rig_products.h"
#include "session_runner.h"
#include "skeleton/bone_roll.h"
#include "symmetry/mirror_joints.h"
#include "timeline_widget.h"
#include "undo_commands.h"
#include "viewport_widget.h"

namespace rw::ui {

namespace {

/// Short stage names for the status bar (the session's labels, translated).
QString stageLabel(RigStage stage) {
  return QCoreApplication::translate("RigStage", rigStageLabel(stage));
}

/// The status line for finished rig products: the next step first (for an artist new to the
/// tool; the line is elided from the end in a small window), then the skinning time and how
/// many clips were retargeted, naming those that were not.
QString productsSummary(const RigProducts& products) {
  const int clips = int(products.clips.size());
  QString text = clips > 0 ? QObject::tr(
                                 "Rig ready. Next: Space plays the clip, W moves a joint, P paints "
                                 "weights, Ctrl+E exports")
                           : QObject::tr(
                                 "Rig ready. Next: W moves a joint, P paints weights, Ctrl+E "
                                 "exports");
  text += QObject::tr(" · skin weights in %1 s").arg(products.skinSeconds, 0, 'f', 2);
  if (clips > 0)
    text += (clips == 1 ? QObject::tr(", the clip retargeted in %1 s")
                        : QObject::tr(", %1 clips retargeted in %2 s").arg(clips))
                .arg(products.motionSeconds, 0, 'f', 2);
  if (!products.failedClips.isEmpty())  // a failure goes first, where it is not elided
    text = QObject::tr("Clips not retargeted: %1 · ")
               .arg(products.failedClips.join(QStringLiteral(", "))) +
           text;
  return text;
}

}  // namespace

std::shared_ptr<const Skeleton> MainWindow::sourceSkeleton() const {
  return document_->sourceSkeleton();
}

int MainWindow::resolvedMeshHead() const {
  if (document_->meshHead() >= 0) return document_->meshHead();
  return snapshot_ ? snapshot_->inputs.meshHead : -1;
}

int MainWindow::resolvedSkeletonHead() const {
  if (document_->skeletonHead() >= 0) return document_->skeletonHead();
  return snapshot_ && snapshot_->inputs.skeleton == sourceSkeleton()
             ? snapshot_->inputs.skeletonHead
             : -1;
}

void MainWindow::requestRun() {
  if (!character() || character()->mesh.empty()) return;
  SessionInputs inputs;
  inputs.mesh = std::shared_ptr<const Mesh>(character(), &character()->mesh);
  if (document_->retarget()) {
    inputs.skeleton = sourceSkeleton();
    inputs.skeletonCharacter = document_->skeletonCharacter();
  }
  inputs.meshHead = document_->meshHead();
  inputs.skeletonHead = inputs.skeleton ? document_->skeletonHead() : -1;
  inputs.params = document_->params();
  inputs.autorig = autorigWanted_;
  runner_->request(inputs);
}

void MainWindow::retarget() {
  if (!character() || character()->mesh.empty()) {
    setMessage(tr("Open a mesh first (File ▸ Open Mesh)."), true);
    return;
  }
  if (!sourceSkeleton()) {
    setMessage(tr("Open a skeleton first (File ▸ Open Skeleton)."), true);
    return;
  }
  document_->setRetarget(true);
  markDirty();
  setMessage(tr("Retargeting…"), false);
  requestRun();
}

void MainWindow::cancelRun() {
  runner_->cancel();
}

void MainWindow::applySnapshot(std::shared_ptr<const SessionSnapshot> snapshot) {
  // Results of a superseded character are dropped.
  if (!character() || snapshot->inputs.mesh.get() != &character()->mesh) return;
  if (!snapshot->error.isEmpty()) {
    setMessage(tr("The pipeline stopped: %1").arg(snapshot->error), true);
    reportError(tr("Pipeline error"), snapshot->error);
  }
  const bool skeletonChanged = !snapshot_ || snapshot_->retargeted != snapshot->retargeted;
  snapshot_ = std::move(snapshot);
  if (snapshot_->inputs.autorig && autorigWanted_) applyAutomaticSkeleton(*snapshot_);

  QStringList times;
  for (const StageTime& t : snapshot_->stageTimes)
    times << QStringLiteral("%1 %2 ms")
                 .arg(stageLabel(t.stage))
                 .arg(t.seconds * 1000.0, 0, 'f', t.seconds < 0.01 ? 1 : 0);
  timings_->setFullText(times.join(QStringLiteral(" · ")));

  const int levels = snapshot_->multires ? snapshot_->multires->levelCount() : 0;
  {
    const QSignalBlocker block(levelBox_);
    levelBox_->setRange(0, std::max(0, levels - 1));
    displayLevel_ = std::clamp(displayLevel_, 0, std::max(0, levels - 1));
    levelBox_->setValue(displayLevel_);
  }
  updateOverlay();
  if (skeletonChanged) {
    if (snapshot_->retargeted && document_->retarget()) {
      const std::shared_ptr<const Skeleton> rig(snapshot_->retargeted,
                                                &snapshot_->retargeted->skeleton);
      productsJob_->start(character(), rig, motion(), document_->paintedWeights());
      updateStillFrames();
      if (snapshot_->error.isEmpty())
        setMessage(
            tr("Retargeted %1 bones into the mesh; computing skin weights…").arg(rig->size()) +
                (snapshot_->meshHeadReason.isEmpty()
                     ? QString()
                     : tr(" Head node: %1.").arg(snapshot_->meshHeadReason)) +
                (snapshot_->placement
                     ? tr(" Placement: %1 (%2).")
                           .arg(QString::fromStdString(snapshot_->placement->decision),
                                QString::fromStdString(snapshot_->placement->reason))
                     : QString()),
            false);
    }
  }
  updateSkeletonView();
  emit sessionUpdated();
}

void MainWindow::applyProducts(std::shared_ptr<const RigProducts> products) {
  if (!snapshot_ || !snapshot_->retargeted ||
      products->skeleton.get() != &snapshot_->retargeted->skeleton)
    return;  // made for a skeleton that has since changed
  products_ = std::move(products);
  if (!products_->error.isEmpty()) {
    setMessage(tr("Skinning or motion failed: %1").arg(products_->error), true);
    reportError(tr("Skinning failed"), products_->error);
  } else {
    setMessage(productsSummary(*products_), !products_->failedClips.isEmpty());
  }
  updateSkeletonView();
  emit productsReady();
}

void MainWindow::updateOverlay() {
  if (!snapshot_ || !snapshot_->multires || displayLevel_ >= snapshot_->multires->levelCount()) {
    viewport_->setGraphOverlay({});
  } else {
    const GraphSymmetry* symmetry =
        snapshot_->meshSymmetry && displayLevel_ < int(snapshot_->meshSymmetry->size())
            ? &(*snapshot_->meshSymmetry)[displayLevel_]
            : nullptr;
    viewport_->setGraphOverlay(
        render::buildGraphOverlay(snapshot_->multires->levels[displayLevel_].graph, symmetry));
  }
  viewport_->setHeadNodes(resolvedMeshHead(), resolvedSkeletonHead());
}

void MainWindow::updateSkeletonView() {
  std::shared_ptr<const Skeleton> shown;
  std::shared_ptr<const SkinWeights> skin;
  std::shared_ptr<const SessionSnapshot> info;
  if (document_->retarget() && snapshot_ && snapshot_->retargeted) {
    shown =
        std::shared_ptr<const Skeleton>(snapshot_->retargeted, &snapshot_->retargeted->skeleton);
    if (products_ && products_->skeleton == shown) skin = products_->skin;
    info = snapshot_;
  } else if (skeletonFile()) {
    shown = sourceSkeleton();
    info = snapshot_ && snapshot_->inputs.skeleton == shown ? snapshot_ : nullptr;
  } else if (character() && !character()->skeleton.empty()) {
    shown = sourceSkeleton();
    if (!character()->skin.empty()) skin = {character(), &character()->skin};
    info = snapshot_ && snapshot_->inputs.skeleton == shown ? snapshot_ : nullptr;
  }
  if (shown != viewport_->skeleton() || skin != viewport_->skin()) {
    viewport_->setSkeleton(shown, skin);
    outliner_->setSkeleton(shown, info);
    updateTimeline();
  } else {
    outliner_->setSkeleton(shown, info);
  }
  outliner_->setSelectedJoint(viewport_->selectedJoint());
  viewport_->setHeadNodes(resolvedMeshHead(), resolvedSkeletonHead());
  updateJointEditing();
  updateCounts();
}

std::vector<std::shared_ptr<const AnimationClip>> MainWindow::playableClips() const {
  const std::shared_ptr<const Skeleton> shown = viewport_->skeleton();
  if (products_ && !products_->clips.empty() && shown == products_->skeleton)
    return products_->clips;
  std::vector<std::shared_ptr<const AnimationClip>> own;
  if (character() && shown && shown.get() == &character()->skeleton)
    for (const AnimationClip& clip : character()->clips) own.emplace_back(character(), &clip);
  return own;
}

void MainWindow::updateTimeline() {
  const QString previous = playClip_ ? QString::fromStdString(playClip_->name) : QString();
  const double previousTime = timeline_->time();
  const std::vector<std::shared_ptr<const AnimationClip>> clips = playableClips();
  QStringList names;
  int current = 0;
  for (const auto& clip : clips) {
    names << QString::fromStdString(clip->name);
    if (names.back() == pickedClip_) current = int(names.size()) - 1;
  }
  timeline_->setClipNames(names, clips.empty() ? -1 : current);
  playSkeleton_.reset();
  playClip_.reset();
  if (clips.empty()) {
    timeline_->clearClip();
    return;
  }
  playSkeleton_ = viewport_->skeleton();
  playClip_ = clips[current];
  const QString name = names[current];
  // The clip's own rate and frame numbering, unless the user typed a rate for it.
  double rate = playClip_->framesPerSecond > 0 ? playClip_->framesPerSecond : 30.0;
  if (userRate_ > 0 && userRateClip_ == name) rate = userRate_;
  timeline_->setClip(name, playClip_->duration, rate);
  // The same clip remade (a parameter tweak re-ran the rig): stay where the user was looking.
  if (name == previous) timeline_->setFrame(int(std::lround(previousTime * rate)));
}

void MainWindow::pickClip(const QString& name) {
  pickedClip_ = name;
  if (!playClip_ || QString::fromStdString(playClip_->name) != name) updateTimeline();
}

void MainWindow::showTime(double seconds) {
  if (restPose_ || !playClip_ || !playSkeleton_ || viewport_->skeleton() != playSkeleton_) return;
  viewport_->setPose(
      playSkeleton_->globalsFromLocals(playClip_->sampleLocals(*playSkeleton_, seconds)));
}

void MainWindow::setDisplayLevel(int level) {
  if (level == displayLevel_) return;
  displayLevel_ = level;
  {
    const QSignalBlocker block(levelBox_);
    levelBox_->setValue(level);
  }
  markDirty();
  updateOverlay();
}

void MainWindow::setSelectedJoint(int joint) {
  viewport_->setSelectedJoint(joint);
  outliner_->setSelectedJoint(viewport_->selectedJoint());
  updateJointEditing();
}

void MainWindow::updateJointEditing() {
  const std::shared_ptr<const Skeleton>& shown = viewport_->skeleton();
  // Pins move joints inside the retarget's placement; the embedding places joints of its own.
  const bool editable = document_->retarget() && snapshot_ && snapshot_->retargeted && shown &&
                        shown.get() == &snapshot_->retargeted->skeleton &&
                        document_->params().method == RigMethod::Retarget;
  viewport_->setJointEditing(editable);
  std::vector<int> pinned;
  for (const JointPin& pin : document_->params().placement.pins) pinned.push_back(pin.joint);
  viewport_->setPinnedJoints(editable ? pinned : std::vector<int>());
  viewport_->setMirrorTwins(
      jointDock_->mirror() && snapshot_ && snapshot_->skeletonGraph && snapshot_->skeletonSymmetry
          ? mirrorJoints(*snapshot_->skeletonGraph, *snapshot_->skeletonSymmetry)
          : std::vector<int>());
  const int joint = viewport_->selectedJoint();
  if (!shown || joint < 0 || joint >= shown->size()) {
    jointDock_->showJoint(-1, QString(), Eigen::Vector3d::Zero(), 0.0, false, false);
    return;
  }
  const bool isPinned = std::find(pinned.begin(), pinned.end(), joint) != pinned.end();
  jointDock_->showJoint(joint, QString::fromStdString(shown->joints[joint].name),
                        shown->restGlobals()[joint].translation(), shown->boneShape(joint).roll,
                        isPinned, editable);
}

// --- Joint editing -------------------------------------------------------------------------

int MainWindow::mirrorTwin(int joint) const {
  // The twins updateJointEditing handed the viewport (empty while edits do not mirror).
  const std::vector<int>& twins = viewport_->mirrorTwins();
  return joint >= 0 && joint < int(twins.size()) ? twins[std::size_t(joint)] : -1;
}

namespace {

/// `pins` with `joint`'s pin put at `position` (replacing any).
void putPin(std::vector<JointPin>& pins, int joint, const Eigen::Vector3d& position) {
  pins.erase(
      std::remove_if(pins.begin(), pins.end(), [&](const JointPin& p) { return p.joint == joint; }),
      pins.end());
  pins.push_back({joint, position});
}

/// `rolls` with `joint`'s roll set to `roll` (replacing any).
void putRoll(std::vector<JointRoll>& rolls, int joint, double roll) {
  rolls.erase(std::remove_if(rolls.begin(), rolls.end(),
                             [&](const JointRoll& r) { return r.joint == joint; }),
              rolls.end());
  rolls.push_back({joint, roll});
}

}  // namespace

void MainWindow::moveJoint(int joint, const Eigen::Vector3d& position) {
  const std::shared_ptr<const Skeleton> source = sourceSkeleton();
  const std::shared_ptr<const Skeleton>& shown = viewport_->skeleton();
  if (!viewport_->jointEditing() || !source || !shown || joint < 0 || joint >= source->size() ||
      joint >= shown->size() || !position.allFinite())
    return;
  RigParams params = document_->params();
  putPin(params.placement.pins, joint, position);
  QString text = tr("Move %1").arg(QString::fromStdString(source->joints[joint].name));
  // The twin moves the mirror way: reflected across the plane halfway between the two joints
  // as they are now, so a symmetric rig stays symmetric.
  const int twin = mirrorTwin(joint);
  if (twin >= 0 && twin < shown->size()) {
    const std::vector<Transform> globals = shown->restGlobals();
    putPin(
        params.placement.pins, twin,
        reflectAcrossBisector(position, globals[joint].translation(), globals[twin].translation()));
    text = tr("Move %1 and %2")
               .arg(QString::fromStdString(source->joints[joint].name),
                    QString::fromStdString(source->joints[twin].name));
  }
  undo_->push(SetParamsCommand::named(document_, text, document_->params(), params));
}

void MainWindow::rollJoint(int joint, double roll) {
  const std::shared_ptr<const Skeleton> source = sourceSkeleton();
  const std::shared_ptr<const Skeleton>& shown = viewport_->skeleton();
  if (!viewport_->jointEditing() || !source || !shown || joint < 0 || joint >= source->size() ||
      joint >= shown->size() || !std::isfinite(roll))
    return;
  RigParams params = document_->params();
  putRoll(params.placement.rolls, joint, roll);
  const double degrees = roll * 180.0 / M_PI;
  QString text = tr("Roll %1 to %2\u00b0")
                     .arg(QString::fromStdString(source->joints[joint].name))
                     .arg(degrees, 0, 'f', 1);
  // The twin rolls the mirror way: its Z axis along this bone's new Z reflected across the
  // plane halfway between the two joints.
  const int twin = mirrorTwin(joint);
  if (twin >= 0 && twin < shown->size()) {
    const std::vector<BoneShape> shapes = shown->boneShapes();
    BoneShape rolled = shapes[std::size_t(joint)];
    rolled.roll = roll;
    const Eigen::Vector3d z = rolledZ(rolled);
    const Eigen::Vector3d a = shapes[std::size_t(joint)].head, b = shapes[std::size_t(twin)].head;
    const Eigen::Vector3d reflected =
        reflectAcrossBisector(a + z, a, b) - reflectAcrossBisector(a, a, b);
    putRoll(params.placement.rolls, twin, rollTowards(shapes[std::size_t(twin)], reflected));
    text = tr("Roll %1 and %2")
               .arg(QString::fromStdString(source->joints[joint].name),
                    QString::fromStdString(source->joints[twin].name));
  }
  undo_->push(SetParamsCommand::named(document_, text, document_->params(), params));
}

void MainWindow::unpinJoint(int joint) {
  const std::shared_ptr<const Skeleton> source = sourceSkeleton();
  if (!source || joint < 0 || joint >= source->size()) return;
  RigParams params = document_->params();
  std::vector<JointPin>& pins = params.placement.pins;
  const int twin = mirrorTwin(joint);
  const auto kept = std::remove_if(pins.begin(), pins.end(), [&](const JointPin& p) {
    return p.joint == joint || (twin >= 0 && p.joint == twin);
  });
  if (kept == pins.end()) return;
  pins.erase(kept, pins.end());
  undo_->push(SetParamsCommand::named(
      document_, tr("Unpin %1").arg(QString::fromStdString(source->joints[joint].name)),
      document_->params(), params));
}

void MainWindow::paintWeights(int joint, const PaintedWeights& painted) {
  const std::shared_ptr<const Skeleton> source = sourceSkeleton();
  if (painted.empty() || !source || joint < 0 || joint >= source->size()) return;
  auto merged = std::make_shared<PaintedWeights>(*document_->paintedWeights());
  for (const auto& [vertex, influences] : painted) (*merged)[vertex] = influences;
  undo_->push(new PaintWeightsCommand(
      document_, tr("Paint %1").arg(QString::fromStdString(source->joints[joint].name)),
      document_->paintedWeights(), std::move(merged)));
}

void MainWindow::showPaintedWeights() {
  markDirty();
  // Re-skin the rig shown with the painted vertices on top (bone heat for the rest).
  if (products_ && products_->skeleton && character()) {
    productsJob_->start(character(), products_->skeleton, motion(), document_->paintedWeights());
    updateStillFrames();
  }
}

void MainWindow::updateBrush() {
  Brush brush = jointDock_->brush();
  const double size = character() && !character()->mesh.empty() ? character()->mesh.size() : 1.0;
  brush.radius *= size;
  viewport_->setBrush(brush);
}

void MainWindow::setRestPose(bool rest) {
  restPose_ = rest;
  if (restPoseAction_ && restPoseAction_->isChecked() != rest) restPoseAction_->setChecked(rest);
  if (rest)
    viewport_->setPose({});
  else
    showTime(timeline_->time());
  updateJointEditing();
}

void MainWindow::snapJointToCentre(int joint) {
  const std::shared_ptr<const Skeleton>& shown = viewport_->skeleton();
  if (!viewport_->jointEditing() || !character() || !shown || joint < 0 || joint >= shown->size())
    return;
  // Along the view through the joint: the middle of the limb the artist sees it in.
  const Eigen::Vector3d at = shown->restGlobals()[joint].translation();
  const render::Camera& camera = viewport_->camera();
  render::Ray ray;
  ray.direction = camera.orthographic() ? Eigen::Vector3d(-camera.backward())
                                        : Eigen::Vector3d((at - camera.eye()).normalized());
  ray.origin = at - 2.0 * (at - camera.eye()).norm() * ray.direction;
  const std::optional<Eigen::Vector3d> centre = render::centreAlongRay(character()->mesh, ray);
  if (!centre) {
    setMessage(tr("No mesh around %1 along the view: nothing to snap to")
                   .arg(QString::fromStdString(shown->joints[joint].name)),
               true);
    return;
  }
  moveJoint(joint, *centre);
}

// --- Undoable edits ------------------------------------------------------------------------

void MainWindow::setMeshHead(int weldedVertex) {
  if (weldedVertex == document_->meshHead()) return;
  undo_->push(new SetHeadCommand(
      document_, CommandId::MeshHead,
      weldedVertex >= 0 ? tr("Set mesh head (vertex %1)").arg(weldedVertex) : tr("Mesh head: auto"),
      document_->meshHead(), weldedVertex));
}

void MainWindow::setSkeletonHead(int joint) {
  if (joint == document_->skeletonHead()) return;
  const std::shared_ptr<const Skeleton> skeleton = sourceSkeleton();
  const QString name = skeleton && joint >= 0 && joint < skeleton->size()
                           ? QString::fromStdString(skeleton->joints[joint].name)
                           : tr("auto");
  undo_->push(new SetHeadCommand(document_, CommandId::SkeletonHead,
                                 tr("Set skeleton head (%1)").arg(name), document_->skeletonHead(),
                                 joint));
}

void MainWindow::setParams(const RigParams& params) {
  if (params == document_->params()) return;
  undo_->push(new SetParamsCommand(document_, QStringLiteral("parameters"), tr("parameters"),
                                   document_->params(), params));
}

void MainWindow::suggestHeads() {
  undo_->beginMacro(tr("Auto head nodes"));
  setMeshHead(-1);
  setSkeletonHead(-1);
  undo_->endMacro();
}

void MainWindow::showHeadsEdited() {
  markDirty();
  viewport_->setHeadNodes(resolvedMeshHead(), resolvedSkeletonHead());
  requestRun();
}

void MainWindow::showParamsEdited(const RigParams& params) {
  parameters_->setParams(params);
  syncPlacementMethod();
  updateJointEditing();
  markDirty();
  requestRun();
}

void MainWindow::markDirty() {
  unsaved_ = autosavePending_ = true;
  updateTitle();
}

void MainWindow::updateTitle() {
  const QString file = !projectPath_.isEmpty() ? projectPath_ : currentFile();
  const QString name = file.isEmpty() ? tr("untitled") : QFileInfo(file).fileName();
  setWindowTitle(tr("%1[*] — Rigwright").arg(name));
  setWindowModified(unsaved_);
}

// --- Projects --------------------------------------------------------------------------------

Project MainWindow::project() const {
  Project p = document_->project();
  p.displayLevel = displayLevel_;
  return p;
}

bool MainWindow::saveProject(const QString& path) {
  if (!character()) {
    setMessage(tr("Nothing to save: open a mesh first."), true);
    return false;
  }
  if (const Status status = writeProject(project(), path)) {
    setMessage(QString::fromStdString(status->message), true);
    reportError(tr("Could not save the project"), QString::fromStdString(status->message));
    return false;
  }
  unsaved_ = autosavePending_ = false;
  projectPath_ = path;
  updateTitle();
  setMessage(tr("Saved %1").arg(path), false);
  return true;
}

bool MainWindow::saveCurrentProject() {
  return projectPath_.isEmpty() ? saveProjectAs() : saveProject(projectPath_);
}

bool MainWindow::saveProjectAs() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Save Project"), projectPath_,
                                                    tr("Rigwright projects (*.rwproj)"));
  return !path.isEmpty() && saveProject(path);
}

void MainWindow::openProject(const QString& path) {
  Expected<Project> read = readProject(path);
  if (!read.ok()) {
    showFailed(path, QString::fromStdString(read.error().message));
    return;
  }
  pendingProject_ = std::make_unique<Project>(std::move(read).value());
  pendingProjectPath_ = path;
  // Everything is replaced: the mesh (which resets the session), then skeleton and motion.
  document_->clearSkeletonAndMotion();
  loader_->load(pendingProject_->meshPath);
  if (!pendingProject_->skeletonPath.isEmpty())
    skeletonLoader_->load(pendingProject_->skeletonPath);
  if (!pendingProject_->motionPath.isEmpty()) motionLoader_->load(pendingProject_->motionPath);
  busy_->setVisible(true);
  setMessage(tr("Opening project %1…").arg(QFileInfo(path).fileName()), false);
}

void MainWindow::applyPendingProject() {
  if (!pendingProject_ || loading()) return;
  const Project p = *pendingProject_;
  pendingProject_.reset();
  if (!character() ||
      QFileInfo(currentFile()).absoluteFilePath() != QFileInfo(p.meshPath).absoluteFilePath())
    return;
  if (!p.skeletonPath.isEmpty() && !skeletonFile()) return;
  undo_->clear();
  const QString missingHead = document_->restoreProject(p);
  parameters_->setParams(p.params);
  displayLevel_ = std::max(0, p.displayLevel);
  {
    const QSignalBlocker block(levelBox_);
    levelBox_->setValue(displayLevel_);
  }
  unsaved_ = autosavePending_ = false;
  projectPath_ = pendingProjectPath_;
  updateTitle();
  if (missingHead.isEmpty())
    setMessage(tr("Opened project %1").arg(pendingProjectPath_), false);
  else
    setMessage(tr("Opened project %1; its skeleton head '%2' is not in the skeleton: using auto")
                   .arg(pendingProjectPath_, missingHead),
               true);
  updateSkeletonView();
  requestRun();
  emit projectLoaded(pendingProjectPath_);
}

QString MainWindow::autosavePath() const {
  const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
  return dir + QStringLiteral("/autosave.rwproj");
}

bool MainWindow::writeAutosave() {
  if (!character()) return false;
  QDir().mkpath(QFileInfo(autosavePath()).path());
  if (const Status status = writeProject(project(), autosavePath())) {
    setMessage(tr("Autosave failed: %1").arg(QString::fromStdString(status->message)), true);
    return false;
  }
  autosavePending_ = false;  // still unsaved: an autosave is for recovery, not a save
  return true;
}

// --- Export ----------------------------------------------------------------------------------

std::shared_ptr<const Character> MainWindow::exportableCharacter() const {
  if (!character()) return nullptr;
  auto out = std::make_shared<Character>(*character());
  const std::shared_ptr<const Skeleton> shown = viewport_->skeleton();
  if (document_->retarget() && snapshot_ && snapshot_->retargeted) {
    out->skeleton = snapshot_->retargeted->skeleton;
    out->skin = products_ && products_->skin && products_->skeleton == shown ? *products_->skin
                                                                             : SkinWeights{};
    out->clips.clear();
    if (products_ && products_->skeleton == shown)
      for (const auto& clip : products_->clips) out->clips.push_back(*clip);
  }
  return out;
}

void MainWindow::exportTo(const QString& path, EnginePreset preset) {
  const std::shared_ptr<const Character> character = exportableCharacter();
  if (!character) {
    emit exportFinished(path, false, tr("nothing to export: open a mesh first"));
    return;
  }
  if (!exportFormatFor(path.toStdString())) {
    const QString message =
        tr("%1: unknown export format (use .fbx, .glb, .gltf or .json)").arg(path);
    setMessage(message, true);
    reportError(tr("Export failed"), message);
    emit exportFinished(path, false, message);
    return;
  }
  if (exporting_) {
    emit exportFinished(path, false, tr("an export is already running"));
    return;
  }
  exporting_ = true;
  busy_->setVisible(true);
  setMessage(tr("Exporting %1…").arg(QFileInfo(path).fileName()), false);
  auto* watcher = new QFutureWatcher<QString>(this);
  connect(watcher, &QFutureWatcher<QString>::finished, this, [this, watcher, path] {
    watcher->deleteLater();
    exporting_ = false;
    busy_->setVisible(loading() || runner_->busy());
    const QString error = watcher->result();
    if (error.isEmpty()) {
      setMessage(tr("Exported %1").arg(path), false);
    } else {
      setMessage(tr("Export failed: %1").arg(error), true);
      reportError(tr("Export failed"), error);
    }
    emit exportFinished(path, error.isEmpty(), error);
  });
  const ExportSettings settings = exportSettingsFor(preset);
  watcher->setFuture(QtConcurrent::run(backgroundPool(), [character, path, settings]() -> QString {
    lowerThreadPriority();
    try {
      if (const Status status = exportCharacter(*character, path.toStdString(), settings))
        return QString::fromStdString(status->message);
    } catch (const std::exception& e) {
      return QStringLiteral("%1: %2").arg(path, QString::fromUtf8(e.what()));
    }
    return {};
  }));
}

}  // namespace rw::ui
