// The whole workstation under a real X server (xvfb-run): the demo project (BCN_Epileptic.X, the
// bundled production biped, CMU 01_01), head-node picking, the parameter dock with live
// re-runs, the graph overlay's levels, retargeting with cancel, the timeline with GPU skinning,
// export, undo/redo, project files and autosave. Screenshots of the main states are saved to
// RIGWRIGHT_SCREENSHOT_DIR to be looked at.
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileInfo>
#include <QMessageBox>
#include <QPainter>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <algorithm>
#include <cmath>
#include <memory>

#include "character.h"
#include "io/import_character.h"
#include "main_window.h"
#include "outliner_dock.h"
#include "palette.h"
#include "parameter_dock.h"
#include "rig_products.h"
#include "screen_analysis.h"
#include "session_runner.h"
#include "skin/skinning_deformer.h"
#include "test_window.h"
#include "timeline_widget.h"
#include "viewport_widget.h"

using rw::RigStage;
using rw::rigStageName;
using rw::ui::MainWindow;
using rw::ui::SessionRunner;
using rw::ui::SessionSnapshot;

namespace {

const QString kModels = QStringLiteral(RIGWRIGHT_MODELS_DIR);
const QString kBcn = kModels + QStringLiteral("/X/BCN_Epileptic.X");
const QString kWalk = kModels + QStringLiteral("/BVH/01_01.bvh");
const QString kDemo = QStringLiteral(RIGWRIGHT_SOURCE_DIR "/resources/demo/bcn_biped.rwproj");
const QString kBiped =
    QStringLiteral(RIGWRIGHT_SOURCE_DIR "/resources/skeletons/biped_production.json");
constexpr int kTimeoutMs = 120000;

/// Pixels of a hue: the overlay's red primary axis and orange axial pairs.
int countPixels(const QImage& input, const QColor& target, int tolerance) {
  const QImage image = input.convertToFormat(QImage::Format_RGB32);
  int count = 0;
  for (int y = 0; y < image.height(); ++y) {
    const QRgb* row = reinterpret_cast<const QRgb*>(image.constScanLine(y));
    for (int x = 0; x < image.width(); ++x)
      if (std::abs(qRed(row[x]) - target.red()) <= tolerance &&
          std::abs(qGreen(row[x]) - target.green()) <= tolerance &&
          std::abs(qBlue(row[x]) - target.blue()) <= tolerance)
        ++count;
  }
  return count;
}

void click(QWidget* widget, QPoint at) {
  QTest::mouseClick(widget, Qt::LeftButton, Qt::NoModifier, at);
}

}  // namespace

class WorkstationTest : public QObject {
  Q_OBJECT

 private:
  std::unique_ptr<MainWindow> window_;

  rw::ui::ViewportWidget* viewport() { return window_->viewport(); }

  QImage grab(const QString& name) {
    const QImage image = viewport()->grabFramebuffer();
    const QString dir = QStringLiteral(RIGWRIGHT_SCREENSHOT_DIR);
    QDir().mkpath(dir);
    const QString file = dir + QLatin1Char('/') + name + QStringLiteral(".png");
    if (!image.save(file)) qWarning() << "could not save" << file;
    qInfo().noquote() << "screenshot:" << file;
    return image;
  }

  void grabWindow(const QString& name) {
    const QImage window = rw::test::grabWholeWindow(*window_);
    const QString file =
        QStringLiteral(RIGWRIGHT_SCREENSHOT_DIR "/") + name + QStringLiteral(".png");
    window.save(file);
    qInfo().noquote() << "screenshot:" << file;
  }

  /// Waits until the pipeline is idle and its latest request has been shown.
  bool settle() {
    return QTest::qWaitFor(
        [&] {
          return !window_->sessionRunner()->busy() && !window_->loading() && window_->snapshot() &&
                 window_->snapshot()->request == window_->sessionRunner()->latestRequest();
        },
        kTimeoutMs);
  }

  bool openBcn() {
    QSignalSpy loaded(window_.get(), &MainWindow::characterLoaded);
    window_->openFile(kBcn);
    if (!QTest::qWaitFor([&] { return loaded.count() > 0; }, kTimeoutMs)) return false;
    return settle();
  }

  /// Opens the demo project and waits for the rig: retargeted, skinned, the clip on it.
  bool openDemo() {
    QSignalSpy opened(window_.get(), &MainWindow::projectLoaded);
    window_->openProject(kDemo);
    if (!QTest::qWaitFor([&] { return opened.count() > 0; }, kTimeoutMs)) return false;
    if (!settle()) return false;
    return QTest::qWaitFor(
        [&] {
          return window_->products() && window_->snapshot()->retargeted &&
                 window_->products()->skeleton.get() == &window_->snapshot()->retargeted->skeleton;
        },
        kTimeoutMs);
  }

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    for (const QString& file : {kBcn, kWalk, kDemo, kBiped})
      if (!QFileInfo(file).isFile())
        QFAIL(qPrintable(
            QStringLiteral("%1 is missing (assimp-testmodels installs the models)").arg(file)));
  }

  void init() {
    window_ = rw::test::showTestWindow();
    QVERIFY(window_);
  }

  void cleanup() { rw::test::closeTestWindow(window_); }

  void graphOverlayShowsTagsAndLevels() {
    QVERIFY(openBcn());
    const auto snapshot = window_->snapshot();
    QVERIFY2(snapshot->error.isEmpty(), qPrintable(snapshot->error));
    QVERIFY(snapshot->multires && snapshot->meshSymmetry);
    const int levels = snapshot->multires->levelCount();
    QCOMPARE(levels, window_->params().mesh.multires.levels);
    // The coarsest level of BCN: head, two arms, two legs; the auto head on top of the head.
    QCOMPARE(window_->displayLevel(), 0);
    const int coarse = int(viewport()->graphOverlay().arcs.size());
    qInfo() << "  coarsest level:" << coarse << "arcs";
    QVERIFY2(coarse >= 4 && coarse <= 7, qPrintable(QString::number(coarse)));
    int labelled = 0;
    for (const auto& arc : viewport()->graphOverlay().arcs)
      if (arc.label == QStringLiteral("L") || arc.label == QStringLiteral("R")) ++labelled;
    QVERIFY2(labelled >= 4, "arms and legs are axial pairs, labelled L and R");
    viewport()->setGridVisible(false);
    viewport()->setBonesVisible(false);
    viewport()->setViewPreset(rw::render::ViewPreset::Front);
    viewport()->frameAll();
    // BCN opens on its clip's first frame: the graph of the rest mesh is not drawn over the
    // posed body (it would float beside it), a note says where it is.
    const QImage posed = grab(QStringLiteral("workstation_graph_overlay_posed"));
    const int posedRed = countPixels(posed, rw::render::palette::kTagPrimary, 40);
    const int posedOrange = countPixels(posed, rw::render::palette::kTagAxial, 40);
    qInfo() << "  posed: primary red pixels" << posedRed << "axial orange pixels" << posedOrange;
    QVERIFY(posedRed < 10 && posedOrange < 10);
    window_->setRestPose(true);
    const QImage image = grab(QStringLiteral("workstation_graph_overlay_coarse"));
    const int red = countPixels(image, rw::render::palette::kTagPrimary, 40);
    const int orange = countPixels(image, rw::render::palette::kTagAxial, 40);
    qInfo() << "  primary red pixels" << red << "axial orange pixels" << orange;
    QVERIFY(red > 30);
    QVERIFY(orange > 100);

    // The finest level (the Reeb graph) has more arcs.
    window_->setDisplayLevel(levels - 1);
    const int fine = int(viewport()->graphOverlay().arcs.size());
    qInfo() << "  finest level:" << fine << "arcs";
    QVERIFY2(fine > coarse, qPrintable(QString::number(fine)));
    grab(QStringLiteral("workstation_graph_overlay_fine"));

    // Fewer resolution levels in the dock: a re-run from the multires stage, fewer levels.
    window_->parameterDock()->spinBox(QStringLiteral("levels"))->setValue(3);
    QVERIFY(settle());
    QCOMPARE(window_->snapshot()->multires->levelCount(), 3);
    QVERIFY(window_->displayLevel() <= 2);
    QVERIFY(!window_->timingsText().isEmpty());
    grabWindow(QStringLiteral("workstation_window_graph"));
  }

  void wireframeAndXrayChangeTheImage() {
    QVERIFY(openBcn());
    viewport()->setGridVisible(false);
    viewport()->setOverlayVisible(false);
    const QImage clay = grab(QStringLiteral("workstation_bcn_clay"));
    viewport()->setWireframe(true);
    const QImage wire = grab(QStringLiteral("workstation_bcn_wireframe"));
    QVERIFY(rw::test::changedFraction(clay, wire) > 0.02);
    viewport()->setWireframe(false);
    viewport()->setXray(true);
    const QImage xray = grab(QStringLiteral("workstation_bcn_xray"));
    QVERIFY(rw::test::changedFraction(clay, xray) > 0.05);
    // X-ray keeps the same silhouette but shows the bones through it: more blue.
    const auto before = rw::test::analyzeScreen(clay, rw::render::palette::kBackground);
    const auto after = rw::test::analyzeScreen(xray, rw::render::palette::kBackground);
    QVERIFY(after.deformBone > before.deformBone);
  }

  void clickOnTheMeshSetsTheHeadAndUndoes() {
    QVERIFY(openBcn());
    const rw::Mesh& mesh = window_->character()->mesh;
    const int autoHead = window_->resolvedMeshHead();
    QVERIFY(autoHead >= 0);
    QCOMPARE(window_->meshHead(), -1);
    viewport()->setViewPreset(rw::render::ViewPreset::Front);
    viewport()->frameAll();
    QTest::qWait(20);
    // Aim at the front-most vertex near the middle of the chest height: seen from the front.
    const Eigen::AlignedBox3d box = mesh.bounds();
    const double chestY = box.min().y() + 0.72 * box.sizes().y();
    int target = -1;
    for (int v = 0; v < int(mesh.positions.size()); ++v) {
      const Eigen::Vector3d& p = mesh.positions[v];
      if (std::abs(p.y() - chestY) > 0.01 * box.sizes().y() || std::abs(p.x()) > 0.05) continue;
      if (target < 0 || p.z() > mesh.positions[target].z()) target = v;
    }
    QVERIFY(target >= 0);
    viewport()->setTool(rw::ui::ViewportTool::MeshHead);
    const QPoint at = viewport()->screenPosition(mesh.positions[target]);
    click(viewport(), at);
    const int picked = window_->meshHead();
    QVERIFY(picked >= 0);
    const double size = mesh.size();
    const double miss = (mesh.positions[picked] - mesh.positions[target]).norm();
    qInfo() << "  aimed at vertex" << target << "picked" << picked << "miss" << miss / size
            << "of the size";
    QVERIFY(miss < 0.02 * size);
    QVERIFY(settle());
    QCOMPARE(window_->snapshot()->inputs.meshHead, picked);
    QVERIFY(!window_->snapshot()->lastRun.empty());
    QCOMPARE(window_->snapshot()->lastRun.front(), rw::RigStage::Field);
    viewport()->setGridVisible(false);
    grab(QStringLiteral("workstation_mesh_head_picked"));

    // Undo: back to auto; redo: the pick again.
    QCOMPARE(window_->undoStack()->count(), 1);
    window_->undoStack()->undo();
    QCOMPARE(window_->meshHead(), -1);
    QVERIFY(settle());
    QCOMPARE(window_->resolvedMeshHead(), autoHead);
    window_->undoStack()->redo();
    QCOMPARE(window_->meshHead(), picked);
    QVERIFY(settle());
    QCOMPARE(window_->snapshot()->inputs.meshHead, picked);
  }

  void parameterEditsAreUndoableAndMerge() {
    QVERIFY(openBcn());
    QDoubleSpinBox* filter = window_->parameterDock()->spinBox(QStringLiteral("filterFraction"));
    QVERIFY(filter);
    QVERIFY(!filter->toolTip().isEmpty());
    const double original = window_->params().mesh.multires.filterFraction;
    filter->setValue(0.2);
    filter->setValue(0.25);  // the same parameter again: one undo step
    QCOMPARE(window_->undoStack()->count(), 1);
    // Named as the dock names it, not by its key.
    QCOMPARE(window_->undoStack()->undoText(), QStringLiteral("Change Filter threshold"));
    QCOMPARE(window_->params().mesh.multires.filterFraction, 0.25);
    QVERIFY(settle());
    QCOMPARE(window_->snapshot()->inputs.params.mesh.multires.filterFraction, 0.25);
    QVERIFY(!window_->snapshot()->lastRun.empty());
    QCOMPARE(window_->snapshot()->lastRun.front(), rw::RigStage::Multires);
    window_->undoStack()->undo();
    QCOMPARE(window_->params().mesh.multires.filterFraction, original);
    QCOMPARE(filter->value(), original);
    window_->undoStack()->redo();
    QCOMPARE(filter->value(), 0.25);
    window_->parameterDock()->resetToDefaults();
    QCOMPARE(window_->params(), rw::RigParams{});
    QCOMPARE(window_->undoStack()->count(), 2);
  }

  void demoRetargetsSkinsAndAnimates() {
    QVERIFY(openDemo());
    // Once the rig is skinned the status bar says what to do next.
    QVERIFY(
        QTest::qWaitFor([&] { return window_->products() && window_->products()->skin; }, 120000));
    QVERIFY2(window_->statusMessage().contains(QStringLiteral("Next: Space plays the clip")),
             qPrintable(window_->statusMessage()));
    const auto snapshot = window_->snapshot();
    QVERIFY2(snapshot->error.isEmpty(), qPrintable(snapshot->error));
    const rw::Skeleton& rig = snapshot->retargeted->skeleton;
    QCOMPARE(rig.size(), window_->sourceSkeleton()->size());
    QCOMPARE(viewport()->skeleton().get(), &rig);
    // Every deform bone placed inside the mesh's box.
    Eigen::AlignedBox3d box = window_->character()->mesh.bounds();
    box.extend(box.min() - 0.05 * box.sizes());
    box.extend(box.max() + 0.05 * box.sizes());
    const auto globals = rig.restGlobals();
    for (int j = 0; j < rig.size(); ++j)
      if (rig.joints[j].deform)
        QVERIFY2(box.contains(globals[j].translation()), rig.joints[j].name.c_str());
    // The outliner lists every bone with kind, tag and match status.
    QCOMPARE(window_->outliner()->tree()->topLevelItemCount() > 0, true);
    const QStringList headRow = window_->outliner()->row(window_->resolvedSkeletonHead());
    qInfo() << "  head row:" << headRow;
    QCOMPARE(headRow.size(), 4);
    int placed = 0;
    for (int j = 0; j < rig.size(); ++j)
      if (window_->outliner()->row(j).value(3).startsWith(QStringLiteral("placed"))) ++placed;
    qInfo() << "  placed bones:" << placed << "of" << rig.size();
    QVERIFY(placed > rig.size() / 3);
    viewport()->setGridVisible(false);
    viewport()->setOverlayVisible(false);
    viewport()->setPose({});  // the rest pose: the skeleton as placed in the mesh
    viewport()->setViewPreset(rw::render::ViewPreset::Front);
    viewport()->frameAll();
    grab(QStringLiteral("workstation_retargeted_skeleton"));
    viewport()->setOverlayVisible(true);
    grabWindow(QStringLiteral("workstation_window_demo"));
    viewport()->setOverlayVisible(false);

    // Weight view of the left thigh (or any leg bone).
    int thigh = rig.indexOf("thigh.L");
    if (thigh < 0)
      for (int j = 0; j < rig.size() && thigh < 0; ++j)
        if (QString::fromStdString(rig.joints[j].name)
                .contains(QStringLiteral("thigh"), Qt::CaseInsensitive))
          thigh = j;
    QVERIFY(thigh >= 0);
    viewport()->setPose({});  // the rest pose, as riggers paint weights
    window_->setSelectedJoint(thigh);
    QCOMPARE(viewport()->selectedJoint(), thigh);
    QVERIFY(window_->outliner()->item(thigh)->isSelected());
    viewport()->setWeightView(true);
    const QImage weights = grab(QStringLiteral("workstation_weight_view"));
    // Warm colours (yellow 0.75 .. red 1) where the thigh owns the skin, blue elsewhere.
    int warm = 0;
    const QImage rgb = weights.convertToFormat(QImage::Format_RGB32);
    for (int y = 0; y < rgb.height(); ++y)
      for (int x = 0; x < rgb.width(); ++x) {
        const QRgb c = rgb.pixel(x, y);
        if (qRed(c) > 170 && qBlue(c) < 90 && qRed(c) >= qGreen(c)) ++warm;
      }
    qInfo() << "  warm weight pixels" << warm;
    QVERIFY(warm > 200);
    viewport()->setWeightView(false);

    // The timeline plays the retargeted walk: the frame advances and the skin moves.
    rw::ui::TimelineWidget* timeline = window_->timeline();
    QVERIFY(timeline->frameCount() > 100);
    const QImage rest = grab(QStringLiteral("workstation_frame0"));
    timeline->play();
    QVERIFY(timeline->playing());
    QTRY_VERIFY_WITH_TIMEOUT(timeline->frame() > 20, 20000);
    timeline->pause();
    const int frame = timeline->frame();
    qInfo() << "  played to frame" << frame;
    QCOMPARE(viewport()->pose().size(), size_t(rig.size()));
    rw::Character posed = *window_->exportableCharacter();
    const auto skinned =
        rw::skinCharacter(posed, viewport()->pose(), rw::SkinningMethod::LinearBlend);
    // The body deforms (not just travels): vertices move relative to each other.
    const auto& rest0 = posed.mesh.source.positions;
    double moved = 0.0;
    for (size_t v = 0; v < skinned.size(); ++v)
      moved = std::max(moved, ((skinned[v] - skinned[0]) - (rest0[v] - rest0[0])).norm());
    qInfo() << "  largest vertex displacement relative to vertex 0:" << moved;
    QVERIFY(moved > 0.02 * posed.mesh.size());
    viewport()->frameAll();  // frames the posed body
    const QImage animated = grab(QStringLiteral("workstation_skinned_frame"));
    QVERIFY(rw::test::changedFraction(rest, animated) > 0.01);
    QVERIFY(rw::test::analyzeScreen(animated, rw::render::palette::kBackground).covered > 5000);
    viewport()->setDualQuaternionSkinning(true);
    const QImage dqs = grab(QStringLiteral("workstation_skinned_frame_dqs"));
    QVERIFY(rw::test::analyzeScreen(dqs, rw::render::palette::kBackground).covered > 1000);
    // Scrubbing sets the frame directly.
    timeline->slider()->setValue(5);
    QCOMPARE(timeline->frame(), 5);
  }

  // Rig ▸ Automatic Skeleton (issue 10): a mesh with no skeleton gets one grown from its graph,
  // which becomes the skeleton to retarget, head joint set.
  void automaticSkeletonFromTheMesh() {
    QVERIFY(openBcn());  // mesh head: `auto`
    QSignalSpy loaded(window_.get(), &MainWindow::skeletonLoaded);
    window_->autoSkeleton();
    QVERIFY(QTest::qWaitFor([&] { return loaded.count() > 0; }, kTimeoutMs));
    QVERIFY(settle());
    const auto& skeleton = window_->skeletonCharacter()->skeleton;
    QVERIFY(skeleton.indexOf("head") >= 0);
    QVERIFY(skeleton.indexOf("thigh.L") >= 0);
    QCOMPARE(window_->skeletonHead(), skeleton.indexOf("head"));
    // The status says the class and why, and where the automatic head node went and why.
    QVERIFY2(window_->statusMessage().contains(QStringLiteral("biped")),
             qPrintable(window_->statusMessage()));
    QVERIFY2(window_->statusMessage().contains(QStringLiteral("head node: the highest point")),
             qPrintable(window_->statusMessage()));
    qInfo() << "  automatic skeleton:" << skeleton.size() << "joints;" << window_->statusMessage();
  }

  // Issue 19: the automatic skeleton is grown from the session's cached mesh stages with the
  // dock's parameters (no field or Reeb graph computed again), and can be cancelled.
  void automaticSkeletonReusesTheSessionsMeshGraphAndParameters() {
    QVERIFY(openBcn());
    QVERIFY(settle());  // the mesh stages ran for the graph overlay
    window_->parameterDock()->spinBox(QStringLiteral("levels"))->setValue(6);
    QVERIFY(settle());
    QSignalSpy runs(window_->sessionRunner(), &SessionRunner::finished);
    QSignalSpy loaded(window_.get(), &MainWindow::skeletonLoaded);
    window_->autoSkeleton();
    QVERIFY(QTest::qWaitFor([&] { return loaded.count() > 0; }, kTimeoutMs));
    QVERIFY(settle());
    std::shared_ptr<const SessionSnapshot> grown;
    for (const QList<QVariant>& r : runs) {
      auto s = r.at(0).value<std::shared_ptr<const SessionSnapshot>>();
      if (s->inputs.autorig) grown = s;
    }
    QVERIFY(grown && grown->autorig);
    QCOMPARE(grown->inputs.params.mesh.multires.levels, 6);
    for (RigStage stage : grown->lastRun)
      QVERIFY2(stage != RigStage::Field && stage != RigStage::Reeb && stage != RigStage::Multires,
               rigStageName(stage));
    QCOMPARE(window_->skeletonCharacter()->skeleton.size(), grown->autorig->skeleton.size());
  }

  void automaticSkeletonCanBeCancelled() {
    QVERIFY(openBcn());
    QVERIFY(settle());
    // A new head node invalidates the field: the run that grows the skeleton is a long one.
    window_->setMeshHead(1234);
    QSignalSpy failed(window_.get(), &MainWindow::autoSkeletonFailed);
    QSignalSpy loaded(window_.get(), &MainWindow::skeletonLoaded);
    window_->autoSkeleton();
    window_->cancelRun();
    QTRY_VERIFY_WITH_TIMEOUT(failed.count() == 1, kTimeoutMs);
    QVERIFY2(failed.first().at(0).toString().contains(QStringLiteral("cancelled")),
             qPrintable(failed.first().at(0).toString()));
    QTRY_VERIFY_WITH_TIMEOUT(!window_->sessionRunner()->busy(), kTimeoutMs);
    QTest::qWait(200);  // nothing arrives late
    QCOMPARE(loaded.count(), 0);
    QVERIFY(!window_->skeletonCharacter());
  }

  void gammaChangeMovesJointsAndRerunsOnlyPlacement() {
    QVERIFY(openDemo());
    const auto before = window_->snapshot();
    const auto beforeGlobals = before->retargeted->skeleton.restGlobals();
    window_->parameterDock()->spinBox(QStringLiteral("gammaDistance"))->setValue(8.0);
    QVERIFY(settle());
    const auto after = window_->snapshot();
    QVERIFY(after != before);
    QCOMPARE(after->lastRun, std::vector<rw::RigStage>{rw::RigStage::Place});
    const auto afterGlobals = after->retargeted->skeleton.restGlobals();
    double moved = 0.0;
    for (size_t j = 0; j < afterGlobals.size(); ++j)
      moved =
          std::max(moved, (afterGlobals[j].translation() - beforeGlobals[j].translation()).norm());
    qInfo() << "  largest joint move" << moved;
    QVERIFY(moved > 1e-4 * window_->character()->mesh.size());
    // The mesh stages were not re-run: the same graph objects.
    QCOMPARE(after->multires, before->multires);
  }

  // Issue 23: Rig ▸ Placement Method. Choosing the embedding re-runs placement only, the
  // outliner says which joints it placed, the choice is one undo step and the project keeps it.
  void placementMethodFromTheRigMenu() {
    QVERIFY(openDemo());
    QAction* retarget = window_->placementMethodAction(rw::RigMethod::Retarget);
    QAction* embed = window_->placementMethodAction(rw::RigMethod::Embed);
    QVERIFY(retarget && embed && window_->placementMethodAction(rw::RigMethod::Auto));
    QVERIFY(retarget->isChecked() && !embed->isChecked());
    const auto before = window_->snapshot();
    QVERIFY(!before->placement);
    const int undoSteps = window_->undoStack()->count();

    embed->trigger();
    QVERIFY(settle());
    const auto after = window_->snapshot();
    QCOMPARE(window_->params().method, rw::RigMethod::Embed);
    QVERIFY(embed->isChecked() && !retarget->isChecked());
    QCOMPARE(after->lastRun, std::vector<rw::RigStage>{rw::RigStage::Place});
    QCOMPARE(after->multires, before->multires);  // the mesh stages were not re-run
    QVERIFY2(after->placement, qPrintable(after->error));
    QCOMPARE(after->placement->decision, std::string("embedding"));
    QVERIFY(after->retargeted && after->retargeted != before->retargeted);
    // Every deform joint embedded, inside the character's bounds.
    const auto globals = after->retargeted->skeleton.restGlobals();
    const Eigen::AlignedBox3d box = window_->character()->mesh.bounds();
    int embedded = 0;
    for (size_t j = 0; j < globals.size(); ++j) {
      if (after->placement->method[j] != rw::PlacementMethod::Embedding) continue;
      ++embedded;
      QVERIFY2(box.contains(globals[j].translation()),
               qPrintable(QString::fromStdString(after->retargeted->skeleton.joints[j].name)));
    }
    QVERIFY2(embedded >= 10, qPrintable(QString::number(embedded)));
    int said = 0;
    QTreeWidgetItemIterator it(window_->outliner()->tree());
    for (; *it; ++it)
      for (int c = 0; c < (*it)->columnCount(); ++c)
        said += (*it)->text(c).startsWith(QStringLiteral("embedded"));
    QCOMPARE(said, embedded);
    // The rig is skinned and played with the embedded skeleton.
    QVERIFY(QTest::qWaitFor(
        [&] {
          return window_->products() &&
                 window_->products()->skeleton.get() == &window_->snapshot()->retargeted->skeleton;
        },
        kTimeoutMs));
    QCOMPARE(window_->project().params.method, rw::RigMethod::Embed);
    grabWindow(QStringLiteral("workstation_placement_embedded"));

    // One undo step back to the retarget, which comes back joint for joint.
    QCOMPARE(window_->undoStack()->count(), undoSteps + 1);
    window_->undoStack()->undo();
    QVERIFY(settle());
    QCOMPARE(window_->params().method, rw::RigMethod::Retarget);
    QVERIFY(retarget->isChecked() && !embed->isChecked());
    QVERIFY(!window_->snapshot()->placement);
    const auto back = window_->snapshot()->retargeted->skeleton.restGlobals();
    const auto first = before->retargeted->skeleton.restGlobals();
    QCOMPARE(back.size(), first.size());
    for (size_t j = 0; j < back.size(); ++j)
      QVERIFY((back[j].matrix() - first[j].matrix()).norm() < 1e-9);
  }

  void retargetCanBeCancelled() {
    QVERIFY(openBcn());
    QSignalSpy loaded(window_.get(), &MainWindow::skeletonLoaded);
    window_->openSkeletonFile(kBiped);
    QTRY_VERIFY_WITH_TIMEOUT(loaded.count() == 1, kTimeoutMs);
    QVERIFY(settle());
    // A new mesh head invalidates everything from the field on: a long run to cancel.
    QSignalSpy cancelled(window_.get(), &MainWindow::sessionCancelled);
    QSignalSpy updated(window_.get(), &MainWindow::sessionUpdated);
    window_->setMeshHead(window_->resolvedMeshHead() + 1);
    window_->retarget();
    window_->cancelRun();
    QTRY_VERIFY_WITH_TIMEOUT(cancelled.count() == 1, kTimeoutMs);
    QVERIFY(!window_->sessionRunner()->busy());
    QVERIFY2(window_->statusMessage().startsWith(QStringLiteral("Cancelled")),
             qPrintable(window_->statusMessage()));
    // Nothing half-done on screen; running again completes.
    QCOMPARE(updated.count(), 0);
    QVERIFY(!window_->snapshot()->retargeted);
    window_->retarget();
    QVERIFY(settle());
    QVERIFY2(window_->snapshot()->retargeted, qPrintable(window_->snapshot()->error));
  }

  void exportForUnrealWritesCentimetresAndDeformBones() {
    QVERIFY(openDemo());
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("rig_unreal.fbx"));
    QSignalSpy done(window_.get(), &MainWindow::exportFinished);
    window_->exportTo(path, rw::EnginePreset::Unreal);
    QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, kTimeoutMs);
    QVERIFY2(done.first().at(1).toBool(), qPrintable(done.first().at(2).toString()));
    rw::ImportOptions options;
    options.isolateReader = false;
    const auto back = rw::importCharacter(path.toStdString(), options);
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
    const rw::Character& original = *window_->exportableCharacter();
    QCOMPARE(back->metresPerUnit, 0.01);  // a centimetre
    const double centimetres = 100 * original.metresPerUnit * original.mesh.size();
    QVERIFY(std::abs(back->mesh.size() - centimetres) < 1e-4 * centimetres);
    QCOMPARE(back->skeleton.roots().size(), std::size_t(1));
    QVERIFY(back->skeleton.size() <= original.skeleton.deformCount() + 1);
  }

  void exportWritesAFileThatReimports() {
    QVERIFY(openDemo());
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (const QString& name : {QStringLiteral("rig.glb"), QStringLiteral("rig.fbx")}) {
      const QString path = dir.filePath(name);
      QSignalSpy done(window_.get(), &MainWindow::exportFinished);
      window_->exportTo(path);
      QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, kTimeoutMs);
      QVERIFY2(done.first().at(1).toBool(), qPrintable(done.first().at(2).toString()));
      QVERIFY(QFileInfo(path).size() > 1000);
      rw::ImportOptions options;
      options.isolateReader = false;
      const auto back = rw::importCharacter(path.toStdString(), options);
      if (name.endsWith(QStringLiteral(".fbx"))) {
        // Assimp 5.2.5 reads our binary FBX (docs/build-notes.md: its own FBX export is the broken
        // one).
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
      } else {
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
      }
      const rw::Character& original = *window_->exportableCharacter();
      QCOMPARE(back->mesh.source.triangles.size(), original.mesh.source.triangles.size());
      QVERIFY(back->skeleton.size() >= original.skeleton.deformCount());
      QVERIFY(!back->skin.empty());
      QVERIFY(!back->clips.empty());
    }
    // A bad extension is refused with a message, nothing written.
    QSignalSpy done(window_.get(), &MainWindow::exportFinished);
    window_->exportTo(dir.filePath(QStringLiteral("rig.xyz")));
    QCOMPARE(done.count(), 1);
    QVERIFY(!done.first().at(1).toBool());
    QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("rig.xyz"))));
  }

  void savedProjectReopensIdentical() {
    QVERIFY(openDemo());
    window_->setSkeletonHead(window_->resolvedSkeletonHead());
    window_->parameterDock()->spinBox(QStringLiteral("gammaAngle"))->setValue(2.5);
    window_->setDisplayLevel(1);
    QVERIFY(settle());
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("session.rwproj"));
    QVERIFY(window_->saveProject(path));
    const rw::ui::Project saved = window_->project();
    const auto savedRig = window_->snapshot()->retargeted->skeleton.restGlobals();

    window_ = std::make_unique<MainWindow>();
    window_->setErrorDialogsEnabled(false);
    window_->show();
    QSignalSpy opened(window_.get(), &MainWindow::projectLoaded);
    window_->openProject(path);
    QTRY_VERIFY_WITH_TIMEOUT(opened.count() == 1, kTimeoutMs);
    QVERIFY(settle());
    QCOMPARE(window_->project(), saved);
    QCOMPARE(window_->params().placement.gammaAngle, 2.5);
    QCOMPARE(window_->displayLevel(), 1);
    const auto reopened = window_->snapshot()->retargeted->skeleton.restGlobals();
    QCOMPARE(reopened.size(), savedRig.size());
    for (size_t j = 0; j < reopened.size(); ++j)
      QVERIFY((reopened[j].matrix() - savedRig[j].matrix()).norm() < 1e-9);
  }

  void autosaveRecoversTheSession() {
    QVERIFY(openBcn());
    window_->parameterDock()->spinBox(QStringLiteral("lengthThreshold"))->setValue(0.4);
    QVERIFY(window_->writeAutosave());
    QVERIFY(QFileInfo::exists(window_->autosavePath()));
    const auto recovered = rw::ui::readProject(window_->autosavePath());
    QVERIFY(recovered.ok());
    QCOMPARE(recovered.value(), window_->project());
    QCOMPARE(recovered->params.mesh.symmetry.lengthThreshold, 0.4);
    // An autosave is for recovery, not a save: the title still says unsaved, closing asks.
    QVERIFY(window_->hasUnsavedChanges());
    QVERIFY(window_->isWindowModified());
    int asked = 0;
    window_->setCloseChoice([&] {
      ++asked;
      return QMessageBox::Cancel;
    });
    QVERIFY(!window_->close());  // cancelled: nothing lost, the recovery file stays
    QCOMPARE(asked, 1);
    QVERIFY(window_->isVisible());
    QVERIFY(QFileInfo::exists(window_->autosavePath()));
    window_->setCloseChoice([&] {
      ++asked;
      return QMessageBox::Discard;
    });
    QVERIFY(window_->close());  // discarded by choice: a clean exit removes it
    QCOMPARE(asked, 2);
    QVERIFY(!QFileInfo::exists(window_->autosavePath()));
  }

  void saveKeepsItsProjectFileAndTheTitleShowsUnsavedChanges() {
    QVERIFY(openDemo());
    QVERIFY(settle());
    // Just opened: nothing unsaved. An edit marks it.
    QVERIFY(!window_->hasUnsavedChanges());
    QVERIFY(!window_->isWindowModified());
    window_->parameterDock()->spinBox(QStringLiteral("gammaLength"))->setValue(1.5);
    QVERIFY(window_->hasUnsavedChanges());
    QVERIFY(window_->isWindowModified());
    QVERIFY(window_->windowTitle().contains(QStringLiteral("[*]")));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("walk.rwproj"));
    QVERIFY(window_->saveProject(path));
    QVERIFY(!window_->hasUnsavedChanges());
    QVERIFY(!window_->isWindowModified());
    QCOMPARE(window_->projectPath(), path);
    QVERIFY(window_->windowTitle().startsWith(QStringLiteral("walk.rwproj")));
    // An edit makes it unsaved again; Save (Ctrl+S) writes the same file, no dialog.
    window_->parameterDock()->spinBox(QStringLiteral("gammaAngle"))->setValue(2.0);
    QVERIFY(window_->hasUnsavedChanges());
    QVERIFY(window_->isWindowModified());
    QTest::keyClick(window_.get(), Qt::Key_S, Qt::ControlModifier);
    QVERIFY(!window_->hasUnsavedChanges());
    const auto saved = rw::ui::readProject(path);
    QVERIFY(saved.ok());
    QCOMPARE(saved->params.placement.gammaAngle, 2.0);
    // Nothing unsaved: closing does not ask.
    int asked = 0;
    window_->setCloseChoice([&] {
      ++asked;
      return QMessageBox::Cancel;
    });
    QVERIFY(window_->close());
    QCOMPARE(asked, 0);
  }

  void aNewMeshIsANewDocument() {
    QVERIFY(openDemo());
    QVERIFY(window_->skeletonCharacter());
    QSignalSpy loaded(window_.get(), &MainWindow::characterLoaded);
    window_->openFile(kModels + QStringLiteral("/OBJ/WusonOBJ.obj"));
    QTRY_VERIFY_WITH_TIMEOUT(loaded.count() == 1, kTimeoutMs);
    QVERIFY(settle());
    // The demo's production biped and walk are not drawn over the bull.
    QVERIFY(!window_->skeletonCharacter());
    QVERIFY(!window_->motionCharacter());
    QVERIFY(!viewport()->skeleton());
    QVERIFY(window_->projectPath().isEmpty());
  }

  void theWindowReopensWhereTheUserLeftIt() {
    window_->resize(1000, 700);
    window_->setCloseChoice([] { return QMessageBox::Discard; });
    QVERIFY(window_->close());  // saves the layout
    MainWindow next;
    QVERIFY(next.size().width() <= 1280 && next.size().height() <= 800);  // fits the screen
    QVERIFY(next.restoreWindowLayout());
    QCOMPARE(next.size(), QSize(1000, 700));
  }

  void badFilesNeverTakeTheSessionDown() {
    QVERIFY(openBcn());
    const auto character = window_->character();
    QSignalSpy failed(window_.get(), &MainWindow::loadFailed);
    window_->openSkeletonFile(QStringLiteral("/nonexistent/skeleton.json"));
    QTRY_VERIFY_WITH_TIMEOUT(failed.count() == 1, kTimeoutMs);
    window_->openMotionFile(kModels + QStringLiteral("/invalid/malformed.obj"));
    QTRY_VERIFY_WITH_TIMEOUT(failed.count() == 2, kTimeoutMs);
    window_->openProject(QStringLiteral("/nonexistent/project.rwproj"));
    QTRY_VERIFY_WITH_TIMEOUT(failed.count() == 3, kTimeoutMs);
    QCOMPARE(window_->character(), character);
    QVERIFY(!window_->skeletonCharacter());
    QVERIFY(!window_->motionCharacter());
  }
};

QTEST_MAIN(WorkstationTest)
#include "workstation_test.moc"
