// Writes a real model midpoint-subdivided N times as an OBJ (the production-resolution inputs of
// the scaling benchmarks, issue 24: HUMAN.blend's 8.5K triangles become 34K, 137K, 548K).
// Usage: bench_subdivided_obj MODEL LEVELS OUT.obj
#include <cstdio>
#include <iostream>
#include <string>

#include "io/import_character.h"
#include "midpoint_subdivision.h"

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: bench_subdivided_obj MODEL LEVELS OUT.obj\n";
    return 2;
  }
  rw::Expected<rw::Character> c = rw::importCharacter(argv[1]);
  if (!c) {
    std::cerr << c.error().message << "\n";
    return 2;
  }
  std::vector<Eigen::Vector3d> positions = c->mesh.positions;
  std::vector<Eigen::Vector3i> triangles = c->mesh.triangles;
  for (int level = 0; level < std::stoi(argv[2]); ++level) {
    rw::SourceMesh fine = rw::bench::subdivideMidpoint(positions, triangles);
    positions = std::move(fine.positions);
    triangles = std::move(fine.triangles);
  }
  FILE* out = std::fopen(argv[3], "w");
  if (!out) {
    std::cerr << argv[3] << ": cannot write\n";
    return 2;
  }
  for (const Eigen::Vector3d& p : positions)
    std::fprintf(out, "v %.9g %.9g %.9g\n", p.x(), p.y(), p.z());
  for (const Eigen::Vector3i& t : triangles)
    std::fprintf(out, "f %d %d %d\n", t[0] + 1, t[1] + 1, t[2] + 1);
  std::fclose(out);
  std::cout << argv[3] << ": " << positions.size() << " vertices, " << triangles.size()
            << " triangles\n";
  return 0;
}
