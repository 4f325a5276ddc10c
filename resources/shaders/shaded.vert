#version 330 core
// Lit surfaces (the character mesh and the bones), lit in view space.
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec3 color;

uniform mat4 modelView;
uniform mat4 projection;
uniform mat3 normalMatrix;

out vec3 viewPosition;
out vec3 viewNormal;
out vec3 baseColor;

void main() {
  vec4 p = modelView * vec4(position, 1.0);
  viewPosition = p.xyz;
  viewNormal = normalMatrix * normal;
  baseColor = color;
  gl_Position = projection * p;
}
