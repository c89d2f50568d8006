import type { Db } from '../client';
import { hashPassword } from '../../lib/password';
import { institutions } from '../../modules/institutions/institutions.table';
import { users } from '../../modules/users/users.table';
import { systemClock } from '../../lib/clock';
import { availabilityTemplates } from '../../modules/availability/availability.table';
import { materialize } from '../../modules/availability/availability.service';
import { expertProfiles } from '../../modules/experts/experts.table';
import { careAssignments } from '../../modules/assignments/assignments.table';
import { seedAssessments, seedBuiltinScales } from './assessments';
import { seedCourses, type SeedFiles } from './courses';
import { seedContent } from './content';
import { seedConsultations } from './consultations';
import { DEMO_PASSWORD, demoAssignments, demoExperts, demoInstitutions, demoUsers } from './demo-data';
import type { Storage } from '../../modules/uploads/storage';
import { existingKeys, userIdsByPhone } from './lookup';
import { seedPortraits } from './portraits';

export { seedDemoStatistics } from './statistics';
export { seedDemoSessions } from './sessions';
export { seedDemoCampaign } from './campaigns';

export interface SeedResult {
  institutions: number;
  users: number;
}

/** Expert profiles and weekly hours, where missing; then their slots for the weeks ahead. */
async function seedExperts(db: Db): Promise<void> {
  const phones = Object.keys(demoExperts);
  for (const [telephone, userId] of await userIdsByPhone(db, phones)) {
    const { weekly, ...profile } = demoExperts[telephone]!;
    const created = await db
      .insert(expertProfiles)
      .values({ userId, ...profile })
      .onConflictDoNothing()
      .returning({ id: expertProfiles.userId });
    if (created.length) {
      await db
        .insert(availabilityTemplates)
        .values(weekly.map((w) => ({ expertId: userId, durationMinutes: profile.sessionMinutes, ...w })))
        .onConflictDoNothing();
    }
    // Keeps four weeks of slots published; slots already there are left as they are.
    await materialize(db, userId, systemClock());
  }
}

/**
 * Each demo person's assigned expert, where they have none: a row once written (or moved by
 * an approved transfer) is never changed by a later run.
 */
async function seedAssignments(db: Db): Promise<void> {
  const phones = demoAssignments.flatMap(([person, expert]) => [person, expert]);
  const idOf = await userIdsByPhone(db, phones);
  const values = demoAssignments.flatMap(([person, expert]) => {
    const userId = idOf.get(person);
    const expertId = idOf.get(expert);
    return userId && expertId ? [{ userId, expertId }] : [];
  });
  if (values.length) await db.insert(careAssignments).values(values).onConflictDoNothing();
}

/** What every deployment needs, production included: the built-in scales. */
export async function seedReference(db: Db): Promise<void> {
  await seedBuiltinScales(db);
}

/**
 * Fills a database with demo data (accounts with the published demo password: never in
 * production; the server never calls it there). Idempotent: rows are keyed by natural keys and
 * inserted only when missing, so a second run adds nothing and changes nothing.
 */
export async function seed(db: Db, opts: { storage?: Storage; files?: SeedFiles } = {}): Promise<SeedResult> {
  const result = await seedAccounts(db);
  await seedExperts(db);
  await seedAssignments(db);
  // The experts' portraits need the public file storage (the server's; tests may leave it out).
  if (opts.storage) await seedPortraits(db, opts.storage);
  await seedAssessments(db);
  // Course covers and videos are files: without `opts.files` only their rows are added.
  await seedCourses(db, opts.files, systemClock());
  await seedContent(db, opts.storage, systemClock());
  // Consultations that took place (completed bookings) and what people said about them.
  await seedConsultations(db, systemClock);
  return result;
}

async function seedAccounts(db: Db): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    const newInstitutions = await tx
      .insert(institutions)
      .values(demoInstitutions.map((i) => ({ ...i })))
      .onConflictDoNothing({ target: institutions.name })
      .returning({ id: institutions.id });

    const instRows = await tx.select({ id: institutions.id, name: institutions.name }).from(institutions);
    const instId = new Map(instRows.map((r) => [r.name, r.id]));

    const have = await existingKeys(
      tx,
      users,
      users.telephone,
      demoUsers.map((u) => u.telephone),
    );
    const missing = demoUsers.filter((u) => !have.has(u.telephone));
    let inserted = 0;
    if (missing.length) {
      // Each account gets its own salted hash, even though they share the documented password.
      const hashes = await Promise.all(missing.map(() => hashPassword(DEMO_PASSWORD)));
      const rows = await tx
        .insert(users)
        .values(
          missing.map((u, i) => ({
            telephone: u.telephone,
            name: u.name,
            role: u.role,
            gender: u.gender,
            birthday: u.birthday,
            passwordHash: hashes[i]!,
            institutionId: u.institution ? (instId.get(u.institution) ?? null) : null,
          })),
        )
        .onConflictDoNothing({ target: users.telephone })
        .returning({ id: users.id });
      inserted = rows.length;
    }
    return { institutions: newInstitutions.length, users: inserted };
  });
}
