#version 330 core
// The character's surface, optionally skinned on the GPU. The pose buffer holds, per joint,
// three rows of the skinning matrix global_j * inverse(rest_j) and its unit dual quaternion.
// skinning: 0 rest pose, 1 linear blend (LBS), 2 dual quaternions (Kavan et al. 2008).
// Compiled twice: as is, it hands the view-space point and normal to shaded.frag (lit per
// fragment); with VERTEX_LIGHTING defined it lights the vertex (both of its sides) itself for
// vertex_lit.frag.
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec3 color;
layout(location = 3) in vec4 joints;
layout(location = 4) in vec4 weights;

uniform mat4 modelView;
uniform mat4 projection;
uniform mat3 normalMatrix;
uniform int skinning;
uniform int jointCount;
uniform samplerBuffer pose;

#ifdef VERTEX_LIGHTING
uniform float specular;
uniform float shininess;
uniform bool unlit;
out vec3 frontColor;
out vec3 backColor;
#include "lighting.glsl"
#else
out vec3 viewPosition;
out vec3 viewNormal;
out vec3 baseColor;
#endif

const int kTexels = 5;

mat4 skinMatrix(int j) {
  vec4 r0 = texelFetch(pose, j * kTexels + 0);
  vec4 r1 = texelFetch(pose, j * kTexels + 1);
  vec4 r2 = texelFetch(pose, j * kTexels + 2);
  // Rows to GLSL's column-major matrix.
  return transpose(mat4(r0, r1, r2, vec4(0.0, 0.0, 0.0, 1.0)));
}

vec3 rotate(vec4 q, vec3 v) {
  return v + 2.0 * cross(q.xyz, cross(q.xyz, v) + q.w * v);
}

void main() {
  vec3 p = position;
  vec3 n = normal;
  if (skinning == 1) {
    mat4 m = mat4(0.0);
    float total = 0.0;
    for (int k = 0; k < 4; ++k) {
      int j = int(joints[k] + 0.5);
      if (weights[k] <= 0.0 || j >= jointCount) continue;
      m += weights[k] * skinMatrix(j);
      total += weights[k];
    }
    if (total > 0.0) {
      m += (1.0 - total) * mat4(1.0);  // unweighted remainder stays in place
      p = (m * vec4(position, 1.0)).xyz;
      n = mat3(m) * normal;
    }
  } else if (skinning == 2) {
    vec4 real = vec4(0.0), dual = vec4(0.0);
    vec4 first = vec4(0.0);
    bool haveFirst = false;
    for (int k = 0; k < 4; ++k) {
      int j = int(joints[k] + 0.5);
      if (weights[k] <= 0.0 || j >= jointCount) continue;
      vec4 r = texelFetch(pose, j * kTexels + 3);
      vec4 d = texelFetch(pose, j * kTexels + 4);
      if (!haveFirst) {
        first = r;
        haveFirst = true;
      }
      // Shortest path: align signs with the strongest influence.
      float w = dot(r, first) < 0.0 ? -weights[k] : weights[k];
      real += w * r;
      dual += w * d;
    }
    float len = length(real);
    if (haveFirst && len > 1e-8) {
      real /= len;
      dual /= len;
      // Translation t = 2 * dual * conjugate(real).
      vec3 t = 2.0 * (real.w * dual.xyz - dual.w * real.xyz + cross(real.xyz, dual.xyz));
      p = rotate(real, position) + t;
      n = rotate(real, normal);
    }
  }
  vec4 v = modelView * vec4(p, 1.0);
#ifdef VERTEX_LIGHTING
  if (unlit) {
    frontColor = backColor = vec3(0.0);
  } else {
    studioLightBothSides(normalize(normalMatrix * n), v.xyz, color, specular, shininess,
                         frontColor, backColor);
  }
#else
  viewPosition = v.xyz;
  viewNormal = normalMatrix * n;
  baseColor = color;
#endif
  gl_Position = projection * v;
}
