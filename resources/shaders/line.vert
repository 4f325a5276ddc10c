#version 330 core
// Unlit lines: the ground grid and the bones' outlines.
layout(location = 0) in vec3 position;
layout(location = 1) in vec4 color;

uniform mat4 viewProjection;

out vec3 worldPosition;
out vec4 lineColor;

void main() {
  worldPosition = position;
  lineColor = color;
  gl_Position = viewProjection * vec4(position, 1.0);
}
