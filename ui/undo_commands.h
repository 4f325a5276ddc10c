#pragma once
// One QUndoCommand per user edit (Qt's Undo Framework): head-node picks and parameter edits.
// A command holds the value before and after and sets it on the document (rig_document.h), which
// the window follows; consecutive edits of the same parameter (a slider drag) merge into one
// step.
#include <QPointer>
#include <QString>
#include <QUndoCommand>

#include "rig_document.h"
#include "session/rig_session.h"

namespace rw::ui {

enum class CommandId { MeshHead = 1, SkeletonHead, Params };

/// Sets the mesh head (CommandId::MeshHead) or the skeleton head (CommandId::SkeletonHead).
class SetHeadCommand : public QUndoCommand {
 public:
  SetHeadCommand(RigDocument* document, CommandId id, const QString& text, int before, int after)
      : QUndoCommand(text), document_(document), id_(id), before_(before), after_(after) {}

  void undo() override { set(before_); }
  void redo() override { set(after_); }
  int id() const override { return int(id_); }

 private:
  void set(int value);

  QPointer<RigDocument> document_;
  CommandId id_;
  int before_, after_;
};

class SetParamsCommand : public QUndoCommand {
 public:
  /// `key` names the parameter (consecutive edits of one key merge; "reset" never merges),
  /// `label` is how the user knows it (the undo history reads "Change <label>").
  SetParamsCommand(RigDocument* document, const QString& key, const QString& label,
                   const RigParams& before, const RigParams& after);
  /// An edit the history names itself (`text`: "Move shin.L"); never merges.
  static SetParamsCommand* named(RigDocument* document, const QString& text,
                                 const RigParams& before, const RigParams& after);

  void undo() override;
  void redo() override;
  int id() const override { return int(CommandId::Params); }
  /// Merges a following edit of the same parameter (a slider drag is one undo step).
  bool mergeWith(const QUndoCommand* other) override;

 private:
  QPointer<RigDocument> document_;
  QString key_;
  RigParams before_, after_;
};

/// A paint stroke: the document's painted weights before and after it.
class PaintWeightsCommand : public QUndoCommand {
 public:
  PaintWeightsCommand(RigDocument* document, const QString& text,
                      std::shared_ptr<const PaintedWeights> before,
                      std::shared_ptr<const PaintedWeights> after)
      : QUndoCommand(text),
        document_(document),
        before_(std::move(before)),
        after_(std::move(after)) {}

  void undo() override {
    if (document_) document_->setPaintedWeights(before_);
  }
  void redo() override {
    if (document_) document_->setPaintedWeights(after_);
  }

 private:
  QPointer<RigDocument> document_;
  std::shared_ptr<const PaintedWeights> before_, after_;
};

}  // namespace rw::ui
