#include "bone_renderer.h"

#include <QOpenGLFunctions_3_3_Core>

#include "bone_geometry.h"
#include "camera.h"
#include "gl_util.h"
#include "palette.h"
#include "skeleton/skeleton.h"

namespace rw::render {

namespace {

Eigen::Vector3f toEigen(const QVector3D& v) {
  return {v.x(), v.y(), v.z()};
}

}  // namespace

bool BoneRenderer::initialize(QOpenGLFunctions_3_3_Core* gl) {
  gl_ = gl;
  shaded_ = loadProgram(QStringLiteral("shaded"));
  lines_ = loadProgram(QStringLiteral("line"));
  if (!shaded_ || !lines_) return false;

  triangleVao_.create();
  triangleVbo_.create();
  {
    QOpenGLVertexArrayObject::Binder bind(&triangleVao_);
    triangleVbo_.bind();
    const int stride = sizeof(BoneVertex);
    gl_->glEnableVertexAttribArray(0);
    gl_->glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride,
                               reinterpret_cast<void*>(offsetof(BoneVertex, position)));
    gl_->glEnableVertexAttribArray(1);
    gl_->glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, stride,
                               reinterpret_cast<void*>(offsetof(BoneVertex, normal)));
    gl_->glEnableVertexAttribArray(2);
    gl_->glVertexAttribPointer(2, 3, GL_FLOAT, GL_FALSE, stride,
                               reinterpret_cast<void*>(offsetof(BoneVertex, color)));
    triangleVbo_.release();
  }
  lineVao_.create();
  lineVbo_.create();
  {
    QOpenGLVertexArrayObject::Binder bind(&lineVao_);
    lineVbo_.bind();
    const int stride = sizeof(BoneLineVertex);
    gl_->glEnableVertexAttribArray(0);
    gl_->glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride,
                               reinterpret_cast<void*>(offsetof(BoneLineVertex, position)));
    gl_->glEnableVertexAttribArray(1);
    gl_->glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, stride,
                               reinterpret_cast<void*>(offsetof(BoneLineVertex, color)));
    lineVbo_.release();
  }
  return true;
}

void BoneRenderer::setSkeleton(const Skeleton& skeleton, double fallbackLength, int selectedJoint) {
  if (!shaded_) return;
  const QVector4D outline = palette::rgba(palette::kBoneOutline, 0.85f);
  const BoneGeometry geometry =
      buildBoneGeometry(skeleton, fallbackLength, toEigen(palette::rgb(palette::kDeformBone)),
                        toEigen(palette::rgb(palette::kControlBone)),
                        {outline.x(), outline.y(), outline.z(), outline.w()}, selectedJoint,
                        toEigen(palette::rgb(palette::kSelectedBone)));
  triangleVbo_.bind();
  triangleVbo_.allocate(geometry.triangles.data(),
                        int(geometry.triangles.size() * sizeof(BoneVertex)));
  triangleVbo_.release();
  lineVbo_.bind();
  lineVbo_.allocate(geometry.lines.data(), int(geometry.lines.size() * sizeof(BoneLineVertex)));
  lineVbo_.release();
  triangleVertices_ = int(geometry.triangles.size());
  lineVertices_ = int(geometry.lines.size());
}

void BoneRenderer::draw(const Camera& camera) {
  if (!shaded_ || triangleVertices_ == 0) return;
  // Pass 1: bones in front of the surface, solid, marking their pixels in the stencil.
  gl_->glEnable(GL_STENCIL_TEST);
  gl_->glClearStencil(0);
  gl_->glClear(GL_STENCIL_BUFFER_BIT);
  gl_->glStencilFunc(GL_ALWAYS, 1, 0xFF);
  gl_->glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
  gl_->glDepthFunc(GL_LEQUAL);
  drawFaces(camera, 1.0f);
  drawLines(camera, 1.0f);
  // Pass 2: the rest, blended over the body. A depth-only pass among the bones first, so that
  // only the nearest bone is blended where bones overlap.
  gl_->glClear(GL_DEPTH_BUFFER_BIT);
  gl_->glStencilFunc(GL_NOTEQUAL, 1, 0xFF);
  gl_->glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
  gl_->glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
  drawFaces(camera, 1.0f);
  gl_->glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  drawFaces(camera, kHiddenOpacity);
  drawLines(camera, kHiddenOpacity);
  gl_->glDisable(GL_STENCIL_TEST);
  gl_->glDepthFunc(GL_LESS);
}

void BoneRenderer::drawFaces(const Camera& camera, float alpha) {
  const Eigen::Matrix4d view = camera.viewMatrix();
  // Faces pushed back a little so the outlines win the depth test on the edges.
  gl_->glEnable(GL_POLYGON_OFFSET_FILL);
  gl_->glPolygonOffset(1.0f, 1.0f);
  shaded_->bind();
  shaded_->setUniformValue("modelView", toQMatrix(view));
  shaded_->setUniformValue("projection", toQMatrix(camera.projectionMatrix()));
  shaded_->setUniformValue("normalMatrix", normalMatrix(view));
  shaded_->setUniformValue("alpha", alpha);
  shaded_->setUniformValue("specular", 0.25f);
  shaded_->setUniformValue("shininess", 32.0f);
  {
    QOpenGLVertexArrayObject::Binder bind(&triangleVao_);
    gl_->glDrawArrays(GL_TRIANGLES, 0, triangleVertices_);
  }
  shaded_->release();
  gl_->glDisable(GL_POLYGON_OFFSET_FILL);
}

void BoneRenderer::drawLines(const Camera& camera, float alpha) {
  lines_->bind();
  lines_->setUniformValue("viewProjection",
                          toQMatrix(camera.projectionMatrix() * camera.viewMatrix()));
  lines_->setUniformValue("fadeRadius", 0.0f);
  lines_->setUniformValue("alpha", alpha);
  {
    QOpenGLVertexArrayObject::Binder bind(&lineVao_);
    gl_->glDrawArrays(GL_LINES, 0, lineVertices_);
  }
  lines_->release();
}

void BoneRenderer::release() {
  triangleVbo_.destroy();
  lineVbo_.destroy();
  triangleVao_.destroy();
  lineVao_.destroy();
  shaded_.reset();
  lines_.reset();
  clear();
}

}  // namespace rw::render
