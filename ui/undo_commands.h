#pragma once
// One QUndoCommand per user edit (Qt's Undo Framework): head-node picks and parameter edits.
// A command holds the value before and after and a function that applies a value to the
// window; consecutive edits of the same parameter (a slider drag) merge into one step.
#include <QString>
#include <QUndoCommand>
#include <functional>

#include "session/rig_session.h"

namespace rw::ui {

enum class CommandId { MeshHead = 1, SkeletonHead, Params };

class SetHeadCommand : public QUndoCommand {
 public:
  using Apply = std::function<void(int)>;
  SetHeadCommand(CommandId id, const QString& text, int before, int after, Apply apply)
      : QUndoCommand(text), id_(id), before_(before), after_(after), apply_(std::move(apply)) {}

  void undo() override { apply_(before_); }
  void redo() override { apply_(after_); }
  int id() const override { return int(id_); }

 private:
  CommandId id_;
  int before_, after_;
  Apply apply_;
};

class SetParamsCommand : public QUndoCommand {
 public:
  using Apply = std::function<void(const RigParams&)>;
  SetParamsCommand(const QString& key, const RigParams& before, const RigParams& after,
                   Apply apply);

  void undo() override { apply_(before_); }
  void redo() override { apply_(after_); }
  int id() const override { return int(CommandId::Params); }
  /// Merges a following edit of the same parameter (a slider drag is one undo step).
  bool mergeWith(const QUndoCommand* other) override;

 private:
  QString key_;
  RigParams before_, after_;
  Apply apply_;
};

}  // namespace rw::ui
