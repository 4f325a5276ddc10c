// The rig project as a document (ui/rig_document.h): undo commands change the heads and
// parameters, opening files replaces the inputs, the project file is read from and written to
// it. No window, no display.
#include <gtest/gtest.h>

#include <QFile>
#include <QTemporaryDir>
#include <QUndoStack>
#include <vector>

#include "character.h"
#include "project_file.h"
#include "rig_document.h"
#include "undo_commands.h"

using namespace rw;
using namespace rw::ui;

TEST(RigDocument, HeadCommandsEditTheDocumentAndUndo) {
  RigDocument edits;
  std::vector<int> meshHeads, skeletonHeads;
  QObject::connect(&edits, &RigDocument::meshHeadChanged, [&](int v) { meshHeads.push_back(v); });
  QObject::connect(&edits, &RigDocument::skeletonHeadChanged,
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

TEST(RigDocument, ADraggedParameterIsOneUndoStep) {
  RigDocument edits;
  int changes = 0;
  QObject::connect(&edits, &RigDocument::paramsChanged, [&](const RigParams&) { ++changes; });
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

TEST(RigDocument, RestoringADocumentIsSilentAndSettingTheSameValueIsNoEdit) {
  RigDocument edits;
  int emitted = 0;
  QObject::connect(&edits, &RigDocument::meshHeadChanged, [&](int) { ++emitted; });
  QObject::connect(&edits, &RigDocument::paramsChanged, [&](const RigParams&) { ++emitted; });
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

namespace {

/// A character with `bones` joints in a chain (names j0, j1, …) and, if asked, one triangle.
std::shared_ptr<const Character> characterWith(int bones, bool mesh) {
  auto c = std::make_shared<Character>();
  for (int i = 0; i < bones; ++i) {
    Joint j;
    j.name = "j" + std::to_string(i);
    j.parent = i - 1;
    c->skeleton.joints.push_back(j);
  }
  if (mesh) {
    c->mesh.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    c->mesh.triangles = {{0, 1, 2}};
  }
  return c;
}

}  // namespace

TEST(RigDocument, ANewMeshIsANewDocumentUnlessAProjectBringsItsInputs) {
  RigDocument doc;
  const auto mesh = characterWith(2, true);
  doc.openMesh({"/data/a.obj", mesh}, false);
  EXPECT_TRUE(doc.hasMesh());
  // The mesh file's own skeleton is the source until a skeleton file is opened.
  EXPECT_EQ(doc.sourceSkeleton().get(), &mesh->skeleton);
  const auto skeleton = characterWith(5, false);
  doc.openSkeletonFile({"/data/rig.fbx", skeleton});
  doc.openMotion({"/data/walk.bvh", characterWith(3, false)});
  EXPECT_EQ(doc.sourceSkeleton().get(), &skeleton->skeleton);
  doc.restore(7, 4, doc.params());
  doc.setRetarget(true);

  // A project being opened keeps the skeleton and motion it loads beside the mesh.
  doc.openMesh({"/data/b.obj", characterWith(0, true)}, true);
  EXPECT_TRUE(doc.skeletonFile());
  EXPECT_TRUE(doc.motion());
  EXPECT_EQ(doc.meshHead(), -1);
  EXPECT_EQ(doc.skeletonHead(), -1);
  EXPECT_FALSE(doc.retarget());

  // Otherwise the previous character's skeleton and motion go with it.
  doc.openMesh({"/data/c.obj", characterWith(0, true)}, false);
  EXPECT_FALSE(doc.skeletonFile());
  EXPECT_FALSE(doc.motion());
  EXPECT_EQ(doc.sourceSkeleton(), nullptr);
}

TEST(RigDocument, ANewSkeletonFileSendsTheSkeletonHeadBackToAuto) {
  RigDocument doc;
  doc.openMesh({"/data/a.obj", characterWith(0, true)}, false);
  doc.openSkeletonFile({"/data/rig.fbx", characterWith(5, false)});
  doc.restore(3, 2, doc.params());
  doc.openSkeletonFile({"/data/other.fbx", characterWith(5, false)});
  EXPECT_EQ(doc.skeletonHead(), -1);
  EXPECT_EQ(doc.meshHead(), 3);
}

TEST(RigDocument, TheProjectNamesTheSkeletonHeadAndRestoresIt) {
  RigDocument doc;
  doc.openMesh({"/data/a.obj", characterWith(0, true)}, false);
  doc.openSkeletonFile({"/data/rig.fbx", characterWith(5, false)});
  RigParams params;
  params.placement.gammaAngle = 0.25;
  doc.restore(11, 3, params);
  doc.setRetarget(true);
  const Project saved = doc.project();
  EXPECT_EQ(saved.meshPath, "/data/a.obj");
  EXPECT_EQ(saved.skeletonPath, "/data/rig.fbx");
  EXPECT_TRUE(saved.motionPath.isEmpty());
  EXPECT_EQ(saved.skeletonHead, "j3");  // by name: indices change when the file is re-exported
  EXPECT_EQ(saved.meshHead, 11);
  EXPECT_TRUE(saved.retarget);

  RigDocument reopened;
  reopened.openMesh({"/data/a.obj", characterWith(0, true)}, true);
  reopened.openSkeletonFile({"/data/rig.fbx", characterWith(5, false)});
  EXPECT_TRUE(reopened.restoreProject(saved).isEmpty());
  EXPECT_EQ(reopened.skeletonHead(), 3);
  EXPECT_EQ(reopened.meshHead(), 11);
  EXPECT_TRUE(reopened.retarget());
  EXPECT_TRUE(reopened.params() == params);

  // A skeleton head the skeleton no longer has is reported and falls back to auto.
  Project renamed = saved;
  renamed.skeletonHead = "Head_old";
  EXPECT_EQ(reopened.restoreProject(renamed), "Head_old");
  EXPECT_EQ(reopened.skeletonHead(), -1);
  // A project cannot retarget without a skeleton.
  RigDocument bare;
  bare.openMesh({"/data/a.obj", characterWith(0, true)}, false);
  bare.restoreProject(saved);
  EXPECT_FALSE(bare.retarget());
}

// The project keeps the artist's edits by joint name (pins, rolls, painted weights): written and
// read back equal, and a broken roll names its field.
TEST(ProjectFile, EditsByNameRoundTripAndABadRollIsNamed) {
  QTemporaryDir dir;
  ASSERT_TRUE(dir.isValid());
  rw::ui::Project p;
  p.meshPath = dir.filePath(QStringLiteral("mesh.obj"));
  p.pins = {{QStringLiteral("shin.L"), Eigen::Vector3d(0.1, -0.5, 0.2)}};
  p.rolls = {{QStringLiteral("upperarm.L"), 35.0}, {QStringLiteral("upperarm.R"), -35.0}};
  p.painted[10] = {{QStringLiteral("thigh.L"), 0.6}, {QStringLiteral("shin.L"), 0.4}};
  const QString path = dir.filePath(QStringLiteral("edited.rwproj"));
  ASSERT_FALSE(rw::ui::writeProject(p, path));
  const rw::Expected<rw::ui::Project> back = rw::ui::readProject(path);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back->rolls, p.rolls);
  EXPECT_EQ(back->pins, p.pins);
  EXPECT_EQ(back->painted, p.painted);
  // The fuzzer's seed of an edited project reads too.
  const auto seed =
      rw::ui::readProject(QStringLiteral(RIGWRIGHT_SOURCE_DIR "/fuzz/seeds/project/edited.rwproj"));
  ASSERT_TRUE(seed.ok()) << seed.error().message;
  EXPECT_EQ(seed->rolls.size(), 2u);
  QFile file(path);
  ASSERT_TRUE(file.open(QIODevice::ReadOnly));
  QByteArray text = file.readAll();
  file.close();
  text.replace("\"degrees\": 35.0", "\"degrees\": \"a lot\"");
  ASSERT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
  file.write(text);
  file.close();
  const rw::Expected<rw::ui::Project> bad = rw::ui::readProject(path);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("rolls[0].degrees"), std::string::npos) << bad.error().message;
}

// Issue 23: the placement method is a project parameter: written and read back, missing in an
// older project (the retarget), and an unknown one names its field.
TEST(ProjectFile, ThePlacementMethodRoundTripsAndAnUnknownOneIsNamed) {
  QTemporaryDir dir;
  ASSERT_TRUE(dir.isValid());
  rw::ui::Project p;
  p.meshPath = dir.filePath(QStringLiteral("mesh.obj"));
  p.params.method = rw::RigMethod::Auto;
  const QString path = dir.filePath(QStringLiteral("method.rwproj"));
  ASSERT_FALSE(rw::ui::writeProject(p, path));
  const rw::Expected<rw::ui::Project> back = rw::ui::readProject(path);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back->params.method, rw::RigMethod::Auto);
  EXPECT_TRUE(back->params == p.params);

  QFile file(path);
  ASSERT_TRUE(file.open(QIODevice::ReadOnly));
  const QByteArray text = file.readAll();
  file.close();
  ASSERT_TRUE(text.contains("\"method\": \"auto\"")) << text.toStdString();
  for (const auto& [replacement, expectOk] :
       {std::pair<QByteArray, bool>{"", true}, {"\"method\": \"pinocchio\",", false}}) {
    QByteArray edited = text;
    edited.replace("\"method\": \"auto\",", replacement);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(edited);
    file.close();
    const rw::Expected<rw::ui::Project> read = rw::ui::readProject(path);
    ASSERT_EQ(read.ok(), expectOk) << edited.toStdString();
    if (expectOk)
      EXPECT_EQ(read->params.method, rw::RigMethod::Retarget);
    else
      EXPECT_NE(read.error().message.find("parameters.method"), std::string::npos)
          << read.error().message;
  }
}
