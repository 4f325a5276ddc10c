#include "timeline_widget.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QStyle>
#include <QTimer>
#include <QToolButton>
#include <cmath>
#include <initializer_list>

namespace rw::ui {

namespace {

/// Shows a rate as it is (120, 29.97, 23.976), not padded to a fixed number of decimals.
class RateBox : public QDoubleSpinBox {
 public:
  using QDoubleSpinBox::QDoubleSpinBox;
  QString textFromValue(double value) const override { return locale().toString(value, 'g', 6); }
};

}  // namespace

TimelineWidget::TimelineWidget(QWidget* parent) : QWidget(parent) {
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(6, 2, 6, 2);
  // The clip picker leads the bar, as the action selector does in Blender's action editor.
  clipPicker_ = new QComboBox(this);
  clipPicker_->setObjectName(QStringLiteral("clipPicker"));
  clipPicker_->setToolTip(tr("The clip the timeline plays"));
  clipPicker_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  clipPicker_->setMinimumContentsLength(10);
  clipPicker_->setEnabled(false);
  connect(clipPicker_, &QComboBox::currentIndexChanged, this, [this](int index) {
    if (index >= 0) emit clipPicked(clipPicker_->itemText(index));
  });
  playButton_ = new QToolButton(this);
  playButton_->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
  playButton_->setToolTip(tr("Play / pause (Space)"));
  playButton_->setObjectName(QStringLiteral("play"));
  connect(playButton_, &QToolButton::clicked, this, &TimelineWidget::togglePlay);
  loop_ = new QCheckBox(tr("Loop"), this);
  loop_->setChecked(true);
  slider_ = new QSlider(Qt::Horizontal, this);
  slider_->setRange(0, 0);
  slider_->setToolTip(tr("Scrub through the clip"));
  connect(slider_, &QSlider::valueChanged, this, [this](int f) {
    if (f != frame_) setFrame(f);
  });
  frameBox_ = new QSpinBox(this);
  frameBox_->setRange(0, 0);
  frameBox_->setToolTip(tr("Current frame"));
  connect(frameBox_, &QSpinBox::valueChanged, this, [this](int f) {
    if (f != frame_) setFrame(f);
  });
  fpsBox_ = new RateBox(this);
  fpsBox_->setObjectName(QStringLiteral("fps"));
  fpsBox_->setDecimals(3);
  fpsBox_->setRange(1, 480);
  fpsBox_->setValue(30);
  fpsBox_->setSuffix(tr(" fps"));
  fpsBox_->setKeyboardTracking(false);  // "120" typed is one rate, not 1, 12 and 120
  fpsBox_->setToolTip(
      tr("Frames per second the clip is sampled and played at; a clip opens at its own rate"));
  connect(fpsBox_, &QDoubleSpinBox::valueChanged, this, [this](double v) {
    setFps(v);
    emit rateEdited(v);
  });
  label_ = new QLabel(tr("no clip"), this);
  label_->setMinimumWidth(140);
  layout->addWidget(clipPicker_);
  layout->addWidget(playButton_);
  layout->addWidget(loop_);
  layout->addWidget(slider_, 1);
  layout->addWidget(frameBox_);
  layout->addWidget(fpsBox_);
  layout->addWidget(label_);
  timer_ = new QTimer(this);
  timer_->setTimerType(Qt::PreciseTimer);
  connect(timer_, &QTimer::timeout, this, &TimelineWidget::tick);
  setTransportEnabled(false);
}

void TimelineWidget::setClip(const QString& name, double duration, double fps) {
  pause();
  duration_ = std::max(0.0, duration);
  fps_ = fps > 0 ? fps : 30.0;
  {
    const QSignalBlocker block(fpsBox_);
    fpsBox_->setValue(fps_);
  }
  hasClip_ = true;
  updateFrameRange();
  setTransportEnabled(true);
  setToolTip(name);
  frame_ = -1;
  setFrame(0);
}

void TimelineWidget::clearClip() {
  pause();
  duration_ = 0.0;
  hasClip_ = false;
  updateFrameRange();
  setTransportEnabled(false);
  setToolTip(QString());
  frame_ = 0;
  updateLabel();
}

void TimelineWidget::setClipNames(const QStringList& names, int current) {
  const QSignalBlocker block(clipPicker_);
  clipPicker_->clear();
  clipPicker_->addItems(names);
  clipPicker_->setCurrentIndex(current);
  clipPicker_->setEnabled(!names.isEmpty());
}

void TimelineWidget::updateFrameRange() {
  // Frame n is at n / fps seconds, the last at the clip's end: the source's own numbering at
  // its own rate (AnimationClip::frameCount); a single pose is one frame.
  frameCount_ = hasClip_ ? int(std::lround(duration_ * fps_)) + 1 : 0;
  const QSignalBlocker a(slider_), b(frameBox_);
  slider_->setRange(0, std::max(0, frameCount_ - 1));
  frameBox_->setRange(0, std::max(0, frameCount_ - 1));
}

void TimelineWidget::setTransportEnabled(bool enabled) {
  for (QWidget* w :
       std::initializer_list<QWidget*>{playButton_, loop_, slider_, frameBox_, fpsBox_})
    w->setEnabled(enabled);
}

bool TimelineWidget::playing() const {
  return timer_->isActive();
}

bool TimelineWidget::looping() const {
  return loop_->isChecked();
}

void TimelineWidget::setLooping(bool loop) {
  loop_->setChecked(loop);
}

void TimelineWidget::play() {
  if (frameCount_ <= 1 || playing()) return;
  if (frame_ >= frameCount_ - 1) setFrame(0);
  startTime_ = time();
  clock_.start();
  timer_->start(int(std::max(1.0, 1000.0 / fps_)));
  playButton_->setIcon(style()->standardIcon(QStyle::SP_MediaPause));
  emit playingChanged(true);
}

void TimelineWidget::pause() {
  if (!timer_->isActive()) return;
  timer_->stop();
  playButton_->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
  emit playingChanged(false);
}

void TimelineWidget::togglePlay() {
  playing() ? pause() : play();
}

void TimelineWidget::setFps(double fps) {
  if (!(fps > 0)) return;
  const double t = time();
  fps_ = fps;
  {
    const QSignalBlocker block(fpsBox_);
    fpsBox_->setValue(fps_);
  }
  updateFrameRange();
  if (playing()) {
    startTime_ = t;
    clock_.restart();
    timer_->start(int(std::max(1.0, 1000.0 / fps_)));
  }
  frame_ = -1;
  setFrame(int(std::lround(t * fps_)));
}

void TimelineWidget::setFrame(int frame) {
  frame = std::clamp(frame, 0, std::max(0, frameCount_ - 1));
  if (frame == frame_) return;
  frame_ = frame;
  {
    const QSignalBlocker a(slider_), b(frameBox_);
    slider_->setValue(frame_);
    frameBox_->setValue(frame_);
  }
  updateLabel();
  emit timeChanged(time());
}

void TimelineWidget::tick() {
  const double t = startTime_ + clock_.elapsed() / 1000.0;
  int frame = int(std::floor(t * fps_ + 1e-6));
  if (frame >= frameCount_) {
    if (looping()) {
      frame %= frameCount_;
      startTime_ = frame / fps_;
      clock_.restart();
    } else {
      setFrame(frameCount_ - 1);
      pause();
      return;
    }
  }
  setFrame(frame);
}

void TimelineWidget::updateLabel() {
  label_->setText(
      frameCount_ > 0
          ? tr("%1 / %2  ·  %3 s").arg(frame_).arg(frameCount_ - 1).arg(time(), 0, 'f', 2)
          : tr("no clip"));
}

}  // namespace rw::ui
