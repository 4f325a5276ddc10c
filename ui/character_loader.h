#pragma once
// Imports characters on a worker thread so the window stays responsive while Assimp reads.
#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QObject>
#include <QString>
#include <memory>

namespace rw {
struct Character;
}

namespace rw::ui {

/// What a worker thread hands back to the UI thread.
struct LoadResult {
  QString path;
  std::shared_ptr<const Character> character;  ///< null on failure
  QString error;                               ///< one line naming the file and the problem
};

class CharacterLoader : public QObject {
  Q_OBJECT

 public:
  explicit CharacterLoader(QObject* parent = nullptr);
  ~CharacterLoader() override;

  /// Starts importing `path`. A newer request supersedes one still running: only the latest
  /// request reports.
  void load(const QString& path);
  bool busy() const;

  /// Loads files as a retarget's source skeleton: its head bone's tail is read from the file's
  /// skin (skeleton/leaf_tails.h), as the command line does.
  void setSkeletonSource(bool on) { skeletonSource_ = on; }

  /// Imports on the calling thread (what the worker runs).
  static LoadResult importNow(const QString& path, bool skeletonSource = false);

 signals:
  void loaded(const QString& path, std::shared_ptr<const rw::Character> character, qint64 ms);
  void failed(const QString& path, const QString& message);

 private:
  void finished(QFutureWatcher<LoadResult>* watcher, int generation);

  int generation_ = 0;
  bool skeletonSource_ = false;
  QFutureWatcher<LoadResult>* current_ = nullptr;
  QElapsedTimer timer_;
};

}  // namespace rw::ui
