/** The Khronos glTF validator over a .glb: the converter's outputs must have zero errors. */
import { validateBytes, type ValidationIssue } from 'gltf-validator';

export interface GlbValidation {
  errors: number;
  warnings: number;
  infos: number;
  /** Errors and warnings (infos and hints left out), at most 50. */
  messages: ValidationIssue[];
}

export async function validateGlb(glb: Uint8Array): Promise<GlbValidation> {
  const report = await validateBytes(glb, { format: 'glb', maxIssues: 200 });
  return {
    errors: report.issues.numErrors,
    warnings: report.issues.numWarnings,
    infos: report.issues.numInfos,
    messages: report.issues.messages.filter((m) => m.severity <= 1).slice(0, 50),
  };
}
