import { PassThrough, type Readable } from 'node:stream';
import {
  maskName,
  provinceName,
  scl90ChineseNorm,
  STATS_EXPORT_MAX_ROWS,
  STATS_MAX_RANGE_DAYS,
  statsMessages,
  statsScopeLabels,
  type LevelCounts,
  type ScreenWarning,
  type StatsCenter,
  type StatsFilter,
  type StatsOptions,
  type StatsScope,
  type StatsScreen,
  type StatsScreenCampaigns,
  SCREEN_CAMPAIGNS_MAX,
} from '@psy/contracts';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { addDays, isoWeekday, shanghaiDate, shanghaiInstant } from '../../lib/time';
import { keyedTtlCache } from '../../lib/ttl-cache';
import type { AuditService } from '../audit';
import type { CampaignsService } from '../campaigns';
import {
  allowedScopes,
  canSeeIdentities,
  defaultScope,
  resolveScope,
  scopeKey,
  type Scope,
  type StatsViewer,
} from './statistics.policy';
import { statisticsRepository as repo, type Filter, type PartFigureRow } from './statistics.repository';
import { PART_GRAIN } from './statistics.table';

const DAY = 86_400_000;
/** Days of the big screen's trend, map and band charts. */
export const SCREEN_DAYS = 30;
/** Warnings on the big screen's ticker. */
export const TICKER_SIZE = 20;
const TOP_INSTITUTIONS = 8;
const SCREEN_SCALES = 4;
/** Rows read from the database per round of an export. */
const EXPORT_BATCH = 1000;

/** What the repository calls a part without a main band. */
const UNBANDED = '未分级';

const round = (v: number | null, digits = 2) =>
  v === null ? null : Math.round(v * 10 ** digits) / 10 ** digits;

function emptyLevels(): LevelCounts {
  return { 1: 0, 2: 0, 3: 0 };
}

/** Bands in score order: by the lowest raw score seen in each (none last), then by label. */
function bandOrder(rows: PartFigureRow[]): Map<string, number> {
  const sorted = [...rows].sort((a, b) =>
    a.minRaw === b.minRaw
      ? compareText(a.band, b.band)
      : a.minRaw === null
        ? 1
        : b.minRaw === null
          ? -1
          : a.minRaw - b.minRaw || compareText(a.band, b.band),
  );
  return new Map(sorted.map((r, i) => [r.band, i]));
}

/** Label and count of each band, in score order. */
function bandsOf(rows: PartFigureRow[]): { label: string; count: number }[] {
  const order = bandOrder(rows);
  return [...rows]
    .sort((a, b) => order.get(a.band)! - order.get(b.band)!)
    .map((r) => ({ label: r.band, count: r.n }));
}

/** Code point order, as the database's C collation sorts. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Every Shanghai date from `from` to `to`, both included. */
function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

export interface StatisticsDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  cacheMs: number;
  siteName: string;
  /** The open screening campaigns the big screen shows (their completion is the campaigns domain's). */
  campaigns: Pick<CampaignsService, 'openOnScreen'>;
}

export function createStatisticsService({ db, clock, audit, cacheMs, siteName, campaigns }: StatisticsDeps) {
  const screenCache = keyedTtlCache<StatsScreen>(cacheMs, 500);
  const campaignsCache = keyedTtlCache<StatsScreenCampaigns>(cacheMs, 500);
  const centerCache = keyedTtlCache<StatsCenter>(cacheMs, 500);

  /**
   * One figure's query in a transaction of its own without parallel workers or JIT: a
   * dashboard runs a dozen small queries at once, and on a busy server starting worker
   * processes (or compiling) costs more than the query itself.
   */
  const read = <T>(query: (tx: DbOrTx) => Promise<T>): Promise<T> => repo.serially(db, query);

  async function viewer(actor: Actor): Promise<StatsViewer> {
    return { ...actor, institutionId: await repo.institutionOf(db, actor.userId) };
  }

  async function scopeOf(actor: Actor, asked?: StatsScope): Promise<{ scope: Scope; v: StatsViewer }> {
    const v = await viewer(actor);
    const scope = resolveScope(v, asked);
    if (!scope) {
      throw new AppError(
        'FORBIDDEN',
        asked === 'institution' ? statsMessages.noInstitution : statsMessages.scopeAll,
      );
    }
    return { scope, v };
  }

  const presentWarning = (r: Awaited<ReturnType<typeof repo.latestWarnings>>[number]): ScreenWarning => ({
    id: r.id,
    maskedName: maskName(r.name),
    level: r.level as 1 | 2 | 3,
    reason: r.reason,
    scaleName: r.scaleName,
    province: r.province ? provinceName(r.province) : null,
    createdAt: new Date(r.createdAt).toISOString(),
  });

  /** Resolves the data centre's query: the caller's scope, the range as instants (30 days by default). */
  async function resolveFilter(actor: Actor, q: StatsFilter) {
    const { scope } = await scopeOf(actor, q.scope);
    const today = shanghaiDate(clock());
    const to = q.to ?? today;
    const from = q.from ?? addDays(to, -(SCREEN_DAYS - 1));
    if (from > to) throw new AppError('BAD_REQUEST', statsMessages.rangeOrder);
    if (addDays(from, STATS_MAX_RANGE_DAYS) <= to)
      throw new AppError('BAD_REQUEST', statsMessages.rangeTooLong);
    const filter: Filter = {
      scope,
      fromDay: from,
      toDay: to,
      fromAt: shanghaiInstant(from, '00:00'),
      toAt: shanghaiInstant(addDays(to, 1), '00:00'),
      scaleId: q.scaleId,
      planId: q.planId,
      activityId: q.activityId,
      institutionId: q.institutionId,
      gender: q.gender,
      ageBand: q.ageBand,
      province: q.province,
    };
    return { filter, from, to, scopeName: statsScopeName(scope) };
  }

  function statsScopeName(s: Scope): StatsScope {
    return s.kind;
  }

  /** The scale the scale-specific figures are about: the one asked for, else the most taken. */
  async function focusScale(filter: Filter) {
    if (filter.scaleId) return (await repo.scaleById(db, filter.scaleId)) ?? null;
    const [top] = await read((tx) => repo.topScales(tx, filter, 1));
    return top ? { id: top.id, name: top.name, shortName: top.shortName, code: top.code } : null;
  }

  async function buildScreen(scope: Scope, scopes: StatsScope[]): Promise<StatsScreen> {
    const now = clock();
    const today = shanghaiDate(now);
    const first = addDays(today, -(SCREEN_DAYS - 1));
    const since = {
      today: shanghaiInstant(today, '00:00'),
      week: shanghaiInstant(addDays(today, 1 - isoWeekday(today)), '00:00'),
      month: shanghaiInstant(`${today.slice(0, 8)}01`, '00:00'),
    };
    const from = shanghaiInstant(first, '00:00');
    const window: Filter = {
      scope,
      fromDay: first,
      toDay: today,
      fromAt: from,
      toAt: shanghaiInstant(addDays(today, 1), '00:00'),
    };
    // The top scales' bands start as soon as the scales are known, beside the other figures.
    const topScales = read((tx) => repo.topScales(tx, window, SCREEN_SCALES + 2));
    const topFigures = topScales.then((top) =>
      read((tx) =>
        repo.partFigures(
          tx,
          window,
          top.map((s) => s.id),
          [PART_GRAIN.band],
        ),
      ),
    );
    const [levelRows, wDays, aDays, wProvinces, aProvinces, top, figures, insts, follow, latest] =
      await Promise.all([
        read((tx) => repo.levelCounts(tx, scope, since)),
        read((tx) => repo.warningsByDay(tx, scope, from)),
        read((tx) => repo.assessmentsByDay(tx, window)),
        read((tx) => repo.warningsByProvince(tx, scope, from)),
        read((tx) => repo.assessmentsByProvince(tx, window)),
        topScales,
        topFigures,
        read((tx) => repo.topInstitutions(tx, scope, TOP_INSTITUTIONS)),
        read((tx) => repo.followUp(tx, scope, from, new Date(now.getTime() - 7 * DAY))),
        read((tx) => repo.latestWarnings(tx, scope, TICKER_SIZE)),
      ]);
    const levels = { today: emptyLevels(), week: emptyLevels(), month: emptyLevels() };
    for (const r of levelRows) {
      const l = r.level as 1 | 2 | 3;
      levels.today[l] = r.today;
      levels.week[l] = r.week;
      levels.month[l] = r.month;
    }
    const wBy = new Map(wDays.map((r) => [r.day, r.n]));
    const aBy = new Map(aDays.map((r) => [r.day, r.n]));
    const provinces = new Map<string, { warnings: number; assessments: number }>();
    const at = (code: string) => {
      let p = provinces.get(code);
      if (!p) provinces.set(code, (p = { warnings: 0, assessments: 0 }));
      return p;
    };
    for (const r of wProvinces) if (r.code && provinceName(r.code)) at(r.code).warnings = r.n;
    for (const r of aProvinces) if (r.code && provinceName(r.code)) at(r.code).assessments = r.n;
    const scored = top.map((s) => ({
      scaleId: s.id,
      shortName: s.shortName,
      total: s.n,
      bands: bandsOf(figures.filter((r) => r.scaleId === s.id)),
    }));
    // Scales without a main band table (SCL-90) have nothing to show as a band donut.
    const bands = scored.filter((b) => b.bands.some((x) => x.label !== UNBANDED)).slice(0, SCREEN_SCALES);
    return {
      scope: scope.kind,
      scopeLabel: statsScopeLabels[scope.kind],
      scopes,
      generatedAt: now.toISOString(),
      levels,
      trend: daysBetween(first, today).map((date) => ({
        date,
        warnings: wBy.get(date) ?? 0,
        assessments: aBy.get(date) ?? 0,
      })),
      provinces: [...provinces.entries()]
        .map(([code, p]) => ({ code, name: provinceName(code)!, ...p }))
        .sort(
          (a, b) => b.warnings - a.warnings || b.assessments - a.assessments || a.code.localeCompare(b.code),
        ),
      bands,
      topInstitutions: insts,
      followUp: {
        open: follow.open,
        medianFirstContactHours: round(follow.medianSeconds === null ? null : follow.medianSeconds / 3600, 1),
        closedWithin7Days: follow.eligible ? round(follow.closed7 / follow.eligible, 4) : null,
        contacted: follow.contacted,
        eligibleFor7Days: follow.eligible,
      },
      latest: latest.map(presentWarning),
    };
  }

  async function buildCenter(r: Awaited<ReturnType<typeof resolveFilter>>): Promise<StatsCenter> {
    const { filter, from, to } = r;
    const droppedBefore = new Date(clock().getTime() - 7 * DAY);
    // The scale's own figures start as soon as the scale is known, beside the others.
    const focus = focusScale(filter);
    // A scale asked for with a filter that splits a person's takes: its days, people and
    // retakes read the same facts, in one statement.
    const scaleId = filter.scaleId;
    const takes = repo.takesInOne(filter, scaleId)
      ? read((tx) => repo.takesOfScale(tx, filter, scaleId))
      : null;
    const ofScale = focus.then((s) =>
      s
        ? Promise.all([
            read((tx) => repo.partFigures(tx, filter, [s.id], Object.values(PART_GRAIN))),
            read((tx) => repo.dimensions(tx, filter, s.id)),
            takes ? takes.then((t) => t.retakes) : read((tx) => repo.retakes(tx, filter, s.id)),
          ])
        : null,
    );
    const [days, people, scale, plans, scaleFigures] = await Promise.all([
      takes ? takes.then((t) => t.days) : read((tx) => repo.assessmentsByDay(tx, filter)),
      takes ? takes.then((t) => t.people) : read((tx) => repo.people(tx, filter)),
      focus,
      read((tx) => repo.plans(tx, filter, droppedBefore, shanghaiDate(droppedBefore))),
      ofScale,
    ]);
    const byDay = new Map(days.map((d) => [d.day, d.n]));
    const base = {
      scope: r.scopeName,
      from,
      to,
      total: days.reduce((s, d) => s + d.n, 0),
      people,
      overTime: daysBetween(from, to).map((date) => ({ date, count: byDay.get(date) ?? 0 })),
      plans,
    };
    if (!scale || !scaleFigures) {
      return {
        ...base,
        scale: null,
        bands: [],
        score: { n: 0, meanRaw: null, meanStandard: null },
        dimensions: [],
        positive: { positive: 0, total: 0, rate: null },
        cross: { gender: [], ageBand: [], province: [] },
        retakes: [],
      };
    }
    const [figures, dims, retakes] = scaleFigures;
    const byBand = figures.filter((x) => x.grain === PART_GRAIN.band);
    const allBands = bandsOf(byBand);
    const sum = (key: 'n' | 'nRaw' | 'sumRaw' | 'nStd' | 'sumStd' | 'positive') =>
      byBand.reduce((s, x) => s + x[key], 0);
    const score = {
      n: sum('n'),
      meanRaw: sum('nRaw') ? sum('sumRaw') / sum('nRaw') : null,
      meanStandard: sum('nStd') ? sum('sumStd') / sum('nStd') : null,
      positive: sum('positive'),
    };
    // Cross-tabs: bands in score order, then the key ('' for a person who gave none).
    const order = bandOrder(byBand);
    const crossOf = (grain: number, key: (x: PartFigureRow) => string | null) =>
      figures
        .filter((x) => x.grain === grain)
        .map((x) => ({ band: x.band, key: key(x) ?? '', count: x.n }))
        .sort((a, b) => order.get(a.band)! - order.get(b.band)! || compareText(a.key, b.key));
    const allCross = {
      gender: crossOf(PART_GRAIN.gender, (x) => x.gender),
      ageBand: crossOf(PART_GRAIN.ageBand, (x) => x.ageBand),
      province: crossOf(PART_GRAIN.province, (x) => x.province),
    };
    // A scale without a main band table (SCL-90) has no band figures: only its factors.
    const banded = allBands.some((b) => b.label !== UNBANDED);
    const bands = banded ? allBands : [];
    const cross = banded ? allCross : { gender: [], ageBand: [], province: [] };
    return {
      ...base,
      scale,
      bands,
      score: { n: score.n, meanRaw: round(score.meanRaw), meanStandard: round(score.meanStandard) },
      dimensions: dims.map((d) => ({
        key: d.key,
        name: d.name,
        mean: round(d.mean)!,
        norm: scale.code === 'SCL90' ? (scl90ChineseNorm[d.key] ?? null) : null,
      })),
      positive: {
        positive: score.positive,
        total: score.n,
        rate: score.n ? round(score.positive / score.n, 4) : null,
      },
      cross,
      retakes: retakes.map((x) => ({ ...x, meanRaw: round(x.meanRaw) })),
    };
  }

  return {
    /** The big screen's figures for the caller's scope (cached briefly per scope). */
    async screen(actor: Actor, asked?: StatsScope): Promise<StatsScreen> {
      const { scope, v } = await scopeOf(actor, asked);
      return screenCache.get(scopeKey(scope), () => buildScreen(scope, allowedScopes(v)));
    },

    /**
     * The big screen's open screening campaigns in the caller's scope: every one for 全平台, the
     * expert's institution's for 本机构, none for 我的来访者 (a campaign is an institution's, not
     * one expert's people). Figures only, no names; cached briefly per scope like the screen.
     */
    async screenCampaigns(actor: Actor, asked?: StatsScope): Promise<StatsScreenCampaigns> {
      const { scope } = await scopeOf(actor, asked);
      const kind = scope.kind;
      if (kind === 'mine') return { scope: kind, open: 0, list: [] };
      return campaignsCache.get(scopeKey(scope), async () => ({
        scope: kind,
        ...(await campaigns.openOnScreen(
          kind === 'institution' ? scope.institutionId : null,
          SCREEN_CAMPAIGNS_MAX,
        )),
      }));
    },

    /** The data centre's figures for a filter (cached briefly per scope and filter). */
    async center(actor: Actor, q: StatsFilter): Promise<StatsCenter> {
      const r = await resolveFilter(actor, q);
      const key = `${scopeKey(r.filter.scope)}|${JSON.stringify({ ...q, scope: undefined, from: r.from, to: r.to })}`;
      return centerCache.get(key, () => buildCenter(r));
    },

    async options(actor: Actor): Promise<StatsOptions> {
      const v = await viewer(actor);
      const scopes = allowedScopes(v);
      const first = defaultScope(v);
      if (!first) throw new AppError('FORBIDDEN', statsMessages.scopeAll);
      // Experts pick among their own institution only; auditors among all.
      const o = await repo.options(db, canSeeIdentities(actor) ? null : (v.institutionId ?? -1));
      return { scopes, defaultScope: first, ...o };
    },

    /** A new warning as the big screen shows it, and who may see it in which scope. */
    async livePush(tx: DbOrTx, warningId: number) {
      const [row] = await repo.latestWarnings(tx, { kind: 'all' }, 1, warningId);
      const audience = await repo.liveAudience(tx, warningId);
      if (!row || !audience) return null;
      return { warning: presentWarning(row), ...audience };
    },

    /** The figures changed: the next request counts again (this instance; others within the TTL). */
    invalidate() {
      screenCache.invalidate();
      campaignsCache.invalidate();
      centerCache.invalidate();
    },

    /**
     * The sweeper's step: rebuilds the rollup rows of the days whose facts changed. Figures are
     * exact either way (those days are counted from the facts until then); this keeps the
     * platform-wide ones reading the small rollups. Answers the number of days rebuilt.
     */
    async refreshRollups(): Promise<number> {
      return repo.refreshRollups(db);
    },

    /**
     * The Excel file of a filter: one row per assessment of the focus scale, streamed in
     * batches of EXPORT_BATCH rows. Names and phones are masked unless the caller is an
     * auditor. The export is written to the audit log before the first byte goes out.
     */
    async exportXlsx(
      actor: Actor,
      q: StatsFilter,
      ip: string | null,
    ): Promise<{ filename: string; stream: Readable }> {
      const r = await resolveFilter(actor, q);
      const scale = await focusScale(r.filter);
      const rows = scale ? await read((tx) => repo.countParts(tx, r.filter, scale.id)) : 0;
      if (!scale || rows === 0) throw new AppError('NOT_FOUND', '没有符合条件的测评记录');
      if (rows > STATS_EXPORT_MAX_ROWS) throw new AppError('BAD_REQUEST', statsMessages.exportTooLarge(rows));
      const masked = !canSeeIdentities(actor);
      await audit.record(db, {
        action: 'data_export',
        outcome: 'success',
        userId: actor.userId,
        ip,
        detail: {
          scope: r.scopeName,
          scaleId: scale.id,
          from: r.from,
          to: r.to,
          rows,
          masked,
          filter: JSON.stringify({ ...q, scope: undefined }),
        },
      });
      const stream = new PassThrough();
      const definition = await repo.scaleDefinition(db, scale.id);
      // Loaded on first use, not at start (issue 18): the writer and ExcelJS are a chunk of their own.
      const { writeExportWorkbook } = await import('./statistics.export');
      void writeExportWorkbook(stream, {
        scale,
        definition,
        masked,
        pages: async function* () {
          let after = 0;
          for (;;) {
            const page = await repo.exportPage(db, r.filter, scale.id, after, EXPORT_BATCH);
            if (!page.length) return;
            yield page;
            after = page[page.length - 1]!.partId;
          }
        },
      }).catch((err: unknown) => stream.destroy(err as Error));
      return { filename: `${scale.shortName}-测评数据-${r.from}至${r.to}.xlsx`, stream };
    },

    /** The group report of a filter as a PDF: the data centre's figures and charts. */
    async groupReportPdf(
      actor: Actor,
      q: StatsFilter,
      ip: string | null,
    ): Promise<{ filename: string; pdf: Buffer }> {
      const r = await resolveFilter(actor, q);
      const center = await buildCenter(r);
      await audit.record(db, {
        action: 'group_report',
        outcome: 'success',
        userId: actor.userId,
        ip,
        detail: { scope: r.scopeName, from: r.from, to: r.to, total: center.total },
      });
      // Loaded on first use, not at start (issue 18): the writer, pdfkit and ECharts are a chunk of their own.
      const { renderGroupReportPdf } = await import('./group-report-pdf');
      const pdf = await renderGroupReportPdf({
        center,
        siteName,
        generatedAt: clock(),
        scopeLabel: statsScopeLabels[r.scopeName],
      });
      return { filename: `团体报告-${r.from}至${r.to}.pdf`, pdf };
    },
  };
}
export type StatisticsService = ReturnType<typeof createStatisticsService>;
