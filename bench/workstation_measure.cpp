// Measures the workstation under Xvfb/llvmpipe (a report, not a test: performance is never
// asserted). Run: xvfb-run -a -s "-screen 0 1280x800x24" ./build/bench/measure_workstation
// [options]
//  1. viewport frames per second while a clip plays on BCN_Epileptic made finer: subdivided
//     1→4 twice (~82K triangles), then its separate parts (head shell, ...) once more until
//     ~100K (disconnected parts: no T-junctions), and three times (~328K); skinned on the GPU
//     with its artist weights. Each run is a fresh viewport; the median of the runs is reported.
//     Frames are paced by the viewport itself: every frameSwapped() sets the next pose and asks
//     for the next frame, so the rate is what the drawing allows, not a timer's.
//  2. the longest UI-thread stall while the demo project (or --project FILE) opens and
//     retargets (mesh graph, matching, placement, bone heat skinning and motion retargeting on
//     worker threads), seen by a 1 ms timer on the UI thread, then while its clip plays
//     (--play S, 3 s); medians over fresh windows. The 548K-triangle case of issue 24:
//     bench_subdivided_obj HUMAN.blend 3 human_3.obj, and a project naming it (see README).
//  3. with --editing (alone): joint editing and weight painting on the ~100K-triangle BCN (the
//     production biped retargeted into it, the CMU walk on it): the longest UI-thread stall
//     during a gizmo drag of the left knee and during a weight-paint stroke over the left
//     thigh (20 mouse moves 16 ms apart), and until the re-placed / re-skinned rig is shown.
// Options: --runs N (3), --seconds S per fps run (5), --fps-only, --stalls-only, --case I
//          (only the ~82K (0), ~100K (1) or ~328K (2) triangle mesh),
//          --log-stalls MS: print every UI-thread event that took longer than MS (what stalled),
//          --breakdown: fps with the grid / bones / skinning / overlay off, to see what costs,
//          --view I: only view I of the breakdown (0 everything on, 1 no grid, 2 no bones,
//          3 no head markers, 4 rest pose, 5 mesh only),
//          --project FILE.rwproj: the project the stall measurement opens, --play S: seconds
//          its clip then plays (0: none).
#include <sys/resource.h>
#include <time.h>

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QThread>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <limits>
#include <numeric>
#include <string>

#include "character.h"
#include "heap/heap_allocator.h"
#include "io/export/export_character.h"
#include "io/import_character.h"
#include "main_window.h"
#include "mesh_draw_data.h"
#include "midpoint_subdivision.h"
#include "timeline_widget.h"
#include "viewport_widget.h"

namespace {

const QString kModels = QStringLiteral(RIGWRIGHT_MODELS_DIR);

struct Options {
  int runs = 3;
  double seconds = 5.0;
  bool fps = true;
  bool stalls = true;
  bool breakdown = false;
  bool editing = false;
  qint64 logStallsMs = -1;
  int onlyCase = -1;  ///< 0: ~82K, 1: ~100K, 2: ~328K triangles; -1: all
  int onlyView = -1;  ///< one view of the breakdown (0: everything on ... 5: mesh only)
  /// The project the stall measurement opens (a .rwproj), and how long its clip then plays.
  QString project = QStringLiteral(RIGWRIGHT_SOURCE_DIR "/resources/demo/bcn_biped.rwproj");
  double playSeconds = 3.0;
};

/// Times every event the UI thread delivers; with a threshold, prints the slow ones (outermost
/// first when nested), naming the receiver and the event, so that a stall says what it was.
class TimedApplication : public QApplication {
 public:
  using QApplication::QApplication;
  qint64 threshold = -1;

  /// CPU time of the calling thread: a stall much longer than it waited for the CPU (a loaded
  /// machine) or for another thread (the rasterizer), not computed.
  static double threadCpuMs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return 1e3 * double(t.tv_sec) + 1e-6 * double(t.tv_nsec);
  }

  /// The receiver's parents up to the first one with a name (" in QTreeWidget < outliner"), so
  /// that a stall in an anonymous scroll bar says whose it is.
  static QString owners(const QObject* receiver) {
    QString chain;
    for (const QObject* p = receiver->parent(); p; p = p->parent()) {
      chain += (chain.isEmpty() ? QStringLiteral(" in ") : QStringLiteral(" < ")) +
               QString::fromLatin1(p->metaObject()->className());
      if (!p->objectName().isEmpty() && !p->objectName().startsWith(QLatin1String("qt_"))) {
        chain += QLatin1Char(' ') + p->objectName();
        break;
      }
    }
    return chain;
  }

  bool notify(QObject* receiver, QEvent* event) override {
    // Only the UI thread's events (the viewport's render thread delivers its own).
    if (threshold < 0 || QThread::currentThread() != thread())
      return QApplication::notify(receiver, event);
    QElapsedTimer clock;
    clock.start();
    const double cpuStart = threadCpuMs();
    const int type = event->type();
    const char* className = receiver->metaObject()->className();
    const QString name = receiver->objectName();
    ++depth_;
    const bool result = QApplication::notify(receiver, event);
    --depth_;
    const qint64 ms = clock.elapsed();
    const double cpu = threadCpuMs() - cpuStart;
    if (ms >= threshold)
      std::printf("  %*s[stall] %lld ms (UI thread CPU %.0f ms): event %d to %s%s%s%s\n",
                  2 * depth_, "", ms, cpu, type, className, name.isEmpty() ? "" : " ",
                  qPrintable(name), qPrintable(owners(receiver)));
    return result;
  }

 private:
  int depth_ = 0;
};

double median(std::vector<double> values) {
  if (values.empty()) return 0.0;
  std::sort(values.begin(), values.end());
  const size_t n = values.size();
  return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

std::string listed(const std::vector<double>& values, int decimals) {
  std::string out;
  for (double v : values) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%s%.*f", out.empty() ? "" : ", ", decimals, v);
    out += buffer;
  }
  return out;
}

/// Connected components of a triangle list (by shared vertices).
std::vector<int> componentOfTriangle(const std::vector<Eigen::Vector3i>& triangles,
                                     size_t vertexCount) {
  std::vector<int> parent(vertexCount);
  std::iota(parent.begin(), parent.end(), 0);
  const auto find = [&](int v) {
    while (parent[v] != v) v = parent[v] = parent[parent[v]];
    return v;
  };
  for (const Eigen::Vector3i& t : triangles) {
    parent[find(t[1])] = find(t[0]);
    parent[find(t[2])] = find(t[0]);
  }
  std::vector<int> out;
  out.reserve(triangles.size());
  for (const Eigen::Vector3i& t : triangles) out.push_back(find(t[0]));
  return out;
}

/// The welded surface with the components in `refine` subdivided once more (each keeps its
/// vertices: a component shares none with another, so the result has no T-junctions).
rw::SourceMesh refineComponents(const rw::Mesh& mesh, const std::vector<int>& component,
                                const std::vector<int>& refine) {
  std::vector<Eigen::Vector3i> kept, finer;
  for (size_t t = 0; t < mesh.triangles.size(); ++t)
    (std::count(refine.begin(), refine.end(), component[t]) ? finer : kept)
        .push_back(mesh.triangles[t]);
  rw::SourceMesh out = rw::bench::subdivideMidpoint(mesh.positions, finer);
  out.triangles.insert(out.triangles.end(), kept.begin(), kept.end());
  out.triangleMaterial.assign(out.triangles.size(), 0);
  out.parts = {{"refined", 0, int(out.positions.size()), 0, int(out.triangles.size()), 0}};
  return out;
}

/// BCN with its mesh subdivided `levels` times, then (with `targetTriangles`) whole separate
/// parts once more, smallest first, while that brings the count nearer the target. Every new
/// vertex takes the artist weights of the nearest original vertex (enough to drive the GPU
/// skinning being measured).
std::shared_ptr<const rw::Character> finerBcn(int levels, size_t targetTriangles = 0) {
  rw::ImportOptions options;
  options.isolateReader = false;
  auto imported = rw::importCharacter((kModels + "/X/BCN_Epileptic.X").toStdString(), options);
  if (!imported.ok()) return nullptr;
  auto c = std::make_shared<rw::Character>(std::move(imported).value());
  const rw::SourceMesh original = c->mesh.source;
  const rw::SkinWeights weights = c->skin;
  for (int i = 0; i < levels; ++i)
    c->mesh = rw::buildMesh(rw::bench::subdivideMidpoint(c->mesh.positions, c->mesh.triangles));
  if (targetTriangles > c->mesh.triangles.size()) {
    const std::vector<int> component =
        componentOfTriangle(c->mesh.triangles, c->mesh.positions.size());
    std::vector<std::pair<size_t, int>> sizes;  // (triangles, component)
    for (int root : component) {
      auto it = std::find_if(sizes.begin(), sizes.end(), [&](auto& s) { return s.second == root; });
      if (it == sizes.end())
        sizes.push_back({1, root});
      else
        ++it->first;
    }
    std::sort(sizes.begin(), sizes.end());
    std::vector<int> refine;
    size_t count = c->mesh.triangles.size();
    for (const auto& [triangles, root] : sizes) {
      const size_t after = count + 3 * triangles;
      if (after > targetTriangles && after - targetTriangles > targetTriangles - count) break;
      refine.push_back(root);
      count = after;
    }
    c->mesh = rw::buildMesh(refineComponents(c->mesh, component, refine));
  }
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

/// CPU time of the whole process (every thread: the UI thread and llvmpipe's), in seconds.
double processCpuSeconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  const auto seconds = [](const timeval& t) { return double(t.tv_sec) + 1e-6 * double(t.tv_usec); };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

struct FpsResult {
  double fps = 0.0;
  double cpuMsPerFrame = 0.0;  ///< all threads: what a frame costs, whatever else the machine runs
  bool litPerVertex = false;
  double triangleSizePixels = 0.0;  ///< the mean triangle seen from the camera
};

struct ViewSettings {
  const char* name = "everything on";
  bool grid = true, bones = true, skinning = true, overlay = true;
};

/// Frames per second of a fresh 1000×700 viewport playing the character's clip.
FpsResult measureFps(const std::shared_ptr<const rw::Character>& character, double seconds,
                     const ViewSettings& settings) {
  rw::ui::ViewportWidget viewport;
  viewport.resize(1000, 700);
  viewport.show();
  if (!QTest::qWaitForWindowExposed(&viewport)) return {};
  viewport.setCharacter(character);
  viewport.setGridVisible(settings.grid);
  viewport.setBonesVisible(settings.bones);
  if (settings.overlay) {
    // What the workstation draws over the mesh: the head markers (QPainter over GL).
    viewport.setHeadNodes(0, 0);
  }
  const rw::AnimationClip& clip = character->clips.front();
  const rw::Skeleton& skeleton = character->skeleton;
  int frames = 0;
  QElapsedTimer clock;
  bool running = true;
  QObject::connect(&viewport, &rw::ui::ViewportWidget::frameSwapped, &viewport, [&] {
    if (!running) return;
    ++frames;
    const double t = std::fmod(clock.elapsed() / 1000.0, clip.duration);
    if (settings.skinning)
      viewport.setPose(skeleton.globalsFromLocals(clip.sampleLocals(skeleton, t)));
    else
      viewport.update();
  });
  // The first upload (the mesh is prepared off the UI thread) and a few warm-up frames.
  QTest::qWait(1500);
  frames = 0;
  const double cpu = processCpuSeconds();
  clock.start();
  viewport.update();
  // The UI thread idles in its event loop as in the application (a processEvents() loop would
  // spin and take a core from the rasterizer).
  QEventLoop loop;
  QTimer::singleShot(int(seconds * 1000.0), &loop, &QEventLoop::quit);
  loop.exec();
  running = false;
  FpsResult result;
  result.litPerVertex = viewport.meshLitPerVertex();
  result.triangleSizePixels = viewport.meshTriangleSizePixels();
  result.fps = frames / (clock.elapsed() / 1000.0);
  result.cpuMsPerFrame = frames ? 1000.0 * (processCpuSeconds() - cpu) / frames : 0.0;
  return result;
}

void reportFps(const Options& options) {
  struct Case {
    const char* name;
    int levels;
    size_t target;
  };
  const Case cases[] = {
      {"subdivided x2", 2, 0}, {"subdivided x2, parts x3", 2, 100000}, {"subdivided x3", 3, 0}};
  for (int index = 0; index < int(std::size(cases)); ++index) {
    if (options.onlyCase >= 0 && index != options.onlyCase) continue;
    const Case& test = cases[index];
    const auto c = finerBcn(test.levels, test.target);
    if (!c) {
      std::fprintf(stderr, "cannot load BCN_Epileptic.X\n");
      std::exit(1);
    }
    const std::vector<bool> closed = rw::render::closedOutwardTriangles(c->mesh);
    std::printf("BCN %s: %zu of %zu triangles on closed outward parts (drawn back-face culled)\n",
                test.name, size_t(std::count(closed.begin(), closed.end(), true)), closed.size());
    std::vector<ViewSettings> views{ViewSettings{}};
    if (options.breakdown || options.onlyView > 0) {
      views.push_back({"no grid", false, true, true, true});
      views.push_back({"no bones", true, false, true, true});
      views.push_back({"no head markers", true, true, true, false});
      views.push_back({"rest pose (no skinning)", true, true, false, true});
      views.push_back({"mesh only", false, false, false, false});
    }
    if (options.onlyView >= 0 && options.onlyView < int(views.size()))
      views = {views[size_t(options.onlyView)]};
    for (const ViewSettings& view : views) {
      std::vector<double> fps, cpu;
      FpsResult last;
      for (int run = 0; run < options.runs; ++run) {
        last = measureFps(c, options.seconds, view);
        fps.push_back(last.fps);
        cpu.push_back(last.cpuMsPerFrame);
      }
      std::printf(
          "viewport, BCN %s: %zu triangles, %zu vertices, GPU LBS skinning, 1000x700, %s: "
          "median %.1f frames/s (runs: %s), CPU %.0f ms per frame (all threads; runs: %s); "
          "triangles %.1f px across, lit per %s\n",
          test.name, c->mesh.source.triangles.size(), c->mesh.source.positions.size(), view.name,
          median(fps), listed(fps, 1).c_str(), median(cpu), listed(cpu, 0).c_str(),
          last.triangleSizePixels, last.litPerVertex ? "vertex" : "fragment");
      std::fflush(stdout);
    }
  }
}

/// The longest UI-thread stalls of one run: while the project opens and is rigged (its first
/// frames on screen included), and while its clip then plays.
struct StallRun {
  double seconds = 0.0;   ///< from opening until the rig is ready
  double opening = -1.0;  ///< ms, until the rig is ready; -1: it was not ready in time
  double shown = -1.0;    ///< ms, the half second after (the rig's first upload and frames)
  double playing = -1.0;  ///< ms; -1: nothing to play
  QString timings;
};

/// Opens `project` in a fresh window and waits for the rig (skin and motion), then plays its
/// clip for `playSeconds`; the longest gaps between two ticks of a 1 ms timer on the UI thread.
StallRun measureStall(const QString& project, double playSeconds) {
  StallRun run;
  rw::ui::MainWindow window;
  window.setErrorDialogsEnabled(false);
  window.resize(1280, 800);
  window.show();
  if (!QTest::qWaitForWindowExposed(&window)) return run;
  QTest::qWait(300);  // the first paint of the empty window is not part of the measurement
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
  window.openProject(project);
  const bool done = QTest::qWaitFor([&] { return products.count() > 0; }, 600000);
  run.seconds = total.elapsed() / 1000.0;
  run.opening = done ? double(longest) : -1.0;
  longest = 0;
  QTest::qWait(500);  // the rig's first frames on screen (the skinned mesh's upload)
  run.shown = double(longest);
  run.timings = window.timingsText();
  auto* timeline = window.findChild<rw::ui::TimelineWidget*>();
  if (done && timeline && window.playClip() && playSeconds > 0.0) {
    longest = 0;
    sinceLast.restart();
    timeline->play();
    QTest::qWait(int(playSeconds * 1000));
    run.playing = double(longest);
  }
  probe.stop();
  return run;
}

void reportStalls(const Options& options) {
  std::vector<double> opening, shown, playing;
  const QString name = QFileInfo(options.project).fileName();
  for (int r = 0; r < options.runs; ++r) {
    const StallRun run = measureStall(options.project, options.playSeconds);
    if (run.opening < 0) {
      std::printf("%s: DID NOT FINISH\n", qPrintable(name));
      std::exit(1);
    }
    opening.push_back(run.opening);
    shown.push_back(run.shown);
    if (run.playing >= 0) playing.push_back(run.playing);
    std::printf(
        "%s open + retarget + skin + motion, run %d: %.2f s, longest UI-thread stall %.0f ms, "
        "first frames of the rig %.0f ms, then playing %.0f s: %.0f ms; stages: %s\n",
        qPrintable(name), r + 1, run.seconds, run.opening, run.shown, options.playSeconds,
        run.playing, qPrintable(run.timings));
    std::fflush(stdout);
  }
  std::printf(
      "longest UI-thread stall (1 ms timer) while %s opens and is rigged: median %.0f ms (runs: "
      "%s); its first frames: %.0f ms (%s); while its clip plays: median %.0f ms (runs: %s)\n",
      qPrintable(name), median(opening), listed(opening, 0).c_str(), median(shown),
      listed(shown, 0).c_str(), playing.empty() ? -1.0 : median(playing),
      listed(playing, 0).c_str());
}

/// A 1 ms timer on the UI thread that keeps the longest gap between its ticks.
class StallProbe {
 public:
  StallProbe() {
    timer_.setTimerType(Qt::PreciseTimer);
    QObject::connect(&timer_, &QTimer::timeout,
                     [this] { longest_ = std::max(longest_, sinceLast_.restart()); });
  }
  void start() {
    longest_ = 0;
    sinceLast_.start();
    timer_.start(1);
  }
  qint64 stop() {
    timer_.stop();
    return longest_;
  }
  qint64 longest() const { return longest_; }

 private:
  QTimer timer_;
  QElapsedTimer sinceLast_;
  qint64 longest_ = 0;
};

/// The ~100K-triangle BCN as a file and a project retargeting the production biped into it
/// with the CMU walk (written once into `dir`); empty on failure.
QString editingProject(const QString& dir) {
  const std::shared_ptr<const rw::Character> fine = finerBcn(2, 100000);
  if (!fine) return {};
  rw::Character bare = *fine;
  bare.skin = {};
  const QString mesh = dir + QStringLiteral("/bcn_100k.glb");
  if (rw::exportCharacter(bare, mesh.toStdString())) return {};
  const QString project = dir + QStringLiteral("/bcn_100k.rwproj");
  QFile file(project);
  if (!file.open(QIODevice::WriteOnly)) return {};
  file.write(
      QStringLiteral(R"({"format": "rigwright-project", "version": 1,
  "mesh": "%1", "skeleton": "%2", "motion": "%3", "skeletonHead": "head", "retarget": true})")
          .arg(mesh,
               QStringLiteral(RIGWRIGHT_SOURCE_DIR "/resources/skeletons/biped_production.json"),
               kModels + QStringLiteral("/BVH/01_01.bvh"))
          .toUtf8());
  return project;
}

/// One run: the project opened, then a drag of shin.L's gizmo and a paint stroke over the
/// thigh; prints and returns {drag, drag + re-run, stroke, stroke + re-skin} stalls in ms.
std::vector<double> measureEditing(const QString& project, int triangles) {
  rw::ui::MainWindow window;
  window.setErrorDialogsEnabled(false);
  window.resize(1280, 800);
  window.show();
  if (!QTest::qWaitForWindowExposed(&window)) return {};
  QSignalSpy products(&window, &rw::ui::MainWindow::productsReady);
  window.openProject(project);
  if (!QTest::qWaitFor([&] { return products.count() > 0; }, 600000)) return {};
  rw::ui::ViewportWidget* view = window.viewport();
  view->setViewPreset(rw::render::ViewPreset::Front);
  view->frameAll();
  QTest::qWait(500);
  auto action = [&](const QString& text) {
    for (QAction* a : window.findChildren<QAction*>())
      if (a->text() == text) a->trigger();
  };
  const rw::Skeleton& rig = *view->skeleton();
  auto at = [&](const char* joint) {
    return view->screenPosition(rig.restGlobals()[rig.indexOf(joint)].translation());
  };
  StallProbe probe;
  auto stroke = [&](QPoint from, QPoint to) {
    probe.start();
    const int before = products.count();
    QTest::mousePress(view, Qt::LeftButton, Qt::NoModifier, from);
    for (int k = 1; k <= 20; ++k) {
      QTest::mouseMove(view, from + (to - from) * k / 20);
      QTest::qWait(16);
    }
    QTest::mouseRelease(view, Qt::LeftButton, Qt::NoModifier, to);
    const double during = double(probe.longest());
    const bool shown = QTest::qWaitFor([&] { return products.count() > before; }, 600000);
    QTest::qWait(300);  // the new rig's first frames
    return std::pair<double, double>(during, shown ? double(probe.stop()) : -1.0);
  };
  window.setSelectedJoint(rig.indexOf("shin.L"));
  action(QObject::tr("Move"));
  const QPoint knee = at("shin.L");
  const auto drag = stroke(knee, knee + QPoint(30, -30));
  window.setSelectedJoint(view->skeleton()->indexOf("shin.L"));
  action(QObject::tr("Paint"));
  const QPoint hip = at("thigh.L"), kneeNow = at("shin.L");
  const auto paint = stroke(hip + (kneeNow - hip) / 4, hip + (kneeNow - hip) * 3 / 4);
  std::printf(
      "editing on %d triangles: gizmo drag longest UI stall %.0f ms (%.0f ms until the "
      "re-placed rig is shown); paint stroke %.0f ms (%.0f ms until re-skinned)\n",
      triangles, drag.first, drag.second, paint.first, paint.second);
  std::fflush(stdout);
  return {drag.first, drag.second, paint.first, paint.second};
}

void reportEditing(const Options& options) {
  const QString dir = QDir::tempPath() + QStringLiteral("/rigwright_measure_editing");
  QDir().mkpath(dir);
  const QString project = editingProject(dir);
  if (project.isEmpty()) {
    std::printf("editing: could not write the ~100K BCN project\n");
    std::exit(1);
  }
  const auto fine = finerBcn(2, 100000);
  std::vector<std::vector<double>> runs;
  for (int run = 0; run < options.runs; ++run) {
    std::vector<double> r = measureEditing(project, int(fine->mesh.triangles.size()));
    if (r.empty()) {
      std::printf("editing: DID NOT FINISH\n");
      std::exit(1);
    }
    runs.push_back(r);
  }
  std::vector<double> column[4];
  for (const auto& r : runs)
    for (int k = 0; k < 4; ++k) column[k].push_back(r[std::size_t(k)]);
  std::printf(
      "editing, medians of %d runs: gizmo drag %.0f ms (%s), until shown %.0f ms; paint stroke "
      "%.0f ms (%s), until re-skinned %.0f ms\n",
      options.runs, median(column[0]), listed(column[0], 0).c_str(), median(column[1]),
      median(column[2]), listed(column[2], 0).c_str(), median(column[3]));
}

}  // namespace

int main(int argc, char** argv) {
  rw::configureHeap();  // as the workstation starts
  TimedApplication app(argc, argv);
  QStandardPaths::setTestModeEnabled(true);
  Options options;
  for (int i = 1; i < argc; ++i) {
    const auto is = [&](const char* flag) { return std::strcmp(argv[i], flag) == 0; };
    if (is("--runs") && i + 1 < argc)
      options.runs = std::max(1, std::atoi(argv[++i]));
    else if (is("--seconds") && i + 1 < argc)
      options.seconds = std::max(0.5, std::atof(argv[++i]));
    else if (is("--fps-only"))
      options.stalls = false;
    else if (is("--stalls-only"))
      options.fps = false;
    else if (is("--case") && i + 1 < argc)
      options.onlyCase = std::atoi(argv[++i]);
    else if (is("--view") && i + 1 < argc)
      options.onlyView = std::atoi(argv[++i]);
    else if (is("--breakdown"))
      options.breakdown = true;
    else if (is("--editing"))
      options.editing = true;
    else if (is("--log-stalls") && i + 1 < argc)
      options.logStallsMs = std::atoll(argv[++i]);
    else if (is("--project") && i + 1 < argc)
      options.project = QString::fromLocal8Bit(argv[++i]);
    else if (is("--play") && i + 1 < argc)
      options.playSeconds = std::max(0.0, std::atof(argv[++i]));
    else {
      std::fprintf(stderr,
                   "usage: %s [--runs N] [--seconds S] [--fps-only | --stalls-only] "
                   "[--case 0|1|2] [--breakdown | --view 0..5] [--log-stalls MS] [--editing] "
                   "[--project FILE.rwproj] [--play SECONDS]\n",
                   argv[0]);
      return 2;
    }
  }
  if (options.editing) {
    reportEditing(options);
    return 0;
  }
  if (options.fps) reportFps(options);
  app.threshold = options.logStallsMs;
  if (options.stalls) reportStalls(options);
  return 0;
}
