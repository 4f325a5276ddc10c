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
#include <string>

#include "display_check.h"

#include "main_window.h"
#include "viewport_widget.h"

namespace {

/// Exit code when there is no display to open a window on (scripts fall back to the CLI).
constexpr int kExitNoDisplay = 4;

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
  QApplication app(argc, argv);
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
      std::fprintf(stderr, "rigwright: %s\n", qPrintable(message));
      QCoreApplication::exit(2);
    });
  }
  window.show();
  if (!files.isEmpty()) {
    window.openFile(files.first());
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
