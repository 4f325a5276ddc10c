#pragma once
// The Joint panel of joint editing: the selected joint's name and where it is, as numbers the
// artist can type (numeric entry, as Blender's N panel and Maya's channel box), whether it is
// its bone's roll, whether it is pinned (placed by hand: re-running placement keeps it and
// fits its arc around it), and the
// commands Snap to Centre and Unpin. It edits nothing itself: the window turns its requests into
// undoable edits.
#include <Eigen/Core>
#include <QWidget>
#include <array>

#include "skin/weight_paint.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;

namespace rw::ui {

class JointDock : public QWidget {
  Q_OBJECT

 public:
  explicit JointDock(QWidget* parent = nullptr);

  /// Shows a joint (-1 or empty name: none) with its bone's roll (radians); `editable` when
  /// the rig shown may be edited.
  void showJoint(int joint, const QString& name, const Eigen::Vector3d& position, double roll,
                 bool pinned, bool editable);
  int joint() const { return joint_; }
  QDoubleSpinBox* coordinate(int axis) const { return spins_[std::size_t(axis)]; }
  /// The bone's roll in degrees (Blender's Roll field); typing one turns the bone's axes.
  QDoubleSpinBox* rollBox() const { return roll_; }
  QPushButton* snapButton() const { return snap_; }
  QPushButton* unpinButton() const { return unpin_; }
  /// Edits go to the joint's twin on the other side too (on by default; the twin comes from the
  /// skeleton's symmetry, symmetry/mirror_joints.h).
  bool mirror() const;
  QCheckBox* mirrorBox() const { return mirror_; }
  /// The weight brush as set here; its radius is a fraction of the character's size.
  Brush brush() const;
  QComboBox* brushMode() const { return mode_; }
  QDoubleSpinBox* brushRadius() const { return radius_; }
  QDoubleSpinBox* brushStrength() const { return strength_; }
  QString statusText() const;

 signals:
  /// The user typed a new position (one coordinate finished editing).
  void positionEdited(int joint, const Eigen::Vector3d& position);
  /// The user typed a new roll (radians).
  void rollEdited(int joint, double roll);
  void snapRequested(int joint);
  void unpinRequested(int joint);
  void mirrorChanged(bool on);
  void brushChanged();

 private:
  void emitPosition();

  int joint_ = -1;
  Eigen::Vector3d shown_ = Eigen::Vector3d::Zero();
  QLabel* name_ = nullptr;
  QLabel* status_ = nullptr;
  std::array<QDoubleSpinBox*, 3> spins_{};
  QDoubleSpinBox* roll_ = nullptr;
  double shownRoll_ = 0.0;  ///< degrees
  QPushButton* snap_ = nullptr;
  QPushButton* unpin_ = nullptr;
  QCheckBox* mirror_ = nullptr;
  QComboBox* mode_ = nullptr;
  QDoubleSpinBox* radius_ = nullptr;
  QDoubleSpinBox* strength_ = nullptr;
  QCheckBox* frontOnly_ = nullptr;
};

}  // namespace rw::ui
