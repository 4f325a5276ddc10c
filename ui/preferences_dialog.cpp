#include "preferences_dialog.h"

#include <QAction>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace rw::ui {

PreferencesDialog::PreferencesDialog(const QList<QAction*>& navigation, QWidget* parent)
    : QDialog(parent), navigation_(navigation) {
  setWindowTitle(tr("Preferences"));
  setObjectName(QStringLiteral("preferencesDialog"));
  auto* layout = new QVBoxLayout(this);
  auto* form = new QFormLayout();
  navigationBox_ = new QComboBox(this);
  navigationBox_->setObjectName(QStringLiteral("navigationPreset"));
  for (QAction* action : navigation_) navigationBox_->addItem(action->text());
  form->addRow(tr("Mouse navigation"), navigationBox_);
  mouse_ = new QLabel(this);
  mouse_->setWordWrap(true);
  form->addRow(QString(), mouse_);
  layout->addLayout(form);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons);
  // A choice applies at once (as Blender's Preferences): the action sets the viewport's mouse
  // and saves the setting.
  connect(navigationBox_, &QComboBox::currentIndexChanged, this, [this](int index) {
    if (index >= 0 && index < navigation_.size() && !navigation_[index]->isChecked())
      navigation_[index]->trigger();
    syncFromActions();
  });
  for (QAction* action : navigation_)
    connect(action, &QAction::toggled, this, &PreferencesDialog::syncFromActions);
  syncFromActions();
}

void PreferencesDialog::showEvent(QShowEvent* event) {
  syncFromActions();
  QDialog::showEvent(event);
}

void PreferencesDialog::syncFromActions() {
  int checked = 0;
  for (int i = 0; i < navigation_.size(); ++i)
    if (navigation_[i]->isChecked()) checked = i;
  const QSignalBlocker quiet(navigationBox_);
  navigationBox_->setCurrentIndex(checked);
  const QString what = navigation_.value(checked) ? navigation_[checked]->text() : QString();
  mouse_->setText(what == QLatin1String("Blender")
                      ? tr("Middle drag orbits, Shift+middle pans, Ctrl+middle or the wheel "
                           "zooms; the left button selects. Numpad views are orthographic.")
                  : what == QLatin1String("Maya")
                      ? tr("Alt+left orbits, Alt+middle pans, Alt+right or the wheel zooms; "
                           "the left button selects.")
                      : tr("Left drag orbits, middle or Shift+left pans, the wheel zooms; Alt "
                           "combinations as in Maya. A click selects."));
}

}  // namespace rw::ui
