#pragma once
// The outliner: the skeleton as a tree, each bone with its kind (deform / control, the name's
// colour as in the viewport), its symmetry tag (primary, axial L/R, radial n) and its match
// status after retargeting (placed by which rule, or followed / unplaced and why). Selecting a row
// selects the bone in the viewport and the other way round.
#include <QWidget>
#include <memory>
#include <vector>

class QTreeWidget;
class QTreeWidgetItem;

namespace rw {
class Skeleton;
}

namespace rw::ui {

struct SessionSnapshot;

class OutlinerDock : public QWidget {
  Q_OBJECT

 public:
  explicit OutlinerDock(QWidget* parent = nullptr);

  /// Shows `skeleton` (null clears) with what `snapshot` knows about it (may be null).
  void setSkeleton(std::shared_ptr<const Skeleton> skeleton,
                   std::shared_ptr<const SessionSnapshot> snapshot);
  QTreeWidget* tree() const { return tree_; }
  /// The row of a joint (null if none).
  QTreeWidgetItem* item(int joint) const;
  /// Column texts of a joint's row: name, kind, tag, status.
  QStringList row(int joint) const;
  /// Sizes the columns to the panel (the kind is the name's colour): Symmetry to its contents, the
  /// name column to its contents but, where the panel is narrow, no wider than leaves Match on it,
  /// yet wide enough for the deepest row's indentation and a short name (longer names are elided,
  /// their full text in the tooltip). Runs on every resize.
  void fitColumns();

 public slots:
  void setSelectedJoint(int joint);

 signals:
  void jointSelected(int joint);

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  QTreeWidget* tree_ = nullptr;
  std::vector<QTreeWidgetItem*> items_;
  /// What the rows show: rebuilt only when one of these changes (every pipeline run publishes
  /// a snapshot; most leave the skeleton's stages as they were).
  std::shared_ptr<const Skeleton> skeleton_;
  std::vector<std::shared_ptr<const void>> shownStages_;
  bool updating_ = false;
  int depth_ = 0;  ///< the deepest row's nesting (for the name column's width)
};

}  // namespace rw::ui
