#pragma once
// The workstation's project file (".rwproj", JSON): which mesh, skeleton and motion files the
// artist opened, the head nodes, the parameters and the display level — everything needed to
// reopen a session exactly. Paths are stored relative to the project file when they sit beside
// or below it, so a project folder can move; others stay absolute. Writes are atomic; reading
// names the file and the field in its errors.
#include <Eigen/Core>
#include <QString>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "session/rig_session.h"
#include "util/expected.h"

namespace rw::ui {

inline constexpr const char* kProjectFormat = "rigwright-project";
inline constexpr int kProjectVersion = 1;

/// A joint placed by hand, by name (joint indices belong to one skeleton file).
struct ProjectPin {
  QString joint;
  Eigen::Vector3d position = Eigen::Vector3d::Zero();
  bool operator==(const ProjectPin&) const = default;
};

/// A bone roll set by hand, by name.
struct ProjectRoll {
  QString joint;
  double degrees = 0.0;  ///< Blender's roll of the joint's bone
  bool operator==(const ProjectRoll&) const = default;
};

struct Project {
  QString meshPath;      ///< absolute once read
  QString skeletonPath;  ///< empty: the mesh file's own skeleton
  QString motionPath;    ///< empty: none
  int meshHead = -1;     ///< welded vertex; -1 = auto
  QString skeletonHead;  ///< joint name; empty = auto
  RigParams params;      ///< without pins and rolls: those are `pins` and `rolls`, by name
  std::vector<ProjectPin> pins;
  std::vector<ProjectRoll> rolls;
  /// Weights painted by hand: per source vertex of the mesh, its influences by joint name.
  std::map<int, std::vector<std::pair<QString, double>>> painted;
  bool retarget = false;  ///< the skeleton was retargeted into the mesh
  int displayLevel = -1;  ///< graph overlay level; -1 = the coarsest
  bool operator==(const Project&) const = default;
};

Expected<Project> readProject(const QString& path);
Status writeProject(const Project& project, const QString& path);

}  // namespace rw::ui
