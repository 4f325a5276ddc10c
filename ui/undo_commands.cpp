#include "undo_commands.h"

#include <QObject>

namespace rw::ui {

void SetHeadCommand::set(int value) {
  if (!document_) return;
  if (id_ == CommandId::MeshHead)
    document_->setMeshHead(value);
  else
    document_->setSkeletonHead(value);
}

SetParamsCommand::SetParamsCommand(RigDocument* document, const QString& key, const QString& label,
                                   const RigParams& before, const RigParams& after)
    : QUndoCommand(key == QStringLiteral("reset") ? QObject::tr("Reset parameters")
                                                  : QObject::tr("Change %1").arg(label)),
      document_(document),
      key_(key),
      before_(before),
      after_(after) {}

SetParamsCommand* SetParamsCommand::named(RigDocument* document, const QString& text,
                                          const RigParams& before, const RigParams& after) {
  auto* command = new SetParamsCommand(document, QStringLiteral("reset"), text, before, after);
  command->setText(text);  // "reset" keys never merge
  return command;
}

void SetParamsCommand::undo() {
  if (document_) document_->setParams(before_);
}

void SetParamsCommand::redo() {
  if (document_) document_->setParams(after_);
}

bool SetParamsCommand::mergeWith(const QUndoCommand* other) {
  const auto* next = dynamic_cast<const SetParamsCommand*>(other);
  if (!next || next->key_ != key_ || key_ == QStringLiteral("reset")) return false;
  after_ = next->after_;
  return true;
}

}  // namespace rw::ui
