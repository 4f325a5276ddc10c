#pragma once
// Parameters of the automatic skeleton (Aujay 2007 §3–4). Every constant has its reason here;
// positions along a limb are fractions of the limb's embedded arc (its chain of level-set
// centroids, Aujay eq. 3), from its root to its tip.

namespace rw {

struct BodyClassParams {
  /// §4.1: a quadruped has |Spine·N_P| ≈ 1 and |Spine·N_S| ≈ 1, a biped ≈ 0. "≈" made concrete:
  /// above cos 45° counts as 1, below cos 60° as 0 (halfway between is "cannot conclude").
  double quadrupedMinDot = 0.7071;
  double bipedMaxDot = 0.5;
  /// A triangle (P, P1, P2) whose area is under this fraction of its longest edge squared is
  /// degenerate (limbs straight out sideways, a T-pose's shoulders): its normal says nothing and
  /// only the other triangle decides.
  double minTriangleShape = 0.02;
  /// The triangles' limb corners are taken this fraction down each limb rather than at the
  /// frozen edge's end n′ (§4.1 uses P1, P2 themselves). Right at the saddle the limb's first
  /// level set is still part of the trunk's shape and the triangle tilts with the saddle: on our
  /// four-legged creature |Spine·N| was only 0.69–0.72 there, 0.9+ a fifth of the way down.
  double limbProbeFraction = 0.2;
  /// The plane a pair of limbs hangs in is spanned by the line across them and their mean
  /// direction, both taken this fraction down the limbs, rather than by a triangle through the
  /// branching node: where the axis node sits depends on the head node (from a snout the level
  /// sets cross the chest aslant, the node sits behind and above the forelegs and the triangle
  /// tilts: |Spine·N_S| 0.37 on the bull against 0.95 from its forehead).
  double limbDirectionFraction = 0.5;
  /// The two limbs go the same way when their summed direction is at least this fraction of
  /// their lengths (0.5: within 60° of each other); arms straight out sideways (a T-pose) do not,
  /// span no plane of their own, and the triangle of §4.1 decides.
  double minLimbAgreement = 0.5;
  /// ... and when the line across them and their direction are at least this far from parallel
  /// (sine).
  double minLimbSine = 0.5;
};

struct BipedParams {
  /// Arm from the shoulder (S1) to the hand tip: elbow and wrist at these fractions. Adult
  /// segment lengths (upper arm 0.186, forearm 0.146, hand 0.108 of the height; Drillis &
  /// Contini) give 0.42 and 0.75; the default subdivision of Aujay (mean f) would give 1/3, 2/3.
  double elbow = 0.42;
  double wrist = 0.76;
  /// Leg from the top of the thigh (P1, just below the crotch) to the foot tip: knee and ankle.
  /// Thigh below the crotch 0.20, shank 0.25, ankle to toe tip 0.13 of the height.
  double knee = 0.40;
  double ankle = 0.82;
  /// The neck: J (top of the neck, the jaw) sits at the narrowest level set between the head
  /// tip and S, searched within these fractions of that path from the head tip; N (base of the
  /// neck) this fraction of the way from J to S.
  double neckSearchFrom = 0.2;
  double neckSearchTo = 0.8;
  double neckBase = 0.45;
  /// §4.2 "the nodes of the spine can be slightly moved backward": spine joints move this
  /// fraction of the way from the level-set centre to the back surface.
  double spineBackward = 0.35;
  /// M (mouth): this fraction of the way from J to the front surface.
  double mouthForward = 0.8;
  /// The feet say which way the body faces when their tips lie ahead of the ankles, summed
  /// over the legs, by at least this fraction of the legs' length; less is a foot pointing
  /// down (or no foot), and the body is taken to face +Z.
  double minToeLead = 0.02;
};

struct QuadrupedParams {
  /// §4.3: P, the spine nodes and S are lifted toward the back, S1, S2, P1, P2 less: fractions
  /// of the way from the level-set centre to the back surface above.
  double backLift = 0.6;
  double limbRootLift = 0.3;
  /// §4.3: "the first inserted nodes on each leg are moved along the −Spine direction", by this
  /// fraction of the leg's first segment.
  double firstLegNodeForward = 0.15;
  /// J at the neck constriction "a bit closer to the source joint": the narrowest level set
  /// between these fractions of the path from the head tip to S, then moved this fraction of the
  /// way back toward the head tip.
  double neckSearchFrom = 0.1;
  double neckSearchTo = 0.7;
  double jawTowardHead = 0.15;
  /// J′ (jaw): from J toward the chin, this fraction of the way to the surface below.
  double jawDown = 0.7;
};

struct GenericParams {
  /// Bones per leaf arc (a limb: three, like an arm or a leg); inner arcs are one bone.
  int limbSegments = 3;
};

struct AutorigParams {
  BodyClassParams classify;
  BipedParams biped;
  QuadrupedParams quadruped;
  GenericParams generic;
  /// Tail subdivision, bipeds and quadrupeds (§4.2: "if there is a tail, it is subdivided into
  /// 4 edges").
  int tailSegments = 4;
};

}  // namespace rw
