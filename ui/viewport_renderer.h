#pragma once
// The viewport's render thread. It owns the OpenGL context of the viewport's native window and
// every GL object, and draws the latest ViewportFrame the UI thread submitted. Under llvmpipe a
// frame is mostly waiting for the rasterizer threads (30-80 ms for the demo on a loaded 2-core
// machine, 1-8 ms of it CPU on the calling thread); here that wait no longer blocks the UI
// thread's timers, input and widgets. Frames submitted while one is being drawn replace each
// other: only the newest is drawn.
#include <QImage>
#include <QMutex>
#include <QObject>
#include <QString>
#include <atomic>
#include <memory>
#include <optional>

#include "bone_renderer.h"
#include "grid_renderer.h"
#include "mesh_renderer.h"
#include "viewport_frame.h"

class QOpenGLContext;
class QOpenGLFramebufferObject;
class QOpenGLFunctions_3_3_Core;
class QOffscreenSurface;
class QThread;
class QWindow;

namespace rw::ui {

class ViewportRenderer : public QObject {
  Q_OBJECT

 public:
  /// Starts the render thread for `window` (a created OpenGL window of the UI thread).
  explicit ViewportRenderer(QWindow* window);
  /// Frees the GL objects and the context on the render thread and stops it.
  ~ViewportRenderer() override;

  /// Hands a frame over to be drawn and shown (any thread; returns at once).
  void submit(ViewportFrame frame);
  /// Draws `frame` anti-aliased offscreen and returns it (waits for the render thread; a null
  /// image if OpenGL is unavailable).
  QImage grab(const ViewportFrame& frame);

  bool ready() const { return ready_; }
  /// No frame waiting or being drawn, and the last one shown was anti-aliased.
  bool showsStillFrame() const;
  QString error() const;
  /// The context (null until the render thread has created it).
  QOpenGLContext* context() const { return context_; }

 signals:
  /// A submitted frame was drawn and shown (emitted on the render thread).
  void frameSwapped();

 private:
  void drawPending();
  void drawFrame(const ViewportFrame& frame);
  /// Runs `call` on the render thread and waits for it.
  template <typename F>
  void runBlocking(F call) {
    QMetaObject::invokeMethod(worker_, call, Qt::BlockingQueuedConnection);
  }
  /// Creates the context and the renderers once (render thread); false if they cannot be.
  bool initialize();
  void renderScene(const ViewportFrame& frame, unsigned fbo);
  void upload(const ViewportFrame& frame);
  void drawLayers(const ViewportFrame& frame);
  void warmUp();
  void release();
  void setError(const QString& error);

  QWindow* window_;
  /// Where the GL objects are freed if the window has no native window any more.
  std::unique_ptr<QOffscreenSurface> offscreen_;
  QThread* thread_;
  QObject* worker_;  ///< lives on the render thread: calls queued to it run there
  mutable QMutex mutex_;
  std::optional<ViewportFrame> pending_;  ///< guarded by mutex_
  bool scheduled_ = false;                ///< a drawPending() call is queued (mutex_)
  bool drawing_ = false;                  ///< a frame is being drawn (mutex_)
  bool shownAntialiased_ = false;         ///< the last frame shown was (mutex_)
  QString error_;                         ///< guarded by mutex_

  // Render thread only.
  std::atomic<QOpenGLContext*> context_ = nullptr;
  std::atomic<bool> ready_ = false;
  bool initialized_ = false;
  QOpenGLFunctions_3_3_Core* gl_ = nullptr;
  render::MeshRenderer meshRenderer_;
  render::BoneRenderer boneRenderer_;
  render::GridRenderer gridRenderer_;
  std::unique_ptr<QOpenGLFramebufferObject> stillBuffer_;
  /// Versions of the frame data in the GL buffers (0: nothing uploaded).
  quint64 meshVersion_ = 0, weightsVersion_ = 0, bonesVersion_ = 0, poseVersion_ = 0;
};

}  // namespace rw::ui
