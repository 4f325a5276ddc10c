#include "reeb/reeb_graph.h"
#include "util/union_find.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_sort.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <unordered_map>

namespace rw {
namespace {

/// Triangles and bridge edges as one list of "elements", with the lookups the sweep needs.
struct Complex {
  int triangles = 0;
  std::vector<std::array<int, 3>> vertices;  // bridges: third = -1
  std::vector<int> minRank, maxRank;
  std::vector<int> vertexStart, vertexElements;   // vertex -> incident elements
  std::vector<std::array<int, 3>> triangleEdges;  // edge ids of (c, c+1)
  std::vector<std::array<int, 2>> edgeVertices;
  std::vector<int> edgeStart, edgeTriangles;  // edge -> triangles

  int size() const { return int(vertices.size()); }
  int corners(int e) const { return e < triangles ? 3 : 2; }
};

Complex buildComplex(const SurfaceDomain& d, const std::vector<int>& rank) {
  Complex k;
  k.triangles = int(d.triangles.size());
  for (const auto& t : d.triangles) k.vertices.push_back({t[0], t[1], t[2]});
  for (const auto& b : d.bridges) k.vertices.push_back({b[0], b[1], -1});
  const int n = d.vertexCount;
  std::vector<int> count(n + 1, 0);
  for (int e = 0; e < k.size(); ++e) {
    int lo = rank[k.vertices[e][0]], hi = lo;
    for (int c = 0; c < k.corners(e); ++c) {
      lo = std::min(lo, rank[k.vertices[e][c]]);
      hi = std::max(hi, rank[k.vertices[e][c]]);
      ++count[k.vertices[e][c] + 1];
    }
    k.minRank.push_back(lo);
    k.maxRank.push_back(hi);
  }
  std::partial_sum(count.begin(), count.end(), count.begin());
  k.vertexStart = count;
  k.vertexElements.resize(count.back());
  std::vector<int> fill(count.begin(), count.end() - 1);
  for (int e = 0; e < k.size(); ++e)
    for (int c = 0; c < k.corners(e); ++c) k.vertexElements[fill[k.vertices[e][c]]++] = e;

  // Edge ids for triangle edges.
  std::vector<std::pair<std::uint64_t, int>> keys;
  keys.reserve(k.triangles * 3);
  for (int t = 0; t < k.triangles; ++t)
    for (int c = 0; c < 3; ++c) {
      int a = k.vertices[t][c], b = k.vertices[t][(c + 1) % 3];
      if (a > b) std::swap(a, b);
      keys.emplace_back((std::uint64_t(a) << 32) | std::uint32_t(b), t * 3 + c);
    }
  tbb::parallel_sort(keys.begin(), keys.end());  // unique keys: the order of any sort
  k.triangleEdges.resize(k.triangles);
  std::vector<int> edgeCount;
  for (std::size_t i = 0; i < keys.size();) {
    std::size_t j = i;
    const int id = int(k.edgeVertices.size());
    k.edgeVertices.push_back({int(keys[i].first >> 32), int(keys[i].first & 0xffffffffu)});
    while (j < keys.size() && keys[j].first == keys[i].first) {
      k.triangleEdges[keys[j].second / 3][keys[j].second % 3] = id;
      ++j;
    }
    edgeCount.push_back(int(j - i));
    i = j;
  }
  k.edgeStart.assign(k.edgeVertices.size() + 1, 0);
  for (std::size_t e = 0; e < edgeCount.size(); ++e)
    k.edgeStart[e + 1] = k.edgeStart[e] + edgeCount[e];
  k.edgeTriangles.resize(k.edgeStart.back());
  std::vector<int> edgeFill(k.edgeStart.begin(), k.edgeStart.end() - 1);
  for (int t = 0; t < k.triangles; ++t)
    for (int c = 0; c < 3; ++c) k.edgeTriangles[edgeFill[k.triangleEdges[t][c]]++] = t;
  return k;
}

/// A vertex is regular when its lower link and its upper link are each one connected piece.
bool isCritical(const Complex& k, const std::vector<int>& rank, int v) {
  std::vector<std::pair<int, int>> linkEdges;
  std::vector<int> linkVertices;
  for (int i = k.vertexStart[v]; i < k.vertexStart[v + 1]; ++i) {
    const int e = k.vertexElements[i];
    int others[2], n = 0;
    for (int c = 0; c < k.corners(e); ++c)
      if (k.vertices[e][c] != v) others[n++] = k.vertices[e][c];
    for (int j = 0; j < n; ++j) linkVertices.push_back(others[j]);
    if (n == 2) linkEdges.emplace_back(others[0], others[1]);
  }
  std::sort(linkVertices.begin(), linkVertices.end());
  linkVertices.erase(std::unique(linkVertices.begin(), linkVertices.end()), linkVertices.end());
  auto index = [&](int w) {
    return int(std::lower_bound(linkVertices.begin(), linkVertices.end(), w) -
               linkVertices.begin());
  };
  for (bool lower : {true, false}) {
    UnionFind uf;
    for (std::size_t i = 0; i < linkVertices.size(); ++i) uf.add();
    auto inSide = [&](int w) { return lower ? rank[w] < rank[v] : rank[w] > rank[v]; };
    for (const auto& [a, b] : linkEdges)
      if (inSide(a) && inSide(b)) uf.unite(index(a), index(b));
    int pieces = 0;
    for (std::size_t i = 0; i < linkVertices.size(); ++i)
      if (inSide(linkVertices[i]) && uf.find(int(i)) == int(i)) ++pieces;
    if (pieces != 1) return true;
  }
  return false;
}

struct Component {  // one connected piece of f⁻¹(open interval between critical values)
  int band = -1;
  int lowerNode = -1, upperNode = -1;
  int next = -1, prev = -1;
  std::vector<int> elements;
  std::vector<int> vertices;
};

struct RawNode {
  int vertex = -1;  // -1: a split of a level set at a non-manifold edge
  double f = 0.0;
  Eigen::Vector3d position = Eigen::Vector3d::Zero();
};

/// Level-set centroid accumulator (Aujay eq. 3).
struct Centroid {
  Eigen::Vector3d weighted = Eigen::Vector3d::Zero();
  double length = 0.0;
  Eigen::Vector3d points = Eigen::Vector3d::Zero();
  int pointCount = 0;
  bool empty() const { return length <= 0.0 && pointCount == 0; }
  Eigen::Vector3d value() const {
    return length > 0.0 ? Eigen::Vector3d(weighted / length) : Eigen::Vector3d(points / pointCount);
  }
};

void addLevelPiece(const Complex& k, int e, double u, const std::vector<double>& f,
                   const std::vector<Eigen::Vector3d>& p, Centroid& acc) {
  Eigen::Vector3d hits[3];
  int n = 0;
  const int corners = k.corners(e);
  for (int c = 0; c < corners && n < 3; ++c) {
    const int a = k.vertices[e][c], b = k.vertices[e][(c + 1) % corners];
    if (corners == 2 && c == 1) break;  // a bridge has one edge
    const double fa = f[a] - u, fb = f[b] - u;
    if ((fa < 0) != (fb < 0)) {
      const double s = fa / (fa - fb);
      hits[n++] = p[a] + s * (p[b] - p[a]);
    }
  }
  if (n >= 2) {
    const double length = (hits[1] - hits[0]).norm();
    acc.weighted += length * 0.5 * (hits[0] + hits[1]);
    acc.length += length;
  }
  if (n >= 1) {
    acc.points += hits[0];
    ++acc.pointCount;
  }
}

/// Splits every arc that closes a cycle; arcs are taken by increasing f of their upper end, so
/// the arc cut in each loop is the one farthest from the head.
void cutLoops(TopologyGraph& g, const std::vector<double>& f, std::vector<LoopCut>& cuts) {
  std::vector<int> order(g.arcCount());
  std::iota(order.begin(), order.end(), 0);
  auto top = [&](int a) { return std::max(g.nodes[g.arcs[a].from].f, g.nodes[g.arcs[a].to].f); };
  std::sort(order.begin(), order.end(), [&](int a, int b) { return top(a) < top(b); });
  UnionFind joined(g.nodeCount());
  for (int a : order) {
    if (joined.attach(g.arcs[a].from, g.arcs[a].to)) continue;
    // Split at the middle of the polyline (by length) into two open ends.
    GraphArc arc = g.arcs[a];
    const double half = 0.5 * polylineLength(arc.polyline);
    double walked = 0.0;
    std::size_t i = 1;
    Eigen::Vector3d cut = arc.polyline.back();
    for (; i < arc.polyline.size(); ++i) {
      const double step = (arc.polyline[i] - arc.polyline[i - 1]).norm();
      if (walked + step >= half) {
        const double s = step > 0 ? (half - walked) / step : 0.0;
        cut = arc.polyline[i - 1] + s * (arc.polyline[i] - arc.polyline[i - 1]);
        break;
      }
      walked += step;
    }
    const double fCut = 0.5 * (g.nodes[arc.from].f + g.nodes[arc.to].f);
    std::vector<Eigen::Vector3d> lowerLine(arc.polyline.begin(),
                                           arc.polyline.begin() + std::min(i, arc.polyline.size()));
    lowerLine.push_back(cut);
    std::vector<Eigen::Vector3d> upperLine = {cut};
    upperLine.insert(upperLine.end(), arc.polyline.begin() + std::min(i, arc.polyline.size()),
                     arc.polyline.end());
    std::vector<int> lowerMembers, upperMembers;
    for (int v : arc.members) (f[v] < fCut ? lowerMembers : upperMembers).push_back(v);
    const int lowEnd = int(g.nodes.size());
    g.nodes.push_back({cut, fCut, -1, {}});
    const int highEnd = int(g.nodes.size());
    g.nodes.push_back({cut, fCut, -1, {}});
    g.arcs[a].to = lowEnd;
    g.arcs[a].polyline = lowerLine;
    g.arcs[a].members = lowerMembers;
    GraphArc upper;
    upper.from = highEnd;
    upper.to = arc.to;
    upper.polyline = upperLine;
    upper.members = upperMembers;
    g.arcs.push_back(upper);
    joined.add();  // the two new ends
    joined.add();
    cuts.push_back({cut, fCut});
  }
  g.rebuildIncidence();
  g.updateLengths();
}

/// Joins the two arcs of every degree-2 node but the root (regular points that the critical
/// test could not rule out, and the stubs left by loop cuts).
void mergeRegularNodes(TopologyGraph& g) {
  std::vector<char> removed(g.arcCount(), 0);
  for (int node = 0; node < g.nodeCount(); ++node) {
    if (node == g.root) continue;
    std::vector<int> live;
    for (int a : g.nodes[node].arcs)
      if (!removed[a]) live.push_back(a);
    if (live.size() != 2) continue;
    int a = live[0], b = live[1];
    GraphArc& A = g.arcs[a];
    GraphArc& B = g.arcs[b];
    // Orient both as paths through `node`: first ... node ... last.
    std::vector<Eigen::Vector3d> first = A.polyline, second = B.polyline;
    int start = A.from, end = B.to;
    if (A.from == node) std::reverse(first.begin(), first.end()), start = A.to;
    if (B.to == node) std::reverse(second.begin(), second.end()), end = B.from;
    first.insert(first.end(), second.begin() + 1, second.end());
    std::vector<int> members = A.members;
    members.insert(members.end(), B.members.begin(), B.members.end());
    if (g.nodes[start].f > g.nodes[end].f)
      std::swap(start, end), std::reverse(first.begin(), first.end());
    A.from = start;
    A.to = end;
    A.polyline = std::move(first);
    A.members = std::move(members);
    removed[b] = 1;
    for (int e : {start, end}) {
      auto& arcs = g.nodes[e].arcs;
      std::replace(arcs.begin(), arcs.end(), b, a);
    }
    g.nodes[node].arcs.clear();
  }
  std::vector<GraphArc> kept;
  for (int a = 0; a < g.arcCount(); ++a)
    if (!removed[a]) kept.push_back(std::move(g.arcs[a]));
  g.arcs = std::move(kept);
  g.rebuildIncidence();
  g.updateLengths();
}

/// Drops nodes without arcs and renumbers.
void compact(TopologyGraph& g) {
  std::vector<int> newIndex(g.nodeCount(), -1);
  std::vector<GraphNode> kept;
  for (int node = 0; node < g.nodeCount(); ++node)
    if (!g.nodes[node].arcs.empty() || node == g.root) {
      newIndex[node] = int(kept.size());
      kept.push_back(g.nodes[node]);
    }
  for (GraphArc& a : g.arcs) a.from = newIndex[a.from], a.to = newIndex[a.to];
  g.root = newIndex[g.root];
  g.nodes = std::move(kept);
  g.rebuildIncidence();
}

/// The sweep over the critical values: between two consecutive critical values, the connected
/// components of the band's elements; at each critical value, which components below and above
/// meet, and where (a node).
class ReebSweep {
 public:
  ReebSweep(const Complex& k, const HarmonicField& field, const std::vector<int>& sorted,
            const std::vector<int>& rank, const std::vector<int>& critical)
      : k_(k),
        d_(field.domain),
        f_(field.values),
        sorted_(sorted),
        rank_(rank),
        critical_(critical),
        nodeOfVertex_(d_.vertexCount, -1),
        localOf_(k.size(), -1),
        localStamp_(k.size(), -1) {
    for (int s = 0; s < 2; ++s) compOf_[s].assign(k.size(), -1), stamp_[s].assign(k.size(), -2);
    byMin_.resize(k.size());
    std::iota(byMin_.begin(), byMin_.end(), 0);
    std::sort(byMin_.begin(), byMin_.end(),
              [&](int a, int b) { return k.minRank[a] < k.minRank[b]; });
  }

  void run() {
    const int m = int(critical_.size());
    for (int i = 0; i < m; ++i) {
      if (i + 1 < m) band(i);
      level(i);
    }
  }

  /// The node at vertex v (made on first use).
  int nodeFor(int v) {
    if (nodeOfVertex_[v] < 0) {
      nodeOfVertex_[v] = int(nodes.size());
      nodes.push_back({v, f_[v], d_.positions[v]});
    }
    return nodeOfVertex_[v];
  }

  std::vector<Component> comps;
  std::vector<RawNode> nodes;

 private:
  /// Union-find index of element e in the current step (stamped, so steps need no clearing).
  int local(int e) {
    if (localStamp_[e] != stampCounter_) {
      localStamp_[e] = stampCounter_;
      localOf_[e] = uf_.add();
      locals_.push_back(e);
    }
    return localOf_[e];
  }
  void newStep() {
    ++stampCounter_;
    uf_.clear();
    locals_.clear();
  }

  /// Band i = (r_i, r_{i+1}): its elements, joined through the vertices inside it and the
  /// edges spanning it, become components.
  void band(int i) {
    const int ri = rank_[critical_[i]], rn = rank_[critical_[i + 1]];
    const int cur = i & 1;
    while (nextElement_ < byMin_.size() && k_.minRank[byMin_[nextElement_]] < rn)
      active_.push_back(byMin_[nextElement_++]);
    active_.erase(
        std::remove_if(active_.begin(), active_.end(), [&](int e) { return k_.maxRank[e] <= ri; }),
        active_.end());
    newStep();
    for (int e : active_) local(e);
    for (int r = ri + 1; r < rn; ++r) {  // vertices inside the band join their elements
      const int v = sorted_[r];
      const int first = k_.vertexStart[v];
      for (int j = first + 1; j < k_.vertexStart[v + 1]; ++j)
        uf_.unite(local(k_.vertexElements[first]), local(k_.vertexElements[j]));
    }
    for (int e : active_) {  // edges spanning the whole band join their triangles
      if (e >= k_.triangles) continue;
      for (int c = 0; c < 3; ++c) {
        const int edge = k_.triangleEdges[e][c];
        const auto& ev = k_.edgeVertices[edge];
        if (std::min(rank_[ev[0]], rank_[ev[1]]) > ri || std::max(rank_[ev[0]], rank_[ev[1]]) < rn)
          continue;
        for (int j = k_.edgeStart[edge]; j < k_.edgeStart[edge + 1]; ++j)
          uf_.unite(local(e), local(k_.edgeTriangles[j]));
      }
    }
    std::unordered_map<int, int> compOfRoot;
    for (int e : active_) {
      const int root = uf_.find(local(e));
      auto [it, inserted] = compOfRoot.emplace(root, int(comps.size()));
      if (inserted) {
        comps.emplace_back();
        comps.back().band = i;
      }
      compOf_[cur][e] = it->second;
      stamp_[cur][e] = i;
      comps[it->second].elements.push_back(e);
    }
    for (int r = ri + 1; r < rn; ++r) {
      const int v = sorted_[r];
      if (k_.vertexStart[v + 1] > k_.vertexStart[v] && v < d_.meshVertexCount)
        comps[compOf_[cur][k_.vertexElements[k_.vertexStart[v]]]].vertices.push_back(v);
    }
  }

  /// Level r_i: the elements touching it, joined across the level; each group links the
  /// components below and above it, at the critical vertex's node, or continues one arc, or
  /// (a level set splitting at a non-manifold edge) meets at a node of its own.
  void level(int i) {
    const int ri = rank_[critical_[i]];
    const int cur = i & 1, prev = cur ^ 1;
    newStep();
    const int s = critical_[i];
    for (int j = k_.vertexStart[s]; j < k_.vertexStart[s + 1]; ++j)
      uf_.unite(local(k_.vertexElements[k_.vertexStart[s]]), local(k_.vertexElements[j]));
    const int criticalLocal = k_.vertexStart[s + 1] > k_.vertexStart[s]
                                  ? local(k_.vertexElements[k_.vertexStart[s]])
                                  : -1;
    if (i + 1 < int(critical_.size()))
      for (int e : active_)
        if (k_.minRank[e] < ri) local(e);  // crossing the level
    const std::vector<int> touching = locals_;
    joinAcrossLevel(touching, ri);
    std::unordered_map<int, std::pair<std::vector<int>, std::vector<int>>>
        levelComponents;  // root -> below, above
    std::unordered_map<int, std::vector<int>> levelElements;
    for (int e : touching) {
      const int root = uf_.find(localOf_[e]);
      auto& [below, above] = levelComponents[root];
      levelElements[root].push_back(e);
      if (stamp_[prev][e] == i - 1) below.push_back(compOf_[prev][e]);
      if (stamp_[cur][e] == i) above.push_back(compOf_[cur][e]);
    }
    const int criticalRoot = criticalLocal >= 0 ? uf_.find(criticalLocal) : -1;
    for (auto& [root, sides] : levelComponents) {
      auto& [below, above] = sides;
      std::sort(below.begin(), below.end());
      below.erase(std::unique(below.begin(), below.end()), below.end());
      std::sort(above.begin(), above.end());
      above.erase(std::unique(above.begin(), above.end()), above.end());
      int node = -1;
      if (root == criticalRoot) {
        node = nodeFor(s);
      } else if (below.size() == 1 && above.size() == 1) {
        comps[below[0]].next = above[0];
        comps[above[0]].prev = below[0];
        continue;
      } else {  // a level set splitting at a non-manifold edge
        Centroid c;
        for (int e : levelElements[root]) addLevelPiece(k_, e, f_[s], f_, d_.positions, c);
        node = int(nodes.size());
        nodes.push_back({-1, f_[s], c.empty() ? d_.positions[s] : c.value()});
      }
      for (int c : below) comps[c].upperNode = node;
      for (int c : above) comps[c].lowerNode = node;
    }
  }

  /// Triangles touching the level that share an edge crossing it are one piece of the level set.
  void joinAcrossLevel(const std::vector<int>& touching, int ri) {
    for (int e : touching) {
      if (e >= k_.triangles) continue;
      for (int c = 0; c < 3; ++c) {
        const int edge = k_.triangleEdges[e][c];
        const auto& ev = k_.edgeVertices[edge];
        if (!((rank_[ev[0]] < ri && rank_[ev[1]] > ri) || (rank_[ev[0]] > ri && rank_[ev[1]] < ri)))
          continue;
        for (int j = k_.edgeStart[edge]; j < k_.edgeStart[edge + 1]; ++j) {
          const int other = k_.edgeTriangles[j];
          if (localStamp_[other] == stampCounter_) uf_.unite(local(e), local(other));
        }
      }
    }
  }

  const Complex& k_;
  const SurfaceDomain& d_;
  const std::vector<double>& f_;
  const std::vector<int>& sorted_;
  const std::vector<int>& rank_;
  const std::vector<int>& critical_;
  std::vector<int> nodeOfVertex_;
  std::array<std::vector<int>, 2> compOf_, stamp_;  ///< [parity][e]: e's component in band i
  std::vector<int> byMin_;
  std::size_t nextElement_ = 0;
  std::vector<int> active_;
  std::vector<int> localOf_, localStamp_;
  UnionFind uf_;
  std::vector<int> locals_;
  int stampCounter_ = 0;
};

/// Arcs: chains of components between two nodes.
struct RawArcs {
  std::vector<std::vector<int>> comps;
  std::vector<std::array<int, 2>> ends;
};

RawArcs chainComponents(ReebSweep& sweep, const Complex& k, const std::vector<int>& rank) {
  RawArcs arcs;
  std::vector<Component>& comps = sweep.comps;
  for (int c = 0; c < int(comps.size()); ++c) {
    if (comps[c].prev >= 0) continue;
    std::vector<int> chain = {c};
    while (comps[chain.back()].next >= 0 && comps[chain.back()].upperNode < 0)
      chain.push_back(comps[chain.back()].next);
    int lower = comps[c].lowerNode, upper = comps[chain.back()].upperNode;
    auto makeNodeAt = [&](int comp, bool low) {  // should not happen; keeps the graph whole
      int best = -1;
      for (int v : comps[comp].vertices)
        if (best < 0 || (low ? rank[v] < rank[best] : rank[v] > rank[best])) best = v;
      if (best < 0) best = k.vertices[comps[comp].elements.front()][0];
      return sweep.nodeFor(best);
    };
    if (lower < 0) lower = makeNodeAt(c, true);
    if (upper < 0) upper = makeNodeAt(chain.back(), false);
    arcs.comps.push_back(chain);
    arcs.ends.push_back({lower, upper});
  }
  return arcs;
}

/// Embedding: the centroids of the level sets along each arc, every `h` of f (Aujay eq. 3).
std::vector<std::vector<Eigen::Vector3d>> arcCentroids(const RawArcs& arcs, const ReebSweep& sweep,
                                                       const Complex& k, const HarmonicField& field,
                                                       const std::vector<int>& critical, double h) {
  const std::vector<double>& f = field.values;
  std::vector<std::vector<Eigen::Vector3d>> interior(arcs.comps.size());
  for (std::size_t a = 0; a < arcs.comps.size(); ++a) {
    const double f0 = sweep.nodes[arcs.ends[a][0]].f, f1 = sweep.nodes[arcs.ends[a][1]].f;
    const double span = f1 - f0;
    std::vector<double> levels;
    if (span > 0) {
      const double eps = std::min(0.25 * h, 0.25 * span);
      levels.push_back(f0 + eps);
      for (double u = f0 + h; u < f1 - eps; u += h) levels.push_back(u);
      levels.push_back(f1 - eps);
    }
    std::vector<Centroid> acc(levels.size());
    for (int c : arcs.comps[a])
      for (int e : sweep.comps[c].elements) {
        double lo = f[k.vertices[e][0]], hi = lo;
        for (int cc = 1; cc < k.corners(e); ++cc)
          lo = std::min(lo, f[k.vertices[e][cc]]), hi = std::max(hi, f[k.vertices[e][cc]]);
        // The element's piece in this component lies within the component's band.
        const int band = sweep.comps[c].band;
        const double bandLo = f[critical[band]], bandHi = f[critical[band + 1]];
        lo = std::max(lo, bandLo), hi = std::min(hi, bandHi);
        auto first = std::upper_bound(levels.begin(), levels.end(), lo);
        for (auto it = first; it != levels.end() && *it < hi; ++it)
          addLevelPiece(k, e, *it, f, field.domain.positions, acc[it - levels.begin()]);
      }
    for (const Centroid& c : acc)
      if (!c.empty()) interior[a].push_back(c.value());
  }
  return interior;
}

/// Inner nodes sit where the trunk arrives, i.e. at the mean of the level-set centroids just
/// below them on the arcs coming from the head side (Aujay §3.2 uses the ±ε regular nodes of
/// all incident arcs). Taking only the arriving side puts a branching inside the trunk, as a
/// skeleton's spine joint is: two armpits reached at slightly different f then sit a short
/// step apart on the spine instead of a shoulder width apart, so filtering joins them and the
/// arms become siblings. Ends sit on their vertex.
void placeNodes(const RawArcs& arcs, const std::vector<std::vector<Eigen::Vector3d>>& interior,
                const std::vector<RawNode>& nodes, TopologyGraph& g) {
  std::vector<Eigen::Vector3d> nearSum(nodes.size(), Eigen::Vector3d::Zero());
  std::vector<Eigen::Vector3d> belowSum(nodes.size(), Eigen::Vector3d::Zero());
  std::vector<int> nearCount(nodes.size(), 0), belowCount(nodes.size(), 0),
      nodeDegree(nodes.size(), 0);
  for (std::size_t a = 0; a < arcs.ends.size(); ++a) {
    ++nodeDegree[arcs.ends[a][0]], ++nodeDegree[arcs.ends[a][1]];
    if (interior[a].empty()) continue;
    nearSum[arcs.ends[a][0]] += interior[a].front(), ++nearCount[arcs.ends[a][0]];
    nearSum[arcs.ends[a][1]] += interior[a].back(), ++nearCount[arcs.ends[a][1]];
    belowSum[arcs.ends[a][1]] += interior[a].back(), ++belowCount[arcs.ends[a][1]];
  }
  for (std::size_t i = 0; i < nodes.size(); ++i)
    if (belowCount[i] > 0) nearSum[i] = belowSum[i], nearCount[i] = belowCount[i];
  g.nodes.resize(nodes.size());
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    GraphNode& node = g.nodes[i];
    node.f = nodes[i].f;
    node.source = nodes[i].vertex;
    const bool end = nodeDegree[i] <= 1;
    node.position =
        (!end && nearCount[i] > 0) ? Eigen::Vector3d(nearSum[i] / nearCount[i]) : nodes[i].position;
  }
}

}  // namespace

ReebGraph computeReebGraph(const Mesh& mesh, const HarmonicField& field, const ReebParams& params) {
  const SurfaceDomain& d = field.domain;
  const std::vector<double>& f = field.values;
  const int n = d.vertexCount;
  ReebGraph result;

  // Ranks: the Morse order.
  std::vector<int> sorted;
  for (int v = 0; v < n; ++v)
    if (d.active[v]) sorted.push_back(v);
  // A total order (HarmonicField::below breaks ties): the same sequence from any sort.
  tbb::parallel_sort(sorted.begin(), sorted.end(), [&](int a, int b) { return field.below(a, b); });
  std::vector<int> rank(n, -1);
  for (std::size_t i = 0; i < sorted.size(); ++i) rank[sorted[i]] = int(i);
  const Complex k = buildComplex(d, rank);

  // Each vertex's link is read alone: side by side, then collected in the Morse order.
  std::vector<char> isCriticalVertex(n, 0);
  tbb::parallel_for(tbb::blocked_range<int>(0, n, 1024), [&](const tbb::blocked_range<int>& r) {
    for (int v = r.begin(); v != r.end(); ++v)
      isCriticalVertex[v] =
          rank[v] >= 0 && k.vertexStart[v + 1] > k.vertexStart[v] && isCritical(k, rank, v);
  });
  std::vector<int> critical;
  for (int v : sorted)
    if (isCriticalVertex[v]) critical.push_back(v);
  result.criticalVertices = int(critical.size());

  ReebSweep sweep(k, field, sorted, rank, critical);
  sweep.run();
  // The head is the field's minimum, hence critical; made sure of here, before nodes are sized.
  const int headNode = sweep.nodeFor(field.head);
  const RawArcs arcs = chainComponents(sweep, k, rank);
  const std::vector<std::vector<Eigen::Vector3d>> interior =
      arcCentroids(arcs, sweep, k, field, critical, params.sampleSpacingFraction * mesh.size());

  TopologyGraph& g = result.graph;
  placeNodes(arcs, interior, sweep.nodes, g);
  g.root = headNode;
  for (std::size_t a = 0; a < arcs.comps.size(); ++a) {
    std::vector<Eigen::Vector3d> polyline = {g.nodes[arcs.ends[a][0]].position};
    polyline.insert(polyline.end(), interior[a].begin(), interior[a].end());
    polyline.push_back(g.nodes[arcs.ends[a][1]].position);
    std::vector<int> members;
    for (int c : arcs.comps[a])
      members.insert(members.end(), sweep.comps[c].vertices.begin(), sweep.comps[c].vertices.end());
    g.addArc(arcs.ends[a][0], arcs.ends[a][1], std::move(polyline), std::move(members));
  }
  cutLoops(g, f, result.loopsCut);
  mergeRegularNodes(g);
  compact(g);
  result.arcOfVertex.assign(n, -1);
  for (int a = 0; a < g.arcCount(); ++a)
    for (int v : g.arcs[a].members) result.arcOfVertex[v] = a;
  for (int node = 0; node < g.nodeCount();
       ++node)  // a critical vertex goes with an arc at its node
    if (g.nodes[node].source >= 0 && !g.nodes[node].arcs.empty() &&
        result.arcOfVertex[g.nodes[node].source] < 0)
      result.arcOfVertex[g.nodes[node].source] = g.nodes[node].arcs.front();
  return result;
}

}  // namespace rw
