#include "undo_commands.h"

#include <QObject>

namespace rw::ui {

SetParamsCommand::SetParamsCommand(const QString& key, const RigParams& before,
                                   const RigParams& after, Apply apply)
    : QUndoCommand(key == QStringLiteral("reset") ? QObject::tr("Reset parameters")
                                                  : QObject::tr("Change %1").arg(key)),
      key_(key),
      before_(before),
      after_(after),
      apply_(std::move(apply)) {}

bool SetParamsCommand::mergeWith(const QUndoCommand* other) {
  const auto* next = dynamic_cast<const SetParamsCommand*>(other);
  if (!next || next->key_ != key_ || key_ == QStringLiteral("reset")) return false;
  after_ = next->after_;
  return true;
}

}  // namespace rw::ui
