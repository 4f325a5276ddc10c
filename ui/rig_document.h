#pragma once
// The rig project as a document (Qt's Undo Framework example: commands edit the document, views
// follow it): the input files (mesh, skeleton, motion) with what was read from them, whether the
// skeleton is retargeted into the mesh, the head nodes (-1: automatic) and the pipeline's
// parameters. Undo commands (undo_commands.h) change the heads and parameters, which emit; the
// window listens, re-runs the pipeline and shows the result. Files are read elsewhere (on
// workers); the document only holds what was read, so it needs no window and no display.
#include <QObject>
#include <QString>
#include <memory>

#include "project_file.h"
#include "session/rig_session.h"
#include "skin/weight_paint.h"

namespace rw {
struct Character;
struct Skeleton;
}  // namespace rw

namespace rw::ui {

/// One input file and what was read from it.
struct InputFile {
  QString path;
  std::shared_ptr<const Character> character;
  explicit operator bool() const { return character != nullptr; }
};

class RigDocument : public QObject {
  Q_OBJECT

 public:
  explicit RigDocument(QObject* parent = nullptr) : QObject(parent) {}

  const InputFile& mesh() const { return mesh_; }
  const InputFile& skeletonFile() const { return skeletonFile_; }
  const InputFile& motion() const { return motion_; }
  bool retarget() const { return retarget_; }
  int meshHead() const { return meshHead_; }
  int skeletonHead() const { return skeletonHead_; }
  const RigParams& params() const { return params_; }
  /// Weights painted by hand (never null; empty: none), put over the automatic ones.
  const std::shared_ptr<const PaintedWeights>& paintedWeights() const { return painted_; }
  /// The character the source skeleton was read with (sourceSkeleton's owner), or null.
  std::shared_ptr<const Character> skeletonCharacter() const;
  /// The skeleton the rig is made from: the skeleton file's, else the mesh file's own.
  std::shared_ptr<const Skeleton> sourceSkeleton() const;
  /// True when a mesh with triangles is open (the pipeline can run).
  bool hasMesh() const;

  /// Edits (undoable through undo_commands.h): each emits its signal when the value changes.
  void setMeshHead(int weldedVertex);
  void setSkeletonHead(int joint);
  void setParams(const RigParams& params);
  void setPaintedWeights(std::shared_ptr<const PaintedWeights> painted);

  /// A new mesh is a new document: heads back to auto, not retargeted; the skeleton and motion
  /// chosen for the previous mesh go too unless `keepOtherInputs` (a project being opened
  /// brings its own). The parameters stay: they are the user's working settings.
  void openMesh(InputFile mesh, bool keepOtherInputs);
  /// A new skeleton file: its joints are other joints, so the skeleton head goes back to auto.
  void openSkeletonFile(InputFile skeleton);
  void openMotion(InputFile motion);
  /// Forgets the skeleton and motion files (a project replaces them).
  void clearSkeletonAndMotion();
  void setRetarget(bool retarget) { retarget_ = retarget; }

  /// Replaces the edits without signals (an opened project): what the window loads it shows
  /// itself, and the undo history starts again.
  void restore(int meshHead, int skeletonHead, const RigParams& params);
  /// The project's edits applied to the files already open (their paths must be the
  /// project's). Returns the project's skeleton head name when no joint has it (then auto).
  QString restoreProject(const Project& project);
  /// What the project file holds for this document (the display level is the window's).
  Project project() const;

 signals:
  void meshHeadChanged(int weldedVertex);
  void skeletonHeadChanged(int joint);
  void paramsChanged(const rw::RigParams& params);
  void paintedWeightsChanged();

 private:
  InputFile mesh_, skeletonFile_, motion_;
  bool retarget_ = false;
  int meshHead_ = -1;
  int skeletonHead_ = -1;
  RigParams params_;
  std::shared_ptr<const PaintedWeights> painted_ = std::make_shared<const PaintedWeights>();
};

}  // namespace rw::ui
