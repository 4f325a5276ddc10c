#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>

#include "io/rig_json.h"
#include "motion/animation_clip.h"

using namespace rw;
using nlohmann::json;

namespace {

RigDocument sampleRig() {
  RigDocument rig;
  Skeleton& s = rig.skeleton;
  s.joints.push_back(
      {"hips", -1, compose({0, 1, 0}, Eigen::Quaterniond::Identity(), {1, 1, 1}), true, {}});
  s.joints.push_back(
      {"thigh.L", 0,
       compose({0.1, -0.1, 0}, Eigen::Quaterniond(Eigen::AngleAxisd(0.3, Eigen::Vector3d::UnitX())),
               {1, 1, 1}),
       true, Eigen::Vector3d(0.1, 0.5, 0)});
  s.joints.push_back({"foot_ik.L",
                      -1,
                      compose({0.1, 0, 0}, Eigen::Quaterniond::Identity(), {1, 1, 1}),
                      false,
                      {}});
  s.joints.push_back({"knee_pole.L",
                      -1,
                      compose({0.1, 0.5, 0.5}, Eigen::Quaterniond::Identity(), {1, 1, 1}),
                      false,
                      {}});
  s.constraints.push_back({ConstraintType::IK, 1, 2, 3, 2, 1.0, -M_PI / 2});
  rig.meshPath = "/models/human.blend";
  rig.meshHeadVertex = 42;
  rig.skeletonHeadJoint = "hips";
  rig.symmetryTags["thigh.L"] = {"axial", "left", 0};
  rig.symmetryTags["hips"] = {"primary", "", 0};
  rig.jointMap["LeftUpLeg"] = "thigh.L";
  rig.parameters = {{"gamma_angle", 1.0}, {"levels", 10}};
  return rig;
}

Expected<RigDocument> parse(json j) {
  return rigFromJson(j, "rig.json");
}

std::string errorOf(json j) {
  auto r = parse(std::move(j));
  return r ? std::string("(no error)") : r.error().message;
}

}  // namespace

TEST(RigJson, RoundTripKeepsEverything) {
  const RigDocument rig = sampleRig();
  const auto back = parse(rigToJson(rig));
  ASSERT_TRUE(back) << back.error().message;
  ASSERT_EQ(back->skeleton.size(), rig.skeleton.size());
  for (int i = 0; i < rig.skeleton.size(); ++i) {
    const Joint& a = rig.skeleton.joints[i];
    const Joint& b = back->skeleton.joints[i];
    EXPECT_EQ(a.name, b.name);
    EXPECT_EQ(a.parent, b.parent);
    EXPECT_EQ(a.deform, b.deform);
    EXPECT_TRUE(a.restLocal.matrix().isApprox(b.restLocal.matrix(), 1e-12)) << a.name;
    EXPECT_EQ(a.tail.has_value(), b.tail.has_value());
  }
  ASSERT_EQ(back->skeleton.constraints.size(), 1u);
  const Constraint& c = back->skeleton.constraints[0];
  EXPECT_EQ(c.type, ConstraintType::IK);
  EXPECT_EQ(c.owner, 1);
  EXPECT_EQ(c.target, 2);
  EXPECT_EQ(c.pole, 3);
  EXPECT_EQ(c.chainLength, 2);
  EXPECT_NEAR(c.poleAngle, -M_PI / 2, 1e-12);
  EXPECT_EQ(back->meshHeadVertex, 42);
  EXPECT_EQ(back->skeletonHeadJoint, "hips");
  EXPECT_EQ(back->symmetryTags, rig.symmetryTags);
  EXPECT_EQ(back->jointMap, rig.jointMap);
  EXPECT_EQ(back->parameters, rig.parameters);
  EXPECT_EQ(back->meshPath, rig.meshPath);
}

TEST(RigJson, FileRoundTripIsAtomic) {
  const std::string path =
      std::filesystem::temp_directory_path() / ("rw-rig-" + std::to_string(getpid()) + ".json");
  ASSERT_FALSE(writeRigJson(sampleRig(), path).has_value());
  const auto back = readRigJson(path);
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_EQ(back->skeleton.size(), 4);
  std::filesystem::remove(path);
}

TEST(RigJson, ValidationNamesFileAndField) {
  const json good = rigToJson(sampleRig());
  EXPECT_NE(errorOf(json::array()).find("rig.json: top level"), std::string::npos);

  json j = good;
  j["format"] = "something-else";
  EXPECT_NE(errorOf(j).find("not a Rigwright rig"), std::string::npos);

  j = good;
  j["version"] = kRigJsonVersion + 1;
  EXPECT_NE(errorOf(j).find("newer Rigwright"), std::string::npos);

  j = good;
  j["skeleton"]["joints"][1]["parent"] = "nobody";
  EXPECT_NE(errorOf(j).find("skeleton.joints[1].parent"), std::string::npos) << errorOf(j);

  j = good;
  j["skeleton"]["joints"][1]["rest"]["rotation"] = json::array({0, 0, 0, 0});
  EXPECT_NE(errorOf(j).find("zero quaternion"), std::string::npos);

  j = good;
  j["skeleton"]["joints"][0]["rest"]["translation"] = json::array({1, "x", 3});
  EXPECT_NE(errorOf(j).find("skeleton.joints[0].rest.translation[1]"), std::string::npos)
      << errorOf(j);

  j = good;
  j["skeleton"]["joints"][2]["name"] = "hips";
  EXPECT_NE(errorOf(j).find("used twice"), std::string::npos);

  j = good;
  j["skeleton"]["constraints"][0]["pole"] = "ghost";
  EXPECT_NE(errorOf(j).find("constraints[0].pole"), std::string::npos);

  j = good;
  j["skeleton"]["joints"][1]["symmetry"]["tag"] = "diagonal";
  EXPECT_NE(errorOf(j).find("symmetry.tag"), std::string::npos);

  j = good;
  j["heads"]["skeleton_joint"] = "ghost";
  EXPECT_NE(errorOf(j).find("heads.skeleton_joint"), std::string::npos);

  j = good;
  j["joint_map"]["LeftArm"] = "ghost";
  EXPECT_NE(errorOf(j).find("joint_map.LeftArm"), std::string::npos);
}

TEST(RigJson, NotJsonAndMissingFileAreErrors) {
  const std::string path =
      std::filesystem::temp_directory_path() / ("rw-bad-" + std::to_string(getpid()) + ".json");
  {
    std::ofstream f(path);
    f << "{ \"format\": \"rigwright-rig\", ";  // truncated
  }
  auto r = readRigJson(path);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find(path + ": not valid JSON"), std::string::npos);
  std::filesystem::remove(path);
  EXPECT_FALSE(readRigJson(path));
}

// Issue 25: finite in, finite out. Magnitudes beyond a character's, names too long or with
// control bytes are read errors naming the field; a rig holding NaN is never written (nlohmann
// would write null, which our own reader then rejects).
TEST(RigJson, LimitsOnReadAndNoNonFiniteWrite) {
  const json good = rigToJson(sampleRig());
  json j = good;
  j["skeleton"]["joints"][1]["rest"]["translation"][2] = 1e300;
  EXPECT_NE(errorOf(j).find("skeleton.joints[1].rest.translation[2]: 1e+300 is out of range"),
            std::string::npos)
      << errorOf(j);
  j = good;
  j["skeleton"]["joints"][1]["rest"]["scale"] = json::array({1, 0, 1});
  EXPECT_NE(errorOf(j).find("a scale near zero"), std::string::npos) << errorOf(j);
  j = good;
  j["skeleton"]["joints"][1]["name"] = std::string(300, 'a');
  EXPECT_NE(errorOf(j).find("a name of 300 bytes"), std::string::npos) << errorOf(j);
  j = good;
  j["skeleton"]["joints"][1]["name"] = "spine\x1b[2J";
  EXPECT_NE(errorOf(j).find("spine\\x1b[2J' holds a control character"), std::string::npos)
      << errorOf(j);
  j = good;
  j["skeleton"]["constraints"][0]["influence"] = "full";
  EXPECT_NE(errorOf(j).find("constraints[0].influence: expected a number, found string"),
            std::string::npos)
      << errorOf(j);

  RigDocument rig = sampleRig();
  rig.skeleton.joints[2].restLocal.translation().x() = std::nan("");
  const std::string path =
      std::filesystem::temp_directory_path() / ("rw-nan-" + std::to_string(getpid()) + ".json");
  const Status bad = writeRigJson(rig, path);
  ASSERT_TRUE(bad.has_value());
  EXPECT_NE(bad->message.find(path + ": not written: skeleton.joints[2].rest.translation[0]"),
            std::string::npos)
      << bad->message;
  EXPECT_FALSE(std::filesystem::exists(path));
}

// The rig file streams its skin section (appendSkinJsonText): read back, the file is the document
// rigToJson builds, weight for weight, whatever the joint names hold; a weight that is not
// finite names its vertex and writes nothing.
TEST(RigJson, TheStreamedSkinReadsBackAsTheDocument) {
  RigDocument rig = sampleRig();
  rig.skeleton.joints[3].name = "pole \"L\" \\ 1";
  SkinWeights skin;
  skin.perVertex = {{{0, 0.1 + 0.2}, {3, 1.0 - (0.1 + 0.2)}},
                    {},
                    {{3, 1.0}},
                    {{0, 5e-324}, {3, 0.123456789012345678}}};
  rig.skin = skin;
  const std::string path =
      std::filesystem::temp_directory_path() / ("rw-skin-" + std::to_string(getpid()) + ".json");
  ASSERT_FALSE(writeRigJson(rig, path).has_value());
  std::ifstream in(path);
  EXPECT_EQ(json::parse(in), rigToJson(rig));
  const Expected<RigDocument> back = readRigJson(path);
  ASSERT_TRUE(back) << back.error().message;
  ASSERT_TRUE(back->skin.has_value());
  ASSERT_EQ(back->skin->perVertex.size(), 4u);
  for (std::size_t v = 0; v < 4; ++v) {
    ASSERT_EQ(back->skin->perVertex[v].size(), skin.perVertex[v].size()) << v;
    for (std::size_t i = 0; i < skin.perVertex[v].size(); ++i) {
      EXPECT_EQ(back->skin->perVertex[v][i].joint, skin.perVertex[v][i].joint);
      EXPECT_EQ(back->skin->perVertex[v][i].weight, skin.perVertex[v][i].weight);
    }
  }
  rig.skin->perVertex[2][0].weight = std::numeric_limits<double>::infinity();
  std::filesystem::remove(path);
  const Status bad = writeRigJson(rig, path);
  ASSERT_TRUE(bad.has_value());
  EXPECT_NE(bad->message.find(path + ": not written: skin.vertices[2]"), std::string::npos)
      << bad->message;
  EXPECT_FALSE(std::filesystem::exists(path));
}
