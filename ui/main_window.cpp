#include "main_window.h"

#include <QAction>
#include <QApplication>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QSettings>
#include <QStatusBar>

#include "character.h"
#include "character_loader.h"
#include "viewport_widget.h"

namespace rw::ui {

namespace {

constexpr int kMaxRecentFiles = 8;
const char* const kRecentKey = "recentFiles";

QStringList recentFiles() {
  return QSettings(QStringLiteral("Rigwright"), QStringLiteral("Rigwright"))
      .value(kRecentKey)
      .toStringList();
}

void setRecentFiles(const QStringList& files) {
  QSettings(QStringLiteral("Rigwright"), QStringLiteral("Rigwright")).setValue(kRecentKey, files);
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

}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
  viewport_ = new ViewportWidget(this);
  setCentralWidget(viewport_);
  loader_ = new CharacterLoader(this);
  connect(loader_, &CharacterLoader::loaded, this, &MainWindow::showLoaded);
  connect(loader_, &CharacterLoader::failed, this, &MainWindow::showFailed);

  message_ = new QLabel(this);
  message_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  busy_ = new QProgressBar(this);
  busy_->setRange(0, 0);  // indeterminate
  busy_->setMaximumWidth(120);
  busy_->setVisible(false);
  counts_ = new QLabel(this);
  statusBar()->addWidget(message_, 1);
  statusBar()->addPermanentWidget(busy_);
  statusBar()->addPermanentWidget(counts_);

  createMenus();
  setAcceptDrops(true);
  setWindowTitle(tr("Rigwright"));
  resize(1100, 760);
  setMessage(tr("Open a character: File ▸ Open (Ctrl+O), or drop a file here."), false);
}

MainWindow::~MainWindow() = default;

void MainWindow::createMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  QAction* open = file->addAction(tr("&Open…"), this, &MainWindow::openFileDialog);
  open->setShortcut(QKeySequence::Open);
  recentMenu_ = file->addMenu(tr("Open &Recent"));
  connect(recentMenu_, &QMenu::aboutToShow, this, &MainWindow::updateRecentMenu);
  file->addSeparator();
  QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
  quit->setShortcut(QKeySequence::Quit);

  QMenu* view = menuBar()->addMenu(tr("&View"));
  QAction* frame = view->addAction(tr("&Frame All"), viewport_, &ViewportWidget::frameAll);
  frame->setShortcuts({QKeySequence(Qt::Key_F), QKeySequence(Qt::Key_Home)});
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
  QAction* grid = view->addAction(tr("Show &Grid"));
  grid->setCheckable(true);
  grid->setChecked(viewport_->gridVisible());
  connect(grid, &QAction::toggled, viewport_, &ViewportWidget::setGridVisible);
  QAction* bones = view->addAction(tr("Show &Bones"));
  bones->setCheckable(true);
  bones->setChecked(viewport_->bonesVisible());
  connect(bones, &QAction::toggled, viewport_, &ViewportWidget::setBonesVisible);
}

bool MainWindow::loading() const {
  return loader_->busy();
}

QString MainWindow::statusMessage() const {
  return message_->text();
}

void MainWindow::openFileDialog() {
  const QString start = currentFile_.isEmpty() ? QString() : QFileInfo(currentFile_).path();
  const QString path = QFileDialog::getOpenFileName(
      this, tr("Open Character"), start,
      tr("Characters and motion (*.fbx *.gltf *.glb *.dae *.zae *.x *.bvh *.obj *.blend *.ms3d "
         "*.md5mesh *.smd *.3ds *.ply *.stl *.xgl *.cob *.b3d *.ase *.lwo *.off);;"
         "All files (*)"));
  if (!path.isEmpty()) openFile(path);
}

void MainWindow::openFile(const QString& path) {
  setMessage(tr("Loading %1…").arg(QFileInfo(path).fileName()), false);
  busy_->setVisible(true);
  loader_->load(path);
}

void MainWindow::showLoaded(const QString& path, std::shared_ptr<const Character> character,
                            qint64 ms) {
  busy_->setVisible(false);
  character_ = std::move(character);
  currentFile_ = path;
  viewport_->setCharacter(character_);
  const QString name = QFileInfo(path).fileName();
  setWindowTitle(tr("%1 — Rigwright").arg(name));
  setMessage(tr("%1 (loaded in %2 s)").arg(path).arg(ms / 1000.0, 0, 'f', 2), false);
  counts_->setText(describe(*character_));
  addRecentFile(path);
  emit characterLoaded(path);
}

void MainWindow::showFailed(const QString& path, const QString& message) {
  busy_->setVisible(false);
  // The character on screen (if any) stays: nothing is lost by a bad file.
  setMessage(tr("Could not open %1: %2").arg(QFileInfo(path).fileName(), message), true);
  if (errorDialogs_) {
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Could not open file"), message,
                                QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();  // window-modal but non-blocking
  }
  emit loadFailed(message);
}

void MainWindow::setMessage(const QString& text, bool error) {
  message_->setText(text);
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
  openFile(path);
}

}  // namespace rw::ui
