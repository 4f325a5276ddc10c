#include "joint_dock.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QVBoxLayout>
#include <cmath>

namespace rw::ui {

JointDock::JointDock(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  name_ = new QLabel(this);
  name_->setObjectName(QStringLiteral("jointName"));
  name_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(name_);
  auto* form = new QFormLayout();
  const char* axes[3] = {"X", "Y", "Z"};
  for (int a = 0; a < 3; ++a) {
    auto* spin = new QDoubleSpinBox(this);
    spin->setObjectName(QStringLiteral("joint%1").arg(QLatin1String(axes[a])));
    spin->setDecimals(4);
    spin->setRange(-1e6, 1e6);
    spin->setKeyboardTracking(false);  // one edit when the number is finished, not per digit
    spin->setToolTip(
        tr("The joint's position in the character's space; typing a value moves "
           "and pins the joint"));
    connect(spin, &QDoubleSpinBox::editingFinished, this, &JointDock::emitPosition);
    form->addRow(QLatin1String(axes[a]), spin);
    spins_[std::size_t(a)] = spin;
  }
  roll_ = new QDoubleSpinBox(this);
  roll_->setObjectName(QStringLiteral("jointRoll"));
  roll_->setDecimals(1);
  roll_->setRange(-180.0, 180.0);
  roll_->setWrapping(true);
  roll_->setSuffix(QStringLiteral("\u00b0"));
  roll_->setKeyboardTracking(false);
  roll_->setToolTip(
      tr("The bone's roll (as Blender's): turns the joint's axes around the bone, which sets "
         "the axes animators rotate it about; no joint moves"));
  connect(roll_, &QDoubleSpinBox::editingFinished, this, [this] {
    if (joint_ >= 0 && std::abs(roll_->value() - shownRoll_) > 0.05)
      emit rollEdited(joint_, roll_->value() * M_PI / 180.0);
  });
  form->addRow(tr("Roll"), roll_);
  layout->addLayout(form);
  status_ = new QLabel(this);
  status_->setWordWrap(true);
  layout->addWidget(status_);
  auto* buttons = new QHBoxLayout();
  snap_ = new QPushButton(tr("Snap to Centre"), this);
  snap_->setToolTip(
      tr("Move the joint to the middle of the mesh along the view through it "
         "(Ctrl+click on the mesh with the Move tool does it under the cursor)"));
  connect(snap_, &QPushButton::clicked, this, [this] { emit snapRequested(joint_); });
  unpin_ = new QPushButton(tr("Unpin"), this);
  unpin_->setToolTip(tr("Let placement put the joint again (Alt+W)"));
  connect(unpin_, &QPushButton::clicked, this, [this] { emit unpinRequested(joint_); });
  buttons->addWidget(snap_);
  buttons->addWidget(unpin_);
  layout->addLayout(buttons);
  mirror_ = new QCheckBox(tr("Mirror to the other side"), this);
  mirror_->setObjectName(QStringLiteral("jointMirror"));
  mirror_->setChecked(true);
  mirror_->setToolTip(
      tr("A move, snap or unpin also applies, reflected, to the joint's twin on "
         "the other side (found from the skeleton's symmetry, not its names)"));
  layout->addWidget(mirror_);
  connect(mirror_, &QCheckBox::toggled, this, &JointDock::mirrorChanged);

  // The weight brush (the Paint tool, P).
  auto* paint = new QGroupBox(tr("Weight brush (P)"), this);
  auto* paintForm = new QFormLayout(paint);
  mode_ = new QComboBox(paint);
  mode_->setObjectName(QStringLiteral("brushMode"));
  mode_->addItems({tr("Add"), tr("Subtract"), tr("Smooth")});
  mode_->setToolTip(tr("Raise, lower or even out the selected bone's weight under the brush"));
  radius_ = new QDoubleSpinBox(paint);
  radius_->setObjectName(QStringLiteral("brushRadius"));
  radius_->setRange(0.5, 50.0);
  radius_->setValue(4.0);
  radius_->setSuffix(QStringLiteral(" %"));
  radius_->setToolTip(tr("Brush radius, in % of the character's size"));
  strength_ = new QDoubleSpinBox(paint);
  strength_->setObjectName(QStringLiteral("brushStrength"));
  strength_->setRange(0.01, 1.0);
  strength_->setSingleStep(0.05);
  strength_->setValue(0.3);
  frontOnly_ = new QCheckBox(tr("Front faces only"), paint);
  frontOnly_->setChecked(true);
  frontOnly_->setToolTip(tr("Off: the brush paints through the mesh (both sides of a limb)"));
  paintForm->addRow(tr("Mode"), mode_);
  paintForm->addRow(tr("Radius"), radius_);
  paintForm->addRow(tr("Strength"), strength_);
  paintForm->addRow(frontOnly_);
  layout->addWidget(paint);
  connect(mode_, &QComboBox::currentIndexChanged, this, &JointDock::brushChanged);
  connect(radius_, &QDoubleSpinBox::valueChanged, this, &JointDock::brushChanged);
  connect(strength_, &QDoubleSpinBox::valueChanged, this, &JointDock::brushChanged);
  connect(frontOnly_, &QCheckBox::toggled, this, &JointDock::brushChanged);
  layout->addStretch(1);
  showJoint(-1, QString(), Eigen::Vector3d::Zero(), 0.0, false, false);
}

void JointDock::showJoint(int joint, const QString& name, const Eigen::Vector3d& position,
                          double roll, bool pinned, bool editable) {
  joint_ = name.isEmpty() ? -1 : joint;
  shown_ = position;
  const bool any = joint_ >= 0;
  name_->setText(any ? name : tr("No joint selected"));
  for (int a = 0; a < 3; ++a) {
    const QSignalBlocker quiet(spins_[std::size_t(a)]);
    spins_[std::size_t(a)]->setValue(any ? position[a] : 0.0);
    spins_[std::size_t(a)]->setEnabled(any && editable);
  }
  shownRoll_ = any ? roll * 180.0 / M_PI : 0.0;
  {
    const QSignalBlocker quiet(roll_);
    roll_->setValue(shownRoll_);
    roll_->setEnabled(any && editable);
  }
  shownRoll_ = roll_->value();  // as the box rounds it, so an untouched box edits nothing
  snap_->setEnabled(any && editable);
  unpin_->setEnabled(any && editable && pinned);
  status_->setText(!any        ? QString()
                   : !editable ? tr("Retarget the skeleton (Ctrl+R) to edit its joints")
                   : pinned    ? tr("Pinned: placed by hand; placement keeps it here")
                               : tr("Placed by the retarget; move it to pin it (W)"));
}

Brush JointDock::brush() const {
  Brush b;
  b.mode = BrushMode(mode_->currentIndex());
  b.radius = radius_->value() / 100.0;
  b.strength = strength_->value();
  b.frontFacesOnly = frontOnly_->isChecked();
  return b;
}

bool JointDock::mirror() const {
  return mirror_->isChecked();
}

QString JointDock::statusText() const {
  return status_->text();
}

void JointDock::emitPosition() {
  if (joint_ < 0) return;
  // Only the coordinates the user changed: the others keep their full precision (the boxes
  // show 4 decimals).
  Eigen::Vector3d typed = shown_;
  bool changed = false;
  for (int a = 0; a < 3; ++a) {
    const QDoubleSpinBox* spin = spins_[std::size_t(a)];
    if (std::abs(spin->value() - spin->valueFromText(spin->textFromValue(shown_[a]))) > 1e-12) {
      typed[a] = spin->value();
      changed = true;
    }
  }
  if (changed) emit positionEdited(joint_, typed);
}

}  // namespace rw::ui
