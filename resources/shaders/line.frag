#version 330 core
in vec3 worldPosition;
in vec4 lineColor;

uniform vec3 fadeCenter;
uniform float fadeRadius;  // lines fade out towards this distance; <= 0 disables fading
uniform float alpha;

out vec4 fragColor;

void main() {
  float fade = 1.0;
  if (fadeRadius > 0.0) {
    float d = length(worldPosition.xz - fadeCenter.xz);
    fade = 1.0 - smoothstep(0.35 * fadeRadius, fadeRadius, d);
  }
  fragColor = vec4(lineColor.rgb, lineColor.a * fade * alpha);
}
