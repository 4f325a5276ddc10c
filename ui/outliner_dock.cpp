#include "outliner_dock.h"

#include <QHeaderView>
#include <QScopeGuard>
#include <QSignalBlocker>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <algorithm>

#include "session_runner.h"
#include "skeleton/skeleton.h"

namespace rw::ui {

namespace {

enum Column { kName, kKind, kTag, kStatus };

QString tagText(const ArcSymmetry& s) {
  switch (s.tag) {
    case SymmetryTag::Primary:
      return QObject::tr("primary");
    case SymmetryTag::Axial:
      return s.side == SymmetrySide::Left    ? QObject::tr("axial L")
             : s.side == SymmetrySide::Right ? QObject::tr("axial R")
                                             : QObject::tr("axial");
    case SymmetryTag::Radial:
      return QObject::tr("radial %1").arg(s.radialIndex);
    case SymmetryTag::None:
      break;
  }
  return QObject::tr("none");
}

QString ruleText(MatchRule rule) {
  switch (rule) {
    case MatchRule::Exact:
      return QObject::tr("exact");
    case MatchRule::TagsOnly:
      return QObject::tr("tags only");
    case MatchRule::TagNoLevel:
      return QObject::tr("tag, other level");
    case MatchRule::Direction:
      return QObject::tr("by direction");
  }
  return {};
}

QString statusText(int joint, const SessionSnapshot& snapshot) {
  const SkeletonGraph* graph = snapshot.skeletonGraph.get();
  const GraphMatching* matching = snapshot.matching.get();
  const int arc = graph && joint < int(graph->arcOfJoint.size()) ? graph->arcOfJoint[joint] : -1;
  QString reason;
  if (matching && arc >= 0) {
    for (const UnmatchedArc& u : matching->unmatched)
      if (u.skeletonArc == arc) reason = QString::fromStdString(u.reason);
  }
  // The embed and auto methods say where each joint came from; the retarget's own joints keep
  // the retarget's status below.
  if (snapshot.placement && joint < int(snapshot.placement->method.size())) {
    const QString decision = QString::fromStdString(snapshot.placement->decision);
    switch (snapshot.placement->method[joint]) {
      case PlacementMethod::Embedding:
        return QObject::tr("embedded (skeleton embedding; placement: %1)").arg(decision);
      case PlacementMethod::Carried:
        return QObject::tr("carried by its placed neighbours (placement: %1)").arg(decision);
      case PlacementMethod::Control:
        return QObject::tr("control: follows its linked bone");
      case PlacementMethod::Retarget:
      case PlacementMethod::Predicted:
        break;
    }
  }
  if (snapshot.retargeted && joint < int(snapshot.retargeted->fate.size())) {
    switch (snapshot.retargeted->fate[joint]) {
      case JointFate::Placed: {
        const int m = matching && arc >= 0 && arc < int(matching->matchOfArc.size())
                          ? matching->matchOfArc[arc]
                          : -1;
        return m >= 0 ? QObject::tr("placed (%1)").arg(ruleText(matching->matches[m].rule))
                      : QObject::tr("placed");
      }
      case JointFate::Followed:
        return reason.isEmpty() ? QObject::tr("unplaced: follows the nearest placed bone")
                                : QObject::tr("unplaced: %1").arg(reason);
      case JointFate::Control:
        return QObject::tr("control: follows its linked bone");
      case JointFate::Predicted:
        return QObject::tr(
            "predicted: the mesh hides this limb (placed from the skeleton's "
            "proportions)");
      case JointFate::Pinned:
        return QObject::tr("pinned: moved by hand (its arc is placed around it)");
    }
  }
  if (!reason.isEmpty()) return QObject::tr("unmatched: %1").arg(reason);
  if (matching && arc >= 0 && arc < int(matching->matchOfArc.size()) &&
      matching->matchOfArc[arc] >= 0)
    return QObject::tr("matched");
  return QStringLiteral("—");
}

}  // namespace

OutlinerDock::OutlinerDock(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  tree_ = new QTreeWidget(this);
  tree_->setHeaderLabels({tr("Bone"), tr("Kind"), tr("Symmetry"), tr("Match")});
  tree_->setSelectionMode(QAbstractItemView::SingleSelection);
  tree_->setUniformRowHeights(true);
  tree_->header()->setStretchLastSection(true);
  // Production rigs nest 10-15 deep (spine, neck, arm, fingers): at Qt's 20 px per level the
  // names alone outgrow a side panel.
  tree_->setIndentation(8);
  // The kind is the name's colour, as the bones' in the viewport (blue deform, orange control),
  // with a tooltip: a column of "deform" would take the room the names need.
  tree_->setColumnHidden(kKind, true);
  tree_->setTextElideMode(Qt::ElideMiddle);
  layout->addWidget(tree_);
  connect(tree_, &QTreeWidget::itemSelectionChanged, this, [this] {
    if (updating_) return;
    const QList<QTreeWidgetItem*> selected = tree_->selectedItems();
    emit jointSelected(selected.isEmpty() ? -1
                                          : selected.first()->data(kName, Qt::UserRole).toInt());
  });
}

void OutlinerDock::setSkeleton(std::shared_ptr<const Skeleton> skeleton,
                               std::shared_ptr<const SessionSnapshot> snapshot) {
  std::vector<std::shared_ptr<const void>> stages;
  if (snapshot)
    stages = {snapshot->skeletonGraph, snapshot->skeletonSymmetry, snapshot->matching,
              snapshot->retargeted};
  if (skeleton == skeleton_ && stages == shownStages_ && (skeleton || items_.empty())) return;
  // Same joints (a new run's tags and status): the rows are updated in place, which repaints
  // only what changed; a rebuild (with sizing the name column to fit) only for a new skeleton.
  const bool sameJoints =
      skeleton && skeleton == skeleton_ && items_.size() == skeleton->joints.size();
  skeleton_ = skeleton;
  shownStages_ = std::move(stages);
  const QSignalBlocker block(tree_);
  // One layout and repaint for the whole rebuild, not one per row.
  tree_->setUpdatesEnabled(false);
  const auto enable = qScopeGuard([this] { tree_->setUpdatesEnabled(true); });
  int selected = -1;
  if (const auto items = tree_->selectedItems(); !items.isEmpty())
    selected = items.first()->data(kName, Qt::UserRole).toInt();
  if (!sameJoints) {
    tree_->clear();
    items_.clear();
  }
  if (!skeleton) return;
  const GraphSymmetry* symmetry = snapshot ? snapshot->skeletonSymmetry.get() : nullptr;
  const SkeletonGraph* graph = snapshot ? snapshot->skeletonGraph.get() : nullptr;
  items_.resize(skeleton->joints.size(), nullptr);
  for (int j = 0; j < skeleton->size(); ++j) {
    const Joint& joint = skeleton->joints[j];
    QTreeWidgetItem* item = items_[j];
    if (!item) {
      QTreeWidgetItem* parent = joint.parent >= 0 ? items_[joint.parent] : nullptr;
      item = parent ? new QTreeWidgetItem(parent) : new QTreeWidgetItem(tree_);
    }
    item->setText(kName, QString::fromStdString(joint.name));
    item->setToolTip(
        kName,
        joint.deform
            ? tr("%1: deform bone").arg(QString::fromStdString(joint.name))
            : tr("%1: control bone (skins nothing)").arg(QString::fromStdString(joint.name)));
    item->setForeground(kName, joint.deform ? QColor(110, 170, 255) : QColor(255, 150, 60));
    item->setData(kName, Qt::UserRole, j);
    item->setText(kKind, joint.deform ? tr("deform") : tr("control"));
    item->setForeground(kKind, joint.deform ? QColor(110, 170, 255) : QColor(255, 150, 60));
    QString tag = QStringLiteral("—");
    const int arc = graph && j < int(graph->arcOfJoint.size()) ? graph->arcOfJoint[j] : -1;
    if (symmetry && arc >= 0 && arc < int(symmetry->arcs.size()))
      tag = tagText(symmetry->arcs[arc]);
    item->setText(kTag, tag);
    const QString status = snapshot ? statusText(j, *snapshot) : QStringLiteral("—");
    item->setText(kStatus, status);
    item->setToolTip(kStatus, status);
    const bool failed = status.startsWith(tr("unplaced")) || status.startsWith(tr("unmatched"));
    item->setForeground(kStatus, failed ? QBrush(QColor(255, 120, 110)) : QBrush());
    items_[j] = item;
  }
  if (sameJoints) return;
  tree_->expandAll();
  depth_ = 0;
  for (int j = 0; j < skeleton->size(); ++j) {
    int d = 0;
    for (int p = skeleton->joints[j].parent; p >= 0; p = skeleton->joints[p].parent) ++d;
    depth_ = std::max(depth_, d + 1);  // + the root decoration
  }
  fitColumns();
  if (selected >= 0 && selected < int(items_.size())) items_[selected]->setSelected(true);
}

void OutlinerDock::fitColumns() {
  QHeaderView* header = tree_->header();
  tree_->resizeColumnToContents(kTag);
  tree_->resizeColumnToContents(kName);
  // Match needs room for its header and the start of its text ("placed (exact)").
  const int matchRoom = tree_->fontMetrics().horizontalAdvance(tr("placed (exact)")) + 12;
  // The tree's own width (its viewport is resized later, when the scroll bar is settled), less
  // its frame and a vertical scroll bar.
  const int visible = tree_->width() - 2 * tree_->frameWidth() -
                      tree_->style()->pixelMetric(QStyle::PM_ScrollBarExtent);
  const int room = visible - header->sectionSize(kTag) - matchRoom;
  // The deepest row still shows the start of its name: its indentation and a short name.
  const int nameFloor = depth_ * tree_->indentation() +
                        tree_->fontMetrics().horizontalAdvance(QStringLiteral("hand.L"));
  const int wanted = header->sectionSize(kName);
  header->resizeSection(kName, std::min(wanted, std::max(nameFloor, room)));
}

void OutlinerDock::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  fitColumns();
}

QTreeWidgetItem* OutlinerDock::item(int joint) const {
  return joint >= 0 && joint < int(items_.size()) ? items_[joint] : nullptr;
}

QStringList OutlinerDock::row(int joint) const {
  QTreeWidgetItem* i = item(joint);
  if (!i) return {};
  return {i->text(kName), i->text(kKind), i->text(kTag), i->text(kStatus)};
}

void OutlinerDock::setSelectedJoint(int joint) {
  updating_ = true;
  tree_->clearSelection();
  if (QTreeWidgetItem* i = item(joint)) {
    i->setSelected(true);
    tree_->scrollToItem(i);
  }
  updating_ = false;
}

}  // namespace rw::ui
