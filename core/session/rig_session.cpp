#include "session/rig_session.h"

#include "retarget/head_skin_depth.h"
#include "retarget/loop_cut_limbs.h"
#include "retarget/placement_paths.h"
#include "retarget/side_branches.h"

#include <chrono>

namespace rw {

namespace {

/// Every stage's report key and label, in RigStage order: the one list of the stages' names.
struct StageNames {
  RigStage stage;
  const char* key;
  const char* label;
};
constexpr StageNames kStageNames[kRigStageCount] = {
    {RigStage::Field, "field", "field"},
    {RigStage::Reeb, "reeb", "Reeb"},
    {RigStage::Multires, "multires", "levels"},
    {RigStage::Symmetry, "symmetry", "symmetry"},
    {RigStage::SkeletonGraph, "skeleton graph", "skeleton graph"},
    {RigStage::SkeletonSymmetry, "skeleton symmetry", "skeleton symmetry"},
    {RigStage::ControlLinks, "control links", "controls"},
    {RigStage::Match, "match", "match"},
    {RigStage::Place, "place", "place"},
};

const StageNames* namesOf(RigStage stage) {
  const int i = static_cast<int>(stage);
  if (i < 0 || i >= kRigStageCount || kStageNames[i].stage != stage) return nullptr;
  return &kStageNames[i];
}

}  // namespace

const char* rigStageName(RigStage stage) {
  const StageNames* n = namesOf(stage);
  return n ? n->key : "?";
}

const char* rigStageLabel(RigStage stage) {
  const StageNames* n = namesOf(stage);
  return n ? n->label : "?";
}

const char* rigMethodName(RigMethod method) {
  switch (method) {
    case RigMethod::Retarget:
      return "retarget";
    case RigMethod::Embed:
      return "embed";
    case RigMethod::Auto:
      return "auto";
  }
  return "retarget";
}

std::optional<RigMethod> rigMethodFromName(const std::string& name) {
  for (RigMethod m : {RigMethod::Retarget, RigMethod::Embed, RigMethod::Auto})
    if (name == rigMethodName(m)) return m;
  return std::nullopt;
}

void RigSession::invalidateFrom(RigStage stage) {
  switch (stage) {
    case RigStage::Field:
      field_.reset();
      [[fallthrough]];
    case RigStage::Reeb:
      reeb_.reset(), arcOfSource_.reset();
      [[fallthrough]];
    case RigStage::Multires:
      multires_.reset();
      [[fallthrough]];
    case RigStage::Symmetry:
      meshSym_.reset();
      break;
    case RigStage::SkeletonGraph:
      skelGraph_.reset();
      [[fallthrough]];
    case RigStage::SkeletonSymmetry:
      skelSym_.reset();
      [[fallthrough]];
    case RigStage::ControlLinks:
      links_.reset();
      break;
    case RigStage::Match:
    case RigStage::Place:
      break;
  }
  // Everything downstream of either branch meets at matching.
  if (stage != RigStage::Place) matching_.reset();
  retargeted_.reset();
  placement_.reset();
}

void RigSession::setMesh(std::shared_ptr<const Mesh> mesh) {
  if (mesh == mesh_) return;
  mesh_ = std::move(mesh);
  embedding_.reset();
  invalidateFrom(RigStage::Field);
}

void RigSession::setSkeleton(std::shared_ptr<const Skeleton> skeleton) {
  if (skeleton == skeleton_) return;
  skeleton_ = std::move(skeleton);
  embedding_.reset();
  invalidateFrom(RigStage::SkeletonGraph);
}

void RigSession::setMeshHead(int vertex) {
  if (vertex == meshHead_) return;
  meshHead_ = vertex;
  embedding_.reset();  // a long body's facing follows the head
  invalidateFrom(RigStage::Field);
}

void RigSession::setSkeletonHead(int joint) {
  if (joint == skeletonHead_) return;
  skeletonHead_ = joint;
  invalidateFrom(RigStage::SkeletonGraph);
}

void RigSession::setParams(const RigParams& p) {
  const RigParams old = params_;
  params_ = p;
  if (!(old.mesh.field == p.mesh.field)) invalidateFrom(RigStage::Field);
  if (!(old.mesh.reeb == p.mesh.reeb)) invalidateFrom(RigStage::Reeb);
  if (!(old.mesh.multires == p.mesh.multires)) invalidateFrom(RigStage::Multires);
  if (!(old.mesh.symmetry == p.mesh.symmetry)) {
    invalidateFrom(RigStage::Symmetry);
    // The matched skeleton graph leaves out side branches found by the skeleton's symmetry.
    invalidateFrom(RigStage::SkeletonGraph);
  }
  if (old.partialSkeletonJoint != p.partialSkeletonJoint ||
      old.partialMeshVertex != p.partialMeshVertex || !(old.spineDepth == p.spineDepth) ||
      !(old.matching == p.matching))
    invalidateFrom(RigStage::Match);
  if (!(old.placement == p.placement) || old.method != p.method) invalidateFrom(RigStage::Place);
}

bool RigSession::upToDate(RigStage stage) const {
  switch (stage) {
    case RigStage::Field:
      return bool(field_);
    case RigStage::Reeb:
      return bool(reeb_);
    case RigStage::Multires:
      return bool(multires_);
    case RigStage::Symmetry:
      return bool(meshSym_);
    case RigStage::SkeletonGraph:
      return bool(skelGraph_);
    case RigStage::SkeletonSymmetry:
      return bool(skelSym_);
    case RigStage::ControlLinks:
      return bool(links_);
    case RigStage::Match:
      return bool(matching_);
    case RigStage::Place:
      return bool(retargeted_);
  }
  return false;
}

std::vector<StageTime> RigSession::stageTimes() const {
  std::vector<StageTime> times;
  for (int i = 0; i < kRigStageCount; ++i)
    if (ran_[i]) times.push_back({RigStage(i), seconds_[i]});
  return times;
}

namespace {

/// Matching input for a partial retarget: the skeleton arc holding `joint` and the mesh arc
/// holding welded vertex `vertex`, on the coarsest level that still has that arc.
void choosePartialArcs(const SkeletonGraph& sg, const ReebGraph& reeb, const MultiresGraph& mr,
                       int joint, int vertex, MatchingInput& in) {
  if (joint < 0 || vertex < 0 || joint >= int(sg.arcOfJoint.size()) ||
      vertex >= int(reeb.arcOfVertex.size()))
    return;
  int arcS = sg.arcOfJoint[joint];
  if (arcS < 0)  // a node joint: the first arc leaving it
    for (int node = 0; node < sg.graph.nodeCount(); ++node)
      if (sg.nodeJoint[node] == joint)
        for (int a : sg.graph.nodes[node].arcs)
          if (sg.graph.arcs[a].from == node && arcS < 0) arcS = a;
  int level = mr.levelCount() - 1, arc = reeb.arcOfVertex[vertex];
  if (arcS < 0 || arc < 0) return;
  while (level > 0 && mr.levels[level].arcCoarser[arc] >= 0) {
    arc = mr.levels[level].arcCoarser[arc];
    --level;
  }
  in.skeletonStartArc = arcS;
  in.meshStartLevel = level;
  in.meshStartArc = arc;
}

}  // namespace

namespace {

/// `result`'s object, moved when `result` is its last holder, else copied; `result` is reset.
/// The mesh stages make their results as non-const objects (shared as const), so moving from
/// one nobody else holds is well-defined.
template <class T>
T takeResult(std::shared_ptr<const T>& result) {
  T out = result.use_count() == 1 ? std::move(const_cast<T&>(*result)) : *result;
  result.reset();
  return out;
}

}  // namespace

MeshGraph RigSession::takeMeshGraph() {
  MeshGraph out;
  for (const StageTime& t : stageTimes())
    out.stageSeconds.emplace_back(rigStageName(t.stage), t.seconds);
  if (field_) out.field = takeResult(field_);
  if (reeb_) out.reeb = takeResult(reeb_);
  if (arcOfSource_) out.arcOfSourceVertex = takeResult(arcOfSource_);
  if (multires_) out.multires = takeResult(multires_);
  if (meshSym_) out.symmetry = takeResult(meshSym_);
  invalidateFrom(RigStage::Field);
  return out;
}

// --- The stages: each computes one result from the results before it -----------------------

Status RigSession::computeField(const Progress* progress) {
  Expected<HarmonicField> f = harmonicField(*mesh_, meshHead_, params_.mesh.field, progress);
  if (!f) return f.error();
  field_ = std::make_shared<HarmonicField>(std::move(f).value());
  return std::nullopt;
}

Status RigSession::computeReeb() {
  auto reeb = std::make_shared<ReebGraph>(computeReebGraph(*mesh_, *field_, params_.mesh.reeb));
  arcOfSource_ = std::make_shared<std::vector<int>>(
      arcsOfSourceVertices(*mesh_, field_->domain, reeb->arcOfVertex));
  reeb_ = std::move(reeb);
  return std::nullopt;
}

Status RigSession::computeMultires() {
  multires_ =
      std::make_shared<MultiresGraph>(buildMultiresolution(reeb_->graph, params_.mesh.multires));
  return std::nullopt;
}

Status RigSession::computeSymmetry() {
  meshSym_ = std::make_shared<std::vector<GraphSymmetry>>(
      detectSymmetry(*multires_, params_.mesh.symmetry));
  return std::nullopt;
}

Status RigSession::computeSkeletonGraph() {
  Expected<SkeletonGraph> g =
      matchableSkeletonGraph(*skeleton_, skeletonHead_, params_.mesh.symmetry);
  if (!g) return g.error();
  skelGraph_ = std::make_shared<const SkeletonGraph>(std::move(g).value());
  return std::nullopt;
}

Status RigSession::computeSkeletonSymmetry() {
  skelSym_ = std::make_shared<const GraphSymmetry>(
      detectSymmetry(skelGraph_->graph, skeletonSymmetryParams(params_.mesh.symmetry)));
  return std::nullopt;
}

Status RigSession::computeControlLinks() {
  links_ = std::make_shared<const std::vector<ControlLink>>(
      linkControlBones(*skeleton_, *skelGraph_, *skelSym_));
  return std::nullopt;
}

Status RigSession::computeMatch() {
  MatchingInput in;
  in.skeleton = skelGraph_.get();
  in.skeletonSymmetry = skelSym_.get();
  in.mesh = multires_.get();
  in.meshSymmetry = meshSym_.get();
  in.flatBranchFraction = params_.mesh.symmetry.flatBranchFraction;
  in.heuristics = params_.matching;
  if (params_.partialSkeletonJoint >= 0 || params_.partialMeshVertex >= 0) {
    choosePartialArcs(*skelGraph_, *reeb_, *multires_, params_.partialSkeletonJoint,
                      params_.partialMeshVertex, in);
    if (in.skeletonStartArc < 0)
      return Error{"partial retarget: joint " + std::to_string(params_.partialSkeletonJoint) +
                   " or vertex " + std::to_string(params_.partialMeshVertex) +
                   " is not on the skeleton or mesh graph"};
  }
  GraphMatching matching = matchGraphs(in);
  if (matching.partial) matching.partialJoint = params_.partialSkeletonJoint;
  // Cleaned here, not in placement: the sections need rays against the mesh, and a γ change
  // re-runs placement only.
  std::vector<std::vector<Eigen::Vector3d>> paths =
      placementPaths(*mesh_, *skelGraph_, *skelSym_, matching, params_.spineDepth);
  const std::vector<double> predictedEnd =
      continueLimbsPastLoopCuts(*mesh_, *skelGraph_, matching, reeb_->loopsCut, paths);
  for (std::size_t i = 0; i < paths.size(); ++i) {
    matching.matches[i].placementPath = paths[i];
    matching.matches[i].predictedEnd = predictedEnd[i];
  }
  matching_ = std::make_shared<const GraphMatching>(std::move(matching));
  return std::nullopt;
}

Status RigSession::computePlace(const Progress* progress) {
  PlacementMesh placementMesh;
  // Neck depths come only from the skeleton's own four-legged mesh (own_spine_depth.h).
  placementMesh.ownFourLeggedBody = !params_.spineDepth.neckProfile.empty();
  const TopologyGraph& sg = skelGraph_->graph;
  for (const ArcMatch& m : matching_->matches)
    if (sg.arcs[m.skeletonArc].from == sg.root && !matching_->partial) {
      const GraphArc& meshArc = multires_->levels[m.level].graph.arcs[m.meshArc];
      placementMesh.headSkin = headSkinDepth(mesh_->positions, meshArc.members, m.path);
      const PlacementHeuristics& h = params_.placement.heuristics;
      placementMesh.looseHeadTop =
          looseHeadTop(mesh_->positions, field_->domain.partOf, field_->domain.partOf[field_->head],
                       m.placementPath.empty() ? m.path : m.placementPath,
                       h.looseHeadTopLateralRadii * placementMesh.headSkin,
                       h.looseHeadTopMinReachRadii * placementMesh.headSkin);
      break;
    }
  if (params_.method == RigMethod::Embed) return placeWithEmbedding(nullptr);
  auto retargeted = std::make_shared<const RetargetedSkeleton>(placeSkeleton(
      *skeleton_, *skelGraph_, *matching_, *links_, params_.placement, progress, placementMesh));
  if (params_.method == RigMethod::Retarget) {
    retargeted_ = std::move(retargeted);
    return std::nullopt;
  }
  return placeWithEmbedding(std::move(retargeted));
}

Status RigSession::placeWithEmbedding(std::shared_ptr<const RetargetedSkeleton> retargeted) {
  auto embedding = [&]() -> const SkeletonEmbedding& {
    if (!embedding_)
      embedding_ = std::make_shared<const SkeletonEmbedding>(
          embedSkeleton(*mesh_, *skeleton_, paramsWithMeshHead(*mesh_, meshHead_)));
    return *embedding_;
  };
  // A matching that placed nothing is no retarget to keep (the CLI's failed run).
  const RetargetedSkeleton* matched = matching_->matches.empty() ? nullptr : retargeted.get();
  FallbackPlacement placement =
      params_.method == RigMethod::Embed
          ? embeddingPlacement(*skeleton_, embedding(), *links_)
          : autoPlacement(*skeleton_, matched, embedding, mesh_->size(), *links_);
  if (placement.rig.skeleton.empty())
    return Error{"cannot place the skeleton: " + placement.reason};
  retargeted_ = std::make_shared<const RetargetedSkeleton>(placement.rig);
  placement_ = std::make_shared<const FallbackPlacement>(std::move(placement));
  return std::nullopt;
}

Status RigSession::run(const Progress* progress) {
  using Clock = std::chrono::steady_clock;
  lastRun_.clear();
  // Runs one stage if it is out of date and its inputs are there (after the first error: none).
  Status status;  // set on the first error
  auto stage = [&](RigStage s, bool ready, auto&& compute) {
    if (status || upToDate(s) || !ready) return;
    if (progress && progress->cancelled()) {
      status = Error{"cancelled"};
      return;
    }
    if (progress) progress->report(rigStageName(s), double(int(s)) / kRigStageCount);
    const auto t0 = Clock::now();
    if (Status st = compute()) {
      status = st;
      return;
    }
    seconds_[int(s)] = std::chrono::duration<double>(Clock::now() - t0).count();
    ran_[int(s)] = true;
    lastRun_.push_back(s);
  };
  const bool haveMesh = mesh_ && !mesh_->positions.empty() && meshHead_ >= 0;
  const bool haveSkeleton = skeleton_ && !skeleton_->empty() && skeletonHead_ >= 0;
  stage(RigStage::Field, haveMesh, [&] { return computeField(progress); });
  stage(RigStage::Reeb, bool(field_), [&] { return computeReeb(); });
  stage(RigStage::Multires, bool(reeb_), [&] { return computeMultires(); });
  stage(RigStage::Symmetry, bool(multires_), [&] { return computeSymmetry(); });
  stage(RigStage::SkeletonGraph, haveSkeleton, [&] { return computeSkeletonGraph(); });
  stage(RigStage::SkeletonSymmetry, bool(skelGraph_), [&] { return computeSkeletonSymmetry(); });
  stage(RigStage::ControlLinks, bool(skelSym_), [&] { return computeControlLinks(); });
  stage(RigStage::Match, meshSym_ && skelSym_, [&] { return computeMatch(); });
  stage(RigStage::Place, matching_ && links_, [&] { return computePlace(progress); });
  if (!status && progress) progress->report("done", 1.0);
  return status;
}

}  // namespace rw
