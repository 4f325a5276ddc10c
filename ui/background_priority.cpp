#include "background_priority.h"

#include <QCoreApplication>
#include <QThread>
#include <QThreadPool>

#if defined(__linux__)
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace rw::ui {

namespace {

/// Enough that the UI thread wins a shared core, not so much that the pipeline starves when
/// other programs keep the machine busy.
constexpr int kBackgroundNice = 5;

}  // namespace

QThreadPool* backgroundPool() {
  // Owned by the application: destroyed (after its jobs finish) when the application goes.
  static QThreadPool* pool = [] {
    auto* p = new QThreadPool(QCoreApplication::instance());
    p->setMaxThreadCount(QThread::idealThreadCount());
    return p;
  }();
  return pool;
}

void lowerThreadPriority() {
#if defined(__linux__)
  // On Linux a nice value belongs to a thread (its id is a process id for setpriority), so pool
  // threads can be lowered one by one. Lowering is one-way for unprivileged users: a pool thread
  // stays lowered, which suits pools that only run background jobs.
  thread_local bool lowered = false;
  if (lowered) return;
  lowered = true;
  const auto tid = static_cast<id_t>(syscall(SYS_gettid));
  const int current = getpriority(PRIO_PROCESS, tid);
  if (current < kBackgroundNice) setpriority(PRIO_PROCESS, tid, kBackgroundNice);
#endif
}

}  // namespace rw::ui
