#version 330 core
// The character's mesh lit per vertex (mesh.vert with VERTEX_LIGHTING): used when its triangles
// are only a few pixels across, where interpolating the lit colour across a triangle looks the
// same as lighting every pixel, and llvmpipe would otherwise light whole 4x4 pixel blocks per
// tiny triangle (half the frame time of an 82K-triangle character).
in vec3 frontColor;
in vec3 backColor;

uniform float alpha;
uniform bool unlit;  // flat unlitColor (the mesh wireframe)
uniform vec3 unlitColor;

out vec4 fragColor;

void main() {
  if (unlit) {
    fragColor = vec4(unlitColor, alpha);
    return;
  }
  // Open meshes and thin shells are seen from both sides.
  fragColor = vec4(gl_FrontFacing ? frontColor : backColor, alpha);
}
