import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });

/** The psy-web/feature-zones messages for `code` linted as if it were the file at `filePath`. */
async function zoneErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'psy-web/feature-zones').map((m) => m.message);
}

describe('psy-web/feature-zones: web features never import each other', () => {
  // The first lint builds the typed program of the whole web app: seconds on a loaded machine.
  it('a feature importing another feature is an error', { timeout: 30_000 }, async () => {
    const errors = await zoneErrors(
      "export { StatCard } from '../workbench/components/stat-card';\n",
      'apps/web/src/features/audit/x.ts',
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("Feature 'audit' imports feature 'workbench'");
  });

  it('also through a longer path and a dynamic import', async () => {
    const code =
      "import { useChatStore } from '../../chat/store/chat-store';\nexport const page = () => import('../../../features/orders/pages/cashier-page');\nexport { useChatStore };\n";
    const errors = await zoneErrors(code, 'apps/web/src/features/messages/pages/x.tsx');
    expect(errors).toHaveLength(2);
  });

  it('shared components, lib and the feature itself are fine', async () => {
    const code =
      "import { LoadError } from '../../components/page-states';\nimport { yuan } from '../../lib/format';\nimport { useWarnings } from './api/warnings';\nexport { LoadError, yuan, useWarnings };\n";
    expect(await zoneErrors(code, 'apps/web/src/features/workbench/x.tsx')).toEqual([]);
  });

  it('a feature may not import the app layer', async () => {
    const errors = await zoneErrors(
      "export type { AppRoute } from '../../app/feature-routes';\n",
      'apps/web/src/features/chat/routes.ts',
    );
    expect(errors).toEqual([expect.stringContaining('imports the app layer')]);
  });

  it('shared code may not import a feature; the app layer may', async () => {
    const code = "export { useChatRealtime } from '../features/chat/api/realtime';\n";
    expect(await zoneErrors(code, 'apps/web/src/lib/x.ts')).toHaveLength(1);
    expect(
      await zoneErrors(code.replace('../features', '../../features'), 'apps/web/src/components/a/x.ts'),
    ).toHaveLength(1);
    expect(
      await zoneErrors(code.replace('../features', '../../features'), 'apps/web/src/app/layouts/x.ts'),
    ).toEqual([]);
  });

  it('has no exceptions left: even the audit work page may not read the workbench feature', async () => {
    const code = "export { useWarnings } from '../../workbench/api/warnings';\n";
    expect(await zoneErrors(code, 'apps/web/src/features/audit/pages/work-page.tsx')).toHaveLength(1);
  });
});
