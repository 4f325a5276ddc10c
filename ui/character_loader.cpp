#include "character_loader.h"

#include <QFileInfo>
#include <QtConcurrent/QtConcurrentRun>
#include <exception>

#include "background_priority.h"
#include "io/import_character.h"
#include "io/rig_json.h"
#include "retarget/skeleton_head.h"
#include "skeleton/leaf_tails.h"

namespace rw::ui {

CharacterLoader::CharacterLoader(QObject* parent) : QObject(parent) {}

CharacterLoader::~CharacterLoader() {
  // A running import finishes on its own in the pool; its result is dropped.
  if (current_) current_->disconnect(this);
}

bool CharacterLoader::busy() const {
  return current_ != nullptr;
}

LoadResult CharacterLoader::importNow(const QString& path, bool skeletonSource) {
  LoadResult result;
  result.path = path;
  if (!QFileInfo(path).isFile()) {
    result.error = QStringLiteral("%1: no such file").arg(path);
    return result;
  }
  try {
    if (QFileInfo(path).suffix().compare(QStringLiteral("json"), Qt::CaseInsensitive) == 0) {
      // The project's own rig file: a skeleton with control bones and constraints.
      Expected<RigDocument> rig = readRigJson(path.toStdString());
      if (!rig.ok()) {
        result.error = QString::fromStdString(rig.error().message);
        return result;
      }
      auto character = std::make_shared<Character>();
      character->sourcePath = path.toStdString();
      character->skeleton = std::move(rig.value().skeleton);
      result.character = std::move(character);
      return result;
    }
    Expected<Character> imported = importCharacter(path.toStdString());
    if (imported.ok() && skeletonSource && !imported->skeleton.empty()) {
      setHeadTailFromSkin(*imported, guessSkeletonHead(imported->skeleton).joint);
      setTurnedBackLeafTails(imported->skeleton);
    }
    if (imported.ok())
      result.character = std::make_shared<const Character>(std::move(imported).value());
    else
      result.error = QString::fromStdString(imported.error().message);
  } catch (const std::exception& e) {
    result.error = QStringLiteral("%1: import failed: %2").arg(path, QString::fromUtf8(e.what()));
  }
  return result;
}

void CharacterLoader::load(const QString& path) {
  if (current_) current_->disconnect(this);  // superseded: its result is dropped
  const int generation = ++generation_;
  auto* watcher = new QFutureWatcher<LoadResult>(this);
  connect(watcher, &QFutureWatcher<LoadResult>::finished, this,
          [this, watcher, generation] { finished(watcher, generation); });
  connect(watcher, &QFutureWatcher<LoadResult>::finished, watcher, &QObject::deleteLater);
  current_ = watcher;
  timer_.start();
  watcher->setFuture(QtConcurrent::run(backgroundPool(), [path, source = skeletonSource_] {
    lowerThreadPriority();
    return CharacterLoader::importNow(path, source);
  }));
}

void CharacterLoader::finished(QFutureWatcher<LoadResult>* watcher, int generation) {
  if (generation != generation_) return;
  current_ = nullptr;
  const LoadResult result = watcher->result();
  if (result.character)
    emit loaded(result.path, result.character, timer_.elapsed());
  else
    emit failed(result.path, result.error);
}

}  // namespace rw::ui
