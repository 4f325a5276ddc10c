#include "parameter_dock.h"

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QVBoxLayout>
#include <cmath>

namespace rw::ui {

namespace {

/// Slider resolution: steps between minimum and maximum.
constexpr int kSliderSteps = 1000;

}  // namespace

ParameterDock::ParameterDock(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  auto* form = new QFormLayout;
  form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
  layout->addLayout(form);

  auto section = [&](const QString& title) {
    auto* label = new QLabel(QStringLiteral("<b>%1</b>").arg(title), this);
    form->addRow(label);
  };
  section(tr("Joint placement (Poirier §6.2)"));
  addField(form, tr("γθ angle"),
           tr("Weight of keeping the skeleton's joint angles when inner joints are placed along "
              "a mesh arc. Higher: limbs keep the source skeleton's bends."),
           {QStringLiteral("gammaAngle"), 0.0, 10.0, 0.1, 2,
            [](const RigParams& p) { return p.placement.gammaAngle; },
            [](RigParams& p, double v) { p.placement.gammaAngle = v; }});
  addField(form, tr("γl length"),
           tr("Weight of keeping the skeleton's bone proportions (each bone's share of its "
              "chain). Higher: bones keep their relative lengths."),
           {QStringLiteral("gammaLength"), 0.0, 10.0, 0.1, 2,
            [](const RigParams& p) { return p.placement.gammaLength; },
            [](RigParams& p, double v) { p.placement.gammaLength = v; }});
  addField(form, tr("γx distance"),
           tr("Weight of following the mesh arc's embedding (the centre line of the limb). "
              "Higher: joints hug the middle of the limb."),
           {QStringLiteral("gammaDistance"), 0.0, 10.0, 0.1, 2,
            [](const RigParams& p) { return p.placement.gammaDistance; },
            [](RigParams& p, double v) { p.placement.gammaDistance = v; }});
  addField(form, tr("Placement samples"),
           tr("Candidate joint positions per mesh arc (m in Algorithm 2). More: finer placement, "
              "slower (cubic in m)."),
           {QStringLiteral("samples"), 8, 200, 1, 0,
            [](const RigParams& p) { return double(p.placement.samples); },
            [](RigParams& p, double v) { p.placement.samples = int(std::lround(v)); }});
  section(tr("Mesh graph (Poirier §4–5)"));
  addField(form, tr("Resolution levels"),
           tr("Number of multiresolution levels of the mesh graph, the unfiltered Reeb graph "
              "included (Poirier uses 10)."),
           {QStringLiteral("levels"), 1, 20, 1, 0,
            [](const RigParams& p) { return double(p.mesh.multires.levels); },
            [](RigParams& p, double v) { p.mesh.multires.levels = int(std::lround(v)); }});
  addField(form, tr("Filter threshold"),
           tr("Arcs shorter than this fraction of the graph's length are pruned on the coarsest "
              "level (Poirier: 10%). Higher: fewer, longer arcs (fingers vanish first)."),
           {QStringLiteral("filterFraction"), 0.0, 0.5, 0.005, 3,
            [](const RigParams& p) { return p.mesh.multires.filterFraction; },
            [](RigParams& p, double v) { p.mesh.multires.filterFraction = v; }});
  addField(form, tr("Length threshold C"),
           tr("Symmetric limbs may differ in length by up to this fraction of the longer one "
              "(Poirier §5.2). Lower: a tail longer than the legs splits off sooner."),
           {QStringLiteral("lengthThreshold"), 0.0, 1.0, 0.01, 2,
            [](const RigParams& p) { return p.mesh.symmetry.lengthThreshold; },
            [](RigParams& p, double v) { p.mesh.symmetry.lengthThreshold = v; }});

  auto* reset = new QPushButton(tr("Reset to Defaults"), this);
  reset->setToolTip(tr("Every parameter back to its default (one undo step)."));
  connect(reset, &QPushButton::clicked, this, &ParameterDock::resetToDefaults);
  layout->addWidget(reset);
  layout->addStretch(1);
  refresh();
}

void ParameterDock::addField(QFormLayout* form, const QString& label, const QString& tooltip,
                             Field field) {
  auto* row = new QWidget(this);
  auto* h = new QHBoxLayout(row);
  h->setContentsMargins(0, 0, 0, 0);
  field.slider = new QSlider(Qt::Horizontal, row);
  field.slider->setRange(0, kSliderSteps);
  field.spin = new QDoubleSpinBox(row);
  field.spin->setRange(field.minimum, field.maximum);
  field.spin->setSingleStep(field.step);
  field.spin->setDecimals(field.decimals);
  field.spin->setKeyboardTracking(false);  // typing "2.5" is one edit, not three
  field.spin->setMinimumWidth(72);
  h->addWidget(field.slider, 1);
  h->addWidget(field.spin);
  for (QWidget* w : {static_cast<QWidget*>(field.slider), static_cast<QWidget*>(field.spin)})
    w->setToolTip(tooltip);
  field.spin->setObjectName(field.key);
  field.label = label;
  field.slider->setObjectName(field.key + QStringLiteral("Slider"));
  auto* labelWidget = new QLabel(label, this);
  labelWidget->setToolTip(tooltip);
  form->addRow(labelWidget, row);

  const int index = int(fields_.size());
  fields_.push_back(std::move(field));
  Field& f = fields_.back();
  connect(f.slider, &QSlider::valueChanged, this, [this, index](int position) {
    const Field& g = fields_[index];
    double value = g.minimum + (g.maximum - g.minimum) * position / kSliderSteps;
    if (g.decimals == 0) value = std::round(value);
    userChanged(index, value);
  });
  connect(f.spin, &QDoubleSpinBox::valueChanged, this,
          [this, index](double value) { userChanged(index, value); });
}

QDoubleSpinBox* ParameterDock::spinBox(const QString& key) const {
  for (const Field& f : fields_)
    if (f.key == key) return f.spin;
  return nullptr;
}

QString ParameterDock::labelOf(const QString& key) const {
  for (const Field& f : fields_)
    if (f.key == key) return f.label;
  return key;
}

QSlider* ParameterDock::slider(const QString& key) const {
  for (const Field& f : fields_)
    if (f.key == key) return f.slider;
  return nullptr;
}

void ParameterDock::setParams(const RigParams& params) {
  params_ = params;
  refresh();
}

void ParameterDock::refresh() {
  updating_ = true;
  for (Field& f : fields_) {
    const double value = f.get(params_);
    const QSignalBlocker blockSpin(f.spin), blockSlider(f.slider);
    f.spin->setValue(value);
    f.slider->setValue(
        int(std::lround((value - f.minimum) / (f.maximum - f.minimum) * kSliderSteps)));
  }
  updating_ = false;
}

void ParameterDock::userChanged(int index, double value) {
  if (updating_) return;
  Field& f = fields_[index];
  if (std::abs(f.get(params_) - value) < 1e-12) {
    refresh();
    return;
  }
  const RigParams before = params_;
  f.set(params_, value);
  refresh();  // the other control of the pair follows
  emit edited(f.key, before, params_);
}

void ParameterDock::resetToDefaults() {
  const RigParams before = params_;
  params_ = RigParams{};
  // Joints placed and bones rolled by hand are the artist's edits, not parameters.
  params_.placement.pins = before.placement.pins;
  params_.placement.rolls = before.placement.rolls;
  refresh();
  if (!(before == params_)) emit edited(QStringLiteral("reset"), before, params_);
}

}  // namespace rw::ui
