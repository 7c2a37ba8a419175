/** The Khronos glTF validator over a .glb: the converter's outputs must have zero errors. */
import { createRequire } from 'node:module';

export interface ValidationIssue {
  code: string;
  message: string;
  severity: number;
  pointer?: string;
  offset?: number;
}
interface ValidationReport {
  issues: {
    numErrors: number;
    numWarnings: number;
    numInfos: number;
    numHints: number;
    messages: ValidationIssue[];
    truncated: boolean;
  };
  info?: Record<string, unknown>;
}
type ValidateBytes = (
  data: Uint8Array,
  options?: {
    uri?: string;
    format?: 'glb' | 'gltf';
    maxIssues?: number;
    ignoredIssues?: string[];
    externalResourceFunction?: (uri: string) => Promise<Uint8Array>;
  },
) => Promise<ValidationReport>;

// gltf-validator is CommonJS compiled from Dart, without type declarations.
const { validateBytes } = createRequire(import.meta.url)('gltf-validator') as {
  validateBytes: ValidateBytes;
};

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
