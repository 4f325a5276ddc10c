#pragma once
// Foot contacts of a source motion: frames where a foot is planted. Beyond Lu et al. 2009
// (which constrains only the lowest end effector per frame, §3.4): a foot is planted while its
// ankle is near its lowest height in the clip and moves slowly horizontally; the retargeter
// pins planted feet so they do not slide (footskate, Baran & Popović 2007 §1).
#include <Eigen/Core>
#include <vector>

namespace rw {

struct FootContactParams {
  /// Ankle height above its lowest height in the clip, as a fraction of the leg length, below
  /// which the foot may be planted (CMU walks: a planted ankle wobbles ~2% of the leg, a
  /// swinging one rises > 10%).
  double heightFraction = 0.06;
  /// Horizontal ankle speed, in leg lengths per second, below which the foot may be planted
  /// (walking swing speeds are 2-4 leg/s; mocap jitter of a planted heel < 0.2 leg/s).
  double speedFraction = 0.5;
  /// Contacts shorter than this many seconds are noise, not steps.
  double minDurationSeconds = 0.05;
};

/// One interval of planted frames [first, last] of one limb end. A track on which no end ever
/// moves slowly enough (a cycle played in place) is read by height alone, its contacts marked
/// inPlace.
struct FootContact {
  int foot = 0;  ///< 0 left foot, 1 right foot (retarget_motion also uses 2, 3: left, right hand)
  int first = 0, last = 0;
  /// The limb end moves along the ground while planted: the clip is a cycle in place (a game
  /// walk or run on a treadmill), found by height alone since no end ever holds still.
  bool inPlace = false;
};

/// `ankle[f][i]`: ankle position of foot f at frame i (Y up); `legLength` in the same units.
std::vector<FootContact> detectFootContacts(const std::vector<std::vector<Eigen::Vector3d>>& ankle,
                                            double framesPerSecond, double legLength,
                                            const FootContactParams& params = {});

/// Contacts of limb ends with a known floor (a hand put on the ground): planted while the joint
/// is within params.heightFraction × legLength of `floor` and moves slowly. `end[k][i]`: limb
/// end k at frame i; contacts carry `firstIndex + k` as their limb. `inPlace` (the feet's
/// contacts were in place) reads them by height alone when none holds still.
std::vector<FootContact> detectFloorContacts(const std::vector<std::vector<Eigen::Vector3d>>& end,
                                             double framesPerSecond, double legLength, double floor,
                                             int firstIndex, bool inPlace,
                                             const FootContactParams& params = {});

}  // namespace rw
