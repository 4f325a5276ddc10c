#pragma once
// The parameter dock: every number the artist tunes (RigParams), each as a slider and a spin box
// with a tooltip that says what it does, plus "Reset to Defaults". Edits are reported as
// (before, after) pairs so the window can make them undoable; the dock never runs anything.
#include <QWidget>
#include <functional>
#include <vector>

#include "session/rig_session.h"

class QFormLayout;
class QSlider;
class QDoubleSpinBox;

namespace rw::ui {

class ParameterDock : public QWidget {
  Q_OBJECT

 public:
  explicit ParameterDock(QWidget* parent = nullptr);

  /// Shows `params` without emitting anything (undo/redo, project load).
  void setParams(const RigParams& params);
  const RigParams& params() const { return params_; }

  /// The spin box of a parameter by its key ("gammaAngle", "gammaLength", "gammaDistance",
  /// "lengthThreshold", "levels", "filterFraction", "samples"), for tests and shortcuts.
  QDoubleSpinBox* spinBox(const QString& key) const;
  QSlider* slider(const QString& key) const;

 public slots:
  void resetToDefaults();

 signals:
  /// One user edit. `key` names the parameter ("reset" for Reset to Defaults), so that
  /// consecutive edits of one slider can merge into one undo step.
  void edited(const QString& key, const rw::RigParams& before, const rw::RigParams& after);

 public:
  /// The label the dock shows for parameter `key` (the key itself when unknown): what the undo
  /// history names an edit after.
  QString labelOf(const QString& key) const;

 private:
  struct Field {
    QString key;
    double minimum, maximum, step;
    int decimals;
    std::function<double(const RigParams&)> get;
    std::function<void(RigParams&, double)> set;
    QSlider* slider = nullptr;
    QDoubleSpinBox* spin = nullptr;
    QString label = {};  ///< as the dock shows it ("γθ angle")
  };
  void addField(QFormLayout* form, const QString& label, const QString& tooltip, Field field);
  void userChanged(int index, double value);
  void refresh();

  std::vector<Field> fields_;
  RigParams params_;
  bool updating_ = false;
};

}  // namespace rw::ui
