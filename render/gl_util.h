#pragma once
// Small helpers shared by the renderers.
#include <Eigen/Core>
#include <QMatrix3x3>
#include <QMatrix4x4>
#include <QOpenGLShaderProgram>
#include <QString>
#include <QStringList>
#include <memory>

namespace rw::render {

QMatrix4x4 toQMatrix(const Eigen::Matrix4d& m);
/// The rotation part of a view matrix (a normal matrix, since views are rigid).
QMatrix3x3 normalMatrix(const Eigen::Matrix4d& view);

/// Compiles and links ":/shaders/<name>.vert" and ".frag" (GLSL 330 core) with the context
/// current (`fragment`: another fragment shader's name; `defines`: macro names defined in both
/// stages). A line `#include "file"` is replaced by ":/shaders/file". Returns null and logs the
/// compiler output on failure.
std::unique_ptr<QOpenGLShaderProgram> loadProgram(const QString& name,
                                                  const QString& fragment = QString(),
                                                  const QStringList& defines = {});

}  // namespace rw::render
