#pragma once
// What a viewport screenshot shows, measured from its pixels: where the character covers the
// background, and how many pixels have the deform-bone (blue) or control-bone (orange) hue.
#include <QColor>
#include <QImage>
#include <QRect>

namespace rw::test {

struct ScreenCoverage {
  int width = 0;
  int height = 0;
  int covered = 0;  ///< pixels that differ from the background
  QRect box;        ///< bounding box of the covered pixels (empty if none)
  int deformBone = 0;
  int controlBone = 0;

  double coveredFraction() const { return double(covered) / (double(width) * height); }
};

/// A pixel is covered when a channel differs from `background` by more than `tolerance`.
ScreenCoverage analyzeScreen(const QImage& image, const QColor& background, int tolerance = 12);

/// Fraction of pixels (0..1) whose colour differs by more than `tolerance` in some channel.
double changedFraction(const QImage& a, const QImage& b, int tolerance = 24);

}  // namespace rw::test
