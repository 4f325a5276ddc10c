#include "gl_util.h"

#include <QDebug>
#include <QFile>

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

namespace {

QByteArray readShader(const QString& file) {
  QFile in(QStringLiteral(":/shaders/") + file);
  if (!in.open(QIODevice::ReadOnly)) {
    qWarning().noquote() << "rigwright: missing shader" << file;
    return {};
  }
  return in.readAll();
}

/// The shader's source with the defines after its #version line and its includes pasted in
/// (GLSL has no includes of its own).
QByteArray shaderSource(const QString& file, const QStringList& defines) {
  QByteArray out;
  const QList<QByteArray> lines = readShader(file).split('\n');
  for (qsizetype i = 0; i < lines.size(); ++i) {
    const QByteArray line = lines[i].trimmed();
    if (line.startsWith("#include")) {
      const qsizetype open = line.indexOf('"'), close = line.lastIndexOf('"');
      out += readShader(QString::fromUtf8(line.mid(open + 1, close - open - 1))) + '\n';
      continue;
    }
    out += lines[i] + '\n';
    if (i == 0)  // #version
      for (const QString& define : defines) out += "#define " + define.toUtf8() + " 1\n";
  }
  return out;
}

}  // namespace

std::unique_ptr<QOpenGLShaderProgram> loadProgram(const QString& name, const QString& fragment,
                                                  const QStringList& defines) {
  auto program = std::make_unique<QOpenGLShaderProgram>();
  const QString frag = (fragment.isEmpty() ? name : fragment) + ".frag";
  if (!program->addShaderFromSourceCode(QOpenGLShader::Vertex,
                                        shaderSource(name + ".vert", defines)) ||
      !program->addShaderFromSourceCode(QOpenGLShader::Fragment, shaderSource(frag, defines)) ||
      !program->link()) {
    qWarning().noquote() << "rigwright: shader" << name << "failed:" << program->log();
    return nullptr;
  }
  return program;
}

}  // namespace rw::render
