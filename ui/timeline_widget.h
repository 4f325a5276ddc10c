#pragma once
// The timeline: play / pause, loop, a scrub slider over the clip's frames, the current frame
// and the playback rate. Playback follows the wall clock (a slow frame skips ahead rather than
// slowing the motion down), as animators expect.
#include <QElapsedTimer>
#include <QWidget>

class QCheckBox;
class QLabel;
class QSlider;
class QSpinBox;
class QTimer;
class QToolButton;

namespace rw::ui {

class TimelineWidget : public QWidget {
  Q_OBJECT

 public:
  explicit TimelineWidget(QWidget* parent = nullptr);

  /// A clip of `duration` seconds shown at `fps` frames per second (0 duration: no clip).
  void setClip(const QString& name, double duration, double fps);
  int frame() const { return frame_; }
  int frameCount() const { return frameCount_; }
  double fps() const { return fps_; }
  double time() const { return fps_ > 0 ? frame_ / fps_ : 0.0; }
  bool playing() const;
  bool looping() const;
  QSlider* slider() const { return slider_; }

 public slots:
  void play();
  void pause();
  void togglePlay();
  void setFrame(int frame);
  void setLooping(bool loop);
  void setFps(double fps);

 signals:
  /// The current time changed (play, scrub, frame box): seconds into the clip.
  void timeChanged(double seconds);
  void playingChanged(bool playing);

 private:
  void tick();
  void updateLabel();

  QToolButton* playButton_ = nullptr;
  QCheckBox* loop_ = nullptr;
  QSlider* slider_ = nullptr;
  QSpinBox* frameBox_ = nullptr;
  QSpinBox* fpsBox_ = nullptr;
  QLabel* label_ = nullptr;
  QTimer* timer_ = nullptr;
  QElapsedTimer clock_;
  double startTime_ = 0.0;
  int frame_ = 0;
  int frameCount_ = 0;
  double fps_ = 30.0;
  double duration_ = 0.0;
};

}  // namespace rw::ui
