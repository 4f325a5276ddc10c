#pragma once
// A ground grid under the character: minor and major lines in powers of ten of the file's
// units, the X axis in red and the Z axis in blue, fading out with distance.
#include <Eigen/Geometry>
#include <QOpenGLBuffer>
#include <QOpenGLShaderProgram>
#include <QOpenGLVertexArrayObject>
#include <memory>

class QOpenGLFunctions_3_3_Core;

namespace rw::render {

class Camera;

class GridRenderer {
 public:
  bool initialize(QOpenGLFunctions_3_3_Core* gl);
  /// Lays the grid on the floor of `box` (its lowest Y), sized to it. Context current.
  void setBounds(const Eigen::AlignedBox3d& box);
  void draw(const Camera& camera);
  void release();

  /// Spacing of the minor lines for a scene of this size (a power of ten).
  static double minorSpacing(double sceneSize);

 private:
  QOpenGLFunctions_3_3_Core* gl_ = nullptr;
  std::unique_ptr<QOpenGLShaderProgram> program_;
  QOpenGLVertexArrayObject vao_;
  QOpenGLBuffer vbo_{QOpenGLBuffer::VertexBuffer};
  int vertexCount_ = 0;
  Eigen::Vector3f center_ = Eigen::Vector3f::Zero();
  float fadeRadius_ = 1.0f;
};

}  // namespace rw::render
