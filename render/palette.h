#pragma once
// The viewport's colours, in one place so tests can recognise what they see on screen.
#include <QColor>
#include <QVector3D>
#include <QVector4D>

namespace rw::render::palette {

/// Blender's flat viewport grey.
inline const QColor kBackground{57, 57, 60};
/// Neutral warm clay: reads shape without suggesting a material.
inline const QColor kClay{194, 184, 170};
/// Deform bones (they carry skin) in blue, control bones (IK targets, poles, pivots) in orange.
inline const QColor kDeformBone{70, 150, 255};
inline const QColor kControlBone{255, 140, 30};
inline const QColor kBoneOutline{16, 16, 20};
inline const QColor kGridMinor{70, 70, 74};
inline const QColor kGridMajor{86, 86, 92};
inline const QColor kAxisX{170, 70, 78};
inline const QColor kAxisZ{64, 110, 170};
/// Symmetry tags of the graph overlay, as in Poirier 2009 Fig. 6: primary axis red, axial pairs
/// orange, radial groups and untagged arcs yellow.
inline const QColor kTagPrimary{235, 45, 45};
inline const QColor kTagAxial{255, 150, 20};
inline const QColor kTagRadial{250, 225, 40};
inline const QColor kTagNone{250, 225, 40};
inline const QColor kGraphNode{245, 245, 245};
/// Head-node markers: the mesh head (picked on the surface) and the skeleton head joint.
inline const QColor kMeshHead{80, 230, 120};
inline const QColor kSkeletonHead{230, 90, 230};
/// Joints placed by hand (joint editing's pins).
inline const QColor kPinned{250, 200, 60};
/// The selected bone (Blender's active-bone light blue-white).
inline const QColor kSelectedBone{190, 235, 255};

inline QVector3D rgb(const QColor& c) {
  return {float(c.redF()), float(c.greenF()), float(c.blueF())};
}
inline QVector4D rgba(const QColor& c, float alpha = 1.0f) {
  return {float(c.redF()), float(c.greenF()), float(c.blueF()), alpha};
}

}  // namespace rw::render::palette
