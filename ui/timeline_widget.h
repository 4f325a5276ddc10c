#pragma once
// The timeline: the clip picker, play / pause, loop, a scrub slider over the clip's frames, the
// current frame and the playback rate. A clip is shown at its own frame rate with its own frame
// numbering (frame n at n / fps seconds) until the user types another rate, which then samples
// it. Playback follows the wall clock (a slow frame skips ahead rather than slowing the motion
// down), as animators expect.
#include <QElapsedTimer>
#include <QStringList>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
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

  /// A clip of `duration` seconds (0: a single pose) shown at `fps` frames per second.
  void setClip(const QString& name, double duration, double fps);
  /// No clip: the transport is disabled.
  void clearClip();
  /// The clips the picker offers and the one shown (-1: none); no clipPicked is emitted.
  void setClipNames(const QStringList& names, int current);
  QComboBox* clipPicker() const { return clipPicker_; }
  int frame() const { return frame_; }
  int frameCount() const { return frameCount_; }
  double fps() const { return fps_; }
  double time() const { return fps_ > 0 ? frame_ / fps_ : 0.0; }
  bool playing() const;
  bool looping() const;
  QSlider* slider() const { return slider_; }
  QDoubleSpinBox* fpsBox() const { return fpsBox_; }

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
  /// The user picked another clip in the picker.
  void clipPicked(const QString& name);
  /// The user typed a playback rate in the rate box.
  void rateEdited(double fps);

 private:
  void tick();
  void updateLabel();
  /// Frames of the clip at the current rate, numbered as AnimationClip::frameCount does.
  void updateFrameRange();
  void setTransportEnabled(bool enabled);

  QComboBox* clipPicker_ = nullptr;
  QToolButton* playButton_ = nullptr;
  QCheckBox* loop_ = nullptr;
  QSlider* slider_ = nullptr;
  QSpinBox* frameBox_ = nullptr;
  QDoubleSpinBox* fpsBox_ = nullptr;
  QLabel* label_ = nullptr;
  QTimer* timer_ = nullptr;
  QElapsedTimer clock_;
  double startTime_ = 0.0;
  bool hasClip_ = false;
  int frame_ = 0;
  int frameCount_ = 0;
  double fps_ = 30.0;
  double duration_ = 0.0;
};

}  // namespace rw::ui
