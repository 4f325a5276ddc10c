#pragma once
// Edit ▸ Preferences: the settings an artist sets once (as Blender's Preferences and Maya's
// Preferences window), kept across sessions. Today the mouse navigation preset: the dialog
// drives the same actions as View ▸ Navigation, so the menu, the dialog and the saved setting
// never disagree.
#include <QDialog>
#include <QList>

class QAction;
class QComboBox;
class QLabel;

namespace rw::ui {

class PreferencesDialog : public QDialog {
  Q_OBJECT

 public:
  /// `navigation`: the View ▸ Navigation actions (checkable, one group), in menu order.
  PreferencesDialog(const QList<QAction*>& navigation, QWidget* parent = nullptr);

  QComboBox* navigationBox() const { return navigationBox_; }

 protected:
  void showEvent(QShowEvent* event) override;

 private:
  /// The box and the description follow the checked action.
  void syncFromActions();

  QList<QAction*> navigation_;
  QComboBox* navigationBox_ = nullptr;
  QLabel* mouse_ = nullptr;
};

}  // namespace rw::ui
