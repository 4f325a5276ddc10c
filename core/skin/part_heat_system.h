#pragma once
// The linear system of bone heat (Baran & Popović 2007 §4) over one connected part,
//
//     (L + M H) w = M H p,
//
// built in two steps. The pattern comes first: the cotangent Laplacian L and CHOLMOD's symbolic
// analysis (fill-reducing AMD ordering, supernodes). It needs the geometry alone, so it runs
// beside the nearest-bone and visibility stages that find H. Then, once H is known, the numeric
// factorization of L + diag(M H): H only adds to the diagonal, so the pattern is L's.
//
// The right-hand sides (one per bone) are solved in blocks, which bounds the dense memory.
// (Two blocks at once on two threads measured 15% faster solves on a 41K-vertex part but
// doubled that memory, which the largest meshes cannot spare.)
#include <cholmod.h>

#include <Eigen/Core>
#include <Eigen/Sparse>
#include <functional>
#include <vector>

namespace rw {

class PartHeatSystem {
 public:
  /// The part's system pattern: `vertices` (the part's, in the mesh's indices) and `triangles`
  /// (indices into `T`, the part's triangles). Cotangent weights are raised to
  /// `minCotangentWeight` (LaplacianParams::minWeight).
  PartHeatSystem(const std::vector<int>& vertices, const std::vector<int>& triangles,
                 const std::vector<Eigen::Vector3d>& P, const std::vector<Eigen::Vector3i>& T,
                 double minCotangentWeight);
  ~PartHeatSystem();
  PartHeatSystem(const PartHeatSystem&) = delete;
  PartHeatSystem& operator=(const PartHeatSystem&) = delete;

  int size() const { return size_; }
  /// False when the symbolic analysis failed (the part then cannot be solved).
  bool analyzed() const { return factor_ != nullptr; }

  /// Factors L + diag(mh), `mh` per local vertex (the part's order), ≥ 0. False on failure.
  /// Once factored, L is released (its memory would add to the solve's peak): a system is
  /// factored once, and a second call is false.
  bool factor(const Eigen::VectorXd& mh);

  /// Fills columns first .. first + count - 1 of the right-hand sides into the m × count `rhs`.
  using FillColumns = std::function<void(int first, int count, Eigen::MatrixXd& rhs)>;
  /// Receives the solution of those columns (valid during the call only).
  using TakeSolution =
      std::function<void(int first, int count, const Eigen::Map<const Eigen::MatrixXd>& x)>;
  /// The right-hand sides solved at once that keep a block's dense memory — the right-hand
  /// sides, CHOLMOD's permuted copy and the solution, 3 × size × block doubles — within
  /// `bytes`, between 1 and `most`.
  int blockWithin(double bytes, int most) const;
  /// Solves for `columns` right-hand sides after factor(), `block` at a time, in block order.
  /// False when a solve failed or gave non-finite values (nothing from that block on is taken).
  bool solve(int columns, int block, const FillColumns& fill, const TakeSolution& take);

 private:
  int size_ = 0;
  Eigen::SparseMatrix<double> laplacian_;  ///< lower triangle, diagonal stored
  std::vector<int> diagonal_;              ///< per column, the index of its diagonal entry
  cholmod_common common_;
  cholmod_factor* factor_ = nullptr;
};

}  // namespace rw
