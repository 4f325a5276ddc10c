#include "io/fbx/fbx_scene_writer.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>

#include "io/export/exportable.h"
#include "motion/animation_clip.h"

namespace rw::fbx {
namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kDegrees = 180.0 / kPi;
/// Object ids start at 1000000 (newId); the document takes one below them.
constexpr std::int64_t kDocumentId = 999999;

/// Object names in binary FBX are "name\0\1Class".
std::string objectName(const std::string& name, const char* fbxClass) {
  std::string out = name;
  out += '\0';
  out += '\x01';
  out += fbxClass;
  return out;
}

std::vector<double> matrixArray(const Transform& t) {
  const Eigen::Matrix4d m = t.matrix();
  return std::vector<double>(m.data(), m.data() + 16);  // column-major, translation at 12..14
}

std::int64_t ktime(double seconds) {
  return static_cast<std::int64_t>(std::llround(seconds * static_cast<double>(kKTimePerSecond)));
}

/// Builders of Properties70 entries ("P" records).
struct Props70 {
  Node& node;
  void add(const char* name, const char* type, const char* label, const char* flags,
           std::vector<Property> values) {
    std::vector<Property> p = {std::string(name), std::string(type), std::string(label),
                               std::string(flags)};
    for (Property& v : values) p.push_back(std::move(v));
    node.add("P", std::move(p));
  }
  void integer(const char* name, int v) { add(name, "int", "Integer", "", {std::int32_t(v)}); }
  void enumeration(const char* name, int v) { add(name, "enum", "", "", {std::int32_t(v)}); }
  void boolean(const char* name, bool v) { add(name, "bool", "", "", {std::int32_t(v ? 1 : 0)}); }
  void number(const char* name, double v) { add(name, "double", "Number", "", {v}); }
  void time(const char* name, std::int64_t v) { add(name, "KTime", "Time", "", {v}); }
  void vector(const char* name, const char* type, const Eigen::Vector3d& v,
              const char* flags = "A") {
    add(name, type, "", flags, {v.x(), v.y(), v.z()});
  }
};

class SceneBuilder {
 public:
  SceneBuilder(const Character& c, const SceneOptions& o) : c_(c), o_(o) {}

  std::vector<Node> build() {
    std::vector<Node> top;
    top.push_back(header());
    for (Node& record : fileIdentity()) top.push_back(std::move(record));
    top.push_back(globalSettings());
    top.push_back(documents());
    top.push_back(Node{"References", {}, {}});
    objects_.name = "Objects";
    connections_.name = "Connections";
    const std::int64_t meshModel = c_.mesh.source.positions.empty() ? 0 : writeMesh();
    writeSkeleton();
    if (meshModel != 0 && !c_.skin.empty()) writeSkin(meshModel);
    writeBindPose(meshModel);
    for (const AnimationClip& clip : c_.clips) writeClip(clip);
    top.push_back(definitions());
    top.push_back(std::move(objects_));
    top.push_back(std::move(connections_));
    return top;
  }

 private:
  const Character& c_;
  const SceneOptions& o_;
  Node objects_, connections_;
  std::int64_t nextId_ = 1000000;
  std::vector<std::int64_t> jointModel_;
  std::int64_t geometry_ = 0;
  std::map<std::string, int> counts_;

  std::int64_t newId() { return nextId_++; }
  Node& object(const char* type, std::int64_t id, const std::string& name, const char* fbxClass,
               const char* subclass) {
    ++counts_[type];
    return objects_.add(type, {id, objectName(name, fbxClass), std::string(subclass)});
  }
  void connect(std::int64_t child, std::int64_t parent) {
    connections_.add("C", {std::string("OO"), child, parent});
  }
  void connectProperty(std::int64_t child, std::int64_t parent, const char* property) {
    connections_.add("C", {std::string("OP"), child, parent, std::string(property)});
  }

  Node header() const {
    Node h{"FBXHeaderExtension", {}, {}};
    h.add("FBXHeaderVersion", {std::int32_t(1003)});
    h.add("FBXVersion", {std::int32_t(kFbxVersion)});
    h.add("EncryptionType", {std::int32_t(0)});
    h.add("Creator", {o_.creator});
    Node& info =
        h.add("SceneInfo", {objectName("GlobalInfo", "SceneInfo"), std::string("UserData")});
    info.add("Type", {std::string("UserData")});
    info.add("Version", {std::int32_t(100)});
    Node& meta = info.add("MetaData");
    meta.add("Version", {std::int32_t(100)});
    for (const char* field : {"Title", "Subject", "Author", "Keywords", "Revision", "Comment"})
      meta.add(field, {std::string()});
    Props70 p{info.add("Properties70")};
    p.add("Original|ApplicationName", "KString", "", "", {o_.creator});
    p.add("LastSaved|ApplicationName", "KString", "", "", {o_.creator});
    return h;
  }

  /// FileId and CreationTime: the FBX SDK checks the file's footer code against them and
  /// treats a file without them as empty. The pair (and kFooterId) is the fixed triple every
  /// public writer uses (Blender's among them); the SDK accepts it.
  std::vector<Node> fileIdentity() const {
    std::vector<Node> records;
    records.push_back(Node{"FileId", {Raw{std::string(kFileId.begin(), kFileId.end())}}, {}});
    records.push_back(Node{"CreationTime", {std::string(kCreationTime)}, {}});
    records.push_back(Node{"Creator", {o_.creator}, {}});
    return records;
  }

  /// One document whose root node is the scene root (object 0).
  Node documents() const {
    Node d{"Documents", {}, {}};
    d.add("Count", {std::int32_t(1)});
    Node& doc = d.add("Document", {kDocumentId, std::string("Scene"), std::string("Scene")});
    Props70 p{doc.add("Properties70")};
    p.add("SourceObject", "object", "", "", {});
    p.add("ActiveAnimStackName", "KString", "", "", {std::string()});
    doc.add("RootNode", {std::int64_t(0)});
    return d;
  }

  /// FBX has one frame rate per file: the highest of the clips', so that a reader that counts
  /// in frames (Assimp's ticks, Blender's scene rate) under-samples none of them; key times
  /// are exact whatever the rate.
  double fileFps() const {
    double fps = 0;
    for (const AnimationClip& clip : c_.clips)
      if (clip.framesPerSecond > 0) fps = std::max(fps, clip.framesPerSecond);
    return fps > 0 ? fps : 30.0;
  }

  Node globalSettings() const {
    Node g{"GlobalSettings", {}, {}};
    g.add("Version", {std::int32_t(1000)});
    Props70 p{g.add("Properties70")};
    p.integer("UpAxis", 1);
    p.integer("UpAxisSign", 1);
    p.integer("FrontAxis", 2);
    p.integer("FrontAxisSign", 1);
    p.integer("CoordAxis", 0);
    p.integer("CoordAxisSign", 1);
    p.integer("OriginalUpAxis", 1);
    p.integer("OriginalUpAxisSign", 1);
    // Centimetres per unit: 100 = a metre (Blender and Unity import it at scale 1), 1 = a
    // centimetre (Maya's and Unreal's unit).
    const double cm = 100.0 * c_.metresPerUnit;
    p.number("UnitScaleFactor", cm);
    p.number("OriginalUnitScaleFactor", cm);
    p.enumeration("TimeMode", 14);  // custom frame rate
    double duration = 0;
    for (const AnimationClip& clip : c_.clips) duration = std::max(duration, clip.duration);
    p.time("TimeSpanStart", 0);
    p.time("TimeSpanStop", ktime(duration));
    p.number("CustomFrameRate", fileFps());
    return g;
  }

  Node definitions() const {
    Node d{"Definitions", {}, {}};
    d.add("Version", {std::int32_t(100)});
    int total = 1;
    for (const auto& [type, n] : counts_) total += n;
    d.add("Count", {std::int32_t(total)});
    d.add("ObjectType", {std::string("GlobalSettings")}).add("Count", {std::int32_t(1)});
    for (const auto& [type, n] : counts_)
      d.add("ObjectType", {type}).add("Count", {std::int32_t(n)});
    return d;
  }

  static void modelProperties(Node& model, const Transform& local) {
    model.add("Version", {std::int32_t(232)});
    Eigen::Vector3d t, s;
    Eigen::Quaterniond r;
    decompose(local, t, r, s);
    Props70 p{model.add("Properties70")};
    p.enumeration("RotationOrder", 0);  // XYZ
    p.enumeration("InheritType", 1);    // RrSs
    p.integer("DefaultAttributeIndex", 0);
    p.vector("Lcl Translation", "Lcl Translation", t);
    p.vector("Lcl Rotation", "Lcl Rotation", eulerXYZDegrees(r));
    p.vector("Lcl Scaling", "Lcl Scaling", s);
    model.add("Shading", {true});
    model.add("Culling", {std::string("CullingOff")});
  }

  std::int64_t writeMesh() {
    const SourceMesh& m = c_.mesh.source;
    const std::int64_t model = newId();
    modelProperties(object("Model", model, o_.meshName, "Model", "Mesh"), Transform::Identity());
    connect(model, 0);

    geometry_ = newId();
    Node& g = object("Geometry", geometry_, o_.meshName, "Geometry", "Mesh");
    g.add("Properties70");
    g.add("GeometryVersion", {std::int32_t(124)});
    std::vector<double> vertices;
    vertices.reserve(m.positions.size() * 3);
    for (const Eigen::Vector3d& p : m.positions)
      vertices.insert(vertices.end(), {p.x(), p.y(), p.z()});
    g.add("Vertices", {std::move(vertices)});
    std::vector<std::int32_t> corners;
    corners.reserve(m.triangles.size() * 3);
    for (const Eigen::Vector3i& t : m.triangles) corners.insert(corners.end(), {t[0], t[1], ~t[2]});
    g.add("PolygonVertexIndex", {std::move(corners)});

    std::vector<const char*> layers;
    if (m.normals.size() == m.positions.size()) {
      Node& e = g.add("LayerElementNormal", {std::int32_t(0)});
      e.add("Version", {std::int32_t(101)});
      e.add("Name", {std::string()});
      e.add("MappingInformationType", {std::string("ByPolygonVertex")});
      e.add("ReferenceInformationType", {std::string("Direct")});
      std::vector<double> normals;
      normals.reserve(m.triangles.size() * 9);
      for (const Eigen::Vector3i& t : m.triangles)
        for (int k = 0; k < 3; ++k) {
          const Eigen::Vector3d& n = m.normals[t[k]];
          normals.insert(normals.end(), {n.x(), n.y(), n.z()});
        }
      e.add("Normals", {std::move(normals)});
      layers.push_back("LayerElementNormal");
    }
    if (m.uvs.size() == m.positions.size()) {
      Node& e = g.add("LayerElementUV", {std::int32_t(0)});
      e.add("Version", {std::int32_t(101)});
      e.add("Name", {std::string("UVMap")});
      e.add("MappingInformationType", {std::string("ByPolygonVertex")});
      e.add("ReferenceInformationType", {std::string("IndexToDirect")});
      std::vector<double> uv;
      uv.reserve(m.uvs.size() * 2);
      for (const Eigen::Vector2d& t : m.uvs) uv.insert(uv.end(), {t.x(), t.y()});
      e.add("UV", {std::move(uv)});
      std::vector<std::int32_t> index;
      index.reserve(m.triangles.size() * 3);
      for (const Eigen::Vector3i& t : m.triangles) index.insert(index.end(), {t[0], t[1], t[2]});
      e.add("UVIndex", {std::move(index)});
      layers.push_back("LayerElementUV");
    }
    // Materials: the file's names, one per polygon (a default one when the mesh has none).
    std::vector<std::string> materials = m.materialNames;
    if (materials.empty()) materials.push_back("Material");
    {
      Node& e = g.add("LayerElementMaterial", {std::int32_t(0)});
      e.add("Version", {std::int32_t(101)});
      e.add("Name", {std::string()});
      e.add("MappingInformationType", {std::string("ByPolygon")});
      e.add("ReferenceInformationType", {std::string("IndexToDirect")});
      std::vector<std::int32_t> perPolygon(m.triangles.size(), 0);
      for (std::size_t f = 0; f < perPolygon.size() && f < m.triangleMaterial.size(); ++f)
        perPolygon[f] = std::clamp(m.triangleMaterial[f], 0, int(materials.size()) - 1);
      e.add("Materials", {std::move(perPolygon)});
      layers.push_back("LayerElementMaterial");
    }
    Node& layer = g.add("Layer", {std::int32_t(0)});
    layer.add("Version", {std::int32_t(100)});
    for (const char* type : layers) {
      Node& le = layer.add("LayerElement");
      le.add("Type", {std::string(type)});
      le.add("TypedIndex", {std::int32_t(0)});
    }
    connect(geometry_, model);

    for (const std::string& name : materials) {
      const std::int64_t id = newId();
      Node& mat = object("Material", id, name, "Material", "");
      mat.add("Version", {std::int32_t(102)});
      mat.add("ShadingModel", {std::string("phong")});
      mat.add("MultiLayer", {std::int32_t(0)});
      Props70 p{mat.add("Properties70")};
      p.vector("DiffuseColor", "Color", Eigen::Vector3d(0.8, 0.8, 0.8));
      connect(id, model);  // the connection order is the material index
    }
    return model;
  }

  void writeSkeleton() {
    const Skeleton& s = c_.skeleton;
    jointModel_.assign(s.joints.size(), 0);
    const std::vector<Transform> globals = s.restGlobals();
    const double size = c_.mesh.empty() ? 1.0 : c_.mesh.size();
    const std::vector<BoneShape> bones = s.boneShapes(size);
    for (int j = 0; j < s.size(); ++j) {
      const Joint& joint = s.joints[j];
      const std::int64_t model = newId();
      jointModel_[j] = model;
      modelProperties(object("Model", model, joint.name, "Model", "LimbNode"), joint.restLocal);
      const std::int64_t attribute = newId();
      Node& a = object("NodeAttribute", attribute, joint.name, "NodeAttribute", "LimbNode");
      Props70 p{a.add("Properties70")};
      p.number("Size", bones[j].length() * 100.0);
      a.add("TypeFlags", {std::string("Skeleton")});
      connect(attribute, model);
      connect(model, joint.parent >= 0 ? jointModel_[joint.parent] : 0);
    }
    (void)globals;
  }

  void writeSkin(std::int64_t meshModel) {
    (void)meshModel;
    const Skeleton& s = c_.skeleton;
    std::vector<std::vector<std::int32_t>> indexes(s.joints.size());
    std::vector<std::vector<double>> weights(s.joints.size());
    for (int v = 0; v < c_.skin.vertexCount(); ++v)
      for (const Influence& in : c_.skin.perVertex[v])
        if (in.joint >= 0 && in.joint < s.size() && in.weight > 0) {
          indexes[in.joint].push_back(v);
          weights[in.joint].push_back(in.weight);
        }
    const std::int64_t skin = newId();
    Node& d = object("Deformer", skin, "Skin", "Deformer", "Skin");
    d.add("Version", {std::int32_t(101)});
    d.add("Link_DeformAcuracy", {50.0});
    connect(skin, geometry_);
    const std::vector<Transform> globals = s.restGlobals();
    for (int j = 0; j < s.size(); ++j) {
      if (indexes[j].empty()) continue;
      const std::int64_t cluster = newId();
      Node& cl =
          object("Deformer", cluster, "Cluster " + s.joints[j].name, "SubDeformer", "Cluster");
      cl.add("Version", {std::int32_t(100)});
      cl.add("UserData", {std::string(), std::string()});
      cl.add("Indexes", {std::move(indexes[j])});
      cl.add("Weights", {std::move(weights[j])});
      // The mesh sits at the origin: Transform = inverse(bone bind) · mesh bind.
      cl.add("Transform", {matrixArray(globals[j].inverse())});
      cl.add("TransformLink", {matrixArray(globals[j])});
      connect(cluster, skin);
      connect(jointModel_[j], cluster);
    }
  }

  void writeBindPose(std::int64_t meshModel) {
    const Skeleton& s = c_.skeleton;
    if (s.empty()) return;
    const std::vector<Transform> globals = s.restGlobals();
    Node& pose = object("Pose", newId(), "BindPose", "Pose", "BindPose");
    pose.add("Type", {std::string("BindPose")});
    pose.add("Version", {std::int32_t(100)});
    pose.add("NbPoseNodes", {std::int32_t(s.size() + (meshModel != 0 ? 1 : 0))});
    if (meshModel != 0) {
      Node& n = pose.add("PoseNode");
      n.add("Node", {meshModel});
      n.add("Matrix", {matrixArray(Transform::Identity())});
    }
    for (int j = 0; j < s.size(); ++j) {
      Node& n = pose.add("PoseNode");
      n.add("Node", {jointModel_[j]});
      n.add("Matrix", {matrixArray(globals[j])});
    }
  }

  /// One AnimationCurveNode ("T", "R" or "S") with its three curves, on `model`.
  void curveNode(std::int64_t layer, std::int64_t model, const char* name, const char* property,
                 const std::vector<double>& times, const std::vector<Eigen::Vector3d>& values) {
    const std::int64_t id = newId();
    Node& cn = object("AnimationCurveNode", id, name, "AnimCurveNode", "");
    Props70 p{cn.add("Properties70")};
    static constexpr const char* kAxes[] = {"d|X", "d|Y", "d|Z"};
    for (int a = 0; a < 3; ++a) p.add(kAxes[a], "Number", "", "A", {values.front()[a]});
    connect(id, layer);
    connectProperty(id, model, property);
    std::vector<std::int64_t> keyTimes;
    for (double t : times) keyTimes.push_back(ktime(t));
    // Assimp's FBX reader drops a one-key curve whose value is the node's own (a bind pose,
    // "redundant") and then the whole stack of a single-pose clip such as a bind pose; the same
    // value again one KTime tick (~2e-11 s) later is the same constant and keeps it.
    std::vector<Eigen::Vector3d> keyValues = values;
    if (keyTimes.size() == 1) {
      keyTimes.push_back(keyTimes.front() + 1);
      keyValues.push_back(values.front());
    }
    for (int a = 0; a < 3; ++a) {
      const std::int64_t curve = newId();
      Node& c = object("AnimationCurve", curve, "", "AnimCurve", "");
      c.add("Default", {values.front()[a]});
      c.add("KeyVer", {std::int32_t(4008)});
      c.add("KeyTime", {keyTimes});
      std::vector<float> v;
      for (const Eigen::Vector3d& x : keyValues) v.push_back(static_cast<float>(x[a]));
      c.add("KeyValueFloat", {std::move(v)});
      c.add("KeyAttrFlags", {std::vector<std::int32_t>{0x00000104}});  // linear, constant tangents
      c.add("KeyAttrDataFloat", {std::vector<float>{0, 0, 0, 0}});
      c.add("KeyAttrRefCount", {std::vector<std::int32_t>{std::int32_t(keyTimes.size())}});
      connectProperty(curve, id, kAxes[a]);
    }
  }

  /// Keys with strictly increasing times (FBX readers reject repeats): the later key wins.
  template <typename Key>
  static std::vector<Key> increasing(const std::vector<Key>& keys) {
    std::vector<Key> out;
    for (const Key& k : keys) {
      if (!std::isfinite(k.time)) continue;
      if (!out.empty() && ktime(k.time) <= ktime(out.back().time)) {
        if (ktime(k.time) == ktime(out.back().time)) out.back() = k;
        continue;
      }
      out.push_back(k);
    }
    return out;
  }

  void writeClip(const AnimationClip& clip) {
    const std::int64_t stack = newId();
    Node& st = object("AnimationStack", stack, clip.name, "AnimStack", "");
    {
      // A single pose (duration 0) ends one KTime tick later, with its keys (curveNode): a
      // span of start = stop = 0 reads as "no span given". It is still one frame long.
      const std::int64_t stop = std::max<std::int64_t>(ktime(clip.duration), 1);
      Props70 p{st.add("Properties70")};
      p.time("LocalStart", 0);
      p.time("LocalStop", stop);
      p.time("ReferenceStart", 0);
      p.time("ReferenceStop", stop);
    }
    const std::int64_t layer = newId();
    object("AnimationLayer", layer, "BaseLayer", "AnimLayer", "");
    connect(layer, stack);
    for (const JointChannel& ch : clip.channels) {
      if (ch.joint < 0 || ch.joint >= static_cast<int>(jointModel_.size())) continue;
      const std::int64_t model = jointModel_[ch.joint];
      if (const auto keys = increasing(ch.translation); !keys.empty()) {
        std::vector<double> times;
        std::vector<Eigen::Vector3d> values;
        for (const VectorKey& k : keys) times.push_back(k.time), values.push_back(k.value);
        curveNode(layer, model, "T", "Lcl Translation", times, values);
      }
      if (const auto keys = increasing(ch.rotation); !keys.empty()) {
        std::vector<double> times;
        std::vector<Eigen::Vector3d> values;
        for (const RotationKey& k : keys) {
          times.push_back(k.time);
          values.push_back(eulerXYZDegrees(k.value, values.empty() ? nullptr : &values.back()));
        }
        curveNode(layer, model, "R", "Lcl Rotation", times, values);
      }
      if (const auto keys = increasing(ch.scale); !keys.empty()) {
        std::vector<double> times;
        std::vector<Eigen::Vector3d> values;
        for (const VectorKey& k : keys) times.push_back(k.time), values.push_back(k.value);
        curveNode(layer, model, "S", "Lcl Scaling", times, values);
      }
    }
  }
};

double wrapNear(double angle, double target) {
  return angle + 2 * kPi * std::round((target - angle) / (2 * kPi));
}

}  // namespace

Eigen::Vector3d eulerXYZDegrees(const Eigen::Quaterniond& rotation,
                                const Eigen::Vector3d* previous) {
  const Eigen::Vector3d zyx = rotation.normalized().toRotationMatrix().eulerAngles(2, 1, 0);
  Eigen::Vector3d a(zyx[2], zyx[1], zyx[0]);
  Eigen::Vector3d b(a.x() + kPi, kPi - a.y(), a.z() + kPi);
  if (!previous) {
    for (Eigen::Vector3d* e : {&a, &b})
      for (int k = 0; k < 3; ++k) (*e)[k] = wrapNear((*e)[k], 0.0);
    return (std::abs(a.y()) <= std::abs(b.y()) ? a : b) * kDegrees;
  }
  const Eigen::Vector3d target = *previous / kDegrees;
  for (Eigen::Vector3d* e : {&a, &b})
    for (int k = 0; k < 3; ++k) (*e)[k] = wrapNear((*e)[k], target[k]);
  return ((a - target).squaredNorm() <= (b - target).squaredNorm() ? a : b) * kDegrees;
}

Eigen::Quaterniond quaternionFromEulerXYZDegrees(const Eigen::Vector3d& degrees) {
  const Eigen::Vector3d r = degrees / kDegrees;
  return Eigen::Quaterniond(Eigen::AngleAxisd(r.z(), Eigen::Vector3d::UnitZ()) *
                            Eigen::AngleAxisd(r.y(), Eigen::Vector3d::UnitY()) *
                            Eigen::AngleAxisd(r.x(), Eigen::Vector3d::UnitX()));
}

std::vector<Node> buildScene(const Character& character, const SceneOptions& options) {
  return SceneBuilder(character, options).build();
}

Expected<std::string> encodeCharacterFbx(const Character& character, const SceneOptions& options) {
  if (Status bad = checkExportable(character)) return *bad;
  try {
    return encodeFile(buildScene(character, options));
  } catch (const std::exception& e) {
    return Error{std::string("cannot export: ") + e.what()};
  }
}

}  // namespace rw::fbx
