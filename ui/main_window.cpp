#include "main_window.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>

#include "character.h"
#include "character_loader.h"
#include "elided_label.h"
#include "joint_dock.h"
#include "outliner_dock.h"
#include "parameter_dock.h"
#include "preferences_dialog.h"
#include "rig_products.h"
#include "session_runner.h"
#include "timeline_widget.h"
#include "undo_commands.h"
#include "viewport_widget.h"

namespace rw::ui {

namespace {

constexpr int kMaxRecentFiles = 8;
const char* const kRecentKey = "recentFiles";
/// Autosave interval: a crash loses at most this much work.
constexpr int kAutosaveMs = 60 * 1000;

/// The user's settings (recent files, the window's layout), one store for the app and tests.
QSettings userSettings() {
  return QSettings(QStringLiteral("Rigwright"), QStringLiteral("Rigwright"));
}

QStringList recentFiles() {
  return userSettings().value(kRecentKey).toStringList();
}

void setRecentFiles(const QStringList& files) {
  userSettings().setValue(kRecentKey, files);
}

const char* const kGeometryKey = "window/geometry";
const char* const kLayoutKey = "window/layout";

/// 1280×800, or the screen's available area where that is smaller (a laptop at 150%).
QSize defaultWindowSize() {
  const QSize wanted(1280, 800);
  const QScreen* screen = QGuiApplication::primaryScreen();
  return screen ? wanted.boundedTo(screen->availableGeometry().size()) : wanted;
}

/// The first local file among dragged URLs, or empty.
QString droppedFile(const QMimeData* mime) {
  if (!mime || !mime->hasUrls()) return {};
  for (const QUrl& url : mime->urls())
    if (url.isLocalFile() && QFileInfo(url.toLocalFile()).isFile()) return url.toLocalFile();
  return {};
}

QString describe(const Character& c) {
  const QLocale locale;
  QStringList parts;
  if (!c.mesh.empty())
    parts << MainWindow::tr("%1 vertices").arg(locale.toString(qulonglong(c.mesh.positions.size())))
          << MainWindow::tr("%1 triangles")
                 .arg(locale.toString(qulonglong(c.mesh.source.triangles.size())));
  else
    parts << MainWindow::tr("no mesh");
  const Skeleton& s = c.skeleton;
  parts << MainWindow::tr("%1 bones (%2 deform, %3 control)")
               .arg(s.size())
               .arg(s.deformCount())
               .arg(s.controlCount());
  if (c.clips.size() == 1)
    parts << MainWindow::tr("1 clip");
  else if (!c.clips.empty())
    parts << MainWindow::tr("%1 clips").arg(c.clips.size());
  return parts.join(QStringLiteral(" · "));
}

bool isMotionFile(const QString& path) {
  return QFileInfo(path).suffix().compare(QStringLiteral("bvh"), Qt::CaseInsensitive) == 0;
}

bool isProjectFile(const QString& path) {
  return QFileInfo(path).suffix().compare(QStringLiteral("rwproj"), Qt::CaseInsensitive) == 0;
}

const QString kCharacterFilter = QStringLiteral(
    "Characters (*.fbx *.gltf *.glb *.dae *.zae *.x *.obj *.blend *.ms3d *.md5mesh *.smd *.3ds "
    "*.ply *.stl *.xgl *.zgl *.cob *.b3d *.ase *.lwo *.off *.md2 *.iqm);;All files (*)");

}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
  viewport_ = new ViewportWidget(this);
  setCentralWidget(viewport_);
  undo_ = new QUndoStack(this);
  document_ = new RigDocument(this);
  connect(document_, &RigDocument::meshHeadChanged, this, &MainWindow::showHeadsEdited);
  connect(document_, &RigDocument::skeletonHeadChanged, this, &MainWindow::showHeadsEdited);
  connect(document_, &RigDocument::paramsChanged, this, &MainWindow::showParamsEdited);
  connect(document_, &RigDocument::paintedWeightsChanged, this, &MainWindow::showPaintedWeights);
  loader_ = new CharacterLoader(this);
  skeletonLoader_ = new CharacterLoader(this);
  skeletonLoader_->setSkeletonSource(true);
  motionLoader_ = new CharacterLoader(this);
  runner_ = new SessionRunner(this);
  productsJob_ = new RigProductsJob(this);
  connect(loader_, &CharacterLoader::loaded, this, &MainWindow::showLoaded);
  connect(loader_, &CharacterLoader::failed, this, &MainWindow::showFailed);
  connect(skeletonLoader_, &CharacterLoader::loaded, this,
          [this](const QString& path, std::shared_ptr<const Character> c, qint64) {
            showSkeletonLoaded(path, std::move(c));
          });
  connect(skeletonLoader_, &CharacterLoader::failed, this, &MainWindow::showFailed);
  connect(motionLoader_, &CharacterLoader::loaded, this,
          [this](const QString& path, std::shared_ptr<const Character> c, qint64) {
            showMotionLoaded(path, std::move(c));
          });
  connect(motionLoader_, &CharacterLoader::failed, this, &MainWindow::showFailed);
  connect(runner_, &SessionRunner::finished, this, &MainWindow::applySnapshot);
  connect(runner_, &SessionRunner::cancelled, this, [this] {
    if (autorigWanted_) {
      autorigWanted_ = false;
      emit autoSkeletonFailed(tr("Automatic skeleton: cancelled"));
    }
    setMessage(tr("Cancelled: the results on screen are from the last finished run."), false);
    emit sessionCancelled();
  });
  connect(productsJob_, &RigProductsJob::finished, this, &MainWindow::applyProducts);
  connect(productsJob_, &RigProductsJob::finished, this, &MainWindow::updateStillFrames);

  message_ = new ElidedLabel(this);
  busy_ = new QProgressBar(this);
  busy_->setRange(0, 100);
  busy_->setMaximumWidth(140);
  busy_->setVisible(false);
  busy_->setFormat(QStringLiteral("%p%"));
  cancel_ = new QToolButton(this);
  cancel_->setText(tr("Cancel"));
  cancel_->setToolTip(tr("Stop the pipeline run in progress (Esc)"));
  cancel_->setVisible(false);
  connect(cancel_, &QToolButton::clicked, this, &MainWindow::cancelRun);
  timings_ = new ElidedLabel(this);
  timings_->setContentsMargins(12, 0, 12, 0);
  timings_->setStyleSheet(QStringLiteral("color: #9aa3ad;"));
  counts_ = new ElidedLabel(this);
  counts_->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
  // The three share the bar (message first); each ends in "…" rather than widen the window.
  statusBar()->addWidget(message_, 3);
  statusBar()->addWidget(timings_, 2);
  statusBar()->addPermanentWidget(busy_);
  statusBar()->addPermanentWidget(cancel_);
  statusBar()->addWidget(counts_, 2);
  connect(runner_, &SessionRunner::busyChanged, this, [this](bool running) {
    busy_->setVisible(running || loading());
    cancel_->setVisible(running);
    if (running) busy_->setValue(0);
    updateStillFrames();
  });
  connect(runner_, &SessionRunner::progress, this, [this](const QString& stage, double fraction) {
    busy_->setValue(int(100 * fraction));
    busy_->setToolTip(stage);
  });

  createDocks();
  createMenus();
  setAcceptDrops(true);
  setWindowTitle(tr("Rigwright"));
  resize(defaultWindowSize());
  // The right column wide enough for the outliner's names at a production rig's depth (a
  // quarter of the default window, not less than Qt's own fit); a saved layout replaces it.
  if (auto* right = findChild<QDockWidget*>(QStringLiteral("parametersDock")))
    resizeDocks({right},
                {std::max(right->sizeHint().width(), defaultWindowSize().width() * 28 / 100)},
                Qt::Horizontal);
  setMessage(tr("Open a character: File ▸ Open (Ctrl+O), or drop a file here."), false);

  autosave_ = new QTimer(this);
  autosave_->setInterval(kAutosaveMs);
  connect(autosave_, &QTimer::timeout, this, [this] {
    if (autosavePending_) writeAutosave();
  });
  autosave_->start();
}

MainWindow::~MainWindow() = default;

void MainWindow::createDocks() {
  parameters_ = new ParameterDock(this);
  auto* paramDock = new QDockWidget(tr("Parameters"), this);
  paramDock->setObjectName(QStringLiteral("parametersDock"));
  paramDock->setWidget(parameters_);
  addDockWidget(Qt::RightDockWidgetArea, paramDock);
  connect(
      parameters_, &ParameterDock::edited, this,
      [this](const QString& key, const RigParams& before, const RigParams& after) {
        undo_->push(new SetParamsCommand(document_, key, parameters_->labelOf(key), before, after));
      });

  outliner_ = new OutlinerDock(this);
  auto* outlinerDock = new QDockWidget(tr("Outliner"), this);
  outlinerDock->setObjectName(QStringLiteral("outlinerDock"));
  outlinerDock->setWidget(outliner_);
  addDockWidget(Qt::RightDockWidgetArea, outlinerDock);
  connect(outliner_, &OutlinerDock::jointSelected, this, &MainWindow::setSelectedJoint);
  connect(viewport_, &ViewportWidget::jointSelected, this, &MainWindow::setSelectedJoint);
  connect(viewport_, &ViewportWidget::meshHeadPicked, this, &MainWindow::setMeshHead);
  connect(viewport_, &ViewportWidget::skeletonHeadPicked, this, &MainWindow::setSkeletonHead);

  jointDock_ = new JointDock(this);
  auto* jointDock = new QDockWidget(tr("Joint"), this);
  jointDock->setObjectName(QStringLiteral("jointDock"));
  // Scrolled: its brush settings must not make the dock column taller than a small screen.
  auto* jointScroll = new QScrollArea(jointDock);
  jointScroll->setWidget(jointDock_);
  jointScroll->setWidgetResizable(true);
  jointScroll->setFrameShape(QFrame::NoFrame);
  jointDock->setWidget(jointScroll);
  // A tab beside the outliner (where joints are picked): a third dock in the column would make
  // the window taller than a 700-pixel screen allows.
  tabifyDockWidget(outlinerDock, jointDock);
  outlinerDock->raise();
  connect(jointDock_, &JointDock::positionEdited, this, &MainWindow::moveJoint);
  connect(jointDock_, &JointDock::snapRequested, this, &MainWindow::snapJointToCentre);
  connect(jointDock_, &JointDock::unpinRequested, this, &MainWindow::unpinJoint);
  connect(jointDock_, &JointDock::rollEdited, this, &MainWindow::rollJoint);
  connect(viewport_, &ViewportWidget::jointMoved, this, &MainWindow::moveJoint);
  connect(viewport_, &ViewportWidget::weightsPainted, this, &MainWindow::paintWeights);
  connect(jointDock_, &JointDock::brushChanged, this, &MainWindow::updateBrush);
  connect(jointDock_, &JointDock::mirrorChanged, this, &MainWindow::updateJointEditing);

  timeline_ = new TimelineWidget(this);
  auto* timelineDock = new QDockWidget(tr("Timeline"), this);
  timelineDock->setObjectName(QStringLiteral("timelineDock"));
  timelineDock->setWidget(timeline_);
  timelineDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
  addDockWidget(Qt::BottomDockWidgetArea, timelineDock);
  connect(timeline_, &TimelineWidget::timeChanged, this, &MainWindow::showTime);
  connect(timeline_, &TimelineWidget::clipPicked, this, &MainWindow::pickClip);
  connect(timeline_, &TimelineWidget::rateEdited, this, [this](double fps) {
    userRate_ = fps;
    userRateClip_ = playClip_ ? QString::fromStdString(playClip_->name) : QString();
  });
}

void MainWindow::createMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  QAction* open = file->addAction(tr("&Open Mesh…"), this, &MainWindow::openFileDialog);
  open->setShortcut(QKeySequence::Open);
  file->addAction(tr("Open &Skeleton…"), this, [this] {
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Skeleton"), QFileInfo(currentFile()).path(),
        tr("Skeletons (*.json *.fbx *.gltf *.glb *.dae *.x *.bvh *.blend *.smd *.md5mesh);;"
           "All files (*)"));
    if (!path.isEmpty()) openSkeletonFile(path);
  });
  file->addAction(tr("Open &Motion…"), this, [this] {
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Motion"), QFileInfo(currentFile()).path(),
        tr("Motion (*.bvh *.fbx *.gltf *.glb *.dae *.x);;All files (*)"));
    if (!path.isEmpty()) openMotionFile(path);
  });
  recentMenu_ = file->addMenu(tr("Open &Recent"));
  connect(recentMenu_, &QMenu::aboutToShow, this, &MainWindow::updateRecentMenu);
  file->addSeparator();
  file->addAction(tr("Open &Project…"), this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Project"), QString(),
                                                      tr("Rigwright projects (*.rwproj)"));
    if (!path.isEmpty()) openProject(path);
  });
  QAction* save = file->addAction(tr("&Save Project"), this, [this] { saveCurrentProject(); });
  save->setShortcut(QKeySequence::Save);
  QAction* saveAs = file->addAction(tr("Save Project &As…"), this, [this] { saveProjectAs(); });
  saveAs->setShortcut(QKeySequence::SaveAs);
  QAction* exportAction = file->addAction(tr("&Export…"), this, [this] {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Rig"), QString(),
        tr("FBX binary (*.fbx);;glTF binary (*.glb);;glTF (*.gltf);;Rigwright rig (*.json)"));
    if (!path.isEmpty()) exportTo(path);
  });
  exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
  // File > Export For: FBX shaped for an engine (Auto-Rig Pro's and Mixamo's export presets).
  QMenu* exportFor = file->addMenu(tr("Export &For"));
  for (EnginePreset preset :
       {EnginePreset::Unity, EnginePreset::Unreal, EnginePreset::Blender, EnginePreset::Maya}) {
    const QString engine = QString::fromUtf8(enginePresetName(preset));
    QString title = engine;
    title[0] = title[0].toUpper();
    exportFor->addAction(title + QStringLiteral("…"), this, [this, preset, title] {
      const QString path = QFileDialog::getSaveFileName(this, tr("Export Rig for %1").arg(title),
                                                        QString(), tr("FBX binary (*.fbx)"));
      if (!path.isEmpty()) exportTo(path, preset);
    });
  }
  file->addSeparator();
  QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
  quit->setShortcut(QKeySequence::Quit);

  QMenu* edit = menuBar()->addMenu(tr("&Edit"));
  QAction* undo = undo_->createUndoAction(this, tr("&Undo"));
  undo->setShortcut(QKeySequence::Undo);
  QAction* redo = undo_->createRedoAction(this, tr("&Redo"));
  redo->setShortcut(QKeySequence::Redo);
  edit->addAction(undo);
  edit->addAction(redo);
  edit->addSeparator();
  preferencesAction_ = edit->addAction(tr("&Preferences…"), this, &MainWindow::showPreferences);
  // Ctrl+, as Blender, VS Code and macOS apps (Qt's standard key is empty on some desktops).
  preferencesAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Comma));
  preferencesAction_->setMenuRole(QAction::PreferencesRole);

  QToolBar* tools = addToolBar(tr("Tools"));
  tools->setObjectName(QStringLiteral("toolsBar"));
  auto* toolGroup = new QActionGroup(this);
  struct Tool {
    QString text, tip;
    ViewportTool tool;
    Qt::Key key;
  };
  const Tool toolList[] = {
      {tr("Select"), tr("Click a bone to select it (Q)"), ViewportTool::Select, Qt::Key_Q},
      {tr("Mesh Head"), tr("Click the mesh: the nearest vertex becomes the mesh head node (H)"),
       ViewportTool::MeshHead, Qt::Key_H},
      {tr("Skeleton Head"), tr("Click a bone: its joint becomes the skeleton head node (J)"),
       ViewportTool::SkeletonHead, Qt::Key_J},
      {tr("Move"),
       tr("Move the selected joint of the retargeted rig (W): drag the ring in the view plane or "
          "an arrow along its axis (X, Y, Z while dragging), Ctrl+click the mesh to put it in the "
          "middle of the limb there. A moved joint is pinned: placement keeps it"),
       ViewportTool::Move, Qt::Key_W},
      {tr("Paint"),
       tr("Paint the selected bone's weight on the mesh (P): the Joint panel's brush adds, "
          "subtracts or smooths; each stroke is one undo step and is kept over the automatic "
          "weights when the rig is re-skinned"),
       ViewportTool::Paint, Qt::Key_P},
  };
  for (const Tool& t : toolList) {
    QAction* action = tools->addAction(t.text);
    action->setToolTip(t.tip);
    action->setCheckable(true);
    action->setShortcut(QKeySequence(t.key));
    action->setChecked(t.tool == ViewportTool::Select);
    toolGroup->addAction(action);
    const ViewportTool tool = t.tool;
    connect(action, &QAction::triggered, viewport_, [this, tool] {
      viewport_->setTool(tool);
      // Moving joints brings the Joint panel (numbers, Snap to Centre, Unpin) to the front.
      if (tool == ViewportTool::Move || tool == ViewportTool::Paint) {
        if (auto* dock = findChild<QDockWidget*>(QStringLiteral("jointDock"))) dock->raise();
        setRestPose(true);  // joints and weights are edited on the rest pose
      }
      if (tool == ViewportTool::Paint && weightViewAction_) weightViewAction_->setChecked(true);
      updateBrush();
    });
  }
  tools->addSeparator();
  tools->addAction(tr("Auto Heads"), this, &MainWindow::suggestHeads)
      ->setToolTip(tr("Both head nodes back to the automatic suggestion: the top of the largest "
                      "part on the mesh, the head joint of the skeleton"));
  tools->addSeparator();
  tools->addWidget(new QLabel(tr(" Graph level "), this));
  levelBox_ = new QSpinBox(this);
  levelBox_->setToolTip(tr("Resolution level of the graph overlay: 0 is the coarsest"));
  levelBox_->setRange(0, 0);
  connect(levelBox_, &QSpinBox::valueChanged, this, &MainWindow::setDisplayLevel);
  tools->addWidget(levelBox_);
  tools->addSeparator();
  QAction* retargetAction = tools->addAction(tr("Retarget"), this, &MainWindow::retarget);
  retargetAction->setToolTip(
      tr("Fit the skeleton into the mesh (Ctrl+R); then every parameter "
         "change updates it live"));
  retargetAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));

  QMenu* rig = menuBar()->addMenu(tr("&Rig"));
  rig->addAction(retargetAction);
  rig->addAction(tr("Cancel Run"), this, &MainWindow::cancelRun)
      ->setShortcut(QKeySequence(Qt::Key_Escape));
  rig->addAction(tr("Auto Head Nodes"), this, &MainWindow::suggestHeads);
  rig->addAction(tr("Automatic Skeleton (from the mesh)"), this, &MainWindow::autoSkeleton)
      ->setToolTip(tr("Grow a biped, quadruped or generic skeleton from the mesh's harmonic "
                      "graph (Aujay 2007) when you have no skeleton to retarget"));
  rig->addAction(tr("Reset Parameters"), parameters_, &ParameterDock::resetToDefaults);
  addPlacementMethodMenu(rig);
  rig->addSeparator();
  rig->addAction(tr("Snap Joint to Centre"), this,
                 [this] { snapJointToCentre(viewport_->selectedJoint()); })
      ->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_S));
  rig->addAction(tr("Unpin Joint"), this, [this] { unpinJoint(viewport_->selectedJoint()); })
      ->setShortcut(QKeySequence(Qt::ALT | Qt::Key_W));

  QMenu* view = menuBar()->addMenu(tr("&View"));
  QAction* frame = view->addAction(tr("&Frame All"), viewport_, &ViewportWidget::frameAll);
  frame->setShortcuts({QKeySequence(Qt::Key_F), QKeySequence(Qt::Key_Home)});
  QAction* frameSelected =
      view->addAction(tr("Frame &Selected"), viewport_, &ViewportWidget::frameSelected);
  frameSelected->setShortcuts(
      {QKeySequence(Qt::Key_Period), QKeySequence(Qt::KeypadModifier | Qt::Key_Period)});
  view->addSeparator();
  struct Preset {
    QString text;
    render::ViewPreset preset;
    Qt::Key key;
    bool ctrl;
  };
  const Preset presets[] = {
      {tr("Front"), render::ViewPreset::Front, Qt::Key_1, false},
      {tr("Back"), render::ViewPreset::Back, Qt::Key_1, true},
      {tr("Right"), render::ViewPreset::Right, Qt::Key_3, false},
      {tr("Left"), render::ViewPreset::Left, Qt::Key_3, true},
      {tr("Top"), render::ViewPreset::Top, Qt::Key_7, false},
      {tr("Bottom"), render::ViewPreset::Bottom, Qt::Key_7, true},
  };
  for (const Preset& p : presets) {
    QAction* action = view->addAction(p.text);
    const Qt::KeyboardModifiers ctrl = p.ctrl ? Qt::ControlModifier : Qt::NoModifier;
    action->setShortcuts(
        {QKeySequence(ctrl | p.key), QKeySequence(ctrl | Qt::KeypadModifier | p.key)});
    const render::ViewPreset preset = p.preset;
    connect(action, &QAction::triggered, viewport_,
            [this, preset] { viewport_->setViewPreset(preset); });
  }
  QAction* ortho = view->addAction(tr("Perspective/Orthographic"), viewport_,
                                   &ViewportWidget::toggleOrthographic);
  ortho->setShortcuts({QKeySequence(Qt::Key_5), QKeySequence(Qt::KeypadModifier | Qt::Key_5)});
  view->addSeparator();
  auto toggle = [&](const QString& text, bool checked, auto slot, QKeySequence key = {}) {
    QAction* action = view->addAction(text);
    action->setCheckable(true);
    action->setChecked(checked);
    if (!key.isEmpty()) action->setShortcut(key);
    connect(action, &QAction::toggled, viewport_, slot);
    return action;
  };
  toggle(tr("Show &Grid"), viewport_->gridVisible(), &ViewportWidget::setGridVisible);
  toggle(tr("Show &Bones"), viewport_->bonesVisible(), &ViewportWidget::setBonesVisible);
  toggle(tr("Show Mesh &Graph"), viewport_->overlayVisible(), &ViewportWidget::setOverlayVisible,
         QKeySequence(Qt::Key_G));
  toggle(tr("&Wireframe"), viewport_->wireframe(), &ViewportWidget::setWireframe,
         QKeySequence(Qt::SHIFT | Qt::Key_W));
  toggle(tr("&X-Ray"), viewport_->xray(), &ViewportWidget::setXray,
         QKeySequence(Qt::ALT | Qt::Key_Z));
  weightViewAction_ = toggle(tr("&Weights of Selected Bone"), viewport_->weightView(),
                             &ViewportWidget::setWeightView, QKeySequence(Qt::CTRL | Qt::Key_Tab));
  restPoseAction_ = view->addAction(tr("&Rest Pose"));
  restPoseAction_->setCheckable(true);
  restPoseAction_->setToolTip(
      tr("Show the rig at rest instead of the clip's frame (the Move and "
         "Paint tools turn it on)"));
  restPoseAction_->setShortcut(QKeySequence(Qt::ALT | Qt::Key_R));
  connect(restPoseAction_, &QAction::toggled, this, &MainWindow::setRestPose);
  toggle(tr("&Dual Quaternion Skinning"), false, &ViewportWidget::setDualQuaternionSkinning);
  view->addSeparator();
  // The mouse of the application the artist comes from; remembered across sessions.
  QMenu* navigation = view->addMenu(tr("&Navigation"));
  auto* navigationGroup = new QActionGroup(this);
  const QString saved = QSettings().value(QStringLiteral("view/navigation")).toString();
  for (const auto& [name, preset] :
       {std::pair{QStringLiteral("Rigwright"), NavigationPreset::Rigwright},
        std::pair{QStringLiteral("Blender"), NavigationPreset::Blender},
        std::pair{QStringLiteral("Maya"), NavigationPreset::Maya}}) {
    QAction* action = navigation->addAction(name);
    action->setObjectName(QStringLiteral("navigation") + name);
    action->setCheckable(true);
    navigationGroup->addAction(action);
    const bool chosen = saved == name || (saved.isEmpty() && preset == NavigationPreset::Rigwright);
    action->setChecked(chosen);
    if (chosen) viewport_->setNavigation(preset);
    connect(action, &QAction::triggered, this, [this, name, preset] {
      viewport_->setNavigation(preset);
      QSettings().setValue(QStringLiteral("view/navigation"), name);
    });
  }
  navigation->actions().at(0)->setToolTip(
      tr("Left drag orbits, middle or Shift+left pans, Alt combinations as in Maya"));
  navigationActions_ = navigation->actions();
  QAction* play = view->addAction(tr("Play / Pause"), timeline_, &TimelineWidget::togglePlay);
  play->setShortcut(QKeySequence(Qt::Key_Space));
}

PreferencesDialog* MainWindow::preferences() {
  if (!preferences_) preferences_ = new PreferencesDialog(navigationActions_, this);
  return preferences_;
}

void MainWindow::showPreferences() {
  preferences()->show();
  preferences()->raise();
  preferences()->activateWindow();
}

void MainWindow::updateCounts() {
  if (!character()) {
    counts_->setFullText(QString());
    return;
  }
  QString text = describe(*character());
  const std::shared_ptr<const Skeleton>& shown = viewport_->skeleton();
  if (shown && shown.get() != &character()->skeleton) {
    const QLocale locale;
    text = tr("%1 vertices · %2 triangles · rig on screen: %3 bones (%4 deform, %5 control)")
               .arg(locale.toString(qulonglong(character()->mesh.positions.size())))
               .arg(locale.toString(qulonglong(character()->mesh.source.triangles.size())))
               .arg(shown->size())
               .arg(shown->deformCount())
               .arg(shown->controlCount());
  }
  counts_->setFullText(text);
}

bool MainWindow::loading() const {
  return loader_->busy() || skeletonLoader_->busy() || motionLoader_->busy();
}

QString MainWindow::statusMessage() const {
  return message_->text();
}

QString MainWindow::timingsText() const {
  return timings_->text();
}

void MainWindow::openFileDialog() {
  const QString start = currentFile().isEmpty() ? QString() : QFileInfo(currentFile()).path();
  const QString path =
      QFileDialog::getOpenFileName(this, tr("Open Character"), start, kCharacterFilter);
  if (!path.isEmpty()) openFile(path);
}

void MainWindow::openFile(const QString& path) {
  if (isProjectFile(path)) {
    openProject(path);
    return;
  }
  setMessage(tr("Loading %1…").arg(QFileInfo(path).fileName()), false);
  busy_->setVisible(true);
  loader_->load(path);
}

void MainWindow::openSkeletonFile(const QString& path) {
  setMessage(tr("Loading skeleton %1…").arg(QFileInfo(path).fileName()), false);
  busy_->setVisible(true);
  skeletonLoader_->load(path);
}

void MainWindow::openMotionFile(const QString& path) {
  setMessage(tr("Loading motion %1…").arg(QFileInfo(path).fileName()), false);
  busy_->setVisible(true);
  motionLoader_->load(path);
}

void MainWindow::showLoaded(const QString& path, std::shared_ptr<const Character> loaded,
                            qint64 ms) {
  busy_->setVisible(loading() || runner_->busy());
  // A new character is a new document: the skeleton and motion chosen for the previous one go
  // with it (a project being opened brings its own).
  document_->openMesh({path, std::move(loaded)}, pendingProject_ != nullptr);
  snapshot_.reset();
  products_.reset();
  undo_->clear();
  parameters_->setParams(document_->params());  // without the previous character's pins
  viewport_->setCharacter(character());
  updateSkeletonView();
  updateTimeline();
  projectPath_.clear();  // a new character is a new document
  setMessage(tr("%1 (loaded in %2 s)").arg(path).arg(ms / 1000.0, 0, 'f', 2), false);
  updateCounts();
  addRecentFile(path);
  markDirty();
  requestRun();
  emit characterLoaded(path);
  applyPendingProject();
}

void MainWindow::showSkeletonLoaded(const QString& path, std::shared_ptr<const Character> loaded) {
  busy_->setVisible(loading() || runner_->busy());
  if (loaded->skeleton.empty()) {
    showFailed(path, tr("%1: the file has no bones").arg(path));
    return;
  }
  document_->openSkeletonFile({path, std::move(loaded)});
  // Its joints are other joints: the history's head picks, pins and paint name the old ones,
  // and the pins went with them (the dock must not put them back with its next edit).
  undo_->clear();
  parameters_->setParams(document_->params());
  products_.reset();
  setMessage(tr("Skeleton %1: %2 bones (%3 control). Pick the head nodes, then Rig ▸ Retarget.")
                 .arg(QFileInfo(path).fileName())
                 .arg(skeletonFile()->skeleton.size())
                 .arg(skeletonFile()->skeleton.controlCount()),
             false);
  updateSkeletonView();
  markDirty();
  if (document_->retarget()) requestRun();
  emit skeletonLoaded(path);
  applyPendingProject();
}

void MainWindow::showMotionLoaded(const QString& path, std::shared_ptr<const Character> loaded) {
  busy_->setVisible(loading() || runner_->busy());
  if (loaded->clips.empty() || loaded->skeleton.empty()) {
    showFailed(path, tr("%1: the file has no animation").arg(path));
    return;
  }
  document_->openMotion({path, std::move(loaded)});
  const AnimationClip& first = motion()->clips.front();
  setMessage(
      motion()->clips.size() == 1
          ? tr("Motion %1: %2 s at %3 fps")
                .arg(QFileInfo(path).fileName())
                .arg(first.duration, 0, 'f', 1)
                .arg(first.framesPerSecond, 0, 'g', 6)
          : tr("Motion %1: %2 clips").arg(QFileInfo(path).fileName()).arg(motion()->clips.size()),
      false);
  markDirty();
  // A rig already made gets the new clips.
  if (products_ && products_->skeleton && character()) {
    productsJob_->start(character(), products_->skeleton, motion(), document_->paintedWeights());
    updateStillFrames();
  }
  emit motionLoaded(path);
  applyPendingProject();
}

void MainWindow::showFailed(const QString& path, const QString& message) {
  busy_->setVisible(loading() || runner_->busy());
  // What is on screen stays: nothing is lost by a bad file.
  setMessage(tr("Could not open %1: %2").arg(QFileInfo(path).fileName(), message), true);
  if (pendingProject_) {
    pendingProject_.reset();
    setMessage(
        tr("Could not open project %1: %2").arg(QFileInfo(pendingProjectPath_).fileName(), message),
        true);
  }
  reportError(tr("Could not open file"), message);
  emit loadFailed(message);
}

void MainWindow::reportError(const QString& title, const QString& message) {
  if (!errorDialogs_) return;
  auto* box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, this);
  box->setAttribute(Qt::WA_DeleteOnClose);
  box->open();  // window-modal but non-blocking
}

void MainWindow::setMessage(const QString& text, bool error) {
  message_->setFullText(text);
  message_->setStyleSheet(error ? QStringLiteral("color: #ff6b6b;") : QString());
}

void MainWindow::addRecentFile(const QString& path) {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  QStringList files = recentFiles();
  files.removeAll(absolute);
  files.prepend(absolute);
  while (files.size() > kMaxRecentFiles) files.removeLast();
  setRecentFiles(files);
}

void MainWindow::updateRecentMenu() {
  recentMenu_->clear();
  const QStringList files = recentFiles();
  for (const QString& file : files) {
    QAction* action = recentMenu_->addAction(QFileInfo(file).fileName());
    action->setToolTip(file);
    connect(action, &QAction::triggered, this, [this, file] { openFile(file); });
  }
  if (files.isEmpty()) recentMenu_->addAction(tr("(none)"))->setEnabled(false);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  if (!droppedFile(event->mimeData()).isEmpty()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
  const QString path = droppedFile(event->mimeData());
  if (path.isEmpty()) return;
  event->acceptProposedAction();
  // A motion dropped on a character animates it; anything else opens as the character.
  if (isMotionFile(path) && character() && !character()->mesh.empty())
    openMotionFile(path);
  else
    openFile(path);
}

void MainWindow::saveWindowLayout() const {
  QSettings settings = userSettings();
  settings.setValue(kGeometryKey, saveGeometry());
  settings.setValue(kLayoutKey, saveState());
}

bool MainWindow::restoreWindowLayout() {
  const QSettings settings = userSettings();
  const QByteArray geometry = settings.value(kGeometryKey).toByteArray();
  if (geometry.isEmpty() || !restoreGeometry(geometry)) return false;
  restoreState(settings.value(kLayoutKey).toByteArray());
  return true;
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (unsaved_ && character()) {
    const QMessageBox::StandardButton choice =
        closeChoice_ ? closeChoice_()
                     : QMessageBox::question(
                           this, tr("Unsaved changes"),
                           tr("Save the changes to %1 before closing?")
                               .arg(projectPath_.isEmpty() ? QFileInfo(currentFile()).fileName()
                                                           : QFileInfo(projectPath_).fileName()),
                           QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel,
                           QMessageBox::Save);
    if (choice == QMessageBox::Cancel || (choice == QMessageBox::Save && !saveCurrentProject())) {
      event->ignore();  // nothing lost: the window stays, the autosave too
      return;
    }
  }
  // A clean exit, saved or discarded by choice, leaves no recovery file behind.
  QFile::remove(autosavePath());
  saveWindowLayout();
  QMainWindow::closeEvent(event);
}

void MainWindow::updateStillFrames() {
  viewport_->setDeferStillFrames(runner_->busy() || productsJob_->busy());
}

void MainWindow::addPlacementMethodMenu(QMenu* rig) {
  QMenu* menu = rig->addMenu(tr("Placement &Method"));
  menu->setToolTipsVisible(true);
  auto* group = new QActionGroup(menu);
  const struct {
    RigMethod method;
    QString text, tip;
  } methods[] = {
      {RigMethod::Retarget, tr("&Retarget (graph matching)"),
       tr("Match the skeleton's graph to the mesh's and place the joints along it (Poirier & "
          "Paquette 2009): follows the mesh's limbs closely")},
      {RigMethod::Embed, tr("&Embed (skeleton embedding)"),
       tr("Fit the skeleton into the mesh's volume (Baran & Popović 2007): works where the "
          "mesh's shape does not show the limbs (legs in a robe, an arm fused to the body). "
          "Joints are moved by hand with the retarget method")},
      {RigMethod::Auto, tr("&Auto (retarget, embedding where matching fails)"),
       tr("Retarget, and take the limbs matching could not place from the embedding; the "
          "outliner says which joints came from which")},
  };
  for (const auto& m : methods) {
    QAction* action = menu->addAction(m.text);
    action->setToolTip(m.tip);
    action->setCheckable(true);
    group->addAction(action);
    methodActions_[int(m.method)] = action;
    connect(action, &QAction::triggered, this, [this, method = m.method] {
      RigParams p = document_->params();
      p.method = method;
      setParams(p);  // undoable; re-runs placement only
    });
  }
  connect(rig, &QMenu::aboutToShow, this, &MainWindow::syncPlacementMethod);
  syncPlacementMethod();
}

void MainWindow::syncPlacementMethod() {
  const int checked = int(document_->params().method);
  for (int m = 0; m < int(methodActions_.size()); ++m)
    if (methodActions_[m]) methodActions_[m]->setChecked(m == checked);
}

QAction* MainWindow::placementMethodAction(RigMethod method) const {
  const int m = int(method);
  return m >= 0 && m < int(methodActions_.size()) ? methodActions_[m] : nullptr;
}

}  // namespace rw::ui
