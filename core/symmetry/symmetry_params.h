#pragma once
// Parameters of symmetry detection (Poirier §5).

namespace rw {

struct SymmetryParams {
  /// Poirier §5.2 length variation threshold C, made scale-free: a group of sibling arcs with
  /// equal shape descriptors is split when (longest − shortest) > lengthThreshold × longest
  /// (arc spans, end to end: see groupSiblings). Relative to the group's own longest arc rather
  /// than to the graph, so that small limbs (fingers) get a proportionally small tolerance. Default
  /// 0.25: limbs of a pair may differ by up to 25% of the longer one, which keeps a humanoid's legs
  /// or arms together when posing or meshing noise makes them differ by 10–20% (1.2 vs 1.0 is 17%
  /// of the longer), while Poirier's Figure 6 tail, clearly longer than the legs of the same shape
  /// (≥ 4/3 of them), is split off.
  double lengthThreshold = 0.25;
  /// Branchings closer than this fraction of the graph's f range (distance from the head) are
  /// one branching for grouping: the arcs hanging from a chain of such nodes are siblings.
  /// Limbs that leave a body at the same height (eight tentacles off a mantle, a ring of legs)
  /// do so at separate saddles a hair apart in f (0.2-2% of the range on our test creatures),
  /// and without this they would split into several groups. 0 disables it (skeleton graphs
  /// whose f is not a distance).
  double flatBranchFraction = 0.02;
  /// How sibling arcs are measured for the length split: false (meshes) end to end, because
  /// level-set centroid polylines zigzag unequally on the two sides of a mesh (see
  /// groupSiblings); true (skeletons) along the polyline, which there is the bones themselves —
  /// end to end, a bent insect leg would measure like the straight abdomen beside it.
  bool measureAlongArcs = false;
  /// Lone sibling arcs of equal shape whose far ends mirror each other across a principal plane
  /// through the head, within this fraction of their distance apart, are a pair whatever their
  /// lengths (geometric_pairing.h: pairMirroredLoners; a branching off the mirror plane measures
  /// a pair unequally). 0 disables it.
  double mirrorPairTolerance = 0.1;

  bool operator==(const SymmetryParams&) const = default;
};

}  // namespace rw
