// The studio lighting shared by per-fragment and per-vertex shading (pasted in by
// render/gl_util's #include): Blinn-Phong with a setup that follows the camera, a warm key light
// from the upper left, a cool fill from the right, a sky/ground ambient and a faint rim to
// separate the silhouette from the background. Lighting is done in linear space; the result is
// display-encoded (gamma 2.2).
const vec3 kKeyDirection = vec3(-0.45, 0.60, 0.66);
const vec3 kKeyColor = vec3(1.00, 0.96, 0.90) * 1.05;
const vec3 kFillDirection = vec3(0.75, 0.05, 0.45);
const vec3 kFillColor = vec3(0.80, 0.88, 1.00) * 0.26;
const vec3 kSky = vec3(0.17, 0.18, 0.20);
const vec3 kGround = vec3(0.05, 0.045, 0.04);

// n: unit view-space normal facing the viewer's side; viewPosition: the point in view space.
vec3 studioLight(vec3 n, vec3 viewPosition, vec3 baseColor, float specular, float shininess) {
  vec3 v = normalize(-viewPosition);
  vec3 albedo = pow(baseColor, vec3(2.2));

  vec3 key = normalize(kKeyDirection);
  vec3 fill = normalize(kFillDirection);
  float keyDiffuse = max(dot(n, key), 0.0);
  float fillDiffuse = max(dot(n, fill), 0.0);
  vec3 ambient = mix(kGround, kSky, 0.5 + 0.5 * n.y);

  vec3 h = normalize(key + v);
  float highlight = keyDiffuse > 0.0 ? pow(max(dot(n, h), 0.0), shininess) : 0.0;
  float rim = pow(1.0 - max(dot(n, v), 0.0), 3.0) * 0.12;

  vec3 linear = albedo * (ambient + kKeyColor * keyDiffuse + kFillColor * fillDiffuse)
              + kKeyColor * specular * highlight + vec3(rim);
  return pow(clamp(linear, 0.0, 1.0), vec3(1.0 / 2.2));
}

// studioLight() of both sides of a surface point at once (per-vertex lighting, where either side
// may face the camera): the terms they share are computed once, and only the side the key light
// falls on can have a highlight (10 pow() per vertex instead of 16).
void studioLightBothSides(vec3 n, vec3 viewPosition, vec3 baseColor, float specular,
                          float shininess, out vec3 front, out vec3 back) {
  vec3 v = normalize(-viewPosition);
  vec3 albedo = pow(baseColor, vec3(2.2));
  vec3 key = normalize(kKeyDirection);
  vec3 fill = normalize(kFillDirection);
  float nKey = dot(n, key);
  float nFill = dot(n, fill);
  float nView = dot(n, v);
  float nHalf = dot(n, normalize(key + v));
  float side = nKey > 0.0 ? 1.0 : -1.0;  // the side the key light falls on
  float highlight = nKey != 0.0 ? pow(max(side * nHalf, 0.0), shininess) : 0.0;
  float rimFront = 1.0 - max(nView, 0.0);
  float rimBack = 1.0 - max(-nView, 0.0);

  vec3 frontLinear = albedo * (mix(kGround, kSky, 0.5 + 0.5 * n.y) + kKeyColor * max(nKey, 0.0) +
                               kFillColor * max(nFill, 0.0)) +
                     kKeyColor * specular * (nKey > 0.0 ? highlight : 0.0) +
                     vec3(rimFront * rimFront * rimFront * 0.12);
  vec3 backLinear = albedo * (mix(kGround, kSky, 0.5 - 0.5 * n.y) + kKeyColor * max(-nKey, 0.0) +
                              kFillColor * max(-nFill, 0.0)) +
                    kKeyColor * specular * (nKey < 0.0 ? highlight : 0.0) +
                    vec3(rimBack * rimBack * rimBack * 0.12);
  front = pow(clamp(frontLinear, 0.0, 1.0), vec3(1.0 / 2.2));
  back = pow(clamp(backLinear, 0.0, 1.0), vec3(1.0 / 2.2));
}
