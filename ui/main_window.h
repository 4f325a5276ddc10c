#pragma once
// The workstation's window: the viewport in the middle; the parameter dock and the outliner on
// the right; the timeline at the bottom; File, Edit, View and Rig menus and a tool bar; a
// status bar with what is loaded, progress with Cancel, and each pipeline stage's time.
//
// The window is a view over the rig project (RigDocument: files, head nodes, parameters), the
// pipeline (SessionRunner, on a worker thread) and its products (RigProductsJob): it wires the
// views to them and shows the latest results. Every edit of a head node or a parameter is a
// QUndoCommand; opening a file starts a new history. Files load on worker threads; a file that
// fails to load is reported and changes nothing.
#include <QMainWindow>
#include <QMessageBox>
#include <QUndoStack>
#include <array>
#include <functional>
#include <memory>
#include <vector>

#include "io/export/export_settings.h"
#include "project_file.h"
#include "rig_document.h"
#include "session/rig_session.h"

class QLabel;
class QMenu;
class QProgressBar;
class QSpinBox;
class QToolButton;
class QTimer;

namespace rw {
struct AnimationClip;
struct Character;
}  // namespace rw

namespace rw::ui {

class CharacterLoader;
class ElidedLabel;
class JointDock;
class PreferencesDialog;
class OutlinerDock;
class ParameterDock;
class RigProductsJob;
class SessionRunner;
class TimelineWidget;
class ViewportWidget;
struct RigProducts;
struct SessionSnapshot;

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  ViewportWidget* viewport() const { return viewport_; }
  ParameterDock* parameterDock() const { return parameters_; }
  /// Rig ▸ Placement Method's action for `method` (checked: the document's method).
  QAction* placementMethodAction(RigMethod method) const;
  OutlinerDock* outliner() const { return outliner_; }
  TimelineWidget* timeline() const { return timeline_; }
  JointDock* jointDock() const { return jointDock_; }
  /// Edit ▸ Preferences (made on first use).
  PreferencesDialog* preferences();
  void showPreferences();
  QUndoStack* undoStack() const { return undo_; }
  SessionRunner* sessionRunner() const { return runner_; }

  /// The mesh character (the file opened with Open).
  const std::shared_ptr<const Character>& character() const { return document_->mesh().character; }
  const std::shared_ptr<const Character>& skeletonCharacter() const { return skeletonFile(); }
  const std::shared_ptr<const Character>& motionCharacter() const { return motion(); }
  QString currentFile() const { return document_->mesh().path; }
  /// The rig project: input files, heads, parameters (what undo commands edit).
  const RigDocument* document() const { return document_; }
  bool loading() const;
  /// Text of the status bar's message area (the last load's result or error).
  QString statusMessage() const;
  /// Text of the stage timings in the status bar.
  QString timingsText() const;
  /// When false, errors only go to the status bar and the failure signals (tests, scripts);
  /// when true a non-modal message box also shows them.
  void setErrorDialogsEnabled(bool enabled) { errorDialogs_ = enabled; }

  /// Head nodes as set by the user (-1 = auto) and as last resolved by the pipeline.
  int meshHead() const { return document_->meshHead(); }
  int skeletonHead() const { return document_->skeletonHead(); }
  int resolvedMeshHead() const;
  int resolvedSkeletonHead() const;
  const RigParams& params() const { return document_->params(); }
  bool retargetEnabled() const { return document_->retarget(); }
  /// The latest finished pipeline run (null before the first).
  const std::shared_ptr<const SessionSnapshot>& snapshot() const { return snapshot_; }
  const std::shared_ptr<const RigProducts>& products() const { return products_; }
  /// The graph overlay's resolution level (0 = coarsest).
  int displayLevel() const { return displayLevel_; }
  /// The skeleton the rig is made from (the skeleton file's, else the mesh file's own).
  std::shared_ptr<const Skeleton> sourceSkeleton() const;
  /// What the project file would hold now.
  Project project() const;
  /// The character as it would be exported: mesh, rig, skin and every retargeted clip.
  std::shared_ptr<const Character> exportableCharacter() const;
  /// The clips the timeline's picker offers: the retargeted clips while the rig products are
  /// shown, else the shown character's own clips.
  std::vector<std::shared_ptr<const AnimationClip>> playableClips() const;
  /// The clip the timeline plays (null: none).
  const std::shared_ptr<const AnimationClip>& playClip() const { return playClip_; }
  QString autosavePath() const;
  bool hasUnsavedChanges() const { return unsaved_; }
  bool restPose() const { return restPose_; }
  /// The window's size, place and dock layout as the user last left them (saved when the
  /// window closes); false when none was saved or it does not fit the screens now.
  bool restoreWindowLayout();
  void saveWindowLayout() const;
  const QString& projectPath() const { return projectPath_; }
  /// What closing with unsaved changes asks (Save, Discard or Cancel); tests answer it here.
  void setCloseChoice(std::function<QMessageBox::StandardButton()> choice) {
    closeChoice_ = std::move(choice);
  }

 public slots:
  /// Starts loading a mesh (or any character); the current one stays until the new one is ready.
  void openFile(const QString& path);
  void openFileDialog();
  /// A skeleton to retarget into the mesh: any file with bones, or a rig .json.
  void openSkeletonFile(const QString& path);
  /// A motion (BVH or any animated file) to put on the rig.
  void openMotionFile(const QString& path);
  void openProject(const QString& path);
  bool saveProject(const QString& path);
  /// Ctrl+S: saves to the project's file, asking for one the first time.
  bool saveCurrentProject();
  /// Writes the rig (mesh, retargeted skeleton, skin, clip) by extension, on a worker, shaped
  /// for `preset`'s engine (units, bones; io/export/export_settings.h).
  void exportTo(const QString& path, EnginePreset preset = EnginePreset::None);
  /// Fits the skeleton into the mesh (runs every stage) and keeps it live from then on.
  void retarget();
  /// Cancels the pipeline run in progress.
  void cancelRun();
  void setMeshHead(int weldedVertex);       ///< undoable
  void setSkeletonHead(int joint);          ///< undoable
  void setParams(const RigParams& params);  ///< undoable, one step
  void suggestHeads();                      ///< both heads back to `auto` (undoable)
  /// Rig ▸ Automatic Skeleton: a skeleton grown from the mesh graph (Aujay 2007) on a worker
  /// thread, used as the skeleton to retarget (its head joint `head` becomes the skeleton head).
  void autoSkeleton();
  void setDisplayLevel(int level);
  void setSelectedJoint(int joint);
  /// Joint editing (undoable, one step each): puts a joint of the retargeted rig at `position`
  /// and pins it there (placement re-runs around it); unpins it; moves it to the middle of the
  /// mesh along the view through it.
  void moveJoint(int joint, const Eigen::Vector3d& position);
  /// Sets the roll (radians) of `joint`'s bone, and the mirrored roll of its twin when edits
  /// mirror; placement re-runs and keeps it.
  void rollJoint(int joint, double roll);
  void unpinJoint(int joint);
  void snapJointToCentre(int joint);
  /// A weight-paint stroke on `joint` (undoable, one step): the painted vertices keep these
  /// weights over the automatic ones from now on.
  void paintWeights(int joint, const rw::PaintedWeights& painted);
  /// Shows the rest pose instead of the clip's frame (editing joints and painting need it).
  void setRestPose(bool rest);
  /// Plays the clip of that name; the choice is kept (by name) when the clips are remade.
  void pickClip(const QString& name);
  bool writeAutosave();

 signals:
  void characterLoaded(const QString& path);
  void loadFailed(const QString& message);
  void skeletonLoaded(const QString& path);
  void autoSkeletonFailed(const QString& message);
  void motionLoaded(const QString& path);
  void projectLoaded(const QString& path);
  /// A pipeline run finished and its results are on screen.
  void sessionUpdated();
  void sessionCancelled();
  /// Skin weights (and the retargeted clip) for the current skeleton are ready.
  void productsReady();
  void exportFinished(const QString& path, bool ok, const QString& message);

 protected:
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;
  void closeEvent(QCloseEvent* event) override;

 private:
  void createDocks();
  void createMenus();
  void showLoaded(const QString& path, std::shared_ptr<const Character> loaded, qint64 ms);
  void showSkeletonLoaded(const QString& path, std::shared_ptr<const Character> loaded);
  void showMotionLoaded(const QString& path, std::shared_ptr<const Character> loaded);
  void showFailed(const QString& path, const QString& message);
  void reportError(const QString& title, const QString& message);
  void setMessage(const QString& text, bool error);
  void updateRecentMenu();
  void addRecentFile(const QString& path);

  // The pipeline and what it shows.
  void requestRun();
  void applySnapshot(std::shared_ptr<const SessionSnapshot> snapshot);
  void applyProducts(std::shared_ptr<const RigProducts> products);
  /// While the pipeline or the skinning runs, the viewport skips its anti-aliased still frames
  /// (they cost twice a plain frame on the UI thread); it draws one when the work is done.
  void updateStillFrames();
  void updateOverlay();
  void updateSkeletonView();
  /// The status bar's counts: the mesh, and the rig on screen (the file's own, or the
  /// retargeted one), with the clips.
  void updateCounts();
  /// Joint editing follows what is shown: on for a retargeted rig at rest, the pins marked,
  /// the Joint panel showing the selected joint.
  void updateJointEditing();
  /// The joint's twin on the other side when the Joint panel mirrors edits (-1: none).
  int mirrorTwin(int joint) const;
  /// The brush from the Joint panel, sized to the character.
  void updateBrush();
  void showPaintedWeights();
  void updateTimeline();
  void showTime(double seconds);
  /// The document changed (an edit, its undo or redo): show it and re-run the pipeline.
  void showHeadsEdited();
  void showParamsEdited(const RigParams& params);
  void applyPendingProject();
  void markDirty();
  /// "NAME[*] — Rigwright": the project's file name, else the mesh's; [*] while unsaved.
  void updateTitle();
  /// Asks for a project file, then saves to it; false when cancelled or failed.
  bool saveProjectAs();

  ViewportWidget* viewport_ = nullptr;
  ParameterDock* parameters_ = nullptr;
  OutlinerDock* outliner_ = nullptr;
  TimelineWidget* timeline_ = nullptr;
  JointDock* jointDock_ = nullptr;
  bool restPose_ = false;
  QAction* restPoseAction_ = nullptr;
  QAction* preferencesAction_ = nullptr;
  QList<QAction*> navigationActions_;  ///< View ▸ Navigation's presets, in menu order
  PreferencesDialog* preferences_ = nullptr;
  QAction* weightViewAction_ = nullptr;
  /// Rig ▸ Placement Method, in RigMethod order (retarget, embed, auto).
  std::array<QAction*, 3> methodActions_{};
  /// Rig ▸ Placement Method: the actions for the three methods, checked as the document says.
  void addPlacementMethodMenu(QMenu* rig);
  void syncPlacementMethod();
  QUndoStack* undo_ = nullptr;
  CharacterLoader* loader_ = nullptr;
  CharacterLoader* skeletonLoader_ = nullptr;
  CharacterLoader* motionLoader_ = nullptr;
  SessionRunner* runner_ = nullptr;
  RigProductsJob* productsJob_ = nullptr;

  const std::shared_ptr<const Character>& skeletonFile() const {
    return document_->skeletonFile().character;
  }
  const std::shared_ptr<const Character>& motion() const { return document_->motion().character; }
  /// The rig project (input files, head nodes, parameters): what undo commands change.
  RigDocument* document_ = nullptr;
  /// Rig ▸ Automatic Skeleton asked for and not yet delivered: every run request carries it
  /// (a newer request replaces a running one) until a run brings the skeleton or is cancelled.
  bool autorigWanted_ = false;
  void applyAutomaticSkeleton(const SessionSnapshot& snapshot);
  int displayLevel_ = 0;
  std::shared_ptr<const SessionSnapshot> snapshot_;
  std::shared_ptr<const RigProducts> products_;
  /// The skeleton and clip the timeline plays (the rig's retargeted clip, or the file's own).
  std::shared_ptr<const Skeleton> playSkeleton_;
  std::shared_ptr<const AnimationClip> playClip_;
  /// The clip the user picked, by name: it survives a re-run that remakes the clips.
  QString pickedClip_;
  /// A rate the user typed for a clip (0: none): kept while that clip is shown.
  double userRate_ = 0.0;
  QString userRateClip_;
  std::unique_ptr<Project> pendingProject_;
  QString pendingProjectPath_;
  bool exporting_ = false;
  /// Changes since the project was last saved (the title's [*]; closing asks), and since the
  /// last autosave (the timer writes only then): an autosave is not a save.
  bool unsaved_ = false;
  bool autosavePending_ = false;
  /// The project file this document was opened from or last saved to (empty: never saved).
  QString projectPath_;
  std::function<QMessageBox::StandardButton()> closeChoice_;

  ElidedLabel* message_ = nullptr;
  ElidedLabel* counts_ = nullptr;
  ElidedLabel* timings_ = nullptr;
  QProgressBar* busy_ = nullptr;
  QToolButton* cancel_ = nullptr;
  QSpinBox* levelBox_ = nullptr;
  QMenu* recentMenu_ = nullptr;
  QTimer* autosave_ = nullptr;
  bool errorDialogs_ = true;
};

}  // namespace rw::ui
