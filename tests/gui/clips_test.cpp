// Every clip, native rate (issue 17, the workstation's part), under a real X server (xvfb-run):
// the timeline's clip picker lists a file's clips and switches between them; a clip plays at its
// own frame rate with its own frame numbering (a 120 fps BVH is not resampled to 60) until the
// user types another rate; every clip of a motion file is retargeted, the picked one survives a
// re-run of the rig, and the export holds them all. The last case retargets CMU 01_01 onto
// human.zae, looks at it from the side and checks on the skinned mesh that the character stands
// on its floor, leaves it in the jump and lands again; the screenshots are to be looked at.
#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QMenu>
#include <QPainter>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

#include "character.h"
#include "io/import_character.h"
#include "main_window.h"
#include "parameter_dock.h"
#include "rig_products.h"
#include "session_runner.h"
#include "skin/skinning_deformer.h"
#include "test_window.h"
#include "timeline_widget.h"
#include "viewport_widget.h"

using rw::ui::MainWindow;

namespace {

const QString kModels = QStringLiteral(RIGWRIGHT_MODELS_DIR);
const QString kWuson = kModels + QStringLiteral("/X/Testwuson.X");
const QString kCmu = kModels + QStringLiteral("/BVH/01_01.bvh");
const QString kHuman = kModels + QStringLiteral("/Collada/human.zae");
const QString kBiped =
    QStringLiteral(RIGWRIGHT_SOURCE_DIR "/resources/skeletons/biped_production.json");
constexpr int kTimeoutMs = 240000;
constexpr int kCmuFrames = 2752;  // 01_01.bvh: "Frames: 2752", "Frame Time: .008333"

rw::Character readBack(const QString& path) {
  rw::ImportOptions options;
  options.isolateReader = false;
  auto read = rw::importCharacter(path.toStdString(), options);
  if (!read.ok()) qWarning() << path << QString::fromStdString(read.error().message);
  return read.ok() ? std::move(read).value() : rw::Character{};
}

const rw::AnimationClip* clipNamed(const rw::Character& c, const std::string& name) {
  for (const rw::AnimationClip& clip : c.clips)
    if (clip.name == name) return &clip;
  return nullptr;
}

/// How far the IK targets have drifted from the bones their chains end on (the feet and hands):
/// the largest change of that distance from the rest pose, over every IK constraint.
double worstIkTargetDrift(const rw::Skeleton& rig, const std::vector<rw::Transform>& pose,
                          int& ikConstraints) {
  const auto rest = rig.restGlobals();
  double worst = 0.0;
  ikConstraints = 0;
  for (const rw::Constraint& c : rig.constraints) {
    if (c.type != rw::ConstraintType::IK || c.target < 0 || c.owner < 0) continue;
    ++ikConstraints;
    const double atRest = (rest[c.target].translation() - rest[c.owner].translation()).norm();
    const double now = (pose[c.target].translation() - pose[c.owner].translation()).norm();
    worst = std::max(worst, std::abs(now - atRest));
  }
  return worst;
}

double lowestY(const std::vector<Eigen::Vector3d>& points) {
  double y = std::numeric_limits<double>::infinity();
  for (const Eigen::Vector3d& p : points) y = std::min(y, p.y());
  return y;
}

}  // namespace

class ClipsTest : public QObject {
  Q_OBJECT

 private:
  std::unique_ptr<MainWindow> window_;

  rw::ui::ViewportWidget* viewport() { return window_->viewport(); }
  rw::ui::TimelineWidget* timeline() { return window_->timeline(); }
  QComboBox* picker() { return window_->findChild<QComboBox*>(QStringLiteral("clipPicker")); }

  QStringList pickerItems() {
    QStringList items;
    for (int i = 0; picker() && i < picker()->count(); ++i) items << picker()->itemText(i);
    return items;
  }

  /// Picks a clip as the user does: by its row in the combo box.
  bool pick(const QString& name) {
    const int row = picker() ? picker()->findText(name) : -1;
    if (row < 0) return false;
    picker()->setCurrentIndex(row);
    return picker()->currentText() == name;
  }

  bool settle() {
    return QTest::qWaitFor(
        [&] {
          return !window_->sessionRunner()->busy() && !window_->loading() && window_->snapshot() &&
                 window_->snapshot()->request == window_->sessionRunner()->latestRequest();
        },
        kTimeoutMs);
  }

  /// Opens a character; with a mesh, waits for the pipeline's first run on it.
  bool open(const QString& path) {
    QSignalSpy loaded(window_.get(), &MainWindow::characterLoaded);
    window_->openFile(path);
    if (!QTest::qWaitFor([&] { return loaded.count() > 0; }, kTimeoutMs)) return false;
    return window_->character()->mesh.empty() || settle();
  }

  bool openSkeleton(const QString& path) {
    QSignalSpy loaded(window_.get(), &MainWindow::skeletonLoaded);
    window_->openSkeletonFile(path);
    return QTest::qWaitFor([&] { return loaded.count() > 0; }, kTimeoutMs) && settle();
  }

  bool openMotion(const QString& path) {
    QSignalSpy loaded(window_.get(), &MainWindow::motionLoaded);
    window_->openMotionFile(path);
    return QTest::qWaitFor([&] { return loaded.count() > 0; }, kTimeoutMs);
  }

  /// Waits for the rig products (skin and retargeted clips) of the skeleton on screen.
  bool waitForProducts() {
    return settle() &&
           QTest::qWaitFor(
               [&] {
                 const auto& snapshot = window_->snapshot();
                 return snapshot && snapshot->retargeted && window_->products() &&
                        window_->products()->skeleton.get() == &snapshot->retargeted->skeleton &&
                        viewport()->skin() == window_->products()->skin;
               },
               kTimeoutMs);
  }

  /// Frames the timeline shows for a clip at its own rate.
  static int nativeFrames(const rw::AnimationClip& clip) { return clip.frameCount(); }

  QImage grab(const QString& name) {
    QTest::qWait(50);
    const QImage image = viewport()->grabFramebuffer();
    const QString dir = QStringLiteral(RIGWRIGHT_SCREENSHOT_DIR);
    QDir().mkpath(dir);
    const QString file = dir + QLatin1Char('/') + name + QStringLiteral(".png");
    if (!image.save(file)) qWarning() << "could not save" << file;
    qInfo().noquote() << "screenshot:" << file;
    return image;
  }

  /// The whole window, the viewport's GL image painted in (QWidget::grab leaves it blank).
  void grabWindow(const QString& name) {
    QTest::qWait(50);
    QImage window = window_->grab().toImage();
    {
      QPainter painter(&window);
      painter.drawImage(viewport()->mapTo(window_.get(), QPoint(0, 0)),
                        viewport()->grabFramebuffer());
    }
    const QString file =
        QStringLiteral(RIGWRIGHT_SCREENSHOT_DIR "/") + name + QStringLiteral(".png");
    window.save(file);
    qInfo().noquote() << "screenshot:" << file;
  }

  /// The skinned mesh of the pose on screen, in character space.
  std::vector<Eigen::Vector3d> skinnedOnScreen() {
    return rw::skinCharacter(*window_->exportableCharacter(), viewport()->pose(),
                             rw::SkinningMethod::LinearBlend);
  }

  /// Triggers a View menu entry by its text, as a user does.
  void triggerView(const QString& text) {
    for (QAction* action : window_->findChildren<QAction*>())
      if (action->text() == text && !action->menu()) {
        action->trigger();
        return;
      }
    QFAIL(qPrintable(QStringLiteral("no action %1").arg(text)));
  }

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    for (const QString& file : {kWuson, kCmu, kHuman, kBiped})
      if (!QFileInfo(file).isFile())
        QFAIL(qPrintable(
            QStringLiteral("%1 is missing (assimp-testmodels installs the models)").arg(file)));
  }

  void init() {
    window_ = rw::test::showTestWindow();
    QVERIFY(window_);
  }

  void cleanup() { rw::test::closeTestWindow(window_); }

  // Testwuson.X carries three clips; the picker lists them and switches the timeline and pose.
  void pickerListsAndSwitchesTheCharactersClips() {
    QVERIFY(open(kWuson));
    const rw::Character& wuson = *window_->character();
    QCOMPARE(int(wuson.clips.size()), 3);
    QVERIFY(picker());
    QCOMPARE(pickerItems(), (QStringList{QStringLiteral("Wuson_Run"), QStringLiteral("Wuson_Walk"),
                                         QStringLiteral("Wuson_Bind")}));
    const rw::AnimationClip& run = *clipNamed(wuson, "Wuson_Run");
    const rw::AnimationClip& walk = *clipNamed(wuson, "Wuson_Walk");
    qInfo() << "  run" << run.frameCount() << "frames @" << run.framesPerSecond << "fps; walk"
            << walk.frameCount() << "frames @" << walk.framesPerSecond << "fps";
    QVERIFY(run.frameCount() != walk.frameCount());
    QCOMPARE(timeline()->frameCount(), nativeFrames(run));

    QVERIFY(pick(QStringLiteral("Wuson_Walk")));
    QCOMPARE(timeline()->frameCount(), nativeFrames(walk));
    QCOMPARE(timeline()->fps(), walk.framesPerSecond);
    QCOMPARE(timeline()->frame(), 0);
    // The viewport shows the walk's first pose.
    const rw::Skeleton& skeleton = wuson.skeleton;
    const auto expected = skeleton.globalsFromLocals(walk.sampleLocals(skeleton, 0.0));
    QCOMPARE(viewport()->pose().size(), expected.size());
    for (size_t j = 0; j < expected.size(); ++j)
      QVERIFY((viewport()->pose()[j].matrix() - expected[j].matrix()).norm() < 1e-9);
    timeline()->setFrame(timeline()->frameCount() / 2);
    const auto middle = skeleton.globalsFromLocals(walk.sampleLocals(skeleton, timeline()->time()));
    QVERIFY((viewport()->pose()[1].matrix() - middle[1].matrix()).norm() < 1e-9);

    // The bind pose is a one-frame clip: still a clip, one frame.
    QVERIFY(pick(QStringLiteral("Wuson_Bind")));
    QCOMPARE(timeline()->frameCount(), 1);
    QVERIFY(picker()->isEnabled());
  }

  // 01_01.bvh is 2752 frames at 120 fps: the timeline shows exactly that, and a rate the user
  // types is the rate the clip is sampled and played at.
  void aClipKeepsItsNativeRateAndFrameNumbering() {
    QVERIFY(open(kCmu));
    QCOMPARE(pickerItems().size(), 1);
    QCOMPARE(timeline()->fps(), 120.0);
    QCOMPARE(timeline()->frameCount(), kCmuFrames);
    auto* rate = timeline()->findChild<QDoubleSpinBox*>(QStringLiteral("fps"));
    QVERIFY(rate);
    QCOMPARE(rate->value(), 120.0);
    QCOMPARE(rate->text(), QStringLiteral("120 fps"));
    // Frame n is at n / 120 s: the source's numbering.
    timeline()->setFrame(1200);
    QCOMPARE(timeline()->time(), 10.0);

    // The user asks for 30 fps: the same clip, sampled at 30, at the same moment.
    rate->setValue(30.0);
    QCOMPARE(timeline()->fps(), 30.0);
    QCOMPARE(timeline()->frameCount(), int(std::lround((kCmuFrames - 1) / 120.0 * 30.0)) + 1);
    QCOMPARE(timeline()->frame(), 300);
    // Played at 30 frames a second of wall clock (not 120, not the old 60 cap).
    timeline()->setFrame(0);
    QElapsedTimer clock;
    clock.start();
    timeline()->play();
    QTest::qWait(1000);
    timeline()->pause();
    const double expected = clock.elapsed() / 1000.0 * 30.0;
    qInfo() << "  played" << timeline()->frame() << "frames at 30 fps, expected ~" << expected;
    QVERIFY(timeline()->frame() <= expected + 1);
    QVERIFY(timeline()->frame() >= 0.5 * expected);
  }

  // A motion file opened as the character after another character: its skeleton is drawn and
  // its clip plays (the previous character's skeleton and "no clip" stayed before).
  void aMotionOpenedAsTheCharacterReplacesTheLastOne() {
    QVERIFY(open(kWuson));
    QVERIFY(window_->sourceSkeleton());
    QVERIFY(open(kCmu));
    const rw::Character& bvh = *window_->character();
    QVERIFY(bvh.mesh.empty());
    QCOMPARE(window_->sourceSkeleton().get(), &bvh.skeleton);
    QVERIFY(viewport()->skeleton());
    QCOMPARE(viewport()->skeleton()->size(), bvh.skeleton.size());
    QCOMPARE(viewport()->skeleton()->joints.front().name, bvh.skeleton.joints.front().name);
    QCOMPARE(pickerItems().size(), 1);
    QCOMPARE(timeline()->frameCount(), kCmuFrames);
    timeline()->setFrame(600);
    const auto expected = bvh.skeleton.globalsFromLocals(
        bvh.clips.front().sampleLocals(bvh.skeleton, timeline()->time()));
    QCOMPARE(viewport()->pose().size(), expected.size());
    QVERIFY((viewport()->pose()[0].matrix() - expected[0].matrix()).norm() < 1e-9);
  }

  // Testwuson's own skeleton retargeted into its mesh and Testwuson.X as the motion: all three
  // clips are retargeted, the picked clip survives a re-run, the export holds every clip.
  void everyClipIsRetargetedAndExported() {
    QVERIFY(open(kWuson));
    QVERIFY(openMotion(kWuson));
    window_->retarget();
    QVERIFY(waitForProducts());
    QVERIFY2(window_->products()->error.isEmpty(), qPrintable(window_->products()->error));
    const rw::Character& motion = *window_->motionCharacter();
    QStringList names;
    for (const rw::AnimationClip& clip : motion.clips) names << QString::fromStdString(clip.name);
    QCOMPARE(pickerItems(), names);
    QCOMPARE(viewport()->skeleton().get(), &window_->snapshot()->retargeted->skeleton);
    // The skeleton came with its own mesh: the run used its artist's spine depth measured there
    // (own_spine_depth.h: 0.66 of the trunk from the belly), not the default.
    const double depth = window_->snapshot()->inputs.params.spineDepth.fromBelly;
    QVERIFY2(std::abs(depth - 0.66) < 0.03, qPrintable(QString::number(depth)));
    QVERIFY(depth != rw::SpineDepthParams{}.fromBelly);
    // ...and its depth joint by joint along the trunk, the pelvis's first, the chest's last.
    const std::vector<rw::SpineDepthSample>& profile =
        window_->snapshot()->inputs.params.spineDepth.profile;
    QVERIFY(profile.size() >= 5);
    QCOMPARE(profile.front().along, 0.0);
    QCOMPARE(profile.back().along, 1.0);

    QVERIFY(pick(QStringLiteral("Wuson_Walk")));
    const int walkFrames = nativeFrames(*clipNamed(motion, "Wuson_Walk"));
    QCOMPARE(timeline()->frameCount(), walkFrames);
    // A parameter change re-runs placement and the rig products: the walk stays picked.
    const auto before = window_->products();
    window_->parameterDock()->spinBox(QStringLiteral("gammaDistance"))->setValue(2.0);
    QVERIFY(QTest::qWaitFor([&] { return window_->products() != before; }, kTimeoutMs));
    QVERIFY(waitForProducts());
    QCOMPARE(picker()->currentText(), QStringLiteral("Wuson_Walk"));
    QCOMPARE(timeline()->frameCount(), walkFrames);
    grabWindow(QStringLiteral("clips_picker_window"));

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (const QString& name : {QStringLiteral("wuson.glb"), QStringLiteral("wuson.fbx")}) {
      const QString path = dir.filePath(name);
      QSignalSpy done(window_.get(), &MainWindow::exportFinished);
      window_->exportTo(path);
      QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, kTimeoutMs);
      QVERIFY2(done.first().at(1).toBool(), qPrintable(done.first().at(2).toString()));
      const rw::Character back = readBack(path);
      QStringList backNames;
      for (const rw::AnimationClip& clip : back.clips)
        backNames << QString::fromStdString(clip.name);
      qInfo() << "  " << name << "clips:" << backNames;
      QCOMPARE(int(back.clips.size()), int(motion.clips.size()));
      for (const rw::AnimationClip& source : motion.clips) {
        const rw::AnimationClip* clip = clipNamed(back, source.name);
        QVERIFY2(clip, source.name.c_str());
        QCOMPARE(clip->frameCount(), source.frameCount());
        if (source.frameCount() > 1) QCOMPARE(clip->framesPerSecond, source.framesPerSecond);
      }
    }
  }

  // The worker's own result: a clip that cannot be retargeted is a note naming it and the
  // others are all there; a repeated name gets Blender's .001 suffix; rates and frames are kept.
  void aFailingClipIsANoteAndNamesStayUnique() {
    const rw::Character wuson = readBack(kWuson);
    QCOMPARE(int(wuson.clips.size()), 3);
    rw::Character motion = wuson;
    rw::AnimationClip broken = wuson.clips[0];
    broken.name = "broken";
    broken.duration = std::numeric_limits<double>::quiet_NaN();
    motion.clips = {wuson.clips[0], wuson.clips[1], broken, wuson.clips[0]};
    const auto skeleton = std::make_shared<const rw::Skeleton>(wuson.skeleton);
    const rw::ui::RigProducts products =
        rw::ui::RigProductsJob::compute(wuson, skeleton, &motion, nullptr);
    QVERIFY2(products.error.isEmpty(), qPrintable(products.error));
    QStringList names;
    for (const auto& clip : products.clips) names << QString::fromStdString(clip->name);
    QCOMPARE(names, (QStringList{QStringLiteral("Wuson_Run"), QStringLiteral("Wuson_Walk"),
                                 QStringLiteral("Wuson_Run.001")}));
    QCOMPARE(products.failedClips, QStringList{QStringLiteral("broken")});
    QVERIFY(products.notes.filter(QStringLiteral("clip 'broken'")).size() == 1);
    const rw::AnimationClip* sources[] = {&wuson.clips[0], &wuson.clips[1], &wuson.clips[0]};
    for (int i = 0; i < 3; ++i) {
      QCOMPARE(products.clips[i]->framesPerSecond, sources[i]->framesPerSecond);
      QCOMPARE(products.clips[i]->frameCount(), sources[i]->frameCount());
    }
  }

  // CMU 01_01 onto human.zae rigged with the production biped, seen from the right: on the floor
  // at frame 0, off it at the jump's top, on it again after the landing.
  void retargetedMotionStandsOnTheFloorSeenFromTheSide() {
    QVERIFY(open(kHuman));
    QVERIFY(openSkeleton(kBiped));
    window_->setSkeletonHead(window_->skeletonCharacter()->skeleton.indexOf("head"));
    QVERIFY(openMotion(kCmu));
    window_->retarget();
    QVERIFY(waitForProducts());
    QVERIFY2(window_->products()->error.isEmpty(), qPrintable(window_->products()->error));
    QCOMPARE(timeline()->fps(), 120.0);
    QCOMPARE(timeline()->frameCount(), kCmuFrames);

    const rw::Skeleton& rig = *viewport()->skeleton();
    const rw::AnimationClip& clip = *window_->playClip();
    const double floor = window_->character()->mesh.bounds().min().y();
    const double height = window_->character()->mesh.bounds().sizes().y();
    // The jump's top: the frame whose lowest deform joint is highest (both feet off the floor).
    std::vector<double> lowest(kCmuFrames);
    for (int f = 0; f < kCmuFrames; ++f) {
      const auto globals = rig.globalsFromLocals(clip.sampleLocals(rig, f / 120.0));
      lowest[f] = std::numeric_limits<double>::infinity();
      for (int j = 0; j < rig.size(); ++j)
        if (rig.joints[j].deform) lowest[f] = std::min(lowest[f], globals[j].translation().y());
    }
    const int apex = int(std::max_element(lowest.begin(), lowest.end()) - lowest.begin());
    std::vector<double> sorted = lowest;
    std::sort(sorted.begin(), sorted.end());
    const double standing = sorted[sorted.size() / 20];
    int landing = apex;
    while (landing + 1 < kCmuFrames && lowest[landing] > standing + 0.01 * height) ++landing;
    landing = std::min(kCmuFrames - 1, landing + 12);  // a tenth of a second after touching down
    qInfo() << "  jump top at frame" << apex << "lowest joint" << (lowest[apex] - standing) / height
            << "of the height above standing; landing frame" << landing;

    viewport()->setOverlayVisible(false);
    viewport()->setGridVisible(true);
    triggerView(QStringLiteral("Right"));
    struct Shot {
      int frame;
      QString name;
    };
    for (const Shot& shot :
         {Shot{0, QStringLiteral("side_frame0")}, Shot{apex, QStringLiteral("side_jump")},
          Shot{landing, QStringLiteral("side_landing")}}) {
      timeline()->setFrame(shot.frame);
      QCOMPARE(timeline()->frame(), shot.frame);
      const double lift = (lowestY(skinnedOnScreen()) - floor) / height;
      qInfo() << "  frame" << shot.frame << "lowest vertex" << lift * 100 << "% of the height"
              << "above the rest floor";
      if (shot.frame == apex)
        QVERIFY2(lift > 0.02, "the character leaves the floor in the jump");
      else
        QVERIFY2(std::abs(lift) < 0.005, "the feet stand on the floor");
      int ik = 0;
      const double drift = worstIkTargetDrift(rig, viewport()->pose(), ik) / height;
      qInfo() << "  " << ik << "IK targets, worst drift from their bones" << drift * 100 << "%";
      QVERIFY(ik >= 4);  // both feet and both hands
      QVERIFY2(drift < 0.01, "the IK controls stay at the feet and hands");
      // In perspective the grid shows the floor; in orthographic (View ▸ Perspective/
      // Orthographic) it is edge-on, the floor line the feet must stand on.
      viewport()->frameAll();
      grab(shot.name);
      triggerView(QStringLiteral("Perspective/Orthographic"));
      viewport()->frameAll();
      grab(shot.name + QStringLiteral("_ortho"));
      triggerView(QStringLiteral("Perspective/Orthographic"));
    }
  }
};

QTEST_MAIN(ClipsTest)
#include "clips_test.moc"
