#include "field/harmonic_field.h"

#include <Eigen/CholmodSupport>
#include <cmath>
#include <limits>

#include "field/auto_head.h"
#include "field/geodesic_distance.h"
#include "util/blas_threads.h"

namespace rw {

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
  const Eigen::SparseMatrix<double> W = cotangentWeights(d, d.positions, params.laplacian);
  std::vector<Eigen::Triplet<double>> triplets;
  triplets.reserve(W.nonZeros() + unknowns);
  Eigen::VectorXd rhs = Eigen::VectorXd::Zero(unknowns);
  Eigen::VectorXd diagonal = Eigen::VectorXd::Zero(unknowns);
  for (int k = 0; k < W.outerSize(); ++k)
    for (Eigen::SparseMatrix<double>::InnerIterator it(W, k); it; ++it) {
      const int i = int(it.row()), j = int(it.col());
      if (unknown[i] < 0) continue;
      diagonal[unknown[i]] += it.value();
      if (unknown[j] >= 0)
        triplets.emplace_back(unknown[i], unknown[j], -it.value());
      else if (!std::isnan(fixedValue[j]))
        rhs[unknown[i]] += it.value() * fixedValue[j];
    }
  for (int i = 0; i < unknowns; ++i) triplets.emplace_back(i, i, diagonal[i]);
  Eigen::SparseMatrix<double> A(unknowns, unknowns);
  A.setFromTriplets(triplets.begin(), triplets.end());
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
