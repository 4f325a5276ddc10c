#include "symmetry/sibling_grouping.h"

#include <algorithm>

namespace rw {

namespace {

/// Appends the subgroups of sorted[begin, end) to `out`.
void splitSorted(const std::vector<int>& sorted, std::size_t begin, std::size_t end,
                 const std::vector<double>& lengths, double lengthThreshold,
                 std::vector<std::vector<int>>& out) {
  const double shortest = lengths[sorted[begin]], longest = lengths[sorted[end - 1]];
  if (longest - shortest <= lengthThreshold * longest) {
    out.emplace_back(sorted.begin() + begin, sorted.begin() + end);
    return;
  }
  std::size_t cut = begin + 1;  // first index of the upper part
  for (std::size_t i = begin + 1; i < end; ++i)
    if (lengths[sorted[i]] - lengths[sorted[i - 1]] >
        lengths[sorted[cut]] - lengths[sorted[cut - 1]])
      cut = i;
  splitSorted(sorted, begin, cut, lengths, lengthThreshold, out);
  splitSorted(sorted, cut, end, lengths, lengthThreshold, out);
}

}  // namespace

std::vector<std::vector<int>> splitByLength(const std::vector<int>& arcs,
                                            const std::vector<double>& lengths,
                                            double lengthThreshold) {
  std::vector<std::vector<int>> result;
  if (arcs.empty()) return result;
  std::vector<int> sorted = arcs;
  std::sort(sorted.begin(), sorted.end(), [&](int a, int b) {
    return lengths[a] != lengths[b] ? lengths[a] < lengths[b] : a < b;
  });
  splitSorted(sorted, 0, sorted.size(), lengths, lengthThreshold, result);
  return result;
}

std::vector<std::vector<int>> groupSiblings(const TopologyGraph& graph,
                                            const std::vector<int>& siblings,
                                            const std::vector<ShapeDescriptor>& arcDescriptors,
                                            double lengthThreshold, bool alongArcs) {
  std::vector<double> lengths(graph.arcCount());
  for (int a = 0; a < graph.arcCount(); ++a) {
    const std::vector<Eigen::Vector3d>& polyline = graph.arcs[a].polyline;
    lengths[a] = alongArcs          ? polylineLength(polyline)
                 : polyline.empty() ? 0.0
                                    : (polyline.back() - polyline.front()).norm();
  }

  // Equal descriptors, in order of first appearance.
  std::vector<std::vector<int>> byShape;
  for (int arc : siblings) {
    auto same = std::find_if(byShape.begin(), byShape.end(), [&](const std::vector<int>& g) {
      return arcDescriptors[g.front()] == arcDescriptors[arc];
    });
    if (same == byShape.end())
      byShape.push_back({arc});
    else
      same->push_back(arc);
  }

  std::vector<std::vector<int>> groups;
  for (const std::vector<int>& shape : byShape)
    for (std::vector<int>& group : splitByLength(shape, lengths, lengthThreshold)) {
      std::vector<int> inSiblingOrder;
      for (int arc : siblings)
        if (std::find(group.begin(), group.end(), arc) != group.end())
          inSiblingOrder.push_back(arc);
      groups.push_back(std::move(inSiblingOrder));
    }
  auto position = [&](int arc) { return std::find(siblings.begin(), siblings.end(), arc); };
  std::stable_sort(groups.begin(), groups.end(),
                   [&](const std::vector<int>& a, const std::vector<int>& b) {
                     return position(a.front()) < position(b.front());
                   });
  return groups;
}

}  // namespace rw
