#pragma once
// Draws the character's surface: shaded clay, or weight colours; optionally with a wireframe
// over it, or see-through (X-ray); skinned on the GPU (linear blend or dual quaternions) from
// per-joint skinning matrices in a texture buffer, so a 100K-triangle character animates
// without touching its vertices on the CPU. The surface is drawn indexed (each vertex shaded
// once, not once per triangle corner) from data prepared off the UI thread (mesh_draw_data.h):
// the renderer only copies it into GL buffers.
#include <Eigen/Core>
#include <QOpenGLBuffer>
#include <QOpenGLShaderProgram>
#include <QOpenGLVertexArrayObject>
#include <memory>
#include <vector>

#include "mesh_draw_data.h"
#include "skeleton/skeleton.h"

class QOpenGLFunctions_3_3_Core;

namespace rw::render {

class Camera;

enum class GpuSkinning { LinearBlend, DualQuaternion };
/// Where the surface is lit: per vertex when its triangles are small on screen (automatic), or
/// always per vertex / per fragment (to prepare both programs, and for tests).
enum class SurfaceLighting { Automatic, PerVertex, PerFragment };

class MeshRenderer {
 public:
  /// Opacity of the surface in X-ray mode.
  static constexpr float kXrayAlpha = 0.35f;
  /// Triangles at most this many pixels across (square root of the mean area, seen from the
  /// camera) are lit per vertex: interpolated over so few pixels, the lit colour is what
  /// lighting every pixel gives, and llvmpipe lights whole 4x4 pixel blocks for each tiny
  /// triangle, which made per-fragment lighting half the frame time of an 82K-triangle
  /// character. Larger ones are lit per fragment, so that highlights stay round.
  static constexpr double kVertexLightingMaxPixels = 4.0;

  /// With the context current. Returns false if the shaders do not compile.
  bool initialize(QOpenGLFunctions_3_3_Core* gl);
  /// Uploads the surface (positions, shading normals, indices). Context current.
  void setMesh(std::shared_ptr<const MeshDrawData> mesh);
  /// Skin weights per source vertex (joint indices into the skeleton the pose comes from);
  /// null: the mesh stays rigid.
  void setSkin(const SkinDrawData* skin);
  /// Skinning matrices global_j · inverse(rest_j), one per joint; empty = the rest pose.
  void setPose(const std::vector<Transform>& skinMatrices);
  void setSkinningMethod(GpuSkinning method) { method_ = method; }
  /// Colour per source vertex (the weight view); empty = clay.
  void setVertexColors(const std::vector<Eigen::Vector3f>& colors);
  void setLighting(SurfaceLighting lighting) { lighting_ = lighting; }
  /// The mean triangle's size in pixels seen from `camera` (0 without a mesh or when the
  /// mesh's centre is behind the camera).
  static double projectedTriangleSize(const MeshDrawData* mesh, const Camera& camera);
  /// Whether `mesh` is lit per vertex from `camera` (as draw() does).
  static bool lightsPerVertex(SurfaceLighting lighting, const MeshDrawData* mesh,
                              const Camera& camera);
  void setWireframe(bool on) { wireframe_ = on; }
  void setXray(bool on) { xray_ = on; }
  void clear();
  void draw(const Camera& camera);
  /// Frees the GL objects; the context must be current.
  void release();

  /// Vertices drawn (distinct position/normal pairs) and triangle corners (indices).
  int vertexCount() const { return vertexCount_; }
  int indexCount() const { return indexCount_; }
  /// Indices of closed, outward-facing parts, drawn with back-face culling (but in X-ray).
  int closedIndexCount() const { return closedIndexCount_; }
  bool posed() const { return poseJoints_ > 0; }

 private:
  void drawPass(const Camera& camera, bool lines, bool perVertex);

  QOpenGLFunctions_3_3_Core* gl_ = nullptr;
  std::unique_ptr<QOpenGLShaderProgram> program_;           ///< lit per fragment
  std::unique_ptr<QOpenGLShaderProgram> vertexLitProgram_;  ///< lit per vertex
  QOpenGLVertexArrayObject vao_;
  QOpenGLBuffer vbo_{QOpenGLBuffer::VertexBuffer};
  QOpenGLBuffer colorVbo_{QOpenGLBuffer::VertexBuffer};
  QOpenGLBuffer skinVbo_{QOpenGLBuffer::VertexBuffer};
  QOpenGLBuffer ibo_{QOpenGLBuffer::IndexBuffer};
  unsigned poseBuffer_ = 0;                   ///< GL_TEXTURE_BUFFER with 5 RGBA32F texels per joint
  unsigned poseTexture_ = 0;                  ///< the buffer texture over it
  std::shared_ptr<const MeshDrawData> mesh_;  ///< what is in the buffers
  int vertexCount_ = 0;
  int indexCount_ = 0;
  int closedIndexCount_ = 0;  ///< the first indices, of closed parts: drawn with culling
  int poseJoints_ = 0;
  bool hasColors_ = false;
  bool hasSkin_ = false;
  bool wireframe_ = false;
  bool xray_ = false;
  GpuSkinning method_ = GpuSkinning::LinearBlend;
  SurfaceLighting lighting_ = SurfaceLighting::Automatic;
};

}  // namespace rw::render
