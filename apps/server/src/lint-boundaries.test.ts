import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const RULE = 'psy/module-boundaries';

// The first lint loads the parser and every plugin: seconds on a busy machine.
describe('lint rule psy/module-boundaries', { timeout: 60_000 }, () => {
  let eslint: ESLint;
  beforeAll(async () => {
    eslint = new ESLint({ cwd: repoRoot });
    await eslint.lintText('export {};\n', { filePath: path.join(repoRoot, 'apps/server/src/x.ts') });
  }, 60_000);

  async function boundaryErrors(code: string, filePath: string) {
    const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
    return result!.messages.filter((m) => m.ruleId === RULE);
  }

  it("fails on a service that imports another module's table", async () => {
    const errors = await boundaryErrors(
      "import { orders } from '../orders/orders.table';\nexport const t = orders;\n",
      'apps/server/src/modules/bookings/x.ts',
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]!.severity).toBe(2);
    expect(errors[0]!.message).toContain("reaches into module 'orders'");
  });

  it("fails on a deep import of another module's service, also as a re-export", async () => {
    const errors = await boundaryErrors(
      "export { createOrdersService } from '../orders/orders.service';\n",
      'apps/server/src/modules/bookings/y.ts',
    );
    expect(errors).toHaveLength(1);
  });

  it("passes on an import of another module's index", async () => {
    const code =
      "import type { OrdersService } from '../orders';\nimport type { SessionUser } from '../auth/index';\nexport type X = [OrdersService, SessionUser];\n";
    expect(await boundaryErrors(code, 'apps/server/src/modules/bookings/x.ts')).toEqual([]);
  });

  it("passes on the module's own files and on code outside modules/", async () => {
    expect(
      await boundaryErrors(
        "import { bookings } from './bookings.table';\nexport const t = bookings;\n",
        'apps/server/src/modules/bookings/x.ts',
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        "import { orders } from './modules/orders/orders.table';\nexport const t = orders;\n",
        'apps/server/src/services-x.ts',
      ),
    ).toEqual([]);
  });

  it('lets a table file reference another table for its foreign keys', async () => {
    const code = "import { users } from '../users/users.table';\nexport const t = users;\n";
    expect(await boundaryErrors(code, 'apps/server/src/modules/orders/x.table.ts')).toEqual([]);
    expect(await boundaryErrors(code, 'apps/server/src/modules/orders/x.service.ts')).toHaveLength(1);
  });
});
