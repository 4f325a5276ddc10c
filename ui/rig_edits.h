#pragma once
// The user's edits of a rig project, as a document (Qt's Undo Framework example: commands edit
// the document, views follow its signals): the mesh and skeleton head nodes (-1: automatic)
// and the pipeline's parameters. Undo commands (undo_commands.h) change it; the window listens
// and re-runs the pipeline, the parameter dock shows the parameters.
#include <QObject>

#include "session/rig_session.h"

namespace rw::ui {

class RigEdits : public QObject {
  Q_OBJECT

 public:
  explicit RigEdits(QObject* parent = nullptr) : QObject(parent) {}

  int meshHead() const { return meshHead_; }
  int skeletonHead() const { return skeletonHead_; }
  const RigParams& params() const { return params_; }

  /// Edits: each emits its signal when the value changes.
  void setMeshHead(int weldedVertex);
  void setSkeletonHead(int joint);
  void setParams(const RigParams& params);

  /// Replaces the document without signals (a new file, an opened project): what the window
  /// loads it shows itself, and the undo history starts again.
  void restore(int meshHead, int skeletonHead, const RigParams& params);
  /// Only the skeleton head (a new skeleton file: its joints are other joints).
  void restoreSkeletonHead(int joint) { skeletonHead_ = joint; }

 signals:
  void meshHeadChanged(int weldedVertex);
  void skeletonHeadChanged(int joint);
  void paramsChanged(const rw::RigParams& params);

 private:
  int meshHead_ = -1;
  int skeletonHead_ = -1;
  RigParams params_;
};

}  // namespace rw::ui
