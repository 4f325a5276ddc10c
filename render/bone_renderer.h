#pragma once
// Draws the skeleton as outlined octahedral bones in front of the mesh: the parts the body
// hides are drawn see-through ("X-ray"), the parts outside it solid, so an artist always sees
// the whole skeleton and still reads which bones stick out of the surface.
#include <QOpenGLBuffer>
#include <QOpenGLShaderProgram>
#include <QOpenGLVertexArrayObject>
#include <memory>

class QOpenGLFunctions_3_3_Core;

namespace rw {
class Skeleton;
}

namespace rw::render {

class Camera;

class BoneRenderer {
 public:
  /// With the context current. Returns false if the shaders do not compile.
  bool initialize(QOpenGLFunctions_3_3_Core* gl);
  /// Uploads the rest pose; `fallbackLength` as in Skeleton::boneShape; `selectedJoint` drawn
  /// highlighted. Context current.
  void setSkeleton(const Skeleton& skeleton, double fallbackLength, int selectedJoint = -1);
  void clear() { triangleVertices_ = lineVertices_ = 0; }
  /// Draws last: uses the stencil buffer and clears the depth buffer.
  void draw(const Camera& camera);
  void release();

  /// Opacity of the bone parts hidden inside the mesh.
  static constexpr float kHiddenOpacity = 0.7f;

 private:
  void drawFaces(const Camera& camera, float alpha);
  void drawLines(const Camera& camera, float alpha);

  QOpenGLFunctions_3_3_Core* gl_ = nullptr;
  std::unique_ptr<QOpenGLShaderProgram> shaded_;
  std::unique_ptr<QOpenGLShaderProgram> lines_;
  QOpenGLVertexArrayObject triangleVao_, lineVao_;
  QOpenGLBuffer triangleVbo_{QOpenGLBuffer::VertexBuffer}, lineVbo_{QOpenGLBuffer::VertexBuffer};
  int triangleVertices_ = 0;
  int lineVertices_ = 0;
};

}  // namespace rw::render
