#include "grid_renderer.h"

#include <QOpenGLFunctions_3_3_Core>
#include <cmath>
#include <vector>

#include "camera.h"
#include "gl_util.h"
#include "palette.h"

namespace rw::render {

namespace {

struct LineVertex {
  float position[3];
  float color[4];
};

void addLine(std::vector<LineVertex>& out, const Eigen::Vector3d& a, const Eigen::Vector3d& b,
             const QVector4D& c) {
  out.push_back({{float(a.x()), float(a.y()), float(a.z())}, {c.x(), c.y(), c.z(), c.w()}});
  out.push_back({{float(b.x()), float(b.y()), float(b.z())}, {c.x(), c.y(), c.z(), c.w()}});
}

}  // namespace

double GridRenderer::minorSpacing(double sceneSize) {
  if (!(sceneSize > 0.0) || !std::isfinite(sceneSize)) return 0.1;
  return std::pow(10.0, std::round(std::log10(sceneSize / 15.0)));
}

bool GridRenderer::initialize(QOpenGLFunctions_3_3_Core* gl) {
  gl_ = gl;
  program_ = loadProgram(QStringLiteral("line"));
  if (!program_) return false;
  vao_.create();
  vbo_.create();
  QOpenGLVertexArrayObject::Binder bind(&vao_);
  vbo_.bind();
  gl_->glEnableVertexAttribArray(0);
  gl_->glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(LineVertex),
                             reinterpret_cast<void*>(offsetof(LineVertex, position)));
  gl_->glEnableVertexAttribArray(1);
  gl_->glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, sizeof(LineVertex),
                             reinterpret_cast<void*>(offsetof(LineVertex, color)));
  vbo_.release();
  setBounds(Eigen::AlignedBox3d(Eigen::Vector3d(-1, 0, -1), Eigen::Vector3d(1, 2, 1)));
  return true;
}

void GridRenderer::setBounds(const Eigen::AlignedBox3d& box) {
  if (!program_ || box.isEmpty()) return;
  const double size = box.diagonal().norm();
  const double minor = minorSpacing(size);
  const double major = 10.0 * minor;
  const double floorY = box.min().y();
  // Centred on the major line nearest to the character, reaching twice its size.
  const double cx = std::round(box.center().x() / major) * major;
  const double cz = std::round(box.center().z() / major) * major;
  const int half = int(std::ceil(2.0 * size / minor));
  const double extent = half * minor;

  std::vector<LineVertex> vertices;
  const QVector4D minorColor = palette::rgba(palette::kGridMinor);
  const QVector4D majorColor = palette::rgba(palette::kGridMajor);
  for (int i = -half; i <= half; ++i) {
    const double x = cx + i * minor;
    const double z = cz + i * minor;
    const bool xAxis = std::abs(z) < 0.5 * minor;  // the line along X through the origin
    const bool zAxis = std::abs(x) < 0.5 * minor;
    const long index = std::lround(x / minor), indexZ = std::lround(z / minor);
    const QVector4D alongZ = zAxis             ? palette::rgba(palette::kAxisZ)
                             : index % 10 == 0 ? majorColor
                                               : minorColor;
    const QVector4D alongX = xAxis              ? palette::rgba(palette::kAxisX)
                             : indexZ % 10 == 0 ? majorColor
                                                : minorColor;
    addLine(vertices, {x, floorY, cz - extent}, {x, floorY, cz + extent}, alongZ);
    addLine(vertices, {cx - extent, floorY, z}, {cx + extent, floorY, z}, alongX);
  }
  vbo_.bind();
  vbo_.allocate(vertices.data(), int(vertices.size() * sizeof(LineVertex)));
  vbo_.release();
  vertexCount_ = int(vertices.size());
  center_ = Eigen::Vector3f(float(cx), float(floorY), float(cz));
  fadeRadius_ = float(extent);
}

void GridRenderer::draw(const Camera& camera) {
  if (!program_ || vertexCount_ == 0) return;
  program_->bind();
  program_->setUniformValue("viewProjection",
                            toQMatrix(camera.projectionMatrix() * camera.viewMatrix()));
  program_->setUniformValue("fadeCenter", QVector3D(center_.x(), center_.y(), center_.z()));
  program_->setUniformValue("fadeRadius", fadeRadius_);
  program_->setUniformValue("alpha", 1.0f);
  QOpenGLVertexArrayObject::Binder bind(&vao_);
  gl_->glDrawArrays(GL_LINES, 0, vertexCount_);
  program_->release();
}

void GridRenderer::release() {
  vbo_.destroy();
  vao_.destroy();
  program_.reset();
  vertexCount_ = 0;
}

}  // namespace rw::render
