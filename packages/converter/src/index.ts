/**
 * @truss/converter: importers for every supported format into the viewable (.glb + metadata).
 * The importers are built in the models issue; this package exists so the boundary rules
 * (no React, no app imports) are enforced from the first commit.
 */
export const CONVERTER_VERSION = 0;
