#pragma once
// Worker threads yield the CPU to the UI thread (and to the OpenGL rasterizer's threads, which
// draw the viewport): on a loaded machine a frame drawn while a retarget runs otherwise waits
// behind the pipeline and the UI stalls for 100 ms and more.

namespace rw::ui {

/// Lowers the calling thread's scheduling priority (Linux: nice +kBackgroundNice for this thread
/// only); a no-op elsewhere and when already lowered. Call at the start of every job run on a
/// worker (pipeline, skinning, imports, GPU data preparation).
void lowerThreadPriority();

}  // namespace rw::ui
