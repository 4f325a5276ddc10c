#include "skin/part_heat_system.h"

#include <Eigen/CholmodSupport>
#include <algorithm>

#include "field/cotangent_laplacian.h"

namespace rw {
namespace {

/// The cholmod_common settings: supernodal LLᵀ, AMD only (METIS is slower here,
/// docs/build-notes.md), postordered.
void startCommon(cholmod_common& common) {
  cholmod_start(&common);
  common.final_asis = 1;
  common.supernodal = CHOLMOD_SUPERNODAL;
  common.nmethods = 1;
  common.method[0].ordering = CHOLMOD_AMD;
  common.postorder = 1;
  common.print = 0;  // silent: a part that cannot be factored is reported by the caller
}

}  // namespace

PartHeatSystem::PartHeatSystem(const std::vector<int>& vertices, const std::vector<int>& triangles,
                               const std::vector<Eigen::Vector3d>& P,
                               const std::vector<Eigen::Vector3i>& T, double minCotangentWeight) {
  startCommon(common_);
  const int m = int(vertices.size());
  std::vector<int> local(P.size(), -1);
  for (int i = 0; i < m; ++i) local[vertices[i]] = i;
  std::vector<Eigen::Vector3i> partTriangles;
  partTriangles.reserve(triangles.size());
  std::vector<Eigen::Vector3d> positions(m);
  for (int i = 0; i < m; ++i) positions[i] = P[vertices[i]];
  for (int t : triangles)
    partTriangles.emplace_back(local[T[t][0]], local[T[t][1]], local[T[t][2]]);
  const Eigen::SparseMatrix<double> W =
      cotangentWeights(m, partTriangles, positions, minCotangentWeight);
  // L = D − W, D the row sums of W; its lower triangle, the diagonal always stored (H adds to it).
  Eigen::VectorXd rowSum = Eigen::VectorXd::Zero(m);
  std::vector<Eigen::Triplet<double>> lower;
  lower.reserve(W.nonZeros() / 2 + m);
  for (int k = 0; k < W.outerSize(); ++k)
    for (Eigen::SparseMatrix<double>::InnerIterator it(W, k); it; ++it) {
      rowSum[it.row()] += it.value();
      if (it.row() > it.col()) lower.emplace_back(int(it.row()), int(it.col()), -it.value());
    }
  for (int i = 0; i < m; ++i) lower.emplace_back(i, i, rowSum[i]);
  size_ = m;
  laplacian_.resize(m, m);
  laplacian_.setFromTriplets(lower.begin(), lower.end());
  laplacian_.makeCompressed();
  diagonal_.assign(m, -1);
  for (int k = 0; k < m; ++k)
    for (int p = laplacian_.outerIndexPtr()[k]; p < laplacian_.outerIndexPtr()[k + 1]; ++p)
      if (laplacian_.innerIndexPtr()[p] == k) diagonal_[k] = p;
  const Eigen::SparseMatrix<double>& pattern = laplacian_;
  cholmod_sparse a = Eigen::viewAsCholmod(pattern.selfadjointView<Eigen::Lower>());
  factor_ = cholmod_analyze(&a, &common_);
}

PartHeatSystem::~PartHeatSystem() {
  if (factor_) cholmod_free_factor(&factor_, &common_);
  cholmod_finish(&common_);
}

bool PartHeatSystem::factor(const Eigen::VectorXd& mh) {
  if (!factor_ || laplacian_.size() == 0 || mh.size() != size()) return false;
  Eigen::SparseMatrix<double> system = laplacian_;
  for (int k = 0; k < size(); ++k) system.valuePtr()[diagonal_[k]] += mh[k];
  const Eigen::SparseMatrix<double>& pattern = system;
  cholmod_sparse a = Eigen::viewAsCholmod(pattern.selfadjointView<Eigen::Lower>());
  double beta[2] = {0.0, 0.0};
  if (!cholmod_factorize_p(&a, beta, nullptr, 0, factor_, &common_)) return false;
  if (common_.status != CHOLMOD_OK || factor_->minor != factor_->n) return false;
  // Factored: the Laplacian is not needed again, and its memory would add to the solve's peak.
  laplacian_ = Eigen::SparseMatrix<double>();
  diagonal_ = {};
  return true;
}

int PartHeatSystem::blockWithin(double bytes, int most) const {
  const double perColumn = 3.0 * double(std::max(1, size())) * sizeof(double);
  return std::clamp(int(bytes / perColumn), 1, std::max(1, most));
}

bool PartHeatSystem::solve(int columns, int block, const FillColumns& fill,
                           const TakeSolution& take) {
  if (!factor_) return false;
  block = std::max(1, block);
  Eigen::MatrixXd rhs;
  // The solution and CHOLMOD's workspace are kept from block to block: fresh n × block arrays
  // for each would be mapped and zero-filled anew (heap_settings.h), a page fault per 4 KB.
  cholmod_dense *solution = nullptr, *permuted = nullptr, *work = nullptr;
  bool ok = true;
  for (int first = 0; ok && first < columns; first += block) {
    const int count = std::min(block, columns - first);
    rhs.resize(size(), count);
    fill(first, count, rhs);
    cholmod_dense b = Eigen::viewAsCholmod(rhs);
    ok = cholmod_solve2(CHOLMOD_A, factor_, &b, nullptr, &solution, nullptr, &permuted, &work,
                        &common_) &&
         solution;
    if (!ok) break;
    // Read in place: a copy would be one more n × block array at the memory peak.
    const Eigen::Map<const Eigen::MatrixXd> x(static_cast<const double*>(solution->x), size(),
                                              count);
    ok = x.allFinite();
    if (ok) take(first, count, x);
  }
  cholmod_free_dense(&solution, &common_);
  cholmod_free_dense(&permuted, &common_);
  cholmod_free_dense(&work, &common_);
  return ok;
}

}  // namespace rw
