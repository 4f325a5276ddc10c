#include "mesh_renderer.h"

#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QOpenGLFunctions_3_3_Core>
#include <algorithm>
#include <vector>

#include "camera.h"
#include "corner_normals.h"
#include "gl_util.h"
#include "mesh/mesh.h"
#include "palette.h"
#include "skin/skin_weights.h"

namespace rw::render {

namespace {

struct Vertex {
  float position[3];
  float normal[3];
};

struct SkinVertex {
  float joints[MeshRenderer::kGpuInfluences];  // floats: exact for any joint index < 2^24
  float weights[MeshRenderer::kGpuInfluences];
};

// Vertex attribute locations (mesh.vert).
constexpr GLuint kPosition = 0, kNormal = 1, kColor = 2, kJoints = 3, kWeights = 4;
/// Texels per joint in the pose buffer: three rows of the affine matrix, then the unit dual
/// quaternion (real, dual) for DQS.
constexpr int kTexelsPerJoint = 5;

}  // namespace

bool MeshRenderer::initialize(QOpenGLFunctions_3_3_Core* gl) {
  gl_ = gl;
  program_ = loadProgram(QStringLiteral("mesh"), QStringLiteral("shaded"));
  if (!program_) return false;
  vao_.create();
  vbo_.create();
  colorVbo_.create();
  skinVbo_.create();
  vbo_.setUsagePattern(QOpenGLBuffer::StaticDraw);
  colorVbo_.setUsagePattern(QOpenGLBuffer::DynamicDraw);
  QOpenGLVertexArrayObject::Binder bind(&vao_);
  vbo_.bind();
  gl_->glEnableVertexAttribArray(kPosition);
  gl_->glVertexAttribPointer(kPosition, 3, GL_FLOAT, GL_FALSE, sizeof(Vertex),
                             reinterpret_cast<void*>(offsetof(Vertex, position)));
  gl_->glEnableVertexAttribArray(kNormal);
  gl_->glVertexAttribPointer(kNormal, 3, GL_FLOAT, GL_FALSE, sizeof(Vertex),
                             reinterpret_cast<void*>(offsetof(Vertex, normal)));
  colorVbo_.bind();
  gl_->glVertexAttribPointer(kColor, 3, GL_FLOAT, GL_FALSE, 3 * sizeof(float), nullptr);
  skinVbo_.bind();
  gl_->glVertexAttribPointer(kJoints, kGpuInfluences, GL_FLOAT, GL_FALSE, sizeof(SkinVertex),
                             reinterpret_cast<void*>(offsetof(SkinVertex, joints)));
  gl_->glVertexAttribPointer(kWeights, kGpuInfluences, GL_FLOAT, GL_FALSE, sizeof(SkinVertex),
                             reinterpret_cast<void*>(offsetof(SkinVertex, weights)));
  skinVbo_.release();

  gl_->glGenBuffers(1, &poseBuffer_);
  gl_->glGenTextures(1, &poseTexture_);
  return true;
}

void MeshRenderer::setMesh(const Mesh& mesh) {
  if (!program_) return;
  const SourceMesh& src = mesh.source;
  const std::vector<Eigen::Vector3f> normals = cornerNormals(mesh);
  std::vector<Vertex> vertices;
  vertices.reserve(3 * src.triangles.size());
  cornerSource_.clear();
  cornerSource_.reserve(3 * src.triangles.size());
  for (size_t t = 0; t < src.triangles.size(); ++t) {
    for (int c = 0; c < 3; ++c) {
      const Eigen::Vector3d& p = src.positions[src.triangles[t][c]];
      const Eigen::Vector3f& n = normals[3 * t + c];
      vertices.push_back({{float(p.x()), float(p.y()), float(p.z())}, {n.x(), n.y(), n.z()}});
      cornerSource_.push_back(src.triangles[t][c]);
    }
  }
  vbo_.bind();
  vbo_.allocate(vertices.data(), int(vertices.size() * sizeof(Vertex)));
  vbo_.release();
  vertexCount_ = int(vertices.size());
  hasColors_ = hasSkin_ = false;
  poseJoints_ = 0;
}

void MeshRenderer::setSkin(const SkinWeights& weights) {
  if (!program_ || vertexCount_ == 0) return;
  std::vector<SkinVertex> corners(cornerSource_.size());
  for (size_t i = 0; i < cornerSource_.size(); ++i) {
    SkinVertex& out = corners[i];
    std::fill(std::begin(out.joints), std::end(out.joints), 0.0f);
    std::fill(std::begin(out.weights), std::end(out.weights), 0.0f);
    const int v = cornerSource_[i];
    if (v >= weights.vertexCount()) continue;
    std::vector<Influence> influences = weights.perVertex[v];
    std::sort(influences.begin(), influences.end(),
              [](const Influence& a, const Influence& b) { return a.weight > b.weight; });
    double sum = 0.0;
    const int n = std::min<int>(kGpuInfluences, int(influences.size()));
    for (int k = 0; k < n; ++k) sum += influences[k].weight;
    for (int k = 0; k < n && sum > 0.0; ++k) {
      out.joints[k] = float(influences[k].joint);
      out.weights[k] = float(influences[k].weight / sum);
    }
  }
  skinVbo_.bind();
  skinVbo_.allocate(corners.data(), int(corners.size() * sizeof(SkinVertex)));
  skinVbo_.release();
  hasSkin_ = true;
}

void MeshRenderer::setPose(const std::vector<Transform>& skinMatrices) {
  if (!program_) return;
  poseJoints_ = int(skinMatrices.size());
  if (skinMatrices.empty()) return;
  std::vector<float> texels;
  texels.reserve(skinMatrices.size() * kTexelsPerJoint * 4);
  for (const Transform& m : skinMatrices) {
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 4; ++c) texels.push_back(float(m.matrix()(r, c)));
    // Unit dual quaternion of the rigid part (scale is ignored by DQS, as on the CPU).
    Eigen::Quaterniond q(m.linear());
    q.normalize();
    const Eigen::Vector3d t = m.translation();
    const Eigen::Quaterniond tq(0.0, t.x(), t.y(), t.z());
    const Eigen::Quaterniond dual = tq * q;
    texels.insert(texels.end(), {float(q.x()), float(q.y()), float(q.z()), float(q.w())});
    texels.insert(texels.end(), {float(0.5 * dual.x()), float(0.5 * dual.y()),
                                 float(0.5 * dual.z()), float(0.5 * dual.w())});
  }
  gl_->glBindBuffer(GL_TEXTURE_BUFFER, poseBuffer_);
  gl_->glBufferData(GL_TEXTURE_BUFFER, GLsizeiptr(texels.size() * sizeof(float)), texels.data(),
                    GL_DYNAMIC_DRAW);
  gl_->glBindTexture(GL_TEXTURE_BUFFER, poseTexture_);
  gl_->glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA32F, poseBuffer_);
  gl_->glBindTexture(GL_TEXTURE_BUFFER, 0);
  gl_->glBindBuffer(GL_TEXTURE_BUFFER, 0);
}

void MeshRenderer::setVertexColors(const std::vector<Eigen::Vector3f>& colors) {
  if (!program_ || vertexCount_ == 0) return;
  hasColors_ = !colors.empty();
  if (!hasColors_) return;
  std::vector<Eigen::Vector3f> corners(cornerSource_.size());
  for (size_t i = 0; i < cornerSource_.size(); ++i) {
    const int v = cornerSource_[i];
    corners[i] = v < int(colors.size()) ? colors[v] : Eigen::Vector3f(0.1f, 0.1f, 0.5f);
  }
  colorVbo_.bind();
  colorVbo_.allocate(corners.data(), int(corners.size() * sizeof(Eigen::Vector3f)));
  colorVbo_.release();
}

void MeshRenderer::draw(const Camera& camera) {
  if (!program_ || vertexCount_ == 0) return;
  if (xray_) {
    // See-through: no depth writes, so the bones and the far side show through.
    gl_->glDepthMask(GL_FALSE);
    drawPass(camera, false);
    gl_->glDepthMask(GL_TRUE);
  } else {
    // Faces pushed back a little so the wireframe wins the depth test on its own edges.
    gl_->glEnable(GL_POLYGON_OFFSET_FILL);
    gl_->glPolygonOffset(1.0f, 1.0f);
    drawPass(camera, false);
    gl_->glDisable(GL_POLYGON_OFFSET_FILL);
  }
  if (wireframe_) {
    gl_->glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
    if (xray_) gl_->glDepthMask(GL_FALSE);
    drawPass(camera, true);
    gl_->glDepthMask(GL_TRUE);
    gl_->glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
  }
}

void MeshRenderer::drawPass(const Camera& camera, bool lines) {
  const Eigen::Matrix4d view = camera.viewMatrix();
  program_->bind();
  program_->setUniformValue("modelView", toQMatrix(view));
  program_->setUniformValue("projection", toQMatrix(camera.projectionMatrix()));
  program_->setUniformValue("normalMatrix", normalMatrix(view));
  program_->setUniformValue("alpha", lines ? 0.55f : xray_ ? kXrayAlpha : 1.0f);
  program_->setUniformValue("specular", hasColors_ ? 0.08f : 0.18f);
  program_->setUniformValue("shininess", 24.0f);
  program_->setUniformValue("unlit", lines);
  program_->setUniformValue("unlitColor", QVector3D(0.08f, 0.08f, 0.1f));
  const bool skinned = hasSkin_ && poseJoints_ > 0;
  program_->setUniformValue("skinning",
                            skinned ? (method_ == GpuSkinning::DualQuaternion ? 2 : 1) : 0);
  program_->setUniformValue("jointCount", poseJoints_);
  program_->setUniformValue("pose", 0);
  gl_->glActiveTexture(GL_TEXTURE0);
  gl_->glBindTexture(GL_TEXTURE_BUFFER, poseTexture_);
  QOpenGLVertexArrayObject::Binder bind(&vao_);
  if (hasColors_) {
    gl_->glEnableVertexAttribArray(kColor);
  } else {
    // One colour for the whole surface: a constant attribute instead of an array.
    gl_->glDisableVertexAttribArray(kColor);
    const QVector3D clay = palette::rgb(palette::kClay);
    QOpenGLContext::currentContext()->functions()->glVertexAttrib3f(kColor, clay.x(), clay.y(),
                                                                    clay.z());
  }
  if (skinned) {
    gl_->glEnableVertexAttribArray(kJoints);
    gl_->glEnableVertexAttribArray(kWeights);
  } else {
    gl_->glDisableVertexAttribArray(kJoints);
    gl_->glDisableVertexAttribArray(kWeights);
  }
  gl_->glDrawArrays(GL_TRIANGLES, 0, vertexCount_);
  gl_->glBindTexture(GL_TEXTURE_BUFFER, 0);
  program_->release();
}

void MeshRenderer::release() {
  if (gl_) {
    if (poseTexture_) gl_->glDeleteTextures(1, &poseTexture_);
    if (poseBuffer_) gl_->glDeleteBuffers(1, &poseBuffer_);
  }
  poseTexture_ = poseBuffer_ = 0;
  vbo_.destroy();
  colorVbo_.destroy();
  skinVbo_.destroy();
  vao_.destroy();
  program_.reset();
  vertexCount_ = 0;
  poseJoints_ = 0;
}

}  // namespace rw::render
