#pragma once
// A status-bar label that never widens the window: text too long for the space it gets ends in
// "…" and is whole in its tooltip (a 1024-pixel-wide window, or a 150% scale, cut the status
// bar's messages off mid-word).
#include <QLabel>

namespace rw::ui {

class ElidedLabel : public QLabel {
  Q_OBJECT

 public:
  explicit ElidedLabel(QWidget* parent = nullptr);
  /// The whole text (QLabel::text() is too, the painting elides it).
  void setFullText(const QString& text);
  QSize minimumSizeHint() const override;

 protected:
  void paintEvent(QPaintEvent* event) override;
};

}  // namespace rw::ui
