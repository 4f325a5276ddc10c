#pragma once
// The 3D viewport: the character's mesh as clay, its bones as octahedra (deform bones blue,
// control bones orange) and a ground grid, in an OpenGL 3.3 core context.
//
// Navigation as in Blender: left drag orbits, middle drag or Shift+left drag pans, the wheel
// zooms, F or Home frames the character, 1/3/7 (also on the numpad; Ctrl for the opposite
// side) give the front, right and top views, 5 toggles perspective/orthographic.
#include <QOpenGLWidget>
#include <QPoint>
#include <memory>

#include "bone_renderer.h"
#include "camera.h"
#include "grid_renderer.h"
#include "mesh_renderer.h"

class QOpenGLFunctions_3_3_Core;

namespace rw {
struct Character;
}

namespace rw::ui {

class ViewportWidget : public QOpenGLWidget {
  Q_OBJECT

 public:
  explicit ViewportWidget(QWidget* parent = nullptr);
  ~ViewportWidget() override;

  /// Shows `character` (null clears the view) and frames it from the front three-quarter view.
  void setCharacter(std::shared_ptr<const Character> character);
  const std::shared_ptr<const Character>& character() const { return character_; }

  const render::Camera& camera() const { return camera_; }
  render::Camera& camera() { return camera_; }

  bool gridVisible() const { return gridVisible_; }
  bool bonesVisible() const { return bonesVisible_; }
  /// False when the GL context or the shaders could not be set up (see glError()).
  bool glReady() const { return glReady_; }
  QString glError() const { return glError_; }

 public slots:
  void frameAll();
  void setViewPreset(rw::render::ViewPreset preset);
  void toggleOrthographic();
  void setGridVisible(bool visible);
  void setBonesVisible(bool visible);

 signals:
  /// The camera moved (orbit, pan, zoom, preset, frame).
  void cameraChanged();

 protected:
  void initializeGL() override;
  void resizeGL(int width, int height) override;
  void paintGL() override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;

 private:
  enum class Drag { None, Orbit, Pan };

  void uploadCharacter();
  void releaseGL();

  std::shared_ptr<const Character> character_;
  bool characterDirty_ = false;
  /// The mesh and every joint, in character space.
  Eigen::AlignedBox3d bounds_;
  /// Re-frame on resize until the user moves the camera.
  bool autoFrame_ = false;
  render::Camera camera_;
  render::MeshRenderer meshRenderer_;
  render::BoneRenderer boneRenderer_;
  render::GridRenderer gridRenderer_;
  QOpenGLFunctions_3_3_Core* gl_ = nullptr;
  bool glReady_ = false;
  QString glError_;
  bool gridVisible_ = true;
  bool bonesVisible_ = true;
  Drag drag_ = Drag::None;
  QPoint lastMouse_;
};

}  // namespace rw::ui
