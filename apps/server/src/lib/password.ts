import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id; the enum is `const` in the typings, which isolated modules cannot read. */
const ARGON2ID = 2;

/** OWASP ASVS: argon2id, m = 19 MiB, t = 2, p = 1. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Verifies against a throw-away hash so an unknown account costs as much time as a wrong password. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('unused-dummy-password-Aa1!');
  await verifyPassword(await dummyHash, password);
}
