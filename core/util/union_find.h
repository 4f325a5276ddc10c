#pragma once
// Disjoint sets over the indices 0..n-1 (connected components, loop detection, merging
// extrema): path-halving find, and two ways to join, because some callers read the
// representative: unite keeps the smaller root (a deterministic, order-free choice), attach
// hangs one set under the other's root (the caller decides which survives).
#include <algorithm>
#include <numeric>
#include <vector>

namespace rw {

class UnionFind {
 public:
  explicit UnionFind(int n = 0) : parent_(n) { std::iota(parent_.begin(), parent_.end(), 0); }

  int size() const { return static_cast<int>(parent_.size()); }
  /// A new singleton set; returns its index.
  int add() {
    parent_.push_back(size());
    return parent_.back();
  }
  void clear() { parent_.clear(); }

  /// The representative of x's set.
  int find(int x) {
    while (parent_[x] != x) x = parent_[x] = parent_[parent_[x]];
    return x;
  }
  bool connected(int a, int b) { return find(a) == find(b); }

  /// Joins the sets of a and b under the smaller of their roots. False if already one set.
  bool unite(int a, int b) {
    a = find(a), b = find(b);
    if (a == b) return false;
    parent_[std::max(a, b)] = std::min(a, b);
    return true;
  }
  /// Joins the sets of a and b under b's root. False if already one set.
  bool attach(int a, int b) {
    a = find(a), b = find(b);
    if (a == b) return false;
    parent_[a] = b;
    return true;
  }

 private:
  std::vector<int> parent_;
};

}  // namespace rw
