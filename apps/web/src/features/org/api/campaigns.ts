import type {
  CampaignReportFormat,
  CampaignOutcomes,
  CampaignWarningAuditItem,
  CampaignWarningItem,
  CampaignWarningState,
  Campaign,
  CampaignCreateBody,
  CampaignDetail,
  CampaignEditBody,
  CampaignPendingMember,
  CampaignRemindResult,
  CampaignRetestBody,
  CampaignRetestCandidate,
  CampaignStaffMember,
  CampaignStatus,
  MyCampaign,
  OrgUnit,
  Page,
  PlanSummary,
  ScaleSummary,
} from '@psy/contracts';
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api';
import { saveFile } from '../../../lib/download';
import { usePagedQuery } from '../../../lib/queries';
import { toast } from '../../../lib/toast';

export type {
  CampaignOutcomes,
  CampaignOutcomeFigures,
  CampaignWarningAuditItem,
  CampaignWarningItem,
  CampaignWarningRoute,
  Campaign,
  CampaignDetail,
  CampaignPendingMember,
  CampaignRetestCandidate,
  CampaignRetestSummary,
  CampaignStaffMember,
  CampaignUnitProgress,
  MyCampaign,
} from '@psy/contracts';

/** How often an open campaign's completion is fetched again while its page is open. */
export const LIVE_REFRESH_MS = 15_000;

const keys = {
  all: ['campaigns'] as const,
  list: (q: object) => ['campaigns', 'list', q] as const,
  detail: (id: number) => ['campaigns', 'detail', id] as const,
  pending: (id: number, unitId: number) => ['campaigns', 'pending', id, unitId] as const,
  retestCandidates: (id: number) => ['campaigns', 'retest-candidates', id] as const,
  mine: ['campaigns', 'mine'] as const,
  staff: ['campaigns', 'staff'] as const,
  staffDetail: (id: number) => ['campaigns', 'staff', id] as const,
  staffMembers: (id: number, unitId: number) => ['campaigns', 'staff', id, 'members', unitId] as const,
  myUnits: ['campaigns', 'my-units'] as const,
  choices: (kind: string, keyword: string) => ['campaigns', 'choices', kind, keyword] as const,
};

const live = (status: CampaignStatus | undefined) => (status === 'open' ? LIVE_REFRESH_MS : false);

// ---- auditors ----

export function useCampaigns(q: { pageNum: number; pageSize: number; status?: CampaignStatus }) {
  return usePagedQuery<Page<Campaign>>(keys.list(q), '/api/audit/campaigns', { ...q });
}

export function useCampaign(id: number) {
  return useQuery({
    queryKey: keys.detail(id),
    queryFn: () => api.get<CampaignDetail>(`/api/audit/campaigns/${id}`, undefined, { silent: true }),
    enabled: id > 0,
    refetchInterval: (q) => live(q.state.data?.status),
  });
}

export function usePending(id: number, unitId: number | undefined) {
  return useQuery({
    queryKey: keys.pending(id, unitId ?? 0),
    queryFn: () =>
      api.get<CampaignPendingMember[]>(`/api/audit/campaigns/${id}/units/${unitId}/pending`, undefined, {
        silent: true,
      }),
    enabled: !!unitId,
  });
}

/** 复测名单: the people with warnings in a campaign (fetched when the re-test form opens). */
export function useRetestCandidates(id: number, enabled: boolean) {
  return useQuery({
    queryKey: keys.retestCandidates(id),
    queryFn: () =>
      api.get<CampaignRetestCandidate[]>(`/api/audit/campaigns/${id}/retest-candidates`, undefined, {
        silent: true,
      }),
    enabled: enabled && id > 0,
  });
}

/** 安排复测: a new draft for the people chosen; the caller goes on to it. */
export function useScheduleRetest() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (v: { id: number; body: CampaignRetestBody }) =>
      api.post<Campaign>(`/api/audit/campaigns/${v.id}/retests`, v.body),
    onSuccess: () => {
      toast.success('复测已创建（草稿），发布后通知名单中的人');
      refresh();
    },
  });
}

function useRefreshAll() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: keys.all });
}

export function useSaveCampaign() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (v: { id?: number; create?: CampaignCreateBody; edit?: CampaignEditBody }) =>
      v.id
        ? api.put<Campaign>(`/api/audit/campaigns/${v.id}`, v.edit)
        : api.post<Campaign>('/api/audit/campaigns', v.create),
    onSuccess: (_c, v) => {
      toast.success(v.id ? '活动已保存' : '活动已创建');
      refresh();
    },
  });
}

export function useOpenCampaign() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<Campaign & { notified: number; sms: number }>(`/api/audit/campaigns/${id}/open`),
    onSuccess: (c) => {
      toast.success(`活动已发布，已通知 ${c.notified} 人（短信 ${c.sms} 条）`);
      refresh();
    },
  });
}

export function useCloseCampaign() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (id: number) => api.post<Campaign>(`/api/audit/campaigns/${id}/close`),
    onSuccess: () => {
      toast.success('活动已结束');
      refresh();
    },
  });
}

/** 一键提醒: auditors remind everyone not finished; unit staff those of their units. */
export function useRemind(scope: 'audit' | 'staff') {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<CampaignRemindResult>(
        scope === 'audit' ? `/api/audit/campaigns/${id}/remind` : `/api/org/my/campaigns/${id}/remind`,
      ),
    onSuccess: (r) => {
      toast.success(`已提醒 ${r.reminded} 人（短信 ${r.sms} 条）`);
      refresh();
    },
  });
}

/** The choices of the campaign form: published plans and scales, found by name. */
export function usePlanChoices(keyword: string) {
  return useQuery({
    queryKey: keys.choices('plan', keyword),
    queryFn: async () => {
      const plans = await api.get<PlanSummary[]>('/api/plan/list', undefined, { silent: true });
      return keyword ? plans.filter((p) => p.title.includes(keyword)) : plans;
    },
    staleTime: 60_000,
  });
}

export function useScaleChoices(keyword: string) {
  return useQuery({
    queryKey: keys.choices('scale', keyword),
    queryFn: async () =>
      (
        await api.get<Page<ScaleSummary>>(
          '/api/scale/list',
          { pageNum: 1, pageSize: 50, ...(keyword ? { keyword } : {}) },
          { silent: true },
        )
      ).list,
    staleTime: 60_000,
  });
}

// ---- members ----

export function useMyCampaigns(enabled = true) {
  return useQuery({
    queryKey: keys.mine,
    queryFn: () => api.get<MyCampaign[]>('/api/campaigns/mine', undefined, { silent: true }),
    enabled,
  });
}

export function useStartCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<{ assessmentId: number }>(`/api/campaigns/${id}/start`, { consent: true }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: keys.mine }),
  });
}

// ---- unit staff ----

/** The units I am staff of (empty for almost everyone). */
export function useMyUnits(enabled = true) {
  return useQuery({
    queryKey: keys.myUnits,
    queryFn: () => api.get<OrgUnit[]>('/api/org/my/units', undefined, { silent: true }),
    enabled,
    staleTime: 60_000,
  });
}

export function useStaffCampaigns(enabled = true) {
  return useQuery({
    queryKey: keys.staff,
    queryFn: () => api.get<Campaign[]>('/api/org/my/campaigns', undefined, { silent: true }),
    enabled,
  });
}

export function useStaffCampaign(id: number) {
  return useQuery({
    queryKey: keys.staffDetail(id),
    queryFn: () => api.get<CampaignDetail>(`/api/org/my/campaigns/${id}`, undefined, { silent: true }),
    enabled: id > 0,
    refetchInterval: (q) => live(q.state.data?.status),
  });
}

export function useStaffMembers(id: number, unitId: number | undefined) {
  return useQuery({
    queryKey: keys.staffMembers(id, unitId ?? 0),
    queryFn: () =>
      api.get<CampaignStaffMember[]>(`/api/org/my/campaigns/${id}/units/${unitId}/members`, undefined, {
        silent: true,
      }),
    enabled: !!unitId,
  });
}

/** The name of what a campaign asks people to take (a plan or a scale). */
export function useContentName(c: { planId: number | null; scaleId: number | null } | undefined) {
  return useQuery({
    queryKey: ['campaigns', 'content', c?.planId ?? 0, c?.scaleId ?? 0],
    queryFn: async () => {
      if (c?.planId) {
        const plans = await api.get<PlanSummary[]>('/api/plan/list', undefined, { silent: true });
        return `测评方案：${plans.find((p) => p.id === c.planId)?.title ?? `#${c.planId}`}`;
      }
      const s = await api.get<{ name: string }>(`/api/scale/detail/${c?.scaleId}`, undefined, {
        silent: true,
      });
      return `量表：${s.name}`;
    },
    enabled: !!c && (!!c.planId || !!c.scaleId),
    staleTime: 300_000,
  });
}

/** The units someone is in charge of, without the sub-units `GET /api/org/my/units` adds under them. */
export function topUnits(units: OrgUnit[]): OrgUnit[] {
  const ids = new Set(units.map((u) => u.id));
  return units.filter((u) => u.parentId === null || !ids.has(u.parentId));
}

// ---- after the screening: routed warnings and what came of them ----

export function useOutcomes(scope: 'audit' | 'staff', id: number, live: boolean) {
  return useQuery({
    queryKey: ['campaigns', 'outcomes', scope, id],
    queryFn: () =>
      api.get<CampaignOutcomes>(
        scope === 'audit' ? `/api/audit/campaigns/${id}/outcomes` : `/api/org/my/campaigns/${id}/outcomes`,
        undefined,
        { silent: true },
      ),
    enabled: id > 0,
    refetchInterval: live ? LIVE_REFRESH_MS : false,
  });
}

export function useCampaignWarnings(id: number, pageNum: number, pageSize: number) {
  return useQuery({
    queryKey: ['campaigns', 'warnings', id, pageNum],
    queryFn: () =>
      api.get<Page<CampaignWarningAuditItem>>(
        `/api/audit/campaigns/${id}/warnings`,
        { pageNum, pageSize },
        { silent: true },
      ),
    enabled: id > 0,
    placeholderData: keepPreviousData,
  });
}

export function useMyWarnings(q: {
  pageNum: number;
  pageSize: number;
  state?: CampaignWarningState;
  campaignId?: number;
}) {
  return usePagedQuery<Page<CampaignWarningItem>>(['campaigns', 'my-warnings', q], '/api/org/my/warnings', {
    ...q,
  });
}

export function useRecordContact() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) =>
      api.post<CampaignWarningItem>(`/api/org/my/warnings/${id}/contact`, { note }),
    onSuccess: () => {
      toast.success('已记录首次联系');
      refresh();
    },
  });
}

/**
 * The units a unit leader may report on alone: the campaign's units they follow (`roots`, named
 * by path) and every unit of theirs under them (`mine`, from GET /api/org/my/units), named as
 * the root's path plus the way down.
 */
export function reportUnits(
  roots: { unitId: number; unitName: string }[],
  mine: OrgUnit[] | undefined,
): { unitId: number; unitName: string }[] {
  const out: { unitId: number; unitName: string }[] = [];
  const below = (id: number, path: string) => {
    for (const u of mine ?? [])
      if (u.parentId === id) {
        out.push({ unitId: u.id, unitName: `${path}/${u.name}` });
        below(u.id, `${path}/${u.name}`);
      }
  };
  for (const r of roots) {
    out.push(r);
    below(r.unitId, r.unitName);
  }
  return out;
}

/** The report's file formats: the Excel workbook or the PDF with the same content. */
export type ReportFormat = CampaignReportFormat;
export interface ReportChoice {
  format: ReportFormat;
  /** One unit alone (with its sub-units); none: the whole campaign, or all of my units. */
  unit?: { unitId: number; unitName: string } | undefined;
}

/**
 * 导出报告: the centre's copy (with the warning list) or a unit's (figures only), as a workbook
 * or a PDF, of the whole campaign or one unit; fetched with the session header and saved.
 */
export async function downloadReport(
  scope: 'audit' | 'staff',
  c: { id: number; title: string },
  choice: ReportChoice,
) {
  const path =
    scope === 'audit' ? `/api/audit/campaigns/${c.id}/report` : `/api/org/my/campaigns/${c.id}/report`;
  const blob = await request<Blob>(path, {
    query: { format: choice.format, unitId: choice.unit?.unitId },
    blob: true,
    timeoutMs: 60_000,
  });
  const unit = choice.unit ? `-${choice.unit.unitName.replaceAll('/', '-')}` : '';
  saveFile(blob, `${c.title}-筛查报告${scope === 'staff' ? '（单位版）' : ''}${unit}.${choice.format}`);
}

/** 导出报告 with its loading state; true when the file was saved. */
export function useReportDownload(scope: 'audit' | 'staff') {
  const [exporting, setExporting] = useState(false);
  return {
    exporting,
    async run(c: { id: number; title: string } | undefined, choice: ReportChoice): Promise<boolean> {
      if (!c) return false;
      setExporting(true);
      try {
        await downloadReport(scope, c, choice);
        return true;
      } catch {
        // The API client has shown the server's message.
        return false;
      } finally {
        setExporting(false);
      }
    },
  };
}
