#pragma once
// The viewport's render thread. It owns the render context and every GL object, and draws the
// latest ViewportFrame the UI thread submitted into one of two textures, which the present
// thread (ViewportPresenter) shows on the viewport's native window. Under llvmpipe a frame is
// mostly waiting for the rasterizer threads (30-80 ms for the demo on a loaded 2-core
// machine, 1-8 ms of it CPU on the calling thread); here that wait blocks neither the UI
// thread's timers, input and widgets nor the setting up of the next frame, which the render
// thread does while the rasterizer threads draw the previous one. Frames submitted while one
// is being drawn replace each other: only the newest is drawn.
#include <QImage>
#include <QMutex>
#include <QObject>
#include <QString>
#include <QWaitCondition>
#include <array>
#include <atomic>
#include <memory>
#include <optional>

#include "bone_renderer.h"
#include "grid_renderer.h"
#include "mesh_renderer.h"
#include "viewport_frame.h"
#include "viewport_presenter.h"

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
  /// Starts the render thread for `window` (a created OpenGL window of the UI thread; it is
  /// shown on from the present thread).
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
  /// A submitted frame was drawn and shown (emitted on the present thread).
  void frameSwapped();
  /// A submitted frame was drawn and handed to the present thread: the render thread takes the
  /// next one now (emitted on the render thread).
  void frameQueued();

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

  /// A texture frames are drawn into, shown by the present thread.
  struct Target {
    std::unique_ptr<QOpenGLFramebufferObject> buffer;
    GLsync rendered = nullptr;  ///< fence after its last frame (render context)
    bool presenting = false;    ///< with the present thread (mutex_)
  };
  /// The next target, once the present thread is done with it, at `size`.
  Target& acquireTarget(QSize size);
  /// Hands the frame drawn into `target` to the present thread (`swap`: show it).
  void presentTarget(Target& target, QSize size, bool antialiased, bool swap);

  QWindow* window_;
  /// What the render context is current on (frames go to textures; the window is the present
  /// thread's).
  std::unique_ptr<QOffscreenSurface> offscreen_;
  QThread* thread_;
  QObject* worker_;  ///< lives on the render thread: calls queued to it run there
  mutable QMutex mutex_;
  std::optional<ViewportFrame> pending_;  ///< guarded by mutex_
  bool scheduled_ = false;                ///< a drawPending() call is queued (mutex_)
  bool drawing_ = false;                  ///< a frame is being drawn (mutex_)
  bool shownAntialiased_ = false;         ///< the last frame shown was (mutex_)
  int presenting_ = 0;                    ///< frames with the present thread (mutex_)
  QWaitCondition targetFree_;             ///< a target came back from the present thread
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
  std::array<Target, 2> targets_;  ///< drawn into in turn
  int nextTarget_ = 0;
  std::unique_ptr<ViewportPresenter> presenter_;
  /// Versions of the frame data in the GL buffers (0: nothing uploaded).
  quint64 meshVersion_ = 0, weightsVersion_ = 0, bonesVersion_ = 0, poseVersion_ = 0;
};

}  // namespace rw::ui
