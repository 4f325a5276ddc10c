// Our glTF files judged by the Khronos glTF validator (npm gltf-validator, installed under
// tools/npm by scripts/setup.sh; missing is a failure, never a skip): 0 errors and 0 warnings
// on every kind of character we write, as .glb and as .gltf + .bin:
//   * BCN with CMU 01_01 retargeted onto it, as `animate` makes it (2 clips, 2752 frames);
//   * Testwuson with its own three clips (a one-key pose among them) and its root motion;
//   * human.zae rigged by `autorig` (head auto), bone-heat skinned, the walk retargeted onto it;
//   * the walk alone (a skeleton and a clip, no mesh), as `animate` writes for a bare rig;
//   * a grid of 68K vertices, past the 16-bit index limit (UNSIGNED_INT indices).
// Besides the validator's verdict, the file's structure is checked against the character: one
// node per joint plus the mesh node at the scene root, every joint in the skin, one animation
// per clip, no extension, 4-byte aligned views without byteStride, index width by vertex count.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "autorig/autorig.h"
#include "field/head_vertex.h"
#include "io/export/export_character.h"
#include "io/export_checks.h"
#include "io/import_character.h"
#include "skin/bone_heat.h"
#include "support/procedural_meshes.h"
#include "support/real_models.h"
#include "support/retarget_runs.h"
#include "support/run_process.h"

using namespace rw;
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr int kUnsignedShort = 5123, kUnsignedInt = 5125;

std::string readAll(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

/// The JSON of a .gltf, or of a .glb's first chunk.
json documentOf(const std::string& file) {
  const std::string bytes = readAll(file);
  if (fs::path(file).extension() == ".gltf") return json::parse(bytes);
  std::uint32_t header[5] = {};
  EXPECT_GE(bytes.size(), sizeof header);
  if (bytes.size() < sizeof header) return json();
  std::memcpy(header, bytes.data(), sizeof header);
  EXPECT_EQ(header[0], 0x46546C67u) << "glTF magic";
  EXPECT_EQ(header[2], bytes.size()) << "GLB length";
  EXPECT_EQ(header[4], 0x4E4F534Au) << "first chunk is JSON";
  return json::parse(bytes.substr(20, header[3]));
}

/// What the file must say about `c` beyond what the validator checks.
void expectStructure(const Character& c, const json& doc) {
  EXPECT_FALSE(doc.contains("extensionsUsed")) << doc.value("extensionsUsed", json());
  EXPECT_FALSE(doc.contains("extensionsRequired"));
  const bool hasMesh = !c.mesh.source.triangles.empty();
  // The joints, the mesh, and a plain node holding a skeleton's several roots.
  const bool container = c.skeleton.roots().size() > 1;
  EXPECT_EQ(doc["nodes"].size(),
            std::size_t(c.skeleton.size()) + (hasMesh ? 1 : 0) + (container ? 1 : 0));
  for (int j = 0; j < c.skeleton.size(); ++j)
    EXPECT_EQ(doc["nodes"][j]["name"], c.skeleton.joints[j].name);
  EXPECT_EQ(doc.value("animations", json::array()).size(), c.clips.size());
  for (std::size_t a = 0; a < c.clips.size() && a < doc["animations"].size(); ++a)
    EXPECT_EQ(doc["animations"][a]["name"], c.clips[a].name);
  for (const json& view : doc["bufferViews"]) {
    EXPECT_EQ(view["byteOffset"].get<std::size_t>() % 4, 0u);
    EXPECT_FALSE(view.contains("byteStride"));
  }
  if (!hasMesh) return;
  // The skinned mesh node is a scene root, and no node has it as a child.
  int meshNode = -1;
  for (std::size_t n = 0; n < doc["nodes"].size(); ++n)
    if (doc["nodes"][n].contains("mesh")) meshNode = int(n);
  ASSERT_GE(meshNode, 0);
  const json& roots = doc["scenes"][0]["nodes"];
  EXPECT_NE(std::find(roots.begin(), roots.end(), meshNode), roots.end());
  for (const json& node : doc["nodes"])
    for (const json& child : node.value("children", json::array())) EXPECT_NE(child, meshNode);
  EXPECT_EQ(doc["skins"][0]["joints"].size(), std::size_t(c.skeleton.size()));
  std::size_t vertices = 0;
  for (const json& primitive : doc["meshes"][0]["primitives"]) {
    const json& attributes = primitive["attributes"];
    EXPECT_TRUE(attributes.contains("JOINTS_0") && attributes.contains("WEIGHTS_0"));
    const std::size_t count = doc["accessors"][attributes["POSITION"].get<int>()]["count"];
    const int indexType = doc["accessors"][primitive["indices"].get<int>()]["componentType"];
    EXPECT_EQ(indexType, count > 65535 ? kUnsignedInt : kUnsignedShort) << count << " vertices";
    vertices += count;
  }
  EXPECT_EQ(vertices, c.mesh.source.positions.size()) << "the file's own vertices";
}

/// Writes `c` as NAME.glb and NAME.gltf and checks both.
void writeAndValidate(const Character& c, const std::string& name) {
  const fs::path dir = test::scratchFolder("gltf-validator");
  for (const char* ext : {".glb", ".gltf"}) {
    const std::string file = (dir / (name + ext)).string();
    SCOPED_TRACE(file);
    ASSERT_FALSE(exportCharacter(c, file).has_value());
    const json report = test::validateGltf(file);
    ASSERT_TRUE(report.is_object()) << "no validator report";
    std::cout << file << ": " << report.dump() << "\n";
    EXPECT_EQ(report["errors"], 0) << report["messages"];
    // Not one warning: the file needs no excuse (the FB_ngon_encoding extension Assimp's
    // exporter added drew the warnings this writer replaces).
    EXPECT_EQ(report["warnings"], 0) << report["messages"];
    expectStructure(c, documentOf(file));
  }
  fs::remove_all(dir);
}

}  // namespace

TEST(GltfValidator, BcnWithTheRetargetedWalk) {
  Character bcn;
  ASSERT_TRUE(test::loadModel("X/BCN_Epileptic.X", bcn));
  ASSERT_NO_FATAL_FAILURE(test::addRetargetedClip(bcn, "BVH/01_01.bvh"));
  ASSERT_EQ(bcn.clips.size(), 2u);
  writeAndValidate(bcn, "bcn_walk");
}

TEST(GltfValidator, TestwusonWithItsOwnClips) {
  Character wuson;
  ASSERT_TRUE(test::loadModel("X/Testwuson.X", wuson));
  ASSERT_EQ(wuson.clips.size(), 3u);
  writeAndValidate(wuson, "testwuson");
}

TEST(GltfValidator, AutorigSkinnedHumanWithTheWalk) {
  Character human;
  ASSERT_TRUE(test::loadModel("Collada/human.zae", human));
  const Expected<int> head = resolveHeadVertex(human.mesh, "auto");
  ASSERT_TRUE(head) << head.error().message;
  Expected<AutorigResult> rig = autorig(human.mesh, *head);
  ASSERT_TRUE(rig) << rig.error().message;
  human.skeleton = rig->skeleton;
  human.clips.clear();
  Expected<BoneHeatResult> heat = boneHeatWeights(human.mesh, human.skeleton);
  ASSERT_TRUE(heat) << heat.error().message;
  human.skin = heat->weights;
  ASSERT_NO_FATAL_FAILURE(test::addRetargetedClip(human, "BVH/01_01.bvh"));
  writeAndValidate(human, "human_autorig");
}

TEST(GltfValidator, ASkeletonWithSeveralRootsSharesOneRootNode) {
  // Studio rigs keep IK targets and props as roots of their own beside the body (8 of the
  // corpus's 27 animals): a skin whose joints have no common root is a validator error.
  Character bcn;
  ASSERT_TRUE(test::loadModel("X/BCN_Epileptic.X", bcn));
  Joint target;
  target.name = "foot_ik.L";
  target.deform = false;
  target.restLocal = Eigen::Translation3d(0.1, 0.0, 0.05);
  bcn.skeleton.joints.push_back(target);
  ASSERT_EQ(bcn.skeleton.roots().size(), 2u);
  writeAndValidate(bcn, "bcn_two_roots");
  // Read back, the container is no bone: the same joints, the same two roots.
  const fs::path file = fs::path(test::scratchFolder("gltf-two-roots")) / "bcn.glb";
  ASSERT_FALSE(exportCharacter(bcn, file.string()).has_value());
  const json doc = documentOf(file.string());
  const json& armature = doc["nodes"][doc["skins"][0]["skeleton"].get<int>()];
  EXPECT_EQ(armature["name"], "Armature");
  EXPECT_EQ(armature["children"].size(), 2u);
  Expected<Character> back = importCharacter(file.string());
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_EQ(back->skeleton.size(), bcn.skeleton.size());
  EXPECT_EQ(back->skeleton.roots().size(), 2u);
  fs::remove_all(file.parent_path());
}

TEST(GltfValidator, WalkWithoutMesh) {
  Character walk;
  ASSERT_TRUE(test::loadModel("BVH/01_01.bvh", walk));
  ASSERT_TRUE(walk.mesh.source.triangles.empty());
  writeAndValidate(walk, "walk");
}

TEST(GltfValidator, MeshPastTheShortIndexLimit) {
  // A 260 x 260 quad grid: 68121 vertices, bent by two joints along X with a one-second clip.
  Character c;
  c.mesh = buildMesh(test::grid(260));
  ASSERT_GT(c.mesh.source.positions.size(), 65535u);
  Joint base, tip;
  base.name = "base";
  tip.name = "tip";
  tip.parent = 0;
  tip.restLocal = Eigen::Translation3d(0.5, 0, 0);
  c.skeleton.joints = {base, tip};
  const Eigen::AlignedBox3d box = c.mesh.bounds();
  for (const Eigen::Vector3d& p : c.mesh.source.positions) {
    const double u = (p.x() - box.min().x()) / (box.max().x() - box.min().x());
    c.skin.perVertex.push_back({{1, u}, {0, 1 - u}});
  }
  c.skin.normalize();
  AnimationClip bend;
  bend.name = "bend";
  bend.duration = 1.0;
  JointChannel ch;
  ch.joint = 1;
  for (double t : {0.0, 0.5, 1.0})
    ch.rotation.push_back({t, Eigen::Quaterniond(Eigen::AngleAxisd(t, Eigen::Vector3d::UnitZ()))});
  bend.channels.push_back(ch);
  c.clips.push_back(bend);
  writeAndValidate(c, "grid");
}
