#include "gl_util.h"

#include <QDebug>

namespace rw::render {

QMatrix4x4 toQMatrix(const Eigen::Matrix4d& m) {
  QMatrix4x4 q;
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) q(r, c) = float(m(r, c));
  return q;
}

QMatrix3x3 normalMatrix(const Eigen::Matrix4d& view) {
  QMatrix3x3 q;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) q(r, c) = float(view(r, c));
  return q;
}

std::unique_ptr<QOpenGLShaderProgram> loadProgram(const QString& name, const QString& fragment) {
  auto program = std::make_unique<QOpenGLShaderProgram>();
  const QString base = QStringLiteral(":/shaders/") + name;
  const QString frag =
      QStringLiteral(":/shaders/") + (fragment.isEmpty() ? name : fragment) + ".frag";
  if (!program->addShaderFromSourceFile(QOpenGLShader::Vertex, base + ".vert") ||
      !program->addShaderFromSourceFile(QOpenGLShader::Fragment, frag) || !program->link()) {
    qWarning().noquote() << "rigwright: shader" << name << "failed:" << program->log();
    return nullptr;
  }
  return program;
}

}  // namespace rw::render
