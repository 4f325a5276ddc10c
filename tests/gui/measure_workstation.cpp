// Measures the workstation under Xvfb/llvmpipe (a report, not a test: performance is never
// asserted). Run: xvfb-run -a -s "-screen 0 1280x800x24" ./measure_workstation
//  1. viewport frames per second while playing a clip on BCN_Epileptic subdivided 1→4 twice
//     (~82K triangles) and three times (~328K), skinned on the GPU with its artist weights;
//  2. the longest UI-thread stall while the demo project retargets (mesh graph, matching,
//     placement, bone heat skinning and motion retargeting on worker threads), seen by a 1 ms
//     timer on the UI thread.
#include <QApplication>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QTimer>
#include <cstdio>
#include <limits>

#include "character.h"
#include "io/import_character.h"
#include "main_window.h"
#include "midpoint_subdivision.h"
#include "viewport_widget.h"

namespace {

const QString kModels = QStringLiteral(RIGWRIGHT_MODELS_DIR);

/// BCN with its mesh subdivided `levels` times; every new vertex takes the artist weights of
/// the nearest original vertex (enough to drive the GPU skinning being measured).
std::shared_ptr<const rw::Character> subdividedBcn(int levels) {
  rw::ImportOptions options;
  options.isolateReader = false;
  auto imported = rw::importCharacter((kModels + "/X/BCN_Epileptic.X").toStdString(), options);
  if (!imported.ok()) return nullptr;
  auto c = std::make_shared<rw::Character>(std::move(imported).value());
  const rw::SourceMesh original = c->mesh.source;
  const rw::SkinWeights weights = c->skin;
  for (int i = 0; i < levels; ++i)
    c->mesh = rw::buildMesh(rw::bench::subdivideMidpoint(c->mesh.positions, c->mesh.triangles));
  c->skin.perVertex.assign(c->mesh.source.positions.size(), {});
  for (size_t v = 0; v < c->mesh.source.positions.size(); ++v) {
    double best = std::numeric_limits<double>::infinity();
    int nearest = 0;
    for (size_t o = 0; o < original.positions.size(); ++o) {
      const double d = (original.positions[o] - c->mesh.source.positions[v]).squaredNorm();
      if (d < best) {
        best = d;
        nearest = int(o);
      }
    }
    c->skin.perVertex[v] = weights.perVertex[nearest];
  }
  return c;
}

double measureFps(const std::shared_ptr<const rw::Character>& character, double seconds) {
  rw::ui::ViewportWidget viewport;
  viewport.resize(1000, 700);
  viewport.show();
  if (!QTest::qWaitForWindowExposed(&viewport)) return 0.0;
  viewport.setCharacter(character);
  const rw::AnimationClip& clip = character->clips.front();
  const rw::Skeleton& skeleton = character->skeleton;
  int frames = 0;
  QElapsedTimer clock;
  bool running = true;
  QObject::connect(&viewport, &QOpenGLWidget::frameSwapped, &viewport, [&] {
    if (!running) return;
    ++frames;
    const double t = std::fmod(clock.elapsed() / 1000.0, clip.duration);
    viewport.setPose(skeleton.globalsFromLocals(clip.sampleLocals(skeleton, t)));
  });
  QTest::qWait(500);  // first upload
  frames = 0;
  clock.start();
  viewport.update();
  while (clock.elapsed() < seconds * 1000.0)
    QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
  running = false;
  return frames / (clock.elapsed() / 1000.0);
}

}  // namespace

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QStandardPaths::setTestModeEnabled(true);
  for (int levels : {2, 3}) {
    const auto c = subdividedBcn(levels);
    if (!c) {
      std::fprintf(stderr, "cannot load BCN_Epileptic.X\n");
      return 1;
    }
    const double fps = measureFps(c, 6.0);
    std::printf(
        "viewport, BCN subdivided x%d: %zu triangles, %zu vertices, GPU LBS skinning, "
        "1000x700: %.1f frames/s\n",
        levels, c->mesh.source.triangles.size(), c->mesh.source.positions.size(), fps);
    std::fflush(stdout);
  }

  rw::ui::MainWindow window;
  window.setErrorDialogsEnabled(false);
  window.resize(1280, 800);
  window.show();
  if (!QTest::qWaitForWindowExposed(&window)) return 1;
  QElapsedTimer sinceLast;
  qint64 longest = 0;
  QTimer probe;
  probe.setTimerType(Qt::PreciseTimer);
  QObject::connect(&probe, &QTimer::timeout,
                   [&] { longest = std::max(longest, sinceLast.restart()); });
  QSignalSpy products(&window, &rw::ui::MainWindow::productsReady);
  QElapsedTimer total;
  total.start();
  sinceLast.start();
  probe.start(1);
  window.openProject(QStringLiteral(RIGWRIGHT_SOURCE_DIR "/resources/demo/bcn_biped.rwproj"));
  const bool done = QTest::qWaitFor([&] { return products.count() > 0; }, 300000);
  probe.stop();
  std::printf(
      "demo project open + retarget + skin + motion: %s in %.2f s; longest UI-thread "
      "stall (1 ms timer) %lld ms\n",
      done ? "finished" : "DID NOT FINISH", total.elapsed() / 1000.0, longest);
  std::printf("stage times: %s\n", qPrintable(window.timingsText()));
  return done ? 0 : 1;
}
