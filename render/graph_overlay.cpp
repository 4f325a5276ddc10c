#include "graph_overlay.h"

#include <algorithm>

#include <QFont>
#include <QObject>
#include <QPainter>
#include <QPainterPath>
#include <QPen>

#include "camera.h"
#include "graph/topology_graph.h"
#include "palette.h"
#include "symmetry/graph_symmetry.h"

namespace rw::render {

namespace {

QColor tagColor(SymmetryTag tag) {
  switch (tag) {
    case SymmetryTag::Primary:
      return palette::kTagPrimary;
    case SymmetryTag::Axial:
      return palette::kTagAxial;
    case SymmetryTag::Radial:
      return palette::kTagRadial;
    case SymmetryTag::None:
      break;
  }
  return palette::kTagNone;
}

QString tagLabel(const ArcSymmetry& s) {
  if (s.tag == SymmetryTag::Axial)
    return s.side == SymmetrySide::Left    ? QStringLiteral("L")
           : s.side == SymmetrySide::Right ? QStringLiteral("R")
                                           : QString();
  if (s.tag == SymmetryTag::Radial && s.radialIndex > 0) return QString::number(s.radialIndex);
  return {};
}

/// Point at half the polyline's length: where the label goes.
Eigen::Vector3d midpoint(const std::vector<Eigen::Vector3d>& polyline) {
  if (polyline.size() == 1) return polyline.front();
  const double half = 0.5 * polylineLength(polyline);
  double walked = 0.0;
  for (size_t i = 1; i < polyline.size(); ++i) {
    const double step = (polyline[i] - polyline[i - 1]).norm();
    if (walked + step >= half && step > 0.0)
      return polyline[i - 1] + (half - walked) / step * (polyline[i] - polyline[i - 1]);
    walked += step;
  }
  return polyline.back();
}

bool visible(const Eigen::Vector3d& screen) {
  return screen.z() > -1.0 && screen.z() < 1.0;
}

}  // namespace

GraphOverlay buildGraphOverlay(const TopologyGraph& graph, const GraphSymmetry* symmetry) {
  GraphOverlay overlay;
  overlay.arcs.reserve(graph.arcs.size());
  for (int a = 0; a < graph.arcCount(); ++a) {
    OverlayArc arc;
    arc.polyline = graph.arcs[a].polyline;
    if (arc.polyline.empty()) continue;
    if (symmetry && a < int(symmetry->arcs.size())) {
      arc.color = tagColor(symmetry->arcs[a].tag);
      arc.label = tagLabel(symmetry->arcs[a]);
    } else {
      arc.color = palette::kTagNone;
    }
    overlay.arcs.push_back(std::move(arc));
  }
  for (int n = 0; n < graph.nodeCount(); ++n)
    overlay.nodes.push_back({graph.nodes[n].position, n == graph.root});
  return overlay;
}

namespace {

/// What the overlay's colours mean, in the bottom-left corner.
void paintLegend(QPainter& painter, const QFontMetrics& metrics) {
  const std::pair<QColor, QString> rows[] = {
      {palette::kTagPrimary, QObject::tr("primary axis")},
      {palette::kTagAxial, QObject::tr("axial pair (L / R)")},
      {palette::kTagRadial, QObject::tr("radial (n) or untagged")}};
  const double line = metrics.height() + 4, swatch = 18;
  double width = 0;
  for (const auto& row : rows)
    width = std::max(width, double(metrics.horizontalAdvance(row.second)));
  const QRectF area = painter.window();
  const QRectF box(8, area.height() - 8 - 3 * line - 8, swatch + 14 + width + 8, 3 * line + 8);
  painter.setPen(Qt::NoPen);
  painter.setBrush(QColor(20, 20, 24, 200));
  painter.drawRoundedRect(box, 4, 4);
  for (int r = 0; r < 3; ++r) {
    const double y = box.top() + 4 + (r + 0.5) * line;
    painter.setPen(QPen(rows[r].first, 2.6, Qt::SolidLine, Qt::RoundCap));
    painter.drawLine(QPointF(box.left() + 8, y), QPointF(box.left() + 8 + swatch, y));
    painter.setPen(QColor(230, 230, 230));
    painter.drawText(QRectF(box.left() + 8 + swatch + 6, y - 0.5 * line, width + 4, line),
                     Qt::AlignVCenter | Qt::AlignLeft, rows[r].second);
  }
}

}  // namespace

void paintViewportNote(QPainter& painter, const QString& note) {
  if (note.isEmpty()) return;
  painter.save();
  const QFontMetrics metrics = painter.fontMetrics();
  const QRectF area = painter.window();
  const double line = metrics.height() + 8;
  const double width = std::min(double(metrics.horizontalAdvance(note)) + 16, area.width() - 16);
  const QRectF box(8, area.height() - 8 - line, width, line);
  painter.setRenderHint(QPainter::Antialiasing, true);
  painter.setPen(Qt::NoPen);
  painter.setBrush(QColor(20, 20, 24, 200));
  painter.drawRoundedRect(box, 4, 4);
  painter.setPen(QColor(230, 230, 230));
  painter.drawText(box.adjusted(8, 0, -8, 0), Qt::AlignVCenter | Qt::AlignLeft,
                   metrics.elidedText(note, Qt::ElideRight, int(box.width() - 16)));
  painter.restore();
}

void paintGraphOverlay(QPainter& painter, const Camera& camera, const GraphOverlay& overlay,
                       const std::vector<HeadMarker>& markers) {
  painter.save();
  painter.setRenderHint(QPainter::Antialiasing, true);
  // A dark halo under each line keeps yellow readable over the light clay.
  const QColor halo(0, 0, 0, 150);
  std::vector<std::pair<QPainterPath, QColor>> paths;
  paths.reserve(overlay.arcs.size());
  for (const OverlayArc& arc : overlay.arcs) {
    QPainterPath path;
    bool started = false;
    for (const Eigen::Vector3d& p : arc.polyline) {
      const Eigen::Vector3d s = camera.project(p);
      if (!visible(s)) {
        started = false;
        continue;
      }
      if (!started)
        path.moveTo(s.x(), s.y());
      else
        path.lineTo(s.x(), s.y());
      started = true;
    }
    paths.emplace_back(std::move(path), arc.color);
  }
  painter.setBrush(Qt::NoBrush);
  painter.setPen(QPen(halo, 5.0, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
  for (const auto& [path, color] : paths) painter.drawPath(path);
  for (const auto& [path, color] : paths) {
    painter.setPen(QPen(color, 2.6, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    painter.drawPath(path);
  }

  // Nodes: small white dots, the root (the graph's head node) larger.
  painter.setPen(QPen(halo, 1.5));
  for (const OverlayNode& node : overlay.nodes) {
    const Eigen::Vector3d s = camera.project(node.position);
    if (!visible(s)) continue;
    painter.setBrush(palette::kGraphNode);
    const double r = node.root ? 4.5 : 3.0;
    painter.drawEllipse(QPointF(s.x(), s.y()), r, r);
  }

  // Labels in a dark rounded box beside the arc's middle, in the arc's colour.
  QFont font = painter.font();
  font.setBold(true);
  font.setPixelSize(12);
  painter.setFont(font);
  const QFontMetrics metrics(font);
  // Label boxes drawn so far: a label that would cover one is moved clear of it (markers) or
  // left out (arc labels: on a fine level the fingers' L and R crowd each other).
  std::vector<QRectF> taken;
  auto overlaps = [&](const QRectF& box) {
    return std::any_of(taken.begin(), taken.end(),
                       [&](const QRectF& t) { return t.intersects(box); });
  };
  // The head markers' labels first: they name what the user picked.
  std::vector<QRectF> markerBoxes;
  for (const HeadMarker& marker : markers) {
    const Eigen::Vector3d s = camera.project(marker.position);
    if (!visible(s) || marker.label.isEmpty()) {
      markerBoxes.emplace_back();
      continue;
    }
    const QRectF text = metrics.boundingRect(marker.label);
    QRectF box(s.x() + 14, s.y() - text.height() - 10, text.width() + 8, text.height() + 4);
    for (int tries = 0; tries < 6 && overlaps(box); ++tries) box.translate(0, box.height() + 2);
    taken.push_back(box);
    markerBoxes.push_back(box);
  }
  for (const OverlayArc& arc : overlay.arcs) {
    if (arc.label.isEmpty()) continue;
    const Eigen::Vector3d s = camera.project(midpoint(arc.polyline));
    if (!visible(s)) continue;
    const QRectF text = metrics.boundingRect(arc.label);
    const QRectF box(s.x() + 6, s.y() - 0.5 * text.height() - 2, text.width() + 8,
                     text.height() + 4);
    if (overlaps(box)) continue;
    taken.push_back(box);
    painter.setPen(Qt::NoPen);
    painter.setBrush(QColor(20, 20, 24, 200));
    painter.drawRoundedRect(box, 3, 3);
    painter.setPen(arc.color);
    painter.drawText(box, Qt::AlignCenter, arc.label);
  }

  // Head markers: a ring with a cross and a label.
  for (std::size_t m = 0; m < markers.size(); ++m) {
    const HeadMarker& marker = markers[m];
    const Eigen::Vector3d s = camera.project(marker.position);
    if (!visible(s)) continue;
    const QPointF c(s.x(), s.y());
    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(halo, 5.0));
    painter.drawEllipse(c, 8.0, 8.0);
    painter.setPen(QPen(marker.color, 2.5));
    painter.drawEllipse(c, 8.0, 8.0);
    painter.drawLine(c + QPointF(-12, 0), c + QPointF(-4, 0));
    painter.drawLine(c + QPointF(4, 0), c + QPointF(12, 0));
    painter.drawLine(c + QPointF(0, -12), c + QPointF(0, -4));
    painter.drawLine(c + QPointF(0, 4), c + QPointF(0, 12));
    if (!marker.label.isEmpty() && m < markerBoxes.size()) {
      const QRectF box = markerBoxes[m];
      painter.setPen(Qt::NoPen);
      painter.setBrush(QColor(20, 20, 24, 200));
      painter.drawRoundedRect(box, 3, 3);
      painter.setPen(marker.color);
      painter.drawText(box, Qt::AlignCenter, marker.label);
    }
  }
  if (!overlay.empty()) paintLegend(painter, metrics);
  painter.restore();
}

}  // namespace rw::render
