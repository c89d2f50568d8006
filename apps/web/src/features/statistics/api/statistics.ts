import type {
  DashboardPush,
  StatsCenter,
  StatsFilterParams,
  StatsOptions,
  StatsScope,
  StatsScreen,
  StatsScreenCampaigns,
} from '@psy/contracts';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, request } from '../../../lib/api';
import { saveFile } from '../../../lib/download';
import { useSession } from '../../../lib/session';
import { aliveIf, openStomp, type StompStatus } from '../../../lib/stomp';
import { usePagedQuery } from '../../../lib/queries';

export const statsKeys = {
  all: ['statistics'] as const,
  screen: (scope: StatsScope | undefined) => [...statsKeys.all, 'screen', scope ?? 'default'] as const,
  options: ['statistics', 'options'] as const,
  center: (f: StatsFilterParams) => [...statsKeys.all, 'center', f] as const,
};

/** The big screen's figures; refreshed every minute besides the live pushes. */
export const screenQuery = (scope: StatsScope | undefined) =>
  queryOptions({
    queryKey: statsKeys.screen(scope),
    queryFn: () => api.get<StatsScreen>('/api/stats/screen', { scope }, { silent: true }),
    refetchInterval: 60_000,
    refetchIntervalInBackground: true,
    placeholderData: keepPreviousData,
  });

/**
 * The open screening campaigns on the big screen. Completion has no push (a member's submission
 * tells nobody), so it is fetched every 30 s; the live hook's refresh after a new warning covers
 * it too (its key sits under the screen's).
 */
export const screenCampaignsQuery = (scope: StatsScope | undefined) =>
  queryOptions({
    queryKey: [...statsKeys.screen(scope), 'campaigns'] as const,
    queryFn: () => api.get<StatsScreenCampaigns>('/api/stats/screen/campaigns', { scope }, { silent: true }),
    refetchInterval: 30_000,
    refetchIntervalInBackground: true,
    placeholderData: keepPreviousData,
  });

export const optionsQuery = queryOptions({
  queryKey: statsKeys.options,
  queryFn: () => api.get<StatsOptions>('/api/stats/options', undefined, { silent: true }),
  staleTime: 5 * 60_000,
});

export function useStatsOptions() {
  return useQuery(optionsQuery);
}

export function useStatsCenter(filter: StatsFilterParams) {
  return usePagedQuery<StatsCenter>(statsKeys.center(filter), '/api/stats/center', filter);
}

/** Excel and PDF come with the session header: fetched as blobs and saved from memory. */
export async function downloadExport(filter: StatsFilterParams): Promise<void> {
  const blob = await request<Blob>('/api/stats/export.xlsx', {
    query: filter,
    blob: true,
    timeoutMs: 300_000,
  });
  saveFile(
    blob,
    `测评数据-${filter.from ?? ''}${filter.to ? `至${filter.to}` : ''}.xlsx`.replace('-.xlsx', '.xlsx'),
  );
}

export async function downloadGroupReport(filter: StatsFilterParams): Promise<void> {
  const blob = await request<Blob>('/api/stats/report.pdf', {
    query: filter,
    blob: true,
    timeoutMs: 120_000,
  });
  saveFile(blob, '团体测评报告.pdf');
}

/** Warnings the ticker holds at most: a screen left on the wall for a night never grows. */
export const TICKER_MAX = 20;

function isPush(body: unknown): body is DashboardPush {
  const b = body as Partial<DashboardPush> | null;
  return b?.type === 'warning' && Array.isArray(b.scopes) && typeof b.warning?.id === 'number';
}

/**
 * The big screen's live feed: its own STOMP session on `/user/{id}/dashboard`. A new warning
 * in the screen's scope goes onto the ticker at once (the list stays at TICKER_MAX), then the
 * figures are fetched again; after every (re)connect they are fetched too, to catch up.
 */
export function useScreenLive(scope: StatsScope | undefined): StompStatus {
  const token = useSession((s) => s.token);
  const userId = useSession((s) => s.userInfo?.id);
  const qc = useQueryClient();
  const [status, setStatus] = useState<StompStatus>('connecting');

  useEffect(() => {
    if (!token || !userId) return;
    const key = statsKeys.screen(scope);
    let refetch: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(refetch);
      refetch = setTimeout(() => void qc.invalidateQueries({ queryKey: key }), 500);
    };
    const close = openStomp({
      token,
      subscriptions: {
        [`/user/${userId}/dashboard`]: (body) => {
          if (!isPush(body)) return;
          qc.setQueryData<StatsScreen>(key, (old) => {
            if (!old || !body.scopes.includes(old.scope)) return old;
            const latest = [body.warning, ...old.latest.filter((w) => w.id !== body.warning.id)];
            return { ...old, latest: latest.slice(0, TICKER_MAX) };
          });
          refresh();
        },
      },
      onStatus: (s) => setStatus(s),
      onConnected: refresh,
      sessionAlive: aliveIf(() => api.get('/api/stats/options', undefined, { silent: true })),
    });
    return () => {
      clearTimeout(refetch);
      close();
    };
  }, [token, userId, scope, qc]);

  return status;
}
