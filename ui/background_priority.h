#pragma once
// Worker threads yield the CPU to the UI thread (and to the OpenGL rasterizer's threads, which
// draw the viewport): on a loaded machine a frame drawn while a retarget runs otherwise waits
// behind the pipeline and the UI stalls for 100 ms and more.

class QThreadPool;

namespace rw::ui {

/// The pool every background job of the workstation runs on (imports, GPU data preparation,
/// skinning and motion, autorig, export; the rig pipeline has its own). Not Qt's global pool:
/// Qt 6.4's raster engine splits large fills (the Fusion style's gradients in the outliner, the
/// header, scroll bars) into tasks on QThreadPool::globalInstance() and waits for them, so a
/// widget repaint queued behind a skinning job stalled the UI thread for 45-300 ms with no CPU
/// used (seen as QSemaphore::acquire under QRasterPaintEngine::drawLines).
QThreadPool* backgroundPool();

/// Lowers the calling thread's scheduling priority (Linux: nice +kBackgroundNice for this thread
/// only); a no-op elsewhere and when already lowered. Call at the start of every job run on a
/// worker (pipeline, skinning, imports, GPU data preparation).
void lowerThreadPriority();

}  // namespace rw::ui
