// Joint editing in the workstation (issue 22) under a real X server: the demo's retargeted rig,
// a joint moved with the Move tool's gizmo (in the view plane and along one axis), Esc cancelling
// a drag, undo and redo, the pin kept through a γ change, Ctrl+click snapping a joint into the
// middle of the limb under the cursor, numeric entry in the Joint panel, unpinning, and the pins
// saved with the project. Screenshots of the gizmo to be looked at.
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QHeaderView>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <QUndoStack>
#include <cmath>
#include <memory>

#include "character.h"
#include "joint_dock.h"
#include "main_window.h"
#include "outliner_dock.h"
#include "parameter_dock.h"
#include "picking.h"
#include "preferences_dialog.h"
#include "rig_products.h"
#include "session_runner.h"
#include "test_window.h"
#include "viewport_widget.h"

using rw::JointPin;
using rw::ui::MainWindow;
using rw::ui::ViewportTool;

namespace {

const QString kDemo = QStringLiteral(RIGWRIGHT_SOURCE_DIR "/resources/demo/bcn_biped.rwproj");
constexpr int kTimeoutMs = 120000;

}  // namespace

class JointEditingTest : public QObject {
  Q_OBJECT

 private:
  std::unique_ptr<MainWindow> window_;

  rw::ui::ViewportWidget* viewport() { return window_->viewport(); }

  bool settle() {
    const bool settled = QTest::qWaitFor(
        [&] {
          return !window_->sessionRunner()->busy() && !window_->loading() && window_->snapshot() &&
                 window_->snapshot()->request == window_->sessionRunner()->latestRequest() &&
                 window_->snapshot()->retargeted &&
                 viewport()->skeleton().get() == &window_->snapshot()->retargeted->skeleton;
        },
        kTimeoutMs);
    if (!settled) describeWindow("never settled");
    return settled;
  }

  /// What the window was doing, for a failure's log.
  void describeWindow(const char* what) {
    const auto& snapshot = window_->snapshot();
    qWarning().noquote() << what << "| status:" << window_->statusMessage()
                         << "| loading:" << window_->loading()
                         << "| session busy:" << window_->sessionRunner()->busy()
                         << "| latest request:" << window_->sessionRunner()->latestRequest()
                         << "| snapshot:"
                         << (snapshot ? QStringLiteral("request %1, retargeted %2, error '%3'")
                                            .arg(snapshot->request)
                                            .arg(snapshot->retargeted != nullptr)
                                            .arg(snapshot->error)
                                      : QStringLiteral("none"));
  }

  bool openDemo() {
    QSignalSpy opened(window_.get(), &MainWindow::projectLoaded);
    window_->openProject(kDemo);
    if (!QTest::qWaitFor([&] { return opened.count() > 0; }, kTimeoutMs)) {
      describeWindow("the demo project never finished opening");
      return false;
    }
    return settle();
  }

  /// The shown (retargeted) rig's joint position.
  Eigen::Vector3d joint(const char* name) {
    const rw::Skeleton& s = *viewport()->skeleton();
    return s.restGlobals()[s.indexOf(name)].translation();
  }
  int index(const char* name) { return viewport()->skeleton()->indexOf(name); }

  const std::vector<JointPin>& pins() { return window_->params().placement.pins; }

  /// A left-button drag on the viewport from `from` to `to` in a few steps; `beforeRelease`
  /// runs with the button still down.
  void drag(QPoint from, QPoint to, const std::function<void()>& beforeRelease = {}) {
    QTest::mousePress(viewport(), Qt::LeftButton, Qt::NoModifier, from);
    for (int step = 1; step <= 5; ++step)
      QTest::mouseMove(viewport(), from + (to - from) * step / 5);
    if (beforeRelease) beforeRelease();
    QTest::mouseRelease(viewport(), Qt::LeftButton, Qt::NoModifier, to);
  }

  /// "_at1.5x" when the window is scaled (QT_SCALE_FACTOR), else empty.
  QString scaleSuffix() const {
    const qreal scale = window_->devicePixelRatioF();
    return scale == 1.0 ? QString() : QStringLiteral("_at%1x").arg(scale);
  }

  void grabPanel(QWidget* panel, const QString& name) {
    const QString file =
        QStringLiteral(RIGWRIGHT_SCREENSHOT_DIR "/") + name + QStringLiteral(".png");
    QVERIFY(panel->grab().save(file));
    qInfo().noquote() << "screenshot:" << file;
  }

  void grabScreenshot(const QString& name) {
    const QImage image = viewport()->grabFramebuffer();
    const QString dir = QStringLiteral(RIGWRIGHT_SCREENSHOT_DIR);
    QDir().mkpath(dir);
    image.save(dir + QLatin1Char('/') + name + QStringLiteral(".png"));
    qInfo().noquote() << "screenshot:" << dir + QLatin1Char('/') + name + QStringLiteral(".png");
  }

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void init() {
    window_ = rw::test::showTestWindow();
    QVERIFY(window_);
  }

  void cleanup() {
    rw::test::closeTestWindow(window_);
    QSettings().remove(QStringLiteral("view/navigation"));  // the next window starts as shipped
  }

  // The gizmo's ring drags the knee in the view plane: it lands under the cursor's offset, is
  // pinned, survives a γ change, and undo/redo take it away and back.
  void gizmoMovesAJointAndThePinHolds() {
    QVERIFY(openDemo());
    QVERIFY(viewport()->jointEditing());
    viewport()->setViewPreset(rw::render::ViewPreset::Front);
    viewport()->frameAll();
    const int knee = index("shin.L");
    QVERIFY(knee >= 0);
    window_->setSelectedJoint(knee);
    QVERIFY2(!viewport()->gizmo(), "the Select tool shows no gizmo");
    viewport()->setTool(ViewportTool::Move);
    QVERIFY(viewport()->gizmo());
    grabScreenshot(QStringLiteral("joint_editing_gizmo"));
    const Eigen::Vector3d before = joint("shin.L");
    const Eigen::Vector3d footBefore = joint("foot.L");
    const QPoint start = viewport()->screenPosition(before);
    const QPoint end = start + QPoint(25, -30);
    const int undoBefore = window_->undoStack()->count();
    drag(start, end, [&] {
      QVERIFY(viewport()->movePreview());
      grabScreenshot(QStringLiteral("joint_editing_dragging"));
    });
    QCOMPARE(window_->undoStack()->count(), undoBefore + 1);
    // Mirrored by default: the right knee moved the mirror way (its twin from the symmetry).
    QCOMPARE(window_->undoStack()->undoText(), QStringLiteral("Move shin.L and shin.R"));
    const Eigen::Vector3d rightBefore = joint("shin.R");
    QVERIFY(settle());
    const Eigen::Vector3d after = joint("shin.L");
    // Where the cursor took it (within a pixel), at the same depth, exactly where it is pinned.
    const QPoint landed = viewport()->screenPosition(after);
    QVERIFY2((landed - end).manhattanLength() <= 2,
             qPrintable(QStringLiteral("%1,%2").arg(landed.x()).arg(landed.y())));
    QVERIFY(std::abs((after - before).dot(viewport()->camera().backward())) <
            1e-6 * (after - before).norm() + 1e-12);
    QCOMPARE(int(pins().size()), 2);
    QCOMPARE(pins()[0].joint, knee);
    QVERIFY((after - pins()[0].position).norm() < 1e-12);
    const Eigen::Vector3d rightAfter = joint("shin.R");
    const Eigen::Vector3d mid = 0.5 * (before + rightBefore),
                          across = (before - rightBefore).normalized();
    QVERIFY(std::abs((after - mid).dot(across) + (rightAfter - mid).dot(across)) < 1e-9);
    QVERIFY(((after - rightAfter) - (after - rightAfter).dot(across) * across).norm() < 1e-9);
    QCOMPARE(window_->snapshot()->retargeted->fate[knee], rw::JointFate::Pinned);
    // The thigh's tail follows the knee.
    const auto& thighTail = viewport()->skeleton()->joints[index("thigh.L")].tail;
    QVERIFY(thighTail && (*thighTail - after).norm() < 1e-12);
    grabScreenshot(QStringLiteral("joint_editing_moved"));

    // A γ change re-places the rig around the pin and keeps it: other joints move, the pinned
    // knee does not.
    const rw::Skeleton pinnedRig = *viewport()->skeleton();
    window_->parameterDock()->spinBox(QStringLiteral("gammaAngle"))->setValue(3.0);
    QVERIFY(settle());
    QVERIFY((joint("shin.L") - after).norm() < 1e-12);
    int moved = 0;
    const std::vector<rw::Transform> was = pinnedRig.restGlobals(),
                                     now = viewport()->skeleton()->restGlobals();
    for (std::size_t j = 0; j < was.size(); ++j)
      moved += (now[j].translation() - was[j].translation()).norm() > 1e-6;
    qInfo() << "  joints the gamma change moved around the pin:" << moved;
    QVERIFY(moved > 0);

    // Undo the γ change and the move: the knee goes back where placement put it.
    window_->undoStack()->undo();
    window_->undoStack()->undo();
    QVERIFY(settle());
    QVERIFY(pins().empty());
    QVERIFY((joint("shin.L") - before).norm() < 1e-9);
    QVERIFY((joint("foot.L") - footBefore).norm() < 1e-9);
    window_->undoStack()->redo();
    QVERIFY(settle());
    QVERIFY((joint("shin.L") - after).norm() < 1e-12);
  }

  // An arrow drags along its axis only; X/Y/Z while dragging constrain; Esc cancels a drag.
  void arrowsAndKeysConstrainAndEscCancels() {
    QVERIFY(openDemo());
    viewport()->setViewPreset(rw::render::ViewPreset::Front);
    viewport()->frameAll();
    const int hand = index("hand.R");
    window_->setSelectedJoint(hand);
    window_->jointDock()->mirrorBox()->setChecked(false);  // this hand alone
    viewport()->setTool(ViewportTool::Move);
    const auto gizmo = viewport()->gizmo();
    QVERIFY(gizmo);
    const Eigen::Vector3d before = joint("hand.R");
    // The X arrow, seen from the front, points right on screen: grab it halfway along.
    const QPoint centre = viewport()->screenPosition(before);
    const QPoint onArrow = centre + QPoint(int(gizmo->arrowPixels / 2), 0);
    QCOMPARE(rw::render::gizmoHandleAt(viewport()->camera(), *gizmo, onArrow.x(), onArrow.y()),
             rw::render::GizmoHandle::X);
    drag(onArrow, onArrow + QPoint(30, 25));
    QVERIFY(settle());
    Eigen::Vector3d moved = joint("hand.R");
    QCOMPARE(int(pins().size()), 1);
    QCOMPARE(window_->undoStack()->undoText(), QStringLiteral("Move hand.R"));
    QVERIFY(moved.x() - before.x() > 1e-3);
    QVERIFY(std::abs(moved.y() - before.y()) < 1e-9 && std::abs(moved.z() - before.z()) < 1e-9);

    // The ring, with Y pressed during the drag: only y changes.
    const Eigen::Vector3d second = moved;
    const QPoint ring = viewport()->screenPosition(second);
    drag(ring, ring + QPoint(40, -20), [&] { QTest::keyClick(viewport(), Qt::Key_Y); });
    QVERIFY(settle());
    moved = joint("hand.R");
    QVERIFY(moved.y() - second.y() > 1e-3);
    QVERIFY(std::abs(moved.x() - second.x()) < 1e-9 && std::abs(moved.z() - second.z()) < 1e-9);

    // Esc during a drag: nothing changes, no undo step.
    const int steps = window_->undoStack()->count();
    const QPoint again = viewport()->screenPosition(moved);
    drag(again, again + QPoint(-50, 40), [&] { QTest::keyClick(viewport(), Qt::Key_Escape); });
    QCOMPARE(window_->undoStack()->count(), steps);
    QVERIFY(!viewport()->movePreview());
    QVERIFY((joint("hand.R") - moved).norm() < 1e-12);
  }

  // Ctrl+click on the mesh puts the joint in the middle of the limb under the cursor; the Joint
  // panel's numbers move it; Unpin gives it back to placement; the pins go into the project.
  void snapNumbersUnpinAndProject() {
    QVERIFY(openDemo());
    viewport()->setViewPreset(rw::render::ViewPreset::Front);
    viewport()->frameAll();
    const int elbow = index("forearm.L");
    window_->setSelectedJoint(elbow);
    viewport()->setTool(ViewportTool::Move);
    // Ctrl+click on the upper arm's skin, a little above the elbow.
    const Eigen::Vector3d shoulder = joint("upperarm.L"), elbowAt = joint("forearm.L");
    const QPoint onArm = viewport()->screenPosition(elbowAt + 0.3 * (shoulder - elbowAt));
    QTest::mouseClick(viewport(), Qt::LeftButton, Qt::ControlModifier, onArm);
    QVERIFY(settle());
    const Eigen::Vector3d snapped = joint("forearm.L");
    const auto centre = rw::render::centreAlongRay(
        window_->character()->mesh,
        rw::render::rayThroughPixel(viewport()->camera(), onArm.x(), onArm.y()));
    QVERIFY(centre);
    QVERIFY((snapped - *centre).norm() < 1e-9);
    // Inside the arm: the surface lies on both sides of it along the view.
    const Eigen::Vector3d view = -viewport()->camera().backward();
    for (double sign : {1.0, -1.0}) {
      const auto hit = rw::render::pickMesh(window_->character()->mesh, {snapped, sign * view});
      QVERIFY2(hit, "the snapped joint is inside the mesh");
    }
    QCOMPARE(window_->undoStack()->undoText(), QStringLiteral("Move forearm.L and forearm.R"));

    // The panel shows it, pinned; typing a coordinate moves it there.
    rw::ui::JointDock* panel = window_->jointDock();
    QCOMPARE(panel->joint(), elbow);
    QVERIFY(panel->unpinButton()->isEnabled());
    QVERIFY(std::abs(panel->coordinate(0)->value() - snapped.x()) < 1e-4);
    panel->coordinate(2)->setValue(snapped.z() + 0.02);
    const double typedZ = panel->coordinate(2)->value();  // as the box rounds it
    emit panel->coordinate(2)->editingFinished();
    QVERIFY(settle());
    const Eigen::Vector3d typed = joint("forearm.L");
    QVERIFY(std::abs(typed.z() - typedZ) < 1e-12);
    // The coordinates not typed keep their full precision (the boxes show 4 decimals).
    QVERIFY2(
        std::abs(typed.x() - snapped.x()) < 1e-12 && std::abs(typed.y() - snapped.y()) < 1e-12,
        qPrintable(
            QStringLiteral("%1 %2").arg(typed.x() - snapped.x()).arg(typed.y() - snapped.y())));

    // Saved with the project by name, and back when it is opened.
    QTemporaryDir dir;
    const QString project = dir.filePath(QStringLiteral("pinned.rwproj"));
    QVERIFY(window_->saveProject(project));
    const Eigen::Vector3d pinnedAt = joint("forearm.L");
    window_->unpinJoint(elbow);  // and its twin
    QVERIFY(settle());
    QVERIFY(pins().empty());
    QVERIFY((joint("forearm.L") - pinnedAt).norm() > 1e-4);
    QSignalSpy opened(window_.get(), &MainWindow::projectLoaded);
    window_->openProject(project);
    QVERIFY(QTest::qWaitFor([&] { return opened.count() > 0; }, kTimeoutMs));
    QVERIFY(settle());
    QCOMPARE(int(pins().size()), 2);
    QVERIFY((joint("forearm.L") - pinnedAt).norm() < 1e-9);
  }

  // The Joint panel's Roll turns the selected bone's axes (and its twin's, the mirror way) with
  // no joint moving; one undo step; a γ change keeps it; saved with the project by name.
  void rollABoneFromTheJointPanel() {
    QVERIFY(openDemo());
    viewport()->setViewPreset(rw::render::ViewPreset::Front);
    viewport()->frameAll();
    const int arm = index("upperarm.L"), twin = index("upperarm.R");
    window_->setSelectedJoint(arm);
    viewport()->setTool(ViewportTool::Move);
    rw::ui::JointDock* panel = window_->jointDock();
    QVERIFY(panel->rollBox()->isEnabled());
    const double shownRoll = viewport()->skeleton()->boneShape(arm).roll;
    QVERIFY(std::abs(panel->rollBox()->value() - shownRoll * 180 / M_PI) < 0.051);
    const rw::Skeleton before = *viewport()->skeleton();
    const double twinBefore = before.boneShape(twin).roll;
    const int steps = window_->undoStack()->count();
    panel->rollBox()->setValue(35.0);
    emit panel->rollBox()->editingFinished();
    QVERIFY(settle());
    QCOMPARE(window_->undoStack()->count(), steps + 1);
    QCOMPARE(window_->undoStack()->undoText(), QStringLiteral("Roll upperarm.L and upperarm.R"));
    const rw::Skeleton& after = *viewport()->skeleton();
    QVERIFY(std::abs(after.boneShape(arm).roll - 35.0 * M_PI / 180) < 1e-9);
    // The twin's roll mirrors it: a rig symmetric before is symmetric after (as Blender's
    // Symmetrize, whose mirrored roll is the negated one for a rig facing -Y).
    const double twinAfter = after.boneShape(twin).roll;
    QVERIFY2(std::abs(std::remainder(twinAfter + (35.0 * M_PI / 180 - shownRoll) - twinBefore,
                                     2 * M_PI)) < 0.05,
             qPrintable(QStringLiteral("twin %1 -> %2").arg(twinBefore).arg(twinAfter)));
    const std::vector<rw::Transform> a = before.restGlobals(), b = after.restGlobals();
    for (int j = 0; j < before.size(); ++j)
      QVERIFY2((a[j].translation() - b[j].translation()).norm() < 1e-9,
               before.joints[j].name.c_str());
    QVERIFY(viewport()->gizmo() && viewport()->gizmo()->jointAxes);
    QVERIFY((*viewport()->gizmo()->jointAxes - b[arm].linear()).norm() < 1e-12);
    grabScreenshot(QStringLiteral("joint_editing_roll"));
    // A γ change keeps it; undo gives the placed roll back.
    rw::RigParams params = window_->params();
    params.placement.gammaAngle = 3.0;
    window_->setParams(params);
    QVERIFY(settle());
    QVERIFY(std::abs(viewport()->skeleton()->boneShape(arm).roll - 35.0 * M_PI / 180) < 1e-9);
    QTemporaryDir dir;
    const QString project = dir.filePath(QStringLiteral("rolled.rwproj"));
    QVERIFY(window_->saveProject(project));
    window_->undoStack()->undo();  // the γ change
    window_->undoStack()->undo();  // the roll
    QVERIFY(settle());
    QVERIFY(std::abs(viewport()->skeleton()->boneShape(arm).roll - shownRoll) < 1e-9);
    QSignalSpy opened(window_.get(), &MainWindow::projectLoaded);
    window_->openProject(project);
    QVERIFY(QTest::qWaitFor([&] { return opened.count() > 0; }, kTimeoutMs));
    QVERIFY(settle());
    QCOMPARE(int(window_->params().placement.rolls.size()), 2);
    QVERIFY(std::abs(viewport()->skeleton()->boneShape(arm).roll - 35.0 * M_PI / 180) < 1e-6);
  }

  // The Paint tool: a stroke over the left thigh raises shin.L's weight there (the view at
  // rest, the weight view on), every vertex whole; it is one undo step, kept when the rig is
  // re-skinned after a γ change, and undo gives the automatic weights back.
  void paintAStrokeOnTheThigh() {
    QVERIFY(openDemo());
    QVERIFY(QTest::qWaitFor([&] { return window_->products() && window_->products()->skin; },
                            kTimeoutMs));
    viewport()->setViewPreset(rw::render::ViewPreset::Front);
    viewport()->frameAll();
    const int shin = index("shin.L"), thigh = index("thigh.L");
    window_->setSelectedJoint(shin);
    QAction* paint = nullptr;
    for (QAction* a : window_->findChildren<QAction*>())
      if (a->text() == QStringLiteral("Paint")) paint = a;
    QVERIFY(paint);
    paint->trigger();
    QVERIFY(window_->restPose() && viewport()->pose().empty() && viewport()->weightView());
    window_->jointDock()->brushStrength()->setValue(1.0);
    window_->jointDock()->mirrorBox()->setChecked(false);
    const auto before = window_->products()->skin;
    // Down the front of the thigh, from the hip to the knee.
    const Eigen::Vector3d hip = joint("thigh.L"), knee = joint("shin.L");
    const QPoint from = viewport()->screenPosition(hip + 0.25 * (knee - hip));
    const QPoint to = viewport()->screenPosition(hip + 0.75 * (knee - hip));
    const int steps = window_->undoStack()->count();
    drag(from, to, [&] { QTest::qWait(20); });
    QCOMPARE(window_->undoStack()->count(), steps + 1);
    QCOMPARE(window_->undoStack()->undoText(), QStringLiteral("Paint shin.L"));
    const auto painted = window_->document()->paintedWeights();
    QVERIFY(painted->size() > 10);
    QVERIFY(QTest::qWaitFor([&] { return window_->products()->skin != before; }, kTimeoutMs));
    const auto after = window_->products()->skin;
    int raised = 0;
    for (const auto& [v, influences] : *painted) {
      double was = 0, now = 0, sum = 0;
      for (const rw::Influence& i : before->perVertex[v]) was += i.joint == shin ? i.weight : 0;
      for (const rw::Influence& i : after->perVertex[v]) {
        now += i.joint == shin ? i.weight : 0;
        sum += i.weight;
      }
      QVERIFY(std::abs(sum - 1.0) < 1e-9);
      QVERIFY(now >= was - 1e-12);
      raised += now > was + 1e-6;
    }
    qInfo() << "  painted" << painted->size() << "vertices," << raised << "raised";
    QCOMPARE(raised, int(painted->size()));
    grabScreenshot(QStringLiteral("weight_paint_shin_on_thigh"));

    // thigh.L painted over the knee, where the thigh hands over to the shin: its weight rises
    // there, never falls.
    window_->setSelectedJoint(thigh);
    const auto beforeThigh = window_->products()->skin;
    const QPoint aboveKnee = viewport()->screenPosition(hip + 0.6 * (knee - hip));
    const QPoint belowKnee = viewport()->screenPosition(hip + 1.15 * (knee - hip));
    drag(aboveKnee, belowKnee, [&] { QTest::qWait(20); });
    QCOMPARE(window_->undoStack()->undoText(), QStringLiteral("Paint thigh.L"));
    QVERIFY(QTest::qWaitFor([&] { return window_->products()->skin != beforeThigh; }, kTimeoutMs));
    int thighRaised = 0;
    for (const auto& [v, influences] : *window_->document()->paintedWeights()) {
      double was = 0, now = 0;
      for (const rw::Influence& i : beforeThigh->perVertex[v])
        was += i.joint == thigh ? i.weight : 0;
      for (const rw::Influence& i : window_->products()->skin->perVertex[v])
        now += i.joint == thigh ? i.weight : 0;
      QVERIFY(now >= was - 1e-12);
      thighRaised += now > was + 1e-6;
    }
    qInfo() << "  thigh.L raised on" << thighRaised << "vertices around the knee";
    QVERIFY(thighRaised >= 5);
    window_->undoStack()->undo();  // back to the shin stroke alone
    QVERIFY(QTest::qWaitFor(
        [&] {
          return window_->products()->skin != beforeThigh &&
                 window_->document()->paintedWeights() == painted;
        },
        kTimeoutMs));
    window_->setSelectedJoint(shin);

    // A γ change re-skins the moved rig: the painted vertices keep their paint.
    window_->parameterDock()->spinBox(QStringLiteral("gammaAngle"))->setValue(2.0);
    QVERIFY(settle());
    QVERIFY(QTest::qWaitFor(
        [&] {
          return window_->products()->skeleton.get() == &window_->snapshot()->retargeted->skeleton;
        },
        kTimeoutMs));
    for (const auto& [v, influences] : *painted)
      QCOMPARE(window_->products()->skin->perVertex[v].size(), influences.size());

    // Undo both: the automatic weights again.
    window_->undoStack()->undo();
    window_->undoStack()->undo();
    QVERIFY(window_->document()->paintedWeights()->empty());
    QVERIFY(settle());
    QVERIFY(QTest::qWaitFor(
        [&] {
          const auto skin = window_->products()->skin;
          if (!skin) return false;
          for (const auto& [v, influences] : *painted)
            if (skin->perVertex[v].size() != before->perVertex[v].size()) return false;
          return true;
        },
        kTimeoutMs));

    // Redone and saved, the paint comes back with the project (by joint name).
    window_->undoStack()->redo();
    QVERIFY(settle());
    QTemporaryDir dir;
    const QString project = dir.filePath(QStringLiteral("painted.rwproj"));
    QVERIFY(window_->saveProject(project));
    QSignalSpy opened(window_.get(), &MainWindow::projectLoaded);
    window_->openProject(project);
    QVERIFY(QTest::qWaitFor([&] { return opened.count() > 0; }, kTimeoutMs));
    QVERIFY(settle());
    const auto reopened = window_->document()->paintedWeights();
    QCOMPARE(reopened->size(), painted->size());
    for (const auto& [v, influences] : *painted) {
      QCOMPARE(reopened->at(v).size(), influences.size());
      for (std::size_t k = 0; k < influences.size(); ++k) {
        QCOMPARE(reopened->at(v)[k].joint, influences[k].joint);
        QVERIFY(std::abs(reopened->at(v)[k].weight - influences[k].weight) < 1e-12);
      }
    }
  }

  // Pins are the artist's placements, not parameters: Reset Parameters keeps them; a new
  // skeleton's joints are other joints, so its opening drops them and the history that names
  // them, and the parameter dock's next edit does not bring them back.
  void pinsSurviveAResetAndGoWithTheSkeleton() {
    QVERIFY(openDemo());
    window_->jointDock()->mirrorBox()->setChecked(false);
    const int knee = index("shin.L");
    window_->setSelectedJoint(knee);
    viewport()->setTool(ViewportTool::Move);
    window_->moveJoint(knee, joint("shin.L") + Eigen::Vector3d(0.0, 0.03, 0.02));
    QVERIFY(settle());
    QCOMPARE(int(pins().size()), 1);
    window_->parameterDock()->resetToDefaults();
    QVERIFY(settle());
    QCOMPARE(int(pins().size()), 1);
    QSignalSpy loaded(window_.get(), &MainWindow::skeletonLoaded);
    window_->openSkeletonFile(
        QStringLiteral(RIGWRIGHT_SOURCE_DIR "/resources/skeletons/biped_production.json"));
    QVERIFY(QTest::qWaitFor([&] { return loaded.count() > 0; }, kTimeoutMs));
    QVERIFY(pins().empty());
    QCOMPARE(window_->undoStack()->count(), 0);
    window_->parameterDock()->spinBox(QStringLiteral("gammaAngle"))->setValue(2.0);
    QVERIFY(pins().empty());
  }

  // View > Navigation: Blender's mouse orbits with the middle button (the left only selects),
  // Maya's with Alt+left; the default orbits with the left button.
  void navigationPresetsChangeTheMouse() {
    QVERIFY(openDemo());
    auto use = [&](const char* name) {
      auto* action = window_->findChild<QAction*>(QStringLiteral("navigation") + name);
      QVERIFY(action);
      action->trigger();
    };
    auto yawAfter = [&](Qt::MouseButton button, Qt::KeyboardModifiers mods) {
      const double before = viewport()->camera().yaw();
      const QPoint from(300, 300);
      QTest::mousePress(viewport(), button, mods, from);
      for (int k = 1; k <= 5; ++k) QTest::mouseMove(viewport(), from + QPoint(12 * k, 0));
      QTest::mouseRelease(viewport(), button, mods, from + QPoint(60, 0));
      return viewport()->camera().yaw() - before;
    };
    QCOMPARE(viewport()->navigation(), rw::ui::NavigationPreset::Rigwright);
    QVERIFY(std::abs(yawAfter(Qt::LeftButton, Qt::NoModifier)) > 0.1);
    use("Blender");
    QCOMPARE(viewport()->navigation(), rw::ui::NavigationPreset::Blender);
    QCOMPARE(yawAfter(Qt::LeftButton, Qt::NoModifier), 0.0);
    QVERIFY(std::abs(yawAfter(Qt::MiddleButton, Qt::NoModifier)) > 0.1);
    use("Maya");
    QCOMPARE(yawAfter(Qt::LeftButton, Qt::NoModifier), 0.0);
    QCOMPARE(yawAfter(Qt::MiddleButton, Qt::NoModifier), 0.0);
    QVERIFY(std::abs(yawAfter(Qt::LeftButton, Qt::AltModifier)) > 0.1);
    // A left click still selects a bone under every preset.
    const QPoint onKnee =
        viewport()->screenPosition(joint("shin.L") + 0.5 * (joint("foot.L") - joint("shin.L")));
    QTest::mouseClick(viewport(), Qt::LeftButton, Qt::NoModifier, onKnee);
    QCOMPARE(viewport()->selectedJoint(), index("shin.L"));
    use("Rigwright");
    // Edit > Preferences chooses the same presets: applied at once, saved, the menu follows,
    // and a choice in the menu shows in the dialog.
    window_->showPreferences();
    rw::ui::PreferencesDialog* preferences = window_->preferences();
    QVERIFY(preferences->isVisible());
    QCOMPARE(preferences->navigationBox()->currentText(), QStringLiteral("Rigwright"));
    preferences->navigationBox()->setCurrentText(QStringLiteral("Maya"));
    QCOMPARE(viewport()->navigation(), rw::ui::NavigationPreset::Maya);
    QVERIFY(window_->findChild<QAction*>(QStringLiteral("navigationMaya"))->isChecked());
    QCOMPARE(QSettings().value(QStringLiteral("view/navigation")).toString(),
             QStringLiteral("Maya"));
    QCOMPARE(yawAfter(Qt::LeftButton, Qt::NoModifier), 0.0);
    use("Blender");
    QCOMPARE(preferences->navigationBox()->currentText(), QStringLiteral("Blender"));
    preferences->close();
    use("Rigwright");
  }

  // The editing state at the sizes artists use (1600x1000 and a small 1024x700): the window
  // keeps the size asked for (the docks, the Joint panel included, fit), and the whole window
  // is saved to be looked at.
  void editingWindowAtCommonSizes() {
    QVERIFY(openDemo());
    window_->setSelectedJoint(index("shin.L"));
    for (QAction* a : window_->findChildren<QAction*>())
      if (a->text() == QStringLiteral("Move")) a->trigger();
    // The counts describe the rig on screen, not the file's own 54-bone rig.
    bool rigCounted = false;
    for (QLabel* label : window_->statusBar()->findChildren<QLabel*>())
      rigCounted |= label->toolTip().contains(QStringLiteral("rig on screen: 77 bones"));
    QVERIFY(rigCounted);
    for (const QSize size : {QSize(1600, 1000), QSize(1024, 700)}) {
      window_->resize(size);
      QTest::qWait(200);
      QCOMPARE(window_->size(), size);
      // The status bar never asks for more than the window has (its labels end in "…").
      QVERIFY(window_->statusBar()->minimumSizeHint().width() <= size.width());
      viewport()->frameAll();
      QTest::qWait(200);
      // The outliner's four columns start inside the panel (the name column gives way).
      if (auto* dock = window_->findChild<QDockWidget*>(QStringLiteral("outlinerDock"))) {
        dock->raise();
        QTest::qWait(100);
        QTreeWidget* tree = window_->outliner()->tree();
        const int match = tree->header()->sectionViewportPosition(3);
        QVERIFY2(match + 40 <= tree->viewport()->width(),
                 qPrintable(QStringLiteral("Match starts at %1 of %2 px")
                                .arg(match)
                                .arg(tree->viewport()->width())));
        grabPanel(dock, QStringLiteral("joint_editing_outliner_%1x%2%3")
                            .arg(size.width())
                            .arg(size.height())
                            .arg(scaleSuffix()));
        if (auto* joint = window_->findChild<QDockWidget*>(QStringLiteral("jointDock")))
          joint->raise();
      } else {
        QFAIL("no outliner dock");
      }
      const QImage image = rw::test::grabWholeWindow(*window_);
      const QString file =
          QStringLiteral(RIGWRIGHT_SCREENSHOT_DIR "/joint_editing_window_%1x%2%3.png")
              .arg(size.width())
              .arg(size.height())
              .arg(scaleSuffix());
      QVERIFY(image.save(file));
      qInfo().noquote() << "screenshot:" << file;
    }
  }
};

QTEST_MAIN(JointEditingTest)
#include "joint_editing_test.moc"
