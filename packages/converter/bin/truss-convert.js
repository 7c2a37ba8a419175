#!/usr/bin/env node
/**
 * truss-convert <input-file> <output-dir> (src/cli.ts): runs the built JavaScript,
 * dist/truss-convert.js, after building it when it is missing or older than its sources
 * (build.mjs; a fresh build is checked in milliseconds, a rebuild takes about a second).
 */
import { buildConverterCli } from '../build.mjs';

await buildConverterCli();
await import('../dist/truss-convert.js');
