#pragma once
// The workstation's window: a viewport, File and View menus and a status bar with what is
// loaded. Opens characters from File ▸ Open, the recent-files list, drag-and-drop or the
// command line; importing runs on a worker thread.
#include <QMainWindow>
#include <memory>

class QLabel;
class QMenu;
class QProgressBar;

namespace rw {
struct Character;
}

namespace rw::ui {

class CharacterLoader;
class ViewportWidget;

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  ViewportWidget* viewport() const { return viewport_; }
  const std::shared_ptr<const Character>& character() const { return character_; }
  QString currentFile() const { return currentFile_; }
  bool loading() const;
  /// Text of the status bar's message area (the last load's result or error).
  QString statusMessage() const;
  /// When false, load errors only go to the status bar and loadFailed() (tests, scripts);
  /// when true a non-modal message box also shows them.
  void setErrorDialogsEnabled(bool enabled) { errorDialogs_ = enabled; }

 public slots:
  /// Starts loading `path`; the current character stays on screen until the new one is ready.
  void openFile(const QString& path);
  void openFileDialog();

 signals:
  void characterLoaded(const QString& path);
  void loadFailed(const QString& message);

 protected:
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;

 private:
  void createMenus();
  void showLoaded(const QString& path, std::shared_ptr<const Character> character, qint64 ms);
  void showFailed(const QString& path, const QString& message);
  void setMessage(const QString& text, bool error);
  void updateRecentMenu();
  void addRecentFile(const QString& path);

  ViewportWidget* viewport_ = nullptr;
  CharacterLoader* loader_ = nullptr;
  std::shared_ptr<const Character> character_;
  QString currentFile_;
  QLabel* message_ = nullptr;
  QLabel* counts_ = nullptr;
  QProgressBar* busy_ = nullptr;
  QMenu* recentMenu_ = nullptr;
  bool errorDialogs_ = true;
};

}  // namespace rw::ui
