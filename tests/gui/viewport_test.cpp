// The workstation under a real X server (xvfb-run) and a real OpenGL 3.3 core context: opens the
// artist-made models of assimp-testmodels, grabs the viewport and checks what it shows.
// Screenshots are saved to RIGWRIGHT_SCREENSHOT_DIR to be looked at.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMimeData>
#include <QOpenGLContext>
#include <QScreen>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>
#include <cmath>
#include <memory>

#include "character.h"
#include "main_window.h"
#include "palette.h"
#include "screen_analysis.h"
#include "session_runner.h"
#include "viewport_widget.h"

using rw::test::analyzeScreen;
using rw::test::changedFraction;
using rw::test::ScreenCoverage;
using rw::ui::MainWindow;

namespace {

const QString kModels = QStringLiteral(RIGWRIGHT_MODELS_DIR);
const QString kBcn = kModels + QStringLiteral("/X/BCN_Epileptic.X");
const QString kWuson = kModels + QStringLiteral("/X/Testwuson.X");
const QString kMalformed = kModels + QStringLiteral("/invalid/malformed.obj");
constexpr int kLoadTimeoutMs = 60000;

QString describe(const ScreenCoverage& s) {
  return QStringLiteral("%1x%2 covered %3 (%4%) box (%5,%6 %7x%8) deform %9 control %10")
      .arg(s.width)
      .arg(s.height)
      .arg(s.covered)
      .arg(100.0 * s.coveredFraction(), 0, 'f', 1)
      .arg(s.box.x())
      .arg(s.box.y())
      .arg(s.box.width())
      .arg(s.box.height())
      .arg(s.deformBone)
      .arg(s.controlBone);
}

/// Sends a press, a few moves and a release, as a hand would.
void drag(QWidget* widget, QPoint from, QPoint to, Qt::MouseButton button,
          Qt::KeyboardModifiers modifiers = Qt::NoModifier) {
  const auto send = [&](QEvent::Type type, QPoint at, Qt::MouseButton b, Qt::MouseButtons held) {
    QMouseEvent event(type, QPointF(at), widget->mapToGlobal(QPointF(at)), b, held, modifiers);
    QApplication::sendEvent(widget, &event);
  };
  send(QEvent::MouseButtonPress, from, button, button);
  constexpr int kSteps = 6;
  for (int i = 1; i <= kSteps; ++i)
    send(QEvent::MouseMove, from + (to - from) * i / kSteps, Qt::NoButton, button);
  send(QEvent::MouseButtonRelease, to, button, Qt::NoButton);
}

void wheel(QWidget* widget, QPoint at, int notches) {
  QWheelEvent event(QPointF(at), widget->mapToGlobal(QPointF(at)), QPoint(),
                    QPoint(0, 120 * notches), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase,
                    false);
  QApplication::sendEvent(widget, &event);
}

}  // namespace

class ViewportTest : public QObject {
  Q_OBJECT

 private:
  std::unique_ptr<MainWindow> window_;

  rw::ui::ViewportWidget* viewport() { return window_->viewport(); }

  /// Opens `path` and waits for the load to finish; true if it loaded.
  bool open(const QString& path) {
    QSignalSpy loaded(window_.get(), &MainWindow::characterLoaded);
    QSignalSpy failed(window_.get(), &MainWindow::loadFailed);
    window_->openFile(path);
    if (!QTest::qWaitFor([&] { return loaded.count() + failed.count() > 0; }, kLoadTimeoutMs))
      return false;
    return loaded.count() == 1;
  }

  QImage grab(const QString& name) {
    const QImage image = viewport()->grabFramebuffer();
    const QString dir = QStringLiteral(RIGWRIGHT_SCREENSHOT_DIR);
    QDir().mkpath(dir);
    const QString file = dir + QLatin1Char('/') + name + QStringLiteral(".png");
    if (!image.save(file)) qWarning() << "could not save" << file;
    qInfo().noquote() << "screenshot:" << file;
    return image;
  }

  ScreenCoverage measure(const QImage& image) {
    const ScreenCoverage s = analyzeScreen(image, rw::render::palette::kBackground);
    qInfo().noquote() << "  " << describe(s);
    return s;
  }

  /// Opens BCN with the grid hidden, so that every covered pixel is the character.
  void openBcnWithoutGrid() {
    QVERIFY2(open(kBcn), qPrintable(window_->statusMessage()));
    viewport()->setGridVisible(false);
    // The mesh-head marker appears when the pipeline has resolved the head: wait for it, so
    // that before/after images compare the same scene.
    QVERIFY(QTest::qWaitFor([&] { return !window_->sessionRunner()->busy(); }, kLoadTimeoutMs));
  }

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);  // recent files go to a test settings folder
    for (const QString& model : {kBcn, kWuson, kMalformed})
      if (!QFileInfo(model).isFile())
        QFAIL(qPrintable(QStringLiteral("model %1 is missing: install the Debian package "
                                        "assimp-testmodels (or set RIGWRIGHT_MODELS_DIR)")
                             .arg(model)));
  }

  void init() {
    window_ = std::make_unique<MainWindow>();
    window_->setErrorDialogsEnabled(false);
    // These tests measure the mesh and bone colours: the mesh-graph overlay (its orange axial
    // arcs, drawn once the pipeline finishes) would race with them. workstation_test covers it.
    window_->viewport()->setOverlayVisible(false);
    window_->resize(1000, 760);
    window_->show();
    window_->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(window_.get()));
    QVERIFY(QTest::qWaitForWindowExposed(viewport()));
  }

  void cleanup() { window_.reset(); }

  void glContextIsReady() {
    viewport()->grabFramebuffer();  // forces initializeGL
    QVERIFY2(viewport()->glReady(), qPrintable(viewport()->glError()));
    const QSurfaceFormat f = viewport()->context()->format();
    QVERIFY(f.majorVersion() > 3 || (f.majorVersion() == 3 && f.minorVersion() >= 3));
    QCOMPARE(f.profile(), QSurfaceFormat::CoreProfile);
  }

  void bcnIsFramedWithBonesVisible() {
    QVERIFY2(open(kBcn), qPrintable(window_->statusMessage()));
    QVERIFY(window_->character());
    QCOMPARE(window_->currentFile(), kBcn);
    QVERIFY2(window_->statusMessage().contains(QStringLiteral("BCN_Epileptic.X")),
             qPrintable(window_->statusMessage()));
    QVERIFY(window_->windowTitle().contains(QStringLiteral("BCN_Epileptic.X")));
    // The head marker appears when the pipeline has resolved the head: the same scene on
    // screen and in the grab.
    QVERIFY(QTest::qWaitFor([&] { return !window_->sessionRunner()->busy(); }, kLoadTimeoutMs));
    const QImage framebuffer = grab(QStringLiteral("viewport_bcn"));  // the default look
    // The status bar lays out its new text; the viewport's anti-aliased still frame is shown
    // (drawn on the render thread).
    QTest::qWait(500);
    QVERIFY(QTest::qWaitFor([&] { return viewport()->stillFrameShown(); }, kLoadTimeoutMs));
    // What the X server shows (the viewport is a native OpenGL window inside the main window).
    const QImage window = window_->screen()->grabWindow(window_->winId()).toImage();
    window.save(QStringLiteral(RIGWRIGHT_SCREENSHOT_DIR "/window_bcn.png"));
    QVERIFY2(window_->findChild<QStatusBar*>()->isVisible(), "no status bar");
    // The screen shows what the framebuffer holds: blending left it opaque, so compositing
    // the viewport into the window changes nothing.
    const QRect inWindow(viewport()->mapTo(window_.get(), QPoint(0, 0)), viewport()->size());
    const double composited = changedFraction(window.copy(inWindow), framebuffer, 8);
    qInfo() << "  window vs framebuffer:" << 100 * composited << "% of the pixels differ";
    QVERIFY(composited < 0.002);

    viewport()->setGridVisible(false);
    const QImage image = grab(QStringLiteral("viewport_bcn_nogrid"));
    const ScreenCoverage s = measure(image);
    const double w = s.width, h = s.height;
    QVERIFY2(s.covered > 0.03 * w * h, qPrintable(describe(s)));
    // Framed: the whole character inside the view, off the edges, centred, and large.
    QVERIFY2(s.box.left() > 2 && s.box.top() > 2 && s.box.right() < w - 3 && s.box.bottom() < h - 3,
             qPrintable(describe(s)));
    QVERIFY2(s.box.height() > 0.6 * h, qPrintable(describe(s)));
    QVERIFY2(std::abs(s.box.center().x() - 0.5 * w) < 0.1 * w, qPrintable(describe(s)));
    QVERIFY2(std::abs(s.box.center().y() - 0.5 * h) < 0.1 * h, qPrintable(describe(s)));
    // Every BCN bone deforms: blue bones seen through the body, no orange.
    QVERIFY2(s.deformBone > 500, qPrintable(describe(s)));
    QVERIFY2(s.controlBone == 0, qPrintable(describe(s)));
    // The box centre projects to the screen centre.
    const Eigen::Vector3d centre =
        viewport()->camera().project(window_->character()->mesh.bounds().center());
    QVERIFY(std::abs(centre.x() - 0.5 * w) < 1.0 && std::abs(centre.y() - 0.5 * h) < 1.0);

    // Without bones, no blue pixels: the blue really is the skeleton.
    viewport()->setBonesVisible(false);
    const ScreenCoverage clay = measure(grab(QStringLiteral("viewport_bcn_nobones")));
    QVERIFY2(clay.deformBone == 0, qPrintable(describe(clay)));
  }

  void smallTrianglesAreLitPerVertexAndLookTheSame() {
    openBcnWithoutGrid();
    viewport()->setBonesVisible(false);
    grab(QStringLiteral("viewport_bcn_lit_framed"));
    // Framed in this window, BCN's ~5K triangles are several pixels across: lit per fragment,
    // so that highlights stay round on coarse meshes.
    const double framed = viewport()->meshTriangleSizePixels();
    qInfo() << "  framed: triangles" << framed << "px across";
    QVERIFY(framed > rw::render::MeshRenderer::kVertexLightingMaxPixels);
    QVERIFY(!viewport()->meshLitPerVertex());
    // Zoomed out until they are at most a few pixels across: lit per vertex.
    for (int notch = 0; notch < 20 && !viewport()->meshLitPerVertex(); ++notch)
      wheel(viewport(), viewport()->rect().center(), -1);
    QVERIFY(viewport()->meshLitPerVertex());
    const double far = viewport()->meshTriangleSizePixels();
    qInfo() << "  zoomed out: triangles" << far << "px across";
    QVERIFY(far <= rw::render::MeshRenderer::kVertexLightingMaxPixels);
    const QImage perVertex = grab(QStringLiteral("viewport_bcn_lit_per_vertex"));
    viewport()->setMeshLighting(rw::render::SurfaceLighting::PerFragment);
    const QImage perFragment = grab(QStringLiteral("viewport_bcn_lit_per_fragment"));
    viewport()->setMeshLighting(rw::render::SurfaceLighting::Automatic);
    // The same picture: the character's pixels barely differ (a few along silhouettes and
    // in the highlights, well under a tenth of them).
    const ScreenCoverage s = measure(perFragment);
    const double changed = changedFraction(perVertex, perFragment, 24) * s.width * s.height;
    qInfo() << "  per vertex vs per fragment:" << changed << "of" << s.covered
            << "covered pixels differ by more than 24 levels";
    QVERIFY2(s.covered > 2000, qPrintable(describe(s)));
    QVERIFY(changed < 0.1 * s.covered);
  }

  void leftDragOrbits() {
    openBcnWithoutGrid();
    const QImage before = grab(QStringLiteral("viewport_bcn_before_orbit"));
    const double yaw = viewport()->camera().yaw();
    const double distance = viewport()->camera().distance();
    const QPoint c = viewport()->rect().center();
    drag(viewport(), c, c + QPoint(150, 0), Qt::LeftButton);
    QVERIFY(std::abs(std::abs(yaw - viewport()->camera().yaw()) -
                     150 * rw::render::Camera::kOrbitSpeed) < 1e-6);
    QCOMPARE(viewport()->camera().distance(), distance);
    const QImage after = grab(QStringLiteral("viewport_bcn_orbited"));
    const double changed = changedFraction(before, after);
    qInfo() << "  orbit changed" << 100 * changed << "% of the pixels";
    QVERIFY(changed > 0.02);
    QVERIFY(measure(after).box.height() > 0.5 * after.height());
  }

  void wheelZoomsIn() {
    openBcnWithoutGrid();
    const ScreenCoverage before = measure(grab(QStringLiteral("viewport_bcn_before_zoom")));
    wheel(viewport(), viewport()->rect().center(), 2);
    const ScreenCoverage after = measure(grab(QStringLiteral("viewport_bcn_zoomed")));
    QVERIFY2(after.covered > 1.3 * before.covered, qPrintable(describe(after)));
    wheel(viewport(), viewport()->rect().center(), -4);
    const ScreenCoverage out = measure(grab(QStringLiteral("viewport_bcn_zoomed_out")));
    QVERIFY2(out.covered < before.covered, qPrintable(describe(out)));
  }

  // Maya's navigation beside Blender's: Alt+left orbits (and never picks), Alt+middle pans,
  // Alt+right dollies in when dragged right or up, out when dragged left or down.
  void altDragNavigatesLikeMaya() {
    openBcnWithoutGrid();
    const QPoint c = viewport()->rect().center();
    const double distance = viewport()->camera().distance();
    drag(viewport(), c, c + QPoint(120, -60), Qt::RightButton, Qt::AltModifier);
    const double closer = viewport()->camera().distance();
    qInfo() << "  Alt+right drag: distance" << distance << "->" << closer;
    QVERIFY(closer < 0.8 * distance);
    drag(viewport(), c, c - QPoint(120, -60), Qt::RightButton, Qt::AltModifier);
    QVERIFY(std::abs(viewport()->camera().distance() - distance) < 1e-6 * distance);
    // A plain right drag is not a zoom (it is left to the context menu).
    drag(viewport(), c, c + QPoint(120, -60), Qt::RightButton);
    QVERIFY(std::abs(viewport()->camera().distance() - distance) < 1e-6 * distance);
    const double yaw = viewport()->camera().yaw();
    drag(viewport(), c, c + QPoint(100, 0), Qt::LeftButton, Qt::AltModifier);
    QVERIFY(std::abs(std::abs(yaw - viewport()->camera().yaw()) -
                     100 * rw::render::Camera::kOrbitSpeed) < 1e-6);
    const Eigen::Vector3d target = viewport()->camera().target();
    drag(viewport(), c, c + QPoint(80, 0), Qt::MiddleButton, Qt::AltModifier);
    QVERIFY((viewport()->camera().target() - target).norm() > 0.0);
  }

  // A rig file has no mesh: F frames its deform bones, not the control bones that stand off
  // the body (poles in front of the knees, pivots and IK targets at the feet).
  void aRigWithoutMeshFramesItsDeformBones() {
    QVERIFY(open(QStringLiteral(RIGWRIGHT_SKELETONS_DIR "/biped_production.json")));
    const rw::Skeleton& s = window_->character()->skeleton;
    Eigen::AlignedBox3d deform, all;
    const auto rest = s.restGlobals();
    for (int j = 0; j < s.size(); ++j) {
      all.extend(rest[j].translation());
      if (s.joints[j].deform) deform.extend(rest[j].translation());
    }
    QTest::keyClick(viewport(), Qt::Key_F);
    // The same camera framing either box: the view is the deform bones' framing.
    rw::render::Camera deformView = viewport()->camera(), allView = viewport()->camera();
    deformView.frame(deform);
    allView.frame(all);
    const double shown = viewport()->camera().distance();
    qInfo() << "  framed at distance" << shown << "; deform bones" << deformView.distance()
            << ", all joints" << allView.distance();
    QVERIFY(allView.distance() > 1.05 * deformView.distance());
    QVERIFY(std::abs(shown - deformView.distance()) < 1e-6 * shown);
    QVERIFY((viewport()->camera().target() - deformView.target()).norm() < 1e-6 * shown);
  }

  void panFollowsTheMouse() {
    openBcnWithoutGrid();
    const ScreenCoverage before = measure(grab(QStringLiteral("viewport_bcn_before_pan")));
    const QPoint c = viewport()->rect().center();
    drag(viewport(), c, c + QPoint(120, 40), Qt::MiddleButton);
    const ScreenCoverage middle = measure(grab(QStringLiteral("viewport_bcn_panned")));
    // A pan is a translation parallel to the screen: in perspective, near and far parts move
    // a little differently, hence the tolerance.
    QVERIFY2(std::abs(middle.box.center().x() - before.box.center().x() - 120) < 12,
             qPrintable(describe(middle)));
    QVERIFY2(std::abs(middle.box.center().y() - before.box.center().y() - 40) < 12,
             qPrintable(describe(middle)));
    drag(viewport(), c, c - QPoint(120, 40), Qt::LeftButton, Qt::ShiftModifier);
    const ScreenCoverage back = measure(grab(QStringLiteral("viewport_bcn_panned_back")));
    QVERIFY2((back.box.center() - before.box.center()).manhattanLength() <= 4,
             qPrintable(describe(back)));
  }

  void keysSelectViewsAndFrame() {
    openBcnWithoutGrid();
    const rw::render::Camera& camera = viewport()->camera();
    viewport()->setFocus();
    QTest::keyClick(viewport(), Qt::Key_1);
    QVERIFY(std::abs(camera.yaw()) < 1e-9 && std::abs(camera.pitch()) < 1e-9);
    QVERIFY((camera.eye() - camera.target()).normalized().z() > 0.999);  // looks from +Z
    QTest::keyClick(viewport(), Qt::Key_F);
    const ScreenCoverage front = measure(grab(QStringLiteral("viewport_bcn_front")));
    QVERIFY2(front.box.height() > 0.6 * front.height, qPrintable(describe(front)));
    // Facing +Z, so the front view sees it symmetric: its box centred horizontally.
    QVERIFY2(std::abs(front.box.center().x() - 0.5 * front.width) < 0.05 * front.width,
             qPrintable(describe(front)));
    QTest::keyClick(viewport(), Qt::Key_3);
    QVERIFY((camera.eye() - camera.target()).normalized().x() > 0.999);
    QTest::keyClick(viewport(), Qt::Key_F);
    grab(QStringLiteral("viewport_bcn_right"));
    QTest::keyClick(viewport(), Qt::Key_7);
    QVERIFY((camera.eye() - camera.target()).normalized().y() > 0.999);
    QVERIFY(camera.up().z() < -0.999);  // Blender's top view: the character's front is down
    QTest::keyClick(viewport(), Qt::Key_1, Qt::ControlModifier);
    QVERIFY((camera.eye() - camera.target()).normalized().z() < -0.999);
    QTest::keyClick(viewport(), Qt::Key_1, Qt::KeypadModifier);
    QVERIFY((camera.eye() - camera.target()).normalized().z() > 0.999);
    // Frame all brings a zoomed-away character back.
    wheel(viewport(), viewport()->rect().center(), -6);
    const ScreenCoverage away = measure(grab(QStringLiteral("viewport_bcn_away")));
    QTest::keyClick(viewport(), Qt::Key_Home);
    const ScreenCoverage framed = measure(grab(QStringLiteral("viewport_bcn_reframed")));
    QVERIFY2(framed.covered > 3 * away.covered, qPrintable(describe(framed)));
  }

  void badFileFailsAndKeepsTheCharacter() {
    openBcnWithoutGrid();
    const ScreenCoverage before = measure(grab(QStringLiteral("viewport_bcn_before_bad")));
    const auto character = window_->character();

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString garbage = dir.filePath(QStringLiteral("garbage.fbx"));
    QFile file(garbage);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("Kaydara FBX Binary  \0\x1a\0 this is not a character, just bytes \xff\xfe", 60);
    file.close();

    for (const QString& bad : {garbage, kMalformed, QStringLiteral("/nonexistent/missing.fbx")}) {
      QSignalSpy failed(window_.get(), &MainWindow::loadFailed);
      QSignalSpy loaded(window_.get(), &MainWindow::characterLoaded);
      window_->openFile(bad);
      QTRY_VERIFY_WITH_TIMEOUT(failed.count() == 1, kLoadTimeoutMs);
      QCOMPARE(loaded.count(), 0);
      const QString message = failed.first().first().toString();
      qInfo().noquote() << "  failure:" << message;
      QVERIFY2(message.contains(QFileInfo(bad).fileName()), qPrintable(message));
      QVERIFY2(window_->statusMessage().startsWith(QStringLiteral("Could not open")),
               qPrintable(window_->statusMessage()));
      // Nothing lost: the same character, still on screen.
      QCOMPARE(window_->character(), character);
      QCOMPARE(window_->currentFile(), kBcn);
      QVERIFY(!window_->loading());
    }
    const ScreenCoverage after = measure(grab(QStringLiteral("viewport_bcn_after_bad")));
    QCOMPARE(after.box, before.box);
    QCOMPARE(after.covered, before.covered);
  }

  void droppedFileOpens() {
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(kBcn)});
    const QPoint at = window_->rect().center();
    QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(window_.get(), &enter);
    QVERIFY(enter.isAccepted());
    QSignalSpy loaded(window_.get(), &MainWindow::characterLoaded);
    QDropEvent drop(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(window_.get(), &drop);
    QTRY_VERIFY_WITH_TIMEOUT(loaded.count() == 1, kLoadTimeoutMs);
    QCOMPARE(window_->currentFile(), kBcn);

    // Dropped where users drop it, on the 3D view (a native window of its own): it opens too.
    QWindow* surface = viewport()->surfaceWindow();
    QVERIFY(surface);
    QMimeData walk;
    walk.setUrls({QUrl::fromLocalFile(kWuson)});
    const QPointF middle(surface->width() / 2.0, surface->height() / 2.0);
    QDragEnterEvent onView(middle.toPoint(), Qt::CopyAction, &walk, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(surface, &onView);
    QVERIFY(onView.isAccepted());
    QDropEvent dropOnView(middle, Qt::CopyAction, &walk, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(surface, &dropOnView);
    QTRY_VERIFY_WITH_TIMEOUT(loaded.count() == 2, kLoadTimeoutMs);
    QCOMPARE(window_->currentFile(), kWuson);

    // Text or a folder is refused.
    QMimeData text;
    text.setText(QStringLiteral("hello"));
    QDragEnterEvent refused(at, Qt::CopyAction, &text, Qt::LeftButton, Qt::NoModifier);
    refused.setAccepted(false);
    QApplication::sendEvent(window_.get(), &refused);
    QVERIFY(!refused.isAccepted());
  }

  void controlBonesAreOrange() {
    QVERIFY2(open(kWuson), qPrintable(window_->statusMessage()));
    const rw::Skeleton& skeleton = window_->character()->skeleton;
    QVERIFY(skeleton.controlCount() >= 1);
    grab(QStringLiteral("viewport_wuson"));
    viewport()->setGridVisible(false);
    const ScreenCoverage s = measure(grab(QStringLiteral("viewport_wuson_nogrid")));
    QVERIFY2(s.box.height() > 0.4 * s.height, qPrintable(describe(s)));
    QVERIFY2(s.deformBone > 200, qPrintable(describe(s)));
    QVERIFY2(s.controlBone > 20, qPrintable(describe(s)));
  }

  void secondLoadReplacesTheFirst() {
    QVERIFY(open(kWuson));
    QVERIFY(open(kBcn));
    QCOMPARE(window_->currentFile(), kBcn);
    QCOMPARE(window_->character()->sourcePath, kBcn.toStdString());
  }
};

QTEST_MAIN(ViewportTest)
#include "viewport_test.moc"
