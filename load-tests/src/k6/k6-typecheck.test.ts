import { fileURLToPath } from 'node:url';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const CONFIG = fileURLToPath(new URL('../../k6/tsconfig.json', import.meta.url));

/**
 * k6 cannot run here (no k6 binary on npm or in Debian), so the scripts are at least held to k6's own types
 * (@types/k6): a misspelt option, a wrong executor field or a misused k6 API fails this test.
 */
describe('the k6 scripts type-check against @types/k6', () => {
  it('has no type errors', () => {
    const parsed = ts.getParsedCommandLineOfConfigFile(
      CONFIG,
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
    )!;
    const program = ts.createProgram(parsed.fileNames, parsed.options);
    const checked = parsed.fileNames.map((f) => path.basename(f));
    expect(checked).toEqual(
      expect.arrayContaining(['match-day.ts', 'soak.ts', 'browse.ts', 'sign-in-storm.ts']),
    );
    // k6's own declarations, not Node's, are what the scripts were checked against.
    expect(program.getSourceFiles().some((f) => f.fileName.includes('@types/k6/websockets'))).toBe(true);
    expect(program.getSourceFiles().some((f) => f.fileName.includes('@types/node/'))).toBe(false);
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);
  }, 60_000);
});
