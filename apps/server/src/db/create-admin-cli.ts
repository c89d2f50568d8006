// `npm run admin:create`: the first administrator of a deployment that has no demo data.
// Reads ADMIN_TELEPHONE, ADMIN_NAME and ADMIN_PASSWORD from the environment (never from the
// command line, which shells keep in their history), hashes the password with argon2id.
import { newPassword, telephone } from '@psy/contracts';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { loadConfig } from '../config';
import { hashPassword } from '../lib/password';
import { users } from '../modules/users/users.table';
import { openDatabase } from './client';
import { runMigrations } from './migrate';

const input = z
  .object({
    ADMIN_TELEPHONE: telephone,
    ADMIN_NAME: z.string().trim().min(1).max(20).default('管理员'),
    ADMIN_PASSWORD: newPassword,
  })
  .safeParse(process.env);
if (!input.success) {
  console.error(
    "用法 / usage: ADMIN_TELEPHONE=13xxxxxxxxx ADMIN_PASSWORD='…' [ADMIN_NAME=…] npm run admin:create\n" +
      input.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`).join('\n'),
  );
  process.exit(64);
}
const { ADMIN_TELEPHONE, ADMIN_NAME, ADMIN_PASSWORD } = input.data;

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await runMigrations(database);
  const [existing] = await database.db.select().from(users).where(eq(users.telephone, ADMIN_TELEPHONE));
  if (existing) {
    console.error(
      `手机号 ${ADMIN_TELEPHONE.slice(0, 3)}****${ADMIN_TELEPHONE.slice(7)} 已有账号，未做更改。`,
    );
    process.exitCode = 1;
  } else {
    await database.db.insert(users).values({
      telephone: ADMIN_TELEPHONE,
      name: ADMIN_NAME,
      role: 'admin',
      passwordHash: await hashPassword(ADMIN_PASSWORD),
    });
    console.log(`管理员账号已创建 / administrator created: ${ADMIN_NAME}`);
  }
} finally {
  await database.close();
}
