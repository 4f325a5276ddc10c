// rigwright: the desktop workstation. `rigwright [file]` opens the window, and the file if given.
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QMessageBox>
#include <QTimer>
#include <cstdio>
#include <exception>
#include <string>

#include "display_check.h"
#include "heap/heap_allocator.h"
#include "io/json_fields.h"
#include "util/blas_threads.h"
#include "util/temp_file_guard.h"

#include "main_window.h"
#include "viewport_widget.h"

namespace {

/// Exit code when there is no display to open a window on (scripts fall back to the CLI).
constexpr int kExitNoDisplay = 4;

/// The last resort: an exception escaping an event handler would abort the workstation and
/// lose the user's work. It is reported and the event dropped; the session (and its autosave)
/// lives on.
class GuardedApplication : public QApplication {
 public:
  using QApplication::QApplication;

  bool notify(QObject* receiver, QEvent* event) override {
    try {
      return QApplication::notify(receiver, event);
    } catch (const std::exception& e) {
      report(e.what());
    } catch (...) {
      report("unknown error");
    }
    return false;
  }

 private:
  static void report(const char* what) {
    std::fprintf(stderr, "rigwright: unexpected error: %s\n", rw::printable(what).c_str());
    if (activeWindow())
      QMessageBox::critical(activeWindow(), QObject::tr("Unexpected error"),
                            QObject::tr("Rigwright met an unexpected error and skipped the action "
                                        "(%1). Your work is kept; please save it.")
                                .arg(QString::fromStdString(what)));
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (const std::string problem = rw::gui::displayProblem(); !problem.empty()) {
    std::fprintf(stderr,
                 "rigwright: %s, so the window cannot open.\n"
                 "Use rigwright-cli, or run the GUI under a virtual display: "
                 "xvfb-run -a rigwright FILE\n",
                 problem.c_str());
    return kExitNoDisplay;
  }
  rw::configureHeap();
  rw::parkBlasThreads();
  rw::installInterruptCleanup();
  GuardedApplication app(argc, argv);
  QApplication::setApplicationName(QStringLiteral("Rigwright"));
  QApplication::setOrganizationName(QStringLiteral("Rigwright"));
  QApplication::setApplicationVersion(QStringLiteral(RIGWRIGHT_VERSION));

  QCommandLineParser parser;
  parser.setApplicationDescription(QStringLiteral("Rigwright: rig, skin and animate characters."));
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addPositionalArgument(
      QStringLiteral("file"),
      QStringLiteral("Character, rig, motion or project (.rwproj) file to open."),
      QStringLiteral("[file]"));
  const QCommandLineOption screenshot(
      QStringLiteral("screenshot"),
      QStringLiteral("Open the file, save the viewport to <png> and quit (exit 2 if the file "
                     "does not load)."),
      QStringLiteral("png"));
  parser.addOption(screenshot);
  parser.process(app);

  rw::ui::MainWindow window;
  const QStringList files = parser.positionalArguments();
  if (parser.isSet(screenshot)) {
    if (files.isEmpty()) {
      std::fprintf(stderr, "rigwright: --screenshot needs a file to open\n");
      return 1;
    }
    window.setErrorDialogsEnabled(false);
    const QString png = parser.value(screenshot);
    QObject::connect(&window, &rw::ui::MainWindow::characterLoaded, &app, [&window, png] {
      QTimer::singleShot(0, &window, [&window, png] {
        QDir().mkpath(QFileInfo(png).absolutePath());
        const bool saved = window.viewport()->grabFramebuffer().save(png);
        if (!saved) std::fprintf(stderr, "rigwright: could not write %s\n", qPrintable(png));
        QCoreApplication::exit(saved ? 0 : 1);
      });
    });
    QObject::connect(&window, &rw::ui::MainWindow::loadFailed, &app, [](const QString& message) {
      std::fprintf(stderr, "rigwright: %s\n", rw::printable(message.toStdString()).c_str());
      QCoreApplication::exit(2);
    });
  }
  // Where the user left the window; a screenshot run keeps the default size (comparable images).
  if (!parser.isSet(screenshot)) window.restoreWindowLayout();
  window.show();
  if (!files.isEmpty()) {
    // Opened from the event loop: a file that fails at once (a broken project) reports through
    // loadFailed, whose exit request only works once the loop runs.
    const QString file = files.first();
    QTimer::singleShot(0, &window, [&window, file] { window.openFile(file); });
  } else if (QFileInfo::exists(window.autosavePath())) {
    // The last session did not end cleanly: offer its autosaved project.
    const auto answer = QMessageBox::question(
        &window, QObject::tr("Recover session"),
        QObject::tr("Rigwright did not close normally last time. Recover the autosaved "
                    "session?"));
    if (answer == QMessageBox::Yes)
      window.openProject(window.autosavePath());
    else
      QFile::remove(window.autosavePath());
  }
  return app.exec();
}
