/**
 * @truss/viewer: the 3D engine (three.js, no React, no app knowledge).
 * The engine itself is built in the viewer issue; this package exists so the boundary rules
 * (no React, no app imports) are enforced from the first commit.
 */
export const VIEWER_ENGINE_VERSION = 0;
