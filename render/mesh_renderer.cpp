#include "mesh_renderer.h"

#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QOpenGLFunctions_3_3_Core>
#include <vector>

#include "camera.h"
#include "corner_normals.h"
#include "gl_util.h"
#include "mesh/mesh.h"
#include "palette.h"

namespace rw::render {

namespace {

struct Vertex {
  float position[3];
  float normal[3];
};

}  // namespace

bool MeshRenderer::initialize(QOpenGLFunctions_3_3_Core* gl) {
  gl_ = gl;
  program_ = loadProgram(QStringLiteral("shaded"));
  if (!program_) return false;
  vao_.create();
  vbo_.create();
  vbo_.setUsagePattern(QOpenGLBuffer::StaticDraw);
  QOpenGLVertexArrayObject::Binder bind(&vao_);
  vbo_.bind();
  gl_->glEnableVertexAttribArray(0);
  gl_->glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(Vertex),
                             reinterpret_cast<void*>(offsetof(Vertex, position)));
  gl_->glEnableVertexAttribArray(1);
  gl_->glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, sizeof(Vertex),
                             reinterpret_cast<void*>(offsetof(Vertex, normal)));
  vbo_.release();
  return true;
}

void MeshRenderer::setMesh(const Mesh& mesh) {
  if (!program_) return;
  const SourceMesh& src = mesh.source;
  const std::vector<Eigen::Vector3f> normals = cornerNormals(mesh);
  std::vector<Vertex> vertices;
  vertices.reserve(3 * src.triangles.size());
  for (size_t t = 0; t < src.triangles.size(); ++t) {
    for (int c = 0; c < 3; ++c) {
      const Eigen::Vector3d& p = src.positions[src.triangles[t][c]];
      const Eigen::Vector3f& n = normals[3 * t + c];
      vertices.push_back({{float(p.x()), float(p.y()), float(p.z())}, {n.x(), n.y(), n.z()}});
    }
  }
  vbo_.bind();
  vbo_.allocate(vertices.data(), int(vertices.size() * sizeof(Vertex)));
  vbo_.release();
  vertexCount_ = int(vertices.size());
}

void MeshRenderer::draw(const Camera& camera) {
  if (!program_ || vertexCount_ == 0) return;
  const Eigen::Matrix4d view = camera.viewMatrix();
  program_->bind();
  program_->setUniformValue("modelView", toQMatrix(view));
  program_->setUniformValue("projection", toQMatrix(camera.projectionMatrix()));
  program_->setUniformValue("normalMatrix", normalMatrix(view));
  program_->setUniformValue("alpha", 1.0f);
  program_->setUniformValue("specular", 0.18f);
  program_->setUniformValue("shininess", 24.0f);
  QOpenGLVertexArrayObject::Binder bind(&vao_);
  // One colour for the whole surface: a constant attribute instead of an array.
  const QVector3D clay = palette::rgb(palette::kClay);
  gl_->glDisableVertexAttribArray(2);
  QOpenGLContext::currentContext()->functions()->glVertexAttrib3f(2, clay.x(), clay.y(), clay.z());
  gl_->glDrawArrays(GL_TRIANGLES, 0, vertexCount_);
  program_->release();
}

void MeshRenderer::release() {
  vbo_.destroy();
  vao_.destroy();
  program_.reset();
  vertexCount_ = 0;
}

}  // namespace rw::render
