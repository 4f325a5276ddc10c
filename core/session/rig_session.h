#pragma once
// The cached pipeline of docs/pipeline.md: mesh ─► field(head) ─► reeb ─► multires ─► symmetry(C)
// ─┐ skeleton ─► skeleton graph(head joint) ─► skeleton symmetry(C) ─► control links ───────────┴─►
// match ─► place(γ) ─► control bones. Each stage keeps its result with the inputs it was computed
// from, so a parameter change re-runs only the stages downstream of it: changing γ re-runs
// placement onward, changing C symmetry onward, changing a head node from that head's stage on.
// This is what makes live preview cheap.
//
// Results are immutable and shared: a viewer can keep drawing the previous results while the
// session computes new ones. The session itself is not thread-safe: call it from one thread at
// a time (the GUI's worker thread, or the CLI).
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "embed/embedding_fallback.h"
#include "embed/skeleton_embedding.h"
#include "retarget/control_links.h"
#include "retarget/graph_matching.h"
#include "retarget/placement_params.h"
#include "retarget/placement_paths.h"
#include "retarget/retarget_skeleton.h"
#include "session/mesh_graph.h"
#include "skeleton/skeleton_graph.h"
#include "util/expected.h"
#include "util/progress.h"

namespace rw {

enum class RigStage {
  Field,             ///< geodesics, extrema, harmonic field (mesh, mesh head, field params)
  Reeb,              ///< Reeb graph + embedding (reeb params)
  Multires,          ///< resolution levels (levels, filter)
  Symmetry,          ///< mesh symmetry per level (C)
  SkeletonGraph,     ///< skeleton graph (skeleton, skeleton head; C: side branches left out)
  SkeletonSymmetry,  ///< skeleton symmetry (C)
  ControlLinks,      ///< control bone → deform bone
  Match,             ///< Algorithm 1
  Place,             ///< Algorithm 2 + control bones (γθ, γl, γx, samples)
};
constexpr int kRigStageCount = 9;
/// The stage's key in reports (`--json` stage_seconds, the CLI's timing lines).
const char* rigStageName(RigStage stage);
/// The stage's short name for people (the workstation's status bar; the UI translates it).
const char* rigStageLabel(RigStage stage);

/// How the skeleton is placed in the mesh (`rig --method`, the workstation's Rig ▸ Placement
/// Method): graph matching and placement (Poirier 2009), the skeleton embedding alone (Baran &
/// Popović 2007 §3), or the matching with the embedding for the limbs it could not place
/// (embed/embedding_fallback.h).
enum class RigMethod { Retarget, Embed, Auto };
const char* rigMethodName(RigMethod method);  ///< "retarget", "embed", "auto"
/// The method called `name`, or nothing.
std::optional<RigMethod> rigMethodFromName(const std::string& name);

struct RigParams {
  MeshGraphParams mesh;  ///< field, Reeb, multires (levels, filter), symmetry (C, also skeleton's)
  PlacementParams placement;
  /// How deep a four-legged trunk's spine runs (placement paths, cleaned at the Match stage).
  SpineDepthParams spineDepth;
  /// Graph matching's judgement calls (Match stage).
  MatchingHeuristics matching;
  /// Partial retargeting: a skeleton joint whose subtree is mapped onto the mesh arc holding
  /// `meshStartVertex` (both -1: the whole skeleton from the head nodes).
  int partialSkeletonJoint = -1;
  int partialMeshVertex = -1;
  RigMethod method = RigMethod::Retarget;
  bool operator==(const RigParams&) const = default;
};

struct StageTime {
  RigStage stage;
  double seconds = 0.0;  ///< wall time when it last ran
};

class RigSession {
 public:
  /// Inputs. Setting an input equal to the current one invalidates nothing.
  void setMesh(std::shared_ptr<const Mesh> mesh);
  void setSkeleton(std::shared_ptr<const Skeleton> skeleton);
  void setMeshHead(int weldedVertex);
  void setSkeletonHead(int joint);
  void setParams(const RigParams& params);

  const std::shared_ptr<const Mesh>& mesh() const { return mesh_; }
  const std::shared_ptr<const Skeleton>& skeleton() const { return skeleton_; }
  int meshHead() const { return meshHead_; }
  int skeletonHead() const { return skeletonHead_; }
  const RigParams& params() const { return params_; }

  /// Computes every stage that is out of date. Without a skeleton only the mesh stages run (the
  /// graph overlay); without a mesh only the skeleton stages. Progress is reported per stage
  /// (stage name, fraction of the run); a cancel stops at the next stage boundary (or inside the
  /// field solve) with Error "cancelled", keeping every stage finished so far.
  Status run(const Progress* progress = nullptr);

  /// The stages the last run() computed, in order (empty when everything was up to date).
  const std::vector<RigStage>& lastRun() const { return lastRun_; }
  /// Wall time of each stage's latest computation, in pipeline order (stages never run omitted).
  std::vector<StageTime> stageTimes() const;
  /// True when `stage` has a result matching the current inputs.
  bool upToDate(RigStage stage) const;

  // Results: null until computed (or after a change invalidated them and run() has not yet
  // recomputed them).
  std::shared_ptr<const HarmonicField> field() const { return field_; }
  std::shared_ptr<const ReebGraph> reeb() const { return reeb_; }
  /// Per file vertex: its arc on the finest level (the Reeb graph).
  std::shared_ptr<const std::vector<int>> arcOfSourceVertex() const { return arcOfSource_; }
  std::shared_ptr<const MultiresGraph> multires() const { return multires_; }
  std::shared_ptr<const std::vector<GraphSymmetry>> meshSymmetry() const { return meshSym_; }
  std::shared_ptr<const SkeletonGraph> skeletonGraph() const { return skelGraph_; }
  std::shared_ptr<const GraphSymmetry> skeletonSymmetry() const { return skelSym_; }
  std::shared_ptr<const std::vector<ControlLink>> controlLinks() const { return links_; }
  std::shared_ptr<const GraphMatching> matching() const { return matching_; }
  /// The placed skeleton, whatever the method (an embedding's too, fates Placed/Followed/Control).
  std::shared_ptr<const RetargetedSkeleton> retargeted() const { return retargeted_; }
  /// With the embed and auto methods: each joint's method, the decision and its reason (its
  /// `rig` is retargeted()'s). Null with the retarget method.
  std::shared_ptr<const FallbackPlacement> placement() const { return placement_; }
  /// The skeleton's embedding into the mesh, once a method needed it (kept until the mesh or
  /// the skeleton changes: a γ change or a switch of method does not embed again).
  std::shared_ptr<const SkeletonEmbedding> embedding() const { return embedding_; }

  /// The mesh stages' results moved out, for a caller that runs them once and keeps them
  /// (buildMeshGraph): a 548K-triangle field and graph are ~40 MB to copy. Results another
  /// holder still shares are copied. The session is left without them (invalidateFrom(Field)).
  MeshGraph takeMeshGraph();

 private:
  // One per stage, in pipeline order; each reads the results before it (run() checks they
  // are there) and sets its own.
  Status computeField(const Progress* progress);
  Status computeReeb();
  Status computeMultires();
  Status computeSymmetry();
  Status computeSkeletonGraph();
  Status computeSkeletonSymmetry();
  Status computeControlLinks();
  Status computeMatch();
  Status computePlace(const Progress* progress);
  /// The Place stage's embed / auto part: the (cached) embedding alone, or combined with
  /// `retargeted` (the retarget's placement; null for embed).
  Status placeWithEmbedding(std::shared_ptr<const RetargetedSkeleton> retargeted);

  void invalidateFrom(RigStage stage);
  void invalidateSkeletonFrom(RigStage stage);

  std::shared_ptr<const Mesh> mesh_;
  std::shared_ptr<const Skeleton> skeleton_;
  int meshHead_ = -1;
  int skeletonHead_ = -1;
  RigParams params_;

  std::shared_ptr<const HarmonicField> field_;
  std::shared_ptr<const ReebGraph> reeb_;
  std::shared_ptr<const std::vector<int>> arcOfSource_;
  std::shared_ptr<const MultiresGraph> multires_;
  std::shared_ptr<const std::vector<GraphSymmetry>> meshSym_;
  std::shared_ptr<const SkeletonGraph> skelGraph_;
  std::shared_ptr<const GraphSymmetry> skelSym_;
  std::shared_ptr<const std::vector<ControlLink>> links_;
  std::shared_ptr<const GraphMatching> matching_;
  std::shared_ptr<const RetargetedSkeleton> retargeted_;
  std::shared_ptr<const FallbackPlacement> placement_;
  std::shared_ptr<const SkeletonEmbedding> embedding_;

  std::vector<RigStage> lastRun_;
  double seconds_[kRigStageCount] = {};
  bool ran_[kRigStageCount] = {};
};

}  // namespace rw
