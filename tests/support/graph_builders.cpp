#include "support/graph_builders.h"

#include <cmath>

namespace rw::test {

GraphBuilder::GraphBuilder(const Eigen::Vector3d& head) {
  GraphNode node;
  node.position = head;
  node.source = 0;
  graph_.nodes.push_back(node);
  graph_.root = 0;
}

int GraphBuilder::limb(int parent, const Eigen::Vector3d& tip) {
  return limb(parent, {}, tip);
}

int GraphBuilder::limb(int parent, const std::vector<Eigen::Vector3d>& via,
                       const Eigen::Vector3d& tip) {
  std::vector<Eigen::Vector3d> polyline{graph_.nodes[parent].position};
  polyline.insert(polyline.end(), via.begin(), via.end());
  polyline.push_back(tip);
  GraphNode node;
  node.position = tip;
  node.source = graph_.nodeCount();
  node.f = graph_.nodes[parent].f + polylineLength(polyline);
  graph_.nodes.push_back(node);
  const int child = graph_.nodeCount() - 1;
  graph_.addArc(parent, child, std::move(polyline), {parent, child});
  return child;
}

int GraphBuilder::arcTo(int node) const {
  for (int a = graph_.arcCount() - 1; a >= 0; --a)
    if (graph_.arcs[a].to == node) return a;
  return -1;
}

namespace {

/// A bent limb from `start` reaching `reach` along `direction` (unit), its middle joint pushed
/// by `bend`.
int bentLimb(GraphBuilder& b, int start, const Eigen::Vector3d& direction, double reach,
             const Eigen::Vector3d& bend) {
  const Eigen::Vector3d origin = b.position(start);
  return b.limb(start, {origin + 0.5 * reach * direction + bend}, origin + reach * direction);
}

std::vector<int> addFingers(GraphBuilder& b, int hand, double side,
                            const std::vector<double>& lengths) {
  std::vector<int> arcs;
  const int count = static_cast<int>(lengths.size());
  for (int i = 0; i < count; ++i) {
    // Fanned in the XZ plane, pointing away from the body along ±X.
    const double angle = count > 1 ? (i - 0.5 * (count - 1)) * 0.35 : 0.0;
    const Eigen::Vector3d direction(side * std::cos(angle), 0.0, std::sin(angle));
    arcs.push_back(b.arcTo(b.limb(hand, b.position(hand) + lengths[i] * direction)));
  }
  return arcs;
}

}  // namespace

HumanoidGraph humanoidGraph(const HumanoidShape& shape) {
  GraphBuilder b(Eigen::Vector3d(0.0, 1.7, 0.0));
  HumanoidGraph h;
  h.head = b.root();
  h.neck = b.limb(h.head, {Eigen::Vector3d(0.0, 1.6, 0.02)}, Eigen::Vector3d(0.0, 1.45, 0.0));
  h.handL = bentLimb(b, h.neck, Eigen::Vector3d::UnitX(), shape.leftArm,
                     Eigen::Vector3d(0.0, -0.04, -0.05));
  h.handR = bentLimb(b, h.neck, -Eigen::Vector3d::UnitX(), shape.rightArm,
                     Eigen::Vector3d(0.0, -0.08, -0.03));
  h.pelvis = b.limb(h.neck, {Eigen::Vector3d(0.0, 1.2, 0.03)}, Eigen::Vector3d(0.0, 0.95, 0.0));
  const Eigen::Vector3d legL = Eigen::Vector3d(0.15, -0.95, 0.0).normalized();
  const Eigen::Vector3d legR = Eigen::Vector3d(-0.15, -0.95, 0.0).normalized();
  h.footL = bentLimb(b, h.pelvis, legL, shape.leftLeg, Eigen::Vector3d(0.0, 0.0, 0.04));
  h.footR = bentLimb(b, h.pelvis, legR, shape.rightLeg, Eigen::Vector3d(0.0, 0.0, 0.09));
  h.fingersL = addFingers(b, h.handL, 1.0, shape.fingers);
  h.fingersR = addFingers(b, h.handR, -1.0, shape.fingers);
  h.neckArc = b.arcTo(h.neck);
  h.spineArc = b.arcTo(h.pelvis);
  h.armL = b.arcTo(h.handL);
  h.armR = b.arcTo(h.handR);
  h.legL = b.arcTo(h.footL);
  h.legR = b.arcTo(h.footR);
  h.graph = b.graph();
  return h;
}

}  // namespace rw::test
