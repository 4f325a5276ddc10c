#include "mesh_renderer.h"

#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QOpenGLFunctions_3_3_Core>
#include <algorithm>
#include <vector>

#include "camera.h"
#include "gl_util.h"
#include "palette.h"

namespace rw::render {

namespace {

using Vertex = MeshDrawData::Vertex;
using SkinVertex = SkinDrawData::Entry;

// Vertex attribute locations (mesh.vert).
constexpr GLuint kPosition = 0, kNormal = 1, kColor = 2, kJoints = 3, kWeights = 4;
/// Texels per joint in the pose buffer: three rows of the affine matrix, then the unit dual
/// quaternion (real, dual) for DQS.
constexpr int kTexelsPerJoint = 5;

}  // namespace

bool MeshRenderer::initialize(QOpenGLFunctions_3_3_Core* gl) {
  gl_ = gl;
  program_ = loadProgram(QStringLiteral("mesh"), QStringLiteral("shaded"));
  vertexLitProgram_ = loadProgram(QStringLiteral("mesh"), QStringLiteral("vertex_lit"),
                                  {QStringLiteral("VERTEX_LIGHTING")});
  if (!program_ || !vertexLitProgram_) return false;
  vao_.create();
  vbo_.create();
  colorVbo_.create();
  skinVbo_.create();
  ibo_.create();
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
  ibo_.bind();  // recorded in the vertex array object (never released outside it)

  gl_->glGenBuffers(1, &poseBuffer_);
  gl_->glGenTextures(1, &poseTexture_);
  return true;
}

void MeshRenderer::clear() {
  mesh_.reset();
  vertexCount_ = indexCount_ = closedIndexCount_ = 0;
  hasColors_ = hasSkin_ = false;
}

void MeshRenderer::setMesh(std::shared_ptr<const MeshDrawData> mesh) {
  if (!program_) return;
  clear();
  if (!mesh || mesh->indices.empty()) return;
  mesh_ = std::move(mesh);
  vbo_.bind();
  vbo_.allocate(mesh_->vertices.data(), int(mesh_->vertices.size() * sizeof(Vertex)));
  vbo_.release();
  {
    QOpenGLVertexArrayObject::Binder bind(&vao_);
    ibo_.bind();
    ibo_.allocate(mesh_->indices.data(), int(mesh_->indices.size() * sizeof(std::uint32_t)));
  }
  vertexCount_ = int(mesh_->vertices.size());
  indexCount_ = int(mesh_->indices.size());
  closedIndexCount_ = int(mesh_->closedIndexCount);
  poseJoints_ = 0;
}

void MeshRenderer::setSkin(const SkinDrawData* skin) {
  hasSkin_ = false;
  if (!program_ || !mesh_ || !skin) return;
  // Spread per source vertex to the drawn vertices: a copy, the sorting was done off-thread.
  std::vector<SkinVertex> vertices(mesh_->sourceVertex.size(), SkinVertex{});
  const int known = int(skin->perSourceVertex.size());
  for (size_t i = 0; i < vertices.size(); ++i)
    if (mesh_->sourceVertex[i] < known) vertices[i] = skin->perSourceVertex[mesh_->sourceVertex[i]];
  skinVbo_.bind();
  skinVbo_.allocate(vertices.data(), int(vertices.size() * sizeof(SkinVertex)));
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
  if (!program_ || !mesh_) return;
  hasColors_ = !colors.empty();
  if (!hasColors_) return;
  std::vector<Eigen::Vector3f> corners(mesh_->sourceVertex.size());
  for (size_t i = 0; i < corners.size(); ++i) {
    const int v = mesh_->sourceVertex[i];
    corners[i] = v < int(colors.size()) ? colors[v] : Eigen::Vector3f(0.1f, 0.1f, 0.5f);
  }
  colorVbo_.bind();
  colorVbo_.allocate(corners.data(), int(corners.size() * sizeof(Eigen::Vector3f)));
  colorVbo_.release();
}

double MeshRenderer::projectedTriangleSize(const MeshDrawData* mesh, const Camera& camera) {
  if (!mesh) return 0.0;
  const Eigen::Vector3d center(mesh->center[0], mesh->center[1], mesh->center[2]);
  const double depth = (center - camera.eye()).dot(-camera.backward());
  if (!camera.orthographic() && depth <= camera.nearPlane()) return 0.0;
  const Eigen::Vector3d a = camera.project(center);
  const Eigen::Vector3d b = camera.project(center + double(mesh->triangleSize) * camera.right());
  return (b - a).head<2>().norm();
}

bool MeshRenderer::lightsPerVertex(SurfaceLighting lighting, const MeshDrawData* mesh,
                                   const Camera& camera) {
  switch (lighting) {
    case SurfaceLighting::PerVertex:
      return true;
    case SurfaceLighting::PerFragment:
      return false;
    case SurfaceLighting::Automatic:
      break;
  }
  const double size = projectedTriangleSize(mesh, camera);
  return size > 0.0 && size <= kVertexLightingMaxPixels;
}

void MeshRenderer::draw(const Camera& camera) {
  if (!program_ || indexCount_ == 0) return;
  const bool perVertex = lightsPerVertex(lighting_, mesh_.get(), camera);
  if (xray_) {
    // See-through: no depth writes, so the bones and the far side show through.
    gl_->glDepthMask(GL_FALSE);
    drawPass(camera, false, perVertex);
    gl_->glDepthMask(GL_TRUE);
  } else if (wireframe_) {
    // Faces pushed back a little so the wireframe wins the depth test on its own edges (only
    // then: the offset costs llvmpipe a depth-slope computation per triangle).
    gl_->glEnable(GL_POLYGON_OFFSET_FILL);
    gl_->glPolygonOffset(1.0f, 1.0f);
    drawPass(camera, false, perVertex);
    gl_->glDisable(GL_POLYGON_OFFSET_FILL);
  } else {
    // Opaque: blending would only make llvmpipe read back every covered pixel.
    gl_->glDisable(GL_BLEND);
    drawPass(camera, false, perVertex);
    gl_->glEnable(GL_BLEND);
  }
  if (wireframe_) {
    gl_->glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
    if (xray_) gl_->glDepthMask(GL_FALSE);
    drawPass(camera, true, perVertex);
    gl_->glDepthMask(GL_TRUE);
    gl_->glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
  }
}

void MeshRenderer::drawPass(const Camera& camera, bool lines, bool perVertex) {
  const Eigen::Matrix4d view = camera.viewMatrix();
  QOpenGLShaderProgram& program = perVertex ? *vertexLitProgram_ : *program_;
  program.bind();
  program.setUniformValue("modelView", toQMatrix(view));
  program.setUniformValue("projection", toQMatrix(camera.projectionMatrix()));
  program.setUniformValue("normalMatrix", normalMatrix(view));
  program.setUniformValue("alpha", lines ? 0.55f : xray_ ? kXrayAlpha : 1.0f);
  program.setUniformValue("specular", hasColors_ ? 0.08f : 0.18f);
  program.setUniformValue("shininess", 24.0f);
  program.setUniformValue("unlit", lines);
  program.setUniformValue("unlitColor", QVector3D(0.08f, 0.08f, 0.1f));
  const bool skinned = hasSkin_ && poseJoints_ > 0;
  program.setUniformValue("skinning",
                          skinned ? (method_ == GpuSkinning::DualQuaternion ? 2 : 1) : 0);
  program.setUniformValue("jointCount", poseJoints_);
  program.setUniformValue("pose", 0);
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
  // Closed parts without their back faces (hidden by their front faces), unless seen through;
  // open parts from both sides (their inside shows through the openings).
  const int culled = xray_ ? 0 : closedIndexCount_;
  if (culled > 0) {
    gl_->glEnable(GL_CULL_FACE);
    gl_->glCullFace(GL_BACK);
    gl_->glFrontFace(GL_CCW);
    gl_->glDrawElements(GL_TRIANGLES, culled, GL_UNSIGNED_INT, nullptr);
    gl_->glDisable(GL_CULL_FACE);
  }
  if (indexCount_ > culled)
    gl_->glDrawElements(GL_TRIANGLES, indexCount_ - culled, GL_UNSIGNED_INT,
                        reinterpret_cast<void*>(std::uintptr_t(culled) * sizeof(std::uint32_t)));
  gl_->glBindTexture(GL_TEXTURE_BUFFER, 0);
  program.release();
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
  ibo_.destroy();
  vao_.destroy();
  program_.reset();
  vertexLitProgram_.reset();
  clear();
  poseJoints_ = 0;
}

}  // namespace rw::render
