#include "skin/bone_heat.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include <Eigen/CholmodSupport>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <limits>
#include <memory>
#include <mutex>
#include <numeric>
#include <sstream>

#include "field/cotangent_laplacian.h"
#include "mesh/mesh_parts.h"
#include "skin/bone_segments.h"
#include "skin/bone_visibility.h"
#include "skin/boneless_parts.h"
#include "skin/part_heat_system.h"
#include "skin/pivot_parts.h"
#include "skin/skin_eval.h"
#include "skin/weight_tools.h"
#include "util/blas_threads.h"
#include "util/stopwatch.h"

namespace rw {
namespace {

using Clock = SteadyClock;

/// Per welded vertex: the heat source of §4 (nearest visible bones and H).
struct VertexHeat {
  double h = 0.0;          ///< H_jj (before multiplying by the area)
  std::vector<int> bones;  ///< the visible equidistant nearest bones (p = 1/k each)
};

/// Each vertex is heated by its nearest *visible* bones, the segment to them staying inside
/// (Pinocchio's and Blender's implementations of §4). A vertex whose nearest bone lies across a
/// gap (a flank beside a hanging arm) then takes heat from the spine it sees, rather than none:
/// with none it only averaged its neighbours, and the arm's heat from the armpit spread down the
/// flank. Bones are tried nearest first, in rounds of one ray per vertex. H = k c / d² (§4).
/// `candidates`: per vertex, the bones to try, nearest first (within their reach).
Expected<std::vector<VertexHeat>> visibleHeatSources(
    std::vector<std::vector<BoneCandidate>> candidates, const SegmentOcclusion& occlusion,
    const std::vector<Eigen::Vector3d>& outward, const std::vector<Eigen::Vector3d>& P,
    const BoneHeatParams& params, double size, const Progress* progress) {
  const int n = int(P.size());
  std::vector<VertexHeat> heat(n);
  {
    const double facing = params.frontFacingCosine;
    if (!outward.empty() && facing < 1.0)
      tbb::parallel_for(tbb::blocked_range<int>(0, n), [&](const tbb::blocked_range<int>& r) {
        for (int v = r.begin(); v < r.end(); ++v) {
          std::vector<BoneCandidate>& list = candidates[v];
          list.erase(std::remove_if(list.begin(), list.end(),
                                    [&](const BoneCandidate& c) {
                                      return outward[v].dot(c.point - P[v]) > facing * c.distance;
                                    }),
                     list.end());
        }
      });
    std::vector<std::size_t> next(n, 0);
    std::vector<double> found(n, -1.0);  // distance of the nearest visible bone, -1: none yet
    std::vector<int> active;
    for (int v = 0; v < n; ++v)
      if (!candidates[v].empty()) active.push_back(v);
    while (!active.empty()) {
      std::vector<Eigen::Vector3d> from, to;
      from.reserve(active.size());
      to.reserve(active.size());
      for (int v : active) {
        from.push_back(P[v]);
        to.push_back(candidates[v][next[v]].point);
      }
      const std::vector<char> clear = occlusion.clear(from, to, params.visibilityMargin * size);
      std::vector<int> still;
      for (std::size_t k = 0; k < active.size(); ++k) {
        const int v = active[k];
        const BoneCandidate& c = candidates[v][next[v]++];
        if (clear[k]) {
          if (found[v] < 0.0) found[v] = c.distance;
          heat[v].bones.push_back(c.bone);
        }
        // Go on while no bone is visible yet, or the next one is as near as the one found.
        const bool more = next[v] < candidates[v].size();
        if (more && (found[v] < 0.0 || candidates[v][next[v]].distance <=
                                           found[v] * (1.0 + params.equidistantTolerance)))
          still.push_back(v);
      }
      active.swap(still);
      if (progress && progress->cancelled()) return Error{"cancelled"};
    }
    const double minDistance = params.minDistanceFraction * size;
    for (int v = 0; v < n; ++v)
      if (!heat[v].bones.empty()) {
        const double d = std::max(found[v], minDistance);
        heat[v].h = double(heat[v].bones.size()) * params.heatConstant / (d * d);
      }
  }
  return heat;
}

/// A leaf bone the file gives no tail (glTF and FBX store none) has a guessed direction and
/// length (skeleton.h: its joint's Y axis, half its parent's length). Only Blender puts the
/// bone along Y; the part such a bone moves goes on from its parent bone (a head above the
/// neck, a finger's tip, a toe) to the surface. So it is turned to its parent's direction and
/// stretched along it to where it leaves the surface, at most maxLeafStretch times the guessed
/// length (never shortened).
void reachPartEnds(const Skeleton& skeleton, const SegmentOcclusion& surface,
                   const BoneHeatParams& params, std::vector<BoneSegment>& segments) {
  if (!(params.maxLeafStretch > 1.0)) return;
  const std::vector<Transform> globals = skeleton.restGlobals();
  for (BoneSegment& segment : segments) {
    const Joint& joint = skeleton.joints[segment.joint];
    if (joint.tail) continue;
    const std::vector<int> children = skeleton.children(segment.joint);
    if (std::any_of(children.begin(), children.end(),
                    [&](int c) { return skeleton.joints[c].deform; }))
      continue;
    const double length = (segment.tail - segment.head).norm();
    if (!(length > 0.0)) continue;
    Eigen::Vector3d direction = (segment.tail - segment.head) / length;
    if (joint.parent >= 0) {
      const Eigen::Vector3d onward = segment.head - globals[joint.parent].translation();
      if (onward.norm() > 1e-9 * length) direction = onward.normalized();
    }
    const std::optional<double> end = surface.hitDistance(segment.head, direction);
    const double reach = end ? std::clamp(*end, length, params.maxLeafStretch * length) : length;
    segment.tail = segment.head + reach * direction;
  }
}

/// Per joint, the index of its deform bone's segment (-1 for a joint that deforms nothing).
std::vector<int> segmentOfJoint(const Skeleton& skeleton,
                                const std::vector<BoneSegment>& segments) {
  std::vector<int> segmentOf(skeleton.size(), -1);
  for (std::size_t b = 0; b < segments.size(); ++b) segmentOf[segments[b].joint] = int(b);
  return segmentOf;
}

/// Per segment, how far from it a vertex may take it as a heat source: terminalChainReach times
/// the length of the chain it starts when it ends the skeleton (a leaf, or single deform children
/// down to one), unlimited otherwise.
std::vector<double> boneReach(const Skeleton& skeleton, const std::vector<BoneSegment>& segments,
                              const BoneHeatParams& params) {
  const double unlimited = std::numeric_limits<double>::infinity();
  std::vector<double> reach(segments.size(), unlimited);
  const double factor = params.terminalChainReach;
  if (!(factor > 0.0)) return reach;
  const std::vector<int> segmentOf = segmentOfJoint(skeleton, segments);
  // chain[j]: length of the chain from deform joint j down to its leaf; -1 when it branches.
  std::vector<double> chain(skeleton.size(), -1.0);
  for (int j = skeleton.size() - 1; j >= 0; --j) {  // children come after their parent
    const int b = segmentOf[j];
    if (b < 0) continue;
    std::vector<int> deformChildren;
    for (int c : skeleton.children(j))
      if (segmentOf[c] >= 0) deformChildren.push_back(c);
    const double own = (segments[b].tail - segments[b].head).norm();
    if (deformChildren.empty())
      chain[j] = own;
    else if (deformChildren.size() == 1 && chain[deformChildren[0]] >= 0.0)
      chain[j] = own + chain[deformChildren[0]];
  }
  // A chain bone reaches as far as its whole chain is long, from the chain's first bone (the
  // child of a branching joint): a toe at the end of a leg chain is not limited. Only chains
  // among several such siblings that branch off the side of their parent bone are limited; one
  // that continues it from its tail, or the only end chain of its parent (a head on a neck), is
  // the part there.
  const double offset = params.sideBranchOffset;
  std::vector<int> endChains(skeleton.size(), 0);  // per joint, its children that start one
  for (int j = 0; j < skeleton.size(); ++j) {
    const int p = skeleton.joints[j].parent;
    if (chain[j] >= 0.0 && p >= 0 && chain[p] < 0.0) ++endChains[p];
  }
  const int minSiblings = params.minEndChainSiblings;
  std::vector<double> whole(skeleton.size(), -1.0);
  std::vector<char> limited(skeleton.size(), 0);
  for (int j = 0; j < skeleton.size(); ++j) {
    if (chain[j] < 0.0) continue;
    const int p = skeleton.joints[j].parent;
    if (p >= 0 && chain[p] >= 0.0) {
      whole[j] = whole[p];
      limited[j] = limited[p];
    } else {
      whole[j] = chain[j];
      const int pb = p >= 0 ? segmentOf[p] : -1;
      if (pb >= 0 && endChains[p] >= minSiblings) {
        const BoneSegment& parent = segments[pb];
        limited[j] = (segments[segmentOf[j]].head - parent.tail).norm() >
                     offset * (parent.tail - parent.head).norm();
      }
    }
    if (limited[j]) reach[segmentOf[j]] = factor * whole[j];
  }
  return reach;
}

/// The segments heat comes from: every deform bone's own (first, in the same order), then, with
/// params.hubSpokes, one from a bone's head to each of its deform children's heads when it has
/// several.
struct HeatSegments {
  std::vector<BoneSegment> all;
  std::vector<int> owner;     ///< per segment, the bone (index of its own segment) it heats for
  std::vector<double> reach;  ///< per segment, its owner's reach (boneReach)
};

/// A hub's paired children (two thighs from the pelvis, two clavicles from the chest: heads as
/// far from the hub's head and bones as long, within pairedChildTolerance) are joined by a
/// segment heating for the hub: the skin between them (the crotch, the top of the chest) is
/// the hub's rigid piece, not shared out to the nearer child.
void addPairedChildRims(const std::vector<BoneSegment>& segments, std::size_t hub,
                        const std::vector<int>& children, const BoneHeatParams& params,
                        HeatSegments& out) {
  const double tolerance = params.pairedChildTolerance;
  const BoneSegment& p = segments[hub];
  for (std::size_t i = 0; i < children.size(); ++i)
    for (std::size_t k = i + 1; k < children.size(); ++k) {
      const BoneSegment &a = segments[children[i]], &c = segments[children[k]];
      const double da = (a.head - p.head).norm(), dc = (c.head - p.head).norm();
      const double la = (a.tail - a.head).norm(), lc = (c.tail - c.head).norm();
      if (std::abs(da - dc) > tolerance * std::max(da, dc) ||
          std::abs(la - lc) > tolerance * std::max(la, lc))
        continue;
      out.all.push_back({p.joint, a.head, c.head});
      out.owner.push_back(int(hub));
      out.reach.push_back(out.reach[hub]);
    }
}

HeatSegments heatSegments(const Skeleton& skeleton, const std::vector<BoneSegment>& segments,
                          const BoneHeatParams& params) {
  HeatSegments out;
  out.all = segments;
  out.owner.resize(segments.size());
  std::iota(out.owner.begin(), out.owner.end(), 0);
  out.reach = boneReach(skeleton, segments, params);
  const bool spokes = params.hubSpokes;
  if (!spokes) return out;
  const std::vector<int> segmentOf = segmentOfJoint(skeleton, segments);
  for (std::size_t b = 0; b < segments.size(); ++b) {
    std::vector<int> children;
    for (int c : skeleton.children(segments[b].joint))
      if (segmentOf[c] >= 0) children.push_back(segmentOf[c]);
    if (children.size() < 2) continue;
    for (int c : children) {
      out.all.push_back({segments[b].joint, segments[b].head, segments[c].head});
      out.owner.push_back(int(b));
      out.reach.push_back(out.reach[b]);
    }
    if (params.pairedChildTolerance > 0.0) addPairedChildRims(segments, b, children, params, out);
  }
  return out;
}

/// Unit area-weighted vertex normals, each connected part turned so that most of its vertices'
/// nearest bones lie behind them (outward normals whatever the file's winding).
std::vector<Eigen::Vector3d> outwardNormals(const std::vector<Eigen::Vector3d>& P,
                                            const std::vector<Eigen::Vector3i>& T,
                                            const MeshParts& parts,
                                            const std::vector<NearestBones>& nearest) {
  std::vector<Eigen::Vector3d> normal(P.size(), Eigen::Vector3d::Zero());
  for (const Eigen::Vector3i& t : T) {
    const Eigen::Vector3d area = (P[t[1]] - P[t[0]]).cross(P[t[2]] - P[t[0]]);
    for (int k = 0; k < 3; ++k) normal[t[k]] += area;
  }
  for (const std::vector<int>& part : parts.vertices) {
    long long behind = 0;
    for (int v : part)
      if (!nearest[v].points.empty())
        behind += normal[v].dot(nearest[v].points[0] - P[v]) < 0.0 ? 1 : -1;
    const double sign = behind >= 0 ? 1.0 : -1.0;
    for (int v : part) normal[v] *= sign;
  }
  for (Eigen::Vector3d& n : normal)
    if (n.norm() > 0.0) n.normalize();
  return normal;
}

/// Heats the vertices whose own part holds no bone from the bone along that part
/// (skin/boneless_parts.h): H = k c / d², d from the vertex to that bone. Returns their count.
int heatBonelessParts(const std::vector<Eigen::Vector3d>& P,
                      const std::vector<Eigen::Vector3d>& outward,
                      const std::vector<NearestBones>& nearest, const SegmentOcclusion& surface,
                      const Skeleton& skeleton, const HeatSegments& sources,
                      const BoneHeatParams& params, double size, std::vector<VertexHeat>& heat) {
  if (!(params.boneless.holdingRadii > 0.0)) return 0;
  // What a vertex sees decides which bones its part may take; one that sees nothing (deep in
  // a fold, a horn's tip) goes by its nearest bones.
  std::vector<std::vector<int>> seen(heat.size());
  for (std::size_t v = 0; v < heat.size(); ++v)
    seen[v] = heat[v].bones.empty() ? nearest[v].bones : heat[v].bones;
  const std::vector<BorrowedHeat> borrowed = heatForBonelessParts(
      P, outward, surface, skeleton, sources.all, sources.reach, seen, params.equidistantTolerance,
      params.visibilityMargin * size, params.boneless);
  int count = 0;
  const double minDistance = params.minDistanceFraction * size;
  for (std::size_t v = 0; v < heat.size(); ++v) {
    if (borrowed[v].bones.empty()) continue;
    heat[v].bones = borrowed[v].bones;
    const double d = std::max(borrowed[v].distance, minDistance);
    heat[v].h = double(heat[v].bones.size()) * params.heatConstant / (d * d);
    ++count;
  }
  return count;
}

/// Drops, at every vertex, the weights of the bones more than maxHopsFromDominant links from its
/// strongest bone in the skeleton's hierarchy (bones' own joints), and renormalizes.
/// Parent/child links between the joints of every two segments.
std::vector<std::vector<int>> segmentHops(const Skeleton& skeleton,
                                          const std::vector<BoneSegment>& segments) {
  const std::vector<std::vector<int>> hops = jointHops(skeleton);
  std::vector<std::vector<int>> out(segments.size(), std::vector<int>(segments.size()));
  for (std::size_t a = 0; a < segments.size(); ++a)
    for (std::size_t b = 0; b < segments.size(); ++b)
      out[a][b] = hops[segments[a].joint][segments[b].joint];
  return out;
}

/// `hops`: segmentHops, links between the segments' joints.
void keepNearDominant(const std::vector<std::vector<int>>& hops, const BoneHeatParams& params,
                      std::vector<std::vector<Influence>>& perVertex) {
  const int limit = params.maxHopsFromDominant;
  if (limit < 0) return;
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, perVertex.size()),
                    [&](const tbb::blocked_range<std::size_t>& r) {
                      for (std::size_t v = r.begin(); v < r.end(); ++v) {
                        std::vector<Influence>& w = perVertex[v];
                        if (w.empty()) continue;  // normalized: the strongest comes first
                        const int dominant = w.front().joint;
                        w.erase(std::remove_if(w.begin(), w.end(),
                                               [&](const Influence& i) {
                                                 return hops[dominant][i.joint] > limit;
                                               }),
                                w.end());
                        double sum = 0.0;
                        for (const Influence& i : w) sum += i.weight;
                        for (Influence& i : w) i.weight /= sum;
                      }
                    });
}

/// How one part's weights were found.
struct PartSolve {
  bool solved = false;  ///< false: the part is attached rigidly, for `reason`
  std::string reason;
  int heated = 0;  ///< vertices with a heat source
  double factorSeconds = 0.0, solveSeconds = 0.0;
};

/// Weights over one connected part (§4): its system (L + M H) w = M H p, prepared without the
/// heat (part_heat_system.h), factored here; one right-hand side per bone that heats the part,
/// solved in blocks; a part one bone heats gets weight 1 everywhere. Writes weights[v] of the
/// part's vertices (the segment indices of the bones' own segments, sources.owner).
PartSolve solvePartHeat(const std::vector<int>& vertices, PartHeatSystem* system,
                        const std::vector<VertexHeat>& heat, const std::vector<double>& area,
                        const std::vector<NearestBones>& nearest, const std::vector<int>& owner,
                        const BoneHeatParams& params,
                        std::vector<std::vector<Influence>>& weights) {
  PartSolve out;
  // One right-hand side per bone, not per segment: a hub's spokes heat for the hub, and the
  // system is linear, so their sources add up in one column (fewer back-substitutions).
  std::vector<int> bonesHere;
  int heated = 0;
  for (int v : vertices)
    if (heat[v].h > 0.0 && area[v] > 0.0) {
      ++heated;
      for (int b : heat[v].bones) bonesHere.push_back(owner[b]);
    }
  if (heated == 0) return {false, "no bone is visible from inside it"};
  std::sort(bonesHere.begin(), bonesHere.end());
  bonesHere.erase(std::unique(bonesHere.begin(), bonesHere.end()), bonesHere.end());
  out.heated = heated;
  if (bonesHere.size() == 1) {  // one bone heats the whole part: its weight is 1 everywhere
    for (int v : vertices) weights[v] = {{bonesHere[0], 1.0}};
    out.solved = true;
    return out;
  }

  Clock::time_point t0 = Clock::now();
  const int m = int(vertices.size());
  Eigen::VectorXd mh(m);
  for (int i = 0; i < m; ++i) mh[i] = area[vertices[i]] * heat[vertices[i]].h;
  const bool factored = system && system->factor(mh);
  out.factorSeconds = secondsSince(t0);
  if (!factored) {
    out.reason = "its heat system could not be factored";
    return out;
  }
  t0 = Clock::now();
  std::vector<int> column(owner.size(), -1);
  for (size_t k = 0; k < bonesHere.size(); ++k) column[bonesHere[k]] = int(k);
  const auto fill = [&](int first, int count, Eigen::MatrixXd& rhs) {
    rhs.setZero();
    for (int i = 0; i < m; ++i) {
      const VertexHeat& h = heat[vertices[i]];
      for (int b : h.bones) {
        const int col = column[owner[b]] - first;
        if (col >= 0 && col < count) rhs(i, col) += mh[i] / double(h.bones.size());
      }
    }
  };
  const auto take = [&](int first, int count, const Eigen::Map<const Eigen::MatrixXd>& w) {
    for (int k = 0; k < count; ++k)
      for (int i = 0; i < m; ++i)
        if (w(i, k) > params.solveDropBelow)
          weights[vertices[i]].push_back({bonesHere[first + k], w(i, k)});
  };
  const bool solved =
      system->solve(int(bonesHere.size()),
                    system->blockWithin(params.rhsBlockBytes, params.rhsBlock), fill, take);
  out.solveSeconds = secondsSince(t0);
  if (!solved) {
    out.reason = "its heat system could not be solved";
    return out;
  }
  // A vertex whose heat all fell under the drop threshold (cannot happen in exact arithmetic:
  // the weights sum to 1) takes its nearest bone.
  for (int v : vertices)
    if (weights[v].empty())
      for (int b : nearest[v].bones)
        weights[v].push_back({b, 1.0 / double(nearest[v].bones.size())});
  out.solved = true;
  return out;
}

/// What was done, in sentences (the report's notes).
void describeInNotes(BoneHeatReport& report) {
  std::ostringstream s;
  s << "bone heat over " << report.components << " part(s): " << report.solvedComponents
    << " solved by heat diffusion";
  report.notes.push_back(s.str());
  if (!report.looseParts.empty()) {
    std::ostringstream l;
    l << report.looseParts.size() << " part(s) with no bone inside (";
    int vertices = 0;
    for (const LoosePart& p : report.looseParts) vertices += p.vertices;
    l << vertices << " vertices) attached rigidly to their nearest bone(s)";
    report.notes.push_back(l.str());
  }
  if (report.bonelessVertices > 0)
    report.notes.push_back(std::to_string(report.bonelessVertices) +
                           " vertices in parts that hold no bone (a mitten's side fingers, a "
                           "skirt) heated from the bone along their part");
  if (report.pivotParts > 0)
    report.notes.push_back(std::to_string(report.pivotParts) + " round part(s) (" +
                           std::to_string(report.pivotVertices) +
                           " vertices: eyes) attached rigidly to the joint at their centre");
  if (report.isolatedVertices > 0)
    report.notes.push_back(std::to_string(report.isolatedVertices) +
                           " vertices in no triangle attached to their nearest bone");
  if (report.islands.islands > 0)
    report.notes.push_back(
        std::to_string(report.islands.islands) + " stray island(s) of a bone's weight (" +
        std::to_string(report.islands.vertices) + " vertices) given the weights around them");
  if (report.mirror.applied)
    report.notes.push_back("weights mirrored across x = " + std::to_string(report.mirror.planeX) +
                           " (" + std::to_string(report.mirror.pairedVertices) +
                           " vertices paired)");
  if (!report.unweightedBones.empty())
    report.notes.push_back(std::to_string(report.unweightedBones.size()) +
                           " deform bone(s) got no weight (no vertex is nearest to them)");
}

/// The bones' heads (their joints' positions), in segment order.
std::vector<Eigen::Vector3d> boneHeads(const std::vector<BoneSegment>& segments) {
  std::vector<Eigen::Vector3d> heads;
  heads.reserve(segments.size());
  for (const BoneSegment& s : segments) heads.push_back(s.head);
  return heads;
}

/// The nearest bone(s) of every vertex (§4: p = 1/k for k equidistant bones), and the
/// params.visibleSearch nearest within their reach, the candidates for the visibility test.
struct VertexBones {
  std::vector<NearestBones> nearest;
  std::vector<std::vector<BoneCandidate>> candidates;
};
VertexBones bonesOfVertices(const HeatSegments& sources, const std::vector<Eigen::Vector3d>& P,
                            const BoneHeatParams& params) {
  VertexBones out;
  out.nearest.resize(P.size());
  out.candidates.resize(P.size());
  const SegmentDistances distances(sources.all);
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, P.size()),
                    [&](const tbb::blocked_range<std::size_t>& r) {
                      for (std::size_t v = r.begin(); v < r.end(); ++v) {
                        BonesAround around = distances.around(P[v], params.equidistantTolerance,
                                                              params.visibleSearch, sources.reach);
                        out.nearest[v] = std::move(around.nearest);
                        out.candidates[v] = std::move(around.candidates);
                      }
                    });
  return out;
}

/// What bone heat needs of the surface alone, before any heat is known: per connected part
/// its system's pattern (null for round parts bound to a joint, pivotOf), the vertices' mixed
/// Voronoi areas (M).
struct SurfacePreparation {
  std::vector<std::unique_ptr<PartHeatSystem>> systems;
  std::vector<double> area;
};
SurfacePreparation prepareSurface(const MeshParts& parts, const std::vector<int>& pivotOf,
                                  const std::vector<Eigen::Vector3d>& P,
                                  const std::vector<Eigen::Vector3i>& T,
                                  const BoneHeatParams& params) {
  SurfacePreparation out;
  out.systems.resize(parts.vertices.size());
  tbb::parallel_for(std::size_t(0), parts.vertices.size(), [&](std::size_t c) {
    if (pivotOf[c] < 0 && parts.vertices[c].size() > 1)
      out.systems[c] = std::make_unique<PartHeatSystem>(parts.vertices[c], parts.triangles[c], P, T,
                                                        params.minCotangentWeight);
  });
  out.area = mixedVoronoiAreas(int(P.size()), T, P);
  return out;
}

/// The heat sources of §4: every vertex's nearest bones (p), and its nearest visible ones with
/// H (visibleHeatSources), skin in parts that hold no bone heated along them (boneless_parts.h).
struct HeatSources {
  std::vector<NearestBones> nearest;
  std::vector<VertexHeat> heat;
};
Expected<HeatSources> findHeatSources(const HeatSegments& sources, const SegmentOcclusion& surface,
                                      const MeshParts& parts, const std::vector<Eigen::Vector3d>& P,
                                      const std::vector<Eigen::Vector3i>& T,
                                      const Skeleton& skeleton, const BoneHeatParams& params,
                                      double size, const Progress* progress,
                                      BoneHeatReport& report) {
  // Nearest bone(s) of every vertex (§4: p = 1/k for k equidistant bones).
  if (progress) progress->report("bone heat: nearest bones", 0.05);
  Clock::time_point t0 = Clock::now();
  HeatSources out;
  VertexBones vertexBones = bonesOfVertices(sources, P, params);
  out.nearest = std::move(vertexBones.nearest);
  report.nearestSeconds = secondsSince(t0);

  // Visibility: each vertex is heated by its nearest *visible* bones (visibleHeatSources).
  if (progress) progress->report("bone heat: visibility", 0.15);
  t0 = Clock::now();
  const bool frontFacing = params.frontFacingCosine < 1.0;
  const std::vector<Eigen::Vector3d> outward = frontFacing || params.boneless.holdingRadii > 0.0
                                                   ? outwardNormals(P, T, parts, out.nearest)
                                                   : std::vector<Eigen::Vector3d>();
  Expected<std::vector<VertexHeat>> heat = visibleHeatSources(
      std::move(vertexBones.candidates), surface,
      frontFacing ? outward : std::vector<Eigen::Vector3d>(), P, params, size, progress);
  if (!heat) return heat.error();
  out.heat = std::move(heat).value();
  report.bonelessVertices = heatBonelessParts(P, outward, out.nearest, surface, skeleton, sources,
                                              params, size, out.heat);
  report.visibilitySeconds = secondsSince(t0);
  if (progress && progress->cancelled()) return Error{"cancelled"};
  return out;
}

/// Normalize, keep the bones near each vertex's strongest, mirror, prune and limit.
void finishWeights(const std::vector<Eigen::Vector3d>& P, const std::vector<Eigen::Vector3i>& T,
                   const MirrorPairing& mirror, const Skeleton& skeleton,
                   const std::vector<BoneSegment>& segments, const BoneHeatParams& params,
                   std::vector<std::vector<Influence>>& weights, BoneHeatReport& report) {
  SkinWeights welded;
  welded.perVertex = std::move(weights);
  welded.normalize();
  const std::vector<std::vector<int>> hops = segmentHops(skeleton, segments);
  keepNearDominant(hops, params, welded.perVertex);
  // The surface's neighbours here, not with the areas: after the solves, whose memory peak
  // they would add to (20 MB at 274K vertices).
  report.islands = removeWeightIslands(surfaceNeighbours(int(P.size()), T), hops, welded.perVertex,
                                       params.islands);
  report.mirror = applyMirrorPairing(mirror, P, params.mirror.source, welded.perVertex);
  report.limits = applyWeightLimits(welded, params.limits);
  weights = std::move(welded.perVertex);
}

/// Welded-vertex weights over bone segments as the file's vertices' weights over joints; the
/// deform bones no vertex took are listed in the report.
SkinWeights perSourceVertex(const Mesh& mesh, const Skeleton& skeleton,
                            const std::vector<BoneSegment>& segments,
                            std::vector<std::vector<Influence>>& weights, BoneHeatReport& report) {
  const int n = int(mesh.positions.size());
  SkinWeights out;
  std::vector<char> used(segments.size(), 0);
  for (const auto& w : weights)
    for (const Influence& i : w) used[i.joint] = 1;
  for (auto& w : weights)
    for (Influence& i : w) i.joint = segments[i.joint].joint;
  out.perVertex.resize(mesh.source.positions.size());
  tbb::parallel_for(std::size_t(0), mesh.source.positions.size(), [&](std::size_t s) {
    const int v = s < mesh.weldedOfSource.size() ? mesh.weldedOfSource[s] : -1;
    if (v >= 0 && v < n) out.perVertex[s] = weights[v];
  });
  for (size_t b = 0; b < segments.size(); ++b)
    if (!used[b]) report.unweightedBones.push_back(skeleton.joints[segments[b].joint].name);
  return out;
}

/// The heat parts (part indices, in part order) solved side by side on TBB's threads, largest
/// first so the last to start are short: they are independent, and one part's factorization
/// and solve keep a single core busy (util/blas_threads.h). Writes weights[v] of their
/// vertices; returns each part's solve by part index.
std::vector<PartSolve> solveHeatParts(const MeshParts& parts, std::vector<std::size_t> heatParts,
                                      SurfacePreparation& prepared, const HeatSources& found,
                                      const HeatSegments& sources, const BoneHeatParams& params,
                                      const Progress* progress,
                                      std::vector<std::vector<Influence>>& weights) {
  const std::vector<std::vector<int>>& vertices = parts.vertices;
  std::vector<PartSolve> solves(vertices.size());
  const std::size_t count = heatParts.size();
  std::stable_sort(heatParts.begin(), heatParts.end(), [&](std::size_t a, std::size_t b) {
    return vertices[a].size() > vertices[b].size();
  });
  const ScopedBlasThreads blasThreads(count > 1 ? 1 : 0);
  std::atomic<int> finished{0};
  std::mutex reporting;  // the progress callback need not be thread-safe
  // Isolated: while this thread waits for the parts it must not pick up an outer task that
  // could open a BLAS section of its own (sections are not reentrant).
  tbb::this_task_arena::isolate([&] {
    tbb::parallel_for(std::size_t(0), count, [&](std::size_t i) {
      if (progress && progress->cancelled()) return;
      const std::size_t c = heatParts[i];
      solves[c] = solvePartHeat(vertices[c], prepared.systems[c].get(), found.heat, prepared.area,
                                found.nearest, sources.owner, params, weights);
      prepared.systems[c].reset();  // its factor's memory
      const int done = ++finished;
      if (!progress) return;
      const std::lock_guard<std::mutex> lock(reporting);
      progress->report("bone heat: solving", 0.2 + 0.7 * double(done) / double(count));
    });
  });
  return solves;
}

/// Weights per welded vertex over segment indices, part by part: round parts on their joint
/// (pivotOf), the others solved by heat (solvePartHeat), those that cannot be attached rigidly
/// to their nearest bone(s) and reported; vertices in no triangle take their nearest bone.
Expected<std::vector<std::vector<Influence>>> solveParts(
    const MeshParts& parts, const std::vector<int>& pivotOf, SurfacePreparation& prepared,
    const HeatSources& found, const HeatSegments& sources, const BoneHeatParams& params,
    const Progress* progress, BoneHeatReport& report) {
  const std::vector<NearestBones>& nearest = found.nearest;
  const std::vector<std::vector<int>>& componentVertices = parts.vertices;
  const int n = int(parts.partOf.size());
  // Per welded vertex weights over segment indices.
  std::vector<std::vector<Influence>> weights(n);
  auto attachRigidly = [&](const std::vector<int>& vertices, const std::string& reason,
                           bool isPart) {
    int closest = vertices.front();
    for (int v : vertices)
      if (nearest[v].distance < nearest[closest].distance) closest = v;
    const std::vector<int>& bones = nearest[closest].bones;
    for (int v : vertices) {
      weights[v].clear();
      for (int b : bones) weights[v].push_back({b, 1.0 / double(bones.size())});
    }
    if (!isPart) return;
    LoosePart part;
    part.vertices = int(vertices.size());
    for (int b : bones)  // a hub's own segment and its spokes meet at its head: one joint
      if (std::find(part.joints.begin(), part.joints.end(), sources.all[b].joint) ==
          part.joints.end())
        part.joints.push_back(sources.all[b].joint);
    part.distance = nearest[closest].distance;
    part.reason = reason;
    report.looseParts.push_back(part);
  };
  for (int v = 0; v < n; ++v)
    if (parts.partOf[v] < 0) {
      ++report.isolatedVertices;
      attachRigidly({v}, "", false);
    }

  // Round parts go on their joint (an eyeball: pivot_parts.h); the others are solved by heat.
  std::vector<std::size_t> heatParts;
  for (size_t c = 0; c < componentVertices.size(); ++c) {
    const std::vector<int>& vertices = componentVertices[c];
    if (pivotOf[c] < 0) {
      heatParts.push_back(c);
      continue;
    }
    for (int v : vertices) weights[v] = {{pivotOf[c], 1.0}};
    ++report.pivotParts;
    report.pivotVertices += int(vertices.size());
  }
  const std::vector<PartSolve> solves =
      solveHeatParts(parts, heatParts, prepared, found, sources, params, progress, weights);
  if (progress && progress->cancelled()) return Error{"cancelled"};
  for (std::size_t c : heatParts) {  // in part order, as when they were solved one by one
    const PartSolve& part = solves[c];
    report.heatedVertices += part.heated;
    report.factorSeconds += part.factorSeconds;
    report.solveSeconds += part.solveSeconds;
    if (!part.solved) {
      attachRigidly(componentVertices[c], part.reason, true);
      continue;
    }
    ++report.solvedComponents;
  }
  return weights;
}

}  // namespace

struct SkinSurface {
  const Mesh* mesh = nullptr;
  std::size_t vertices = 0, triangles = 0;  ///< of the mesh when prepared
  MeshParts parts;
  SurfacePreparation prepared;  ///< a system for every part of more than one vertex
};

void SkinSurfaceDeleter::operator()(SkinSurface* s) const {
  delete s;
}

PreparedSkinSurface prepareSkinSurface(const Mesh& mesh, const BoneHeatParams& params) {
  PreparedSkinSurface out(new SkinSurface);
  out->mesh = &mesh;
  out->vertices = mesh.positions.size();
  out->triangles = mesh.triangles.size();
  out->parts = connectedParts(int(mesh.positions.size()), mesh.triangles);
  // Which round parts go on a joint needs the skeleton: every part is prepared.
  const std::vector<int> noPivots(out->parts.vertices.size(), -1);
  out->prepared = prepareSurface(out->parts, noPivots, mesh.positions, mesh.triangles, params);
  return out;
}

Expected<BoneHeatResult> boneHeatWeights(const Mesh& mesh, const Skeleton& skeleton,
                                         const BoneHeatParams& params, const Progress* progress,
                                         PreparedSkinSurface ready) {
  const Clock::time_point start = Clock::now();
  if (mesh.positions.empty() || mesh.triangles.empty())
    return Error{"the mesh has no triangles to skin"};
  if (skeleton.deformCount() == 0) return Error{"the skeleton has no deform bone to skin with"};
  const double size = mesh.size();
  if (!(size > 0.0) || !std::isfinite(size))
    return Error{"the mesh is degenerate (zero or non-finite size)"};
  std::vector<BoneSegment> segments =
      deformBoneSegments(skeleton, params.fallbackBoneFraction * size);
  for (const BoneSegment& s : segments)
    if (!s.head.allFinite() || !s.tail.allFinite())
      return Error{"joint '" + skeleton.joints[s.joint].name + "' has a non-finite position"};
  const std::vector<Eigen::Vector3d>& P = mesh.positions;
  const std::vector<Eigen::Vector3i>& T = mesh.triangles;
  const int n = int(P.size());
  // Connected parts, each solved on its own; round loose parts with a joint at their centre
  // (eyeballs) are bound to it instead (pivot_parts.h).
  const bool ahead =
      ready && ready->mesh == &mesh && ready->vertices == P.size() && ready->triangles == T.size();
  const MeshParts parts = ahead ? std::move(ready->parts) : connectedParts(n, T);
  const std::vector<int> pivotOf =
      pivotOfRoundParts(parts, P, boneHeads(segments), size, params.pivotParts);
  // What needs the geometry alone (the parts' system patterns, the areas), unless prepared
  // ahead, is prepared on another thread while the surface's ray tracing structure is built and
  // the heat sources are found.
  SurfacePreparation prepared;
  tbb::task_group geometry;
  if (ahead)
    prepared = std::move(ready->prepared);
  else
    geometry.run([&] { prepared = prepareSurface(parts, pivotOf, P, T, params); });
  ready.reset();
  // Rays are needed until the heat sources are found; freed before the factorizations, the
  // memory peak (about 30 MB of ray-tracing structure at 548K triangles).
  auto surface = std::make_unique<const SegmentOcclusion>(mesh.positions, mesh.triangles);
  reachPartEnds(skeleton, *surface, params, segments);
  // The mirror pairs (mirror_weights.h) need the final bones and the geometry alone, too.
  MirrorPairing mirrorPairing;
  geometry.run([&] { mirrorPairing = pairMirrors(P, segments, size, params.mirror); });

  BoneHeatResult result;
  BoneHeatReport& report = result.report;
  report.deformBones = int(segments.size());

  const HeatSegments sources = heatSegments(skeleton, segments, params);
  Expected<HeatSources> found =
      findHeatSources(sources, *surface, parts, P, T, skeleton, params, size, progress, report);
  surface.reset();
  geometry.wait();
  if (!found) return found.error();

  report.components = int(parts.vertices.size());
  Expected<std::vector<std::vector<Influence>>> solved =
      solveParts(parts, pivotOf, prepared, *found, sources, params, progress, report);
  if (!solved) return solved.error();
  std::vector<std::vector<Influence>>& weights = *solved;

  // Normalize, mirror, prune, limit; then per source vertex with joint indices.
  const Clock::time_point t0 = Clock::now();
  if (progress) progress->report("bone heat: finishing", 0.9);
  for (std::vector<Influence>& w : weights)  // a hub's spokes heat for the hub (merged next)
    for (Influence& i : w) i.joint = sources.owner[i.joint];
  finishWeights(P, T, mirrorPairing, skeleton, segments, params, weights, report);
  result.weights = perSourceVertex(mesh, skeleton, segments, weights, report);
  report.finishSeconds = secondsSince(t0);
  report.totalSeconds = secondsSince(start);

  describeInNotes(report);
  if (progress) progress->report("bone heat: done", 1.0);
  return result;
}

}  // namespace rw
