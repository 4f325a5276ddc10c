#include "screen_analysis.h"

#include <algorithm>
#include <cstdlib>

namespace rw::test {

namespace {

int channelDistance(QRgb a, QRgb b) {
  return std::max({std::abs(qRed(a) - qRed(b)), std::abs(qGreen(a) - qGreen(b)),
                   std::abs(qBlue(a) - qBlue(b))});
}

// Hues far from the clay (warm, r > g > b, r - b < 50) and from the grey background. Bones seen
// through the body are blended with the clay, which keeps their hue.
bool isDeformBlue(QRgb c) {
  return qBlue(c) > qRed(c) + 40 && qBlue(c) > qGreen(c) + 10;
}
bool isControlOrange(QRgb c) {
  return qRed(c) > qBlue(c) + 90 && qRed(c) > qGreen(c) + 30;
}

}  // namespace

ScreenCoverage analyzeScreen(const QImage& input, const QColor& background, int tolerance) {
  const QImage image = input.convertToFormat(QImage::Format_RGB32);
  ScreenCoverage s;
  s.width = image.width();
  s.height = image.height();
  const QRgb bg = background.rgb();
  int left = s.width, top = s.height, right = -1, bottom = -1;
  for (int y = 0; y < s.height; ++y) {
    const QRgb* row = reinterpret_cast<const QRgb*>(image.constScanLine(y));
    for (int x = 0; x < s.width; ++x) {
      const QRgb c = row[x];
      if (channelDistance(c, bg) <= tolerance) continue;
      ++s.covered;
      left = std::min(left, x);
      right = std::max(right, x);
      top = std::min(top, y);
      bottom = std::max(bottom, y);
      if (isDeformBlue(c)) ++s.deformBone;
      if (isControlOrange(c)) ++s.controlBone;
    }
  }
  if (right >= 0) s.box = QRect(QPoint(left, top), QPoint(right, bottom));
  return s;
}

double changedFraction(const QImage& a, const QImage& b, int tolerance) {
  if (a.size() != b.size() || a.isNull()) return 1.0;
  const QImage x = a.convertToFormat(QImage::Format_RGB32);
  const QImage y = b.convertToFormat(QImage::Format_RGB32);
  long changed = 0;
  for (int row = 0; row < x.height(); ++row) {
    const QRgb* p = reinterpret_cast<const QRgb*>(x.constScanLine(row));
    const QRgb* q = reinterpret_cast<const QRgb*>(y.constScanLine(row));
    for (int col = 0; col < x.width(); ++col)
      if (channelDistance(p[col], q[col]) > tolerance) ++changed;
  }
  return double(changed) / (double(x.width()) * x.height());
}

}  // namespace rw::test
