#pragma once
// The viewport's present thread: shows on the window the frames the render thread drew into
// textures. Under llvmpipe, swapping a context's buffers first waits until every scene that
// context queued is rasterized, so with the swap on the render thread that thread sat idle
// while the rasterizer threads drew its frame, and they sat idle while it prepared the next
// (setting up 100K triangles takes as long as rasterizing them). With the swap in its own
// context on its own thread, the render thread sets up frame N+1 while frame N is rasterized
// and shown. The present context shares the render context's textures; each frame comes with
// a fence, so only that frame is waited for.
#include <qopengl.h>

#include <QObject>
#include <QSize>
#include <functional>

class QOpenGLContext;
class QOpenGLFunctions_3_3_Core;
class QThread;
class QWindow;

namespace rw::ui {

class ViewportPresenter {
 public:
  /// Takes `context` (created, sharing with the render context, current nowhere) to its own
  /// thread and makes it current on `window` there.
  ViewportPresenter(QWindow* window, QOpenGLContext* context);
  /// Shows what was queued, then frees the context and stops the thread.
  ~ViewportPresenter();
  ViewportPresenter(const ViewportPresenter&) = delete;
  ViewportPresenter& operator=(const ViewportPresenter&) = delete;

  /// Queues a frame (any thread; returns at once): once `rendered` (a fence the render context
  /// created and flushed) has signalled, copies the lower-left `size` of `texture` to the
  /// window and swaps (or only copies, without `swap`: to compile the copy ahead of the first
  /// frame). Then calls `done` on the present thread, shown or not (the window may be gone):
  /// the texture and the fence may then be reused.
  void present(GLuint texture, QSize size, GLsync rendered, bool swap, std::function<void()> done);

 private:
  void show(GLuint texture, QSize size, GLsync rendered, bool swap);
  bool makeCurrent();

  QWindow* window_;
  QOpenGLContext* context_;  ///< owned; lives on thread_
  QThread* thread_;
  QObject* worker_;  ///< lives on thread_: calls queued to it run there
  QOpenGLFunctions_3_3_Core* gl_ = nullptr;
  GLuint readBuffer_ = 0;  ///< framebuffer of the present context reading the frame's texture
  bool failed_ = false;    ///< the context cannot draw into the window: nothing is shown
};

}  // namespace rw::ui
