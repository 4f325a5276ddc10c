// The rig project's edits as a document (ui/rig_edits.h): undo commands change the document,
// the window only follows its emitted. No window, no display.
#include <gtest/gtest.h>

#include <QUndoStack>
#include <vector>

#include "rig_edits.h"
#include "undo_commands.h"

using namespace rw;
using namespace rw::ui;

TEST(RigEdits, HeadCommandsEditTheDocumentAndUndo) {
  RigEdits edits;
  std::vector<int> meshHeads, skeletonHeads;
  QObject::connect(&edits, &RigEdits::meshHeadChanged, [&](int v) { meshHeads.push_back(v); });
  QObject::connect(&edits, &RigEdits::skeletonHeadChanged,
                   [&](int j) { skeletonHeads.push_back(j); });
  QUndoStack undo;
  undo.push(new SetHeadCommand(&edits, CommandId::MeshHead, "mesh head", -1, 446));
  undo.push(new SetHeadCommand(&edits, CommandId::SkeletonHead, "skeleton head", -1, 5));
  EXPECT_EQ(edits.meshHead(), 446);
  EXPECT_EQ(edits.skeletonHead(), 5);
  undo.undo();
  EXPECT_EQ(edits.skeletonHead(), -1);
  EXPECT_EQ(edits.meshHead(), 446);
  undo.undo();
  EXPECT_EQ(edits.meshHead(), -1);
  undo.redo();
  EXPECT_EQ(edits.meshHead(), 446);
  EXPECT_EQ(meshHeads, (std::vector<int>{446, -1, 446}));
  EXPECT_EQ(skeletonHeads, (std::vector<int>{5, -1}));
}

TEST(RigEdits, ADraggedParameterIsOneUndoStep) {
  RigEdits edits;
  int changes = 0;
  QObject::connect(&edits, &RigEdits::paramsChanged, [&](const RigParams&) { ++changes; });
  const RigParams start = edits.params();
  RigParams a = start, b = start;
  a.placement.gammaAngle = 2.0;
  b.placement.gammaAngle = 3.0;
  QUndoStack undo;
  undo.push(new SetParamsCommand(&edits, "gammaAngle", "γθ angle", start, a));
  undo.push(new SetParamsCommand(&edits, "gammaAngle", "γθ angle", a, b));
  EXPECT_EQ(undo.count(), 1);
  EXPECT_EQ(undo.undoText(), QString::fromUtf8("Change γθ angle"));
  EXPECT_EQ(edits.params().placement.gammaAngle, 3.0);
  undo.undo();
  EXPECT_TRUE(edits.params() == start);
  EXPECT_EQ(changes, 3);
}

TEST(RigEdits, RestoringADocumentIsSilentAndSettingTheSameValueIsNoEdit) {
  RigEdits edits;
  int emitted = 0;
  QObject::connect(&edits, &RigEdits::meshHeadChanged, [&](int) { ++emitted; });
  QObject::connect(&edits, &RigEdits::paramsChanged, [&](const RigParams&) { ++emitted; });
  RigParams p;
  p.placement.gammaLength = 0.5;
  edits.restore(12, 3, p);
  EXPECT_EQ(edits.meshHead(), 12);
  EXPECT_EQ(edits.skeletonHead(), 3);
  EXPECT_TRUE(edits.params() == p);
  edits.setMeshHead(12);
  edits.setParams(p);
  EXPECT_EQ(emitted, 0);
}
