#pragma once
// Draws the character's surface as shaded clay.
#include <QOpenGLBuffer>
#include <QOpenGLShaderProgram>
#include <QOpenGLVertexArrayObject>
#include <memory>

class QOpenGLFunctions_3_3_Core;

namespace rw {
class Mesh;
}

namespace rw::render {

class Camera;

class MeshRenderer {
 public:
  /// With the context current. Returns false if the shaders do not compile.
  bool initialize(QOpenGLFunctions_3_3_Core* gl);
  /// Uploads the file's triangles (positions and shading normals). Context current.
  void setMesh(const Mesh& mesh);
  void clear() { vertexCount_ = 0; }
  void draw(const Camera& camera);
  /// Frees the GL objects; the context must be current.
  void release();

  int vertexCount() const { return vertexCount_; }

 private:
  QOpenGLFunctions_3_3_Core* gl_ = nullptr;
  std::unique_ptr<QOpenGLShaderProgram> program_;
  QOpenGLVertexArrayObject vao_;
  QOpenGLBuffer vbo_{QOpenGLBuffer::VertexBuffer};
  int vertexCount_ = 0;
};

}  // namespace rw::render
