#version 330 core
// Surfaces lit per fragment (lighting.glsl): the bones, and the character's mesh when its
// triangles are large on screen.
in vec3 viewPosition;
in vec3 viewNormal;
in vec3 baseColor;

uniform float alpha;
uniform float specular;   // strength of the key light's highlight
uniform float shininess;
uniform bool unlit;       // flat unlitColor (the mesh wireframe)
uniform vec3 unlitColor;

out vec4 fragColor;

#include "lighting.glsl"

void main() {
  if (unlit) {
    fragColor = vec4(unlitColor, alpha);
    return;
  }
  vec3 n = normalize(viewNormal);
  if (!gl_FrontFacing) n = -n;  // open meshes and thin shells are seen from both sides
  fragColor = vec4(studioLight(n, viewPosition, baseColor, specular, shininess), alpha);
}
