#pragma once
// Result of symmetry detection on one topology graph (Poirier §5).
#include <vector>

#include "symmetry/shape_descriptor.h"
#include "symmetry/symmetry_tags.h"

namespace rw {

struct ArcSymmetry {
  SymmetryTag tag = SymmetryTag::None;
  SymmetrySide side = SymmetrySide::None;  ///< axial arcs only
  /// Radial arcs only: 1..n within the group, by increasing arc length (ties: lower arc index
  /// first); 0 otherwise.
  int radialIndex = 0;
  /// 1 on the primary axis, +1 each time the path from the head enters a symmetry group of 2
  /// or more arcs or leaves the primary axis (Poirier §5: "1 being on the primary axis and
  /// increasing as it reaches secondary symmetries"); 0 for arcs outside the tree.
  int level = 0;
  int group = -1;  ///< index into GraphSymmetry::groups; -1 for arcs outside the tree
};

/// Sibling arcs found symmetric (or a lone arc).
struct SymmetryGroup {
  int node = -1;                        ///< the node the arcs hang from
  std::vector<int> arcs;                ///< members, in the node's child order
  SymmetryTag tag = SymmetryTag::None;  ///< Axial / Radial, or the lone arc's Primary / None
  int axis = -1;  ///< Axial: principal axis (0 = X, 1 = Y, 2 = Z) separating the pair; else -1
};

struct GraphSymmetry {
  std::vector<ArcSymmetry> arcs;                 ///< per arc of the graph
  std::vector<SymmetryGroup> groups;             ///< parents before children
  std::vector<ShapeDescriptor> nodeDescriptors;  ///< per node (Poirier §5.1); empty if unreached
  std::vector<ShapeDescriptor> arcDescriptors;   ///< per arc: its far node's descriptor
  std::vector<int> primaryAxis;                  ///< primary arcs, from the head down
};

}  // namespace rw
