#include "viewport_presenter.h"

#include <QOpenGLContext>
#include <QOpenGLFunctions_3_3_Core>
#include <QOpenGLVersionFunctionsFactory>
#include <QThread>
#include <QWindow>

namespace rw::ui {

ViewportPresenter::ViewportPresenter(QWindow* window, QOpenGLContext* context)
    : window_(window), context_(context), thread_(new QThread), worker_(new QObject) {
  thread_->setObjectName(QStringLiteral("viewport present"));
  context_->moveToThread(thread_);
  worker_->moveToThread(thread_);
  thread_->start();
}

ViewportPresenter::~ViewportPresenter() {
  // Queued calls run in order: the frames queued before this are shown first.
  QMetaObject::invokeMethod(
      worker_,
      [this] {
        // The context frees its framebuffer with it; it need not be current for that.
        if (context_->makeCurrent(window_->handle() ? window_ : nullptr)) context_->doneCurrent();
        delete context_;
        context_ = nullptr;
      },
      Qt::BlockingQueuedConnection);
  thread_->quit();
  thread_->wait();
  delete worker_;
  delete thread_;
}

void ViewportPresenter::present(GLuint texture, QSize size, GLsync rendered, bool swap,
                                std::function<void()> done) {
  QMetaObject::invokeMethod(
      worker_,
      [this, texture, size, rendered, swap, done = std::move(done)] {
        show(texture, size, rendered, swap);
        done();
      },
      Qt::QueuedConnection);
}

bool ViewportPresenter::makeCurrent() {
  if (failed_ || !window_->handle() || !context_->makeCurrent(window_)) return false;
  if (!gl_) {
    gl_ = QOpenGLVersionFunctionsFactory::get<QOpenGLFunctions_3_3_Core>(context_);
    if (!gl_ || !gl_->initializeOpenGLFunctions()) {
      failed_ = true;  // the render context has the same format: it failed first and said so
      gl_ = nullptr;
      return false;
    }
    gl_->glGenFramebuffers(1, &readBuffer_);
  }
  return true;
}

void ViewportPresenter::show(GLuint texture, QSize size, GLsync rendered, bool swap) {
  if (!makeCurrent()) return;
  // Only this frame is waited for: the render thread may already be setting up the next one.
  constexpr GLuint64 kSecond = 1000000000;
  while (gl_->glClientWaitSync(rendered, 0, kSecond) == GL_TIMEOUT_EXPIRED) {
  }
  const int w = size.width(), h = size.height();
  gl_->glBindFramebuffer(GL_READ_FRAMEBUFFER, readBuffer_);
  gl_->glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
  gl_->glBindFramebuffer(GL_DRAW_FRAMEBUFFER, context_->defaultFramebufferObject());
  gl_->glBlitFramebuffer(0, 0, w, h, 0, 0, w, h, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  // Not kept attached: the render thread may delete the texture once this frame is done.
  gl_->glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, 0, 0);
  gl_->glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  if (swap)
    context_->swapBuffers(window_);
  else
    gl_->glFinish();
}

}  // namespace rw::ui
