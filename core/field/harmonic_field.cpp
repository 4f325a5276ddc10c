#include "field/harmonic_field.h"

#include <Eigen/CholmodSupport>
#include <cmath>
#include <limits>

#include "field/auto_head.h"
#include "field/geodesic_distance.h"
#include "util/blas_threads.h"

namespace rw {
namespace {

/// L_II f_I = -L_IB f_B: the Laplacian over the unknown vertices, column by column (rows in
/// order, the diagonal in its place), and the fixed values' pull on their neighbours.
struct LaplaceSystem {
  Eigen::SparseMatrix<double> matrix;
  Eigen::VectorXd rhs;
};

LaplaceSystem laplaceSystem(const SurfaceDomain& d, const std::vector<int>& unknown, int unknowns,
                            const std::vector<double>& fixedValue, const LaplacianParams& params) {
  const std::vector<double> w = adjacencyCotangentWeights(d, params);
  LaplaceSystem out;
  out.rhs = Eigen::VectorXd::Zero(unknowns);
  std::vector<int> outer(std::size_t(unknowns) + 1, 0), inner;
  std::vector<double> values;
  inner.reserve(d.adjacency.size() + unknowns);
  values.reserve(d.adjacency.size() + unknowns);
  for (int v = 0; v < d.vertexCount; ++v) {
    const int u = unknown[v];
    if (u < 0) continue;
    // The adjacency's rows are sorted: the diagonal goes before the first neighbour above v.
    double diagonal = 0.0, self = 0.0;
    std::size_t diagonalAt = 0;
    bool placed = false;
    auto placeDiagonal = [&] {
      diagonalAt = inner.size(), placed = true;
      inner.push_back(u);
      values.push_back(0.0);
    };
    for (int k = d.adjacencyStart[v]; k < d.adjacencyStart[v + 1]; ++k) {
      const int j = d.adjacency[k];
      diagonal += w[k];
      if (j == v) {
        self = -w[k];  // a degenerate corner's edge to itself
      } else if (unknown[j] >= 0) {
        if (j > v && !placed) placeDiagonal();
        inner.push_back(unknown[j]);
        values.push_back(-w[k]);
      } else if (!std::isnan(fixedValue[j])) {
        out.rhs[u] += w[k] * fixedValue[j];
      }
    }
    if (!placed) placeDiagonal();
    values[diagonalAt] = self + diagonal;
    outer[u + 1] = int(inner.size());
  }
  out.matrix = Eigen::Map<const Eigen::SparseMatrix<double>>(
      unknowns, unknowns, Eigen::Index(inner.size()), outer.data(), inner.data(), values.data());
  return out;
}

}  // namespace

Expected<HarmonicField> harmonicField(const Mesh& mesh, int givenHead, const FieldParams& params,
                                      const Progress* progress) {
  auto cancelled = [&] { return progress && progress->cancelled(); };
  int head = headOnMirrorPlane(mesh, givenHead, params.headPlane);
  // Only a pick the plane moves is off the midline: the body's layout (a surface domain and its
  // extremities, 0.09 s at 137K triangles) is read for those alone.
  AutoHead atEnd{givenHead, ""};
  if (params.headAtBodyEnd && head != givenHead) {
    atEnd = headAtPickedEnd(mesh, givenHead);
    if (atEnd.vertex != givenHead) head = headOnMirrorPlane(mesh, atEnd.vertex, params.headPlane);
  }
  Expected<SurfaceDomain> domain = buildSurfaceDomain(mesh, head, params.domain);
  if (!domain) return domain.error();
  const HeadOnBody onBody = headOnBody(mesh, *domain, head, params.headOnBody);
  if (onBody.vertex != head) {
    head = headOnMirrorPlane(mesh, onBody.vertex, params.headPlane);
    domain = buildSurfaceDomain(mesh, head, params.domain);
    if (!domain) return domain.error();
  }
  HarmonicField field;
  field.head = head;
  field.domain = std::move(domain).value();
  field.headNote = onBody.note.empty() ? atEnd.reason : onBody.note;
  if (!field.headNote.empty())
    field.domain.notes.insert(field.domain.notes.begin(), field.headNote);
  const SurfaceDomain& d = field.domain;
  if (progress) progress->report("field: geodesic distance", 0.1);
  field.geodesic = geodesicDistance(d, head);
  if (cancelled()) return Error{"cancelled"};
  field.extrema = extremalVertices(d, field.geodesic, mesh.size(), params.extrema);
  if (field.extrema.empty()) return Error{"no extremity found on the mesh (is it flat or tiny?)"};

  // Dirichlet problem: L_II f_I = -L_IB f_B over the active vertices.
  const int n = d.vertexCount;
  std::vector<double> fixedValue(n, std::numeric_limits<double>::quiet_NaN());
  fixedValue[head] = 0.0;
  for (const ExtremalVertex& e : field.extrema) fixedValue[e.vertex] = e.distance;
  std::vector<int> unknown(n, -1);
  int unknowns = 0;
  for (int v = 0; v < n; ++v)
    if (d.active[v] && std::isnan(fixedValue[v])) unknown[v] = unknowns++;

  if (progress) progress->report("field: cotangent Laplacian", 0.3);
  const LaplaceSystem system = laplaceSystem(d, unknown, unknowns, fixedValue, params.laplacian);
  const Eigen::SparseMatrix<double>& A = system.matrix;
  const Eigen::VectorXd& rhs = system.rhs;
  if (cancelled()) return Error{"cancelled"};

  if (progress) progress->report("field: solving Laplace's equation", 0.5);
  Eigen::VectorXd solution;
  if (unknowns > 0) {
    const ScopedBlasThreads blas(0);  // at the library's count, never while it changes
    Eigen::CholmodSupernodalLLT<Eigen::SparseMatrix<double>> solver;
    // AMD only: CHOLMOD's default also tries METIS, slower here (docs/build-notes.md).
    solver.cholmod().nmethods = 1;
    solver.cholmod().method[0].ordering = CHOLMOD_AMD;
    solver.cholmod().postorder = 1;
    solver.compute(A);
    if (solver.info() != Eigen::Success)
      return Error{
          "the Laplace system could not be factored (a part of the mesh is not connected to the "
          "head)"};
    solution = solver.solve(rhs);
    if (solver.info() != Eigen::Success) return Error{"the Laplace system could not be solved"};
  }
  field.values.assign(n, std::numeric_limits<double>::quiet_NaN());
  for (int v = 0; v < n; ++v) {
    if (!d.active[v]) continue;
    field.values[v] = unknown[v] >= 0 ? solution[unknown[v]] : fixedValue[v];
  }
  if (progress) progress->report("field: done", 1.0);
  return field;
}

}  // namespace rw
