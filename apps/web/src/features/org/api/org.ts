import type {
  InstitutionSummary,
  OrgMember,
  OrgMembersQuery,
  OrgStaff,
  OrgUnit,
  OrgUnitCreateBody,
  OrgUnitEditBody,
  Page,
  RosterBadRow,
  RosterImportResult,
} from '@psy/contracts';
import { createContext, useContext } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api';
import { saveFile } from '../../../lib/download';
import { usePagedQuery } from '../../../lib/queries';
import { toast } from '../../../lib/toast';
import { uploadFile, type UploadOptions } from '../../../lib/upload';

export type { OrgMember, OrgStaff, OrgUnit, RosterBadRow, RosterImportResult } from '@psy/contracts';

/**
 * Where the management endpoints live for this page: the audit workbench's (every institution)
 * or the expert workbench's (the expert's own institution; the server answers 404 for others).
 */
export const OrgApiBase = createContext<'/api/audit/org' | '/api/expert/org'>('/api/audit/org');
export const useOrgBase = () => useContext(OrgApiBase);

const keys = {
  institutions: ['org', 'institutions'] as const,
  units: (base: string, institutionId: number) => ['org', 'units', base, institutionId] as const,
  members: ['org', 'members'] as const,
  staff: (base: string, unitId: number) => ['org', 'staff', base, unitId] as const,
};

export function useInstitutions() {
  return useQuery({
    queryKey: keys.institutions,
    queryFn: () => api.get<InstitutionSummary[]>('/api/department/list', undefined, { silent: true }),
    staleTime: 60_000,
  });
}

export function useUnits(institutionId: number | undefined) {
  const base = useOrgBase();
  return useQuery({
    queryKey: keys.units(base, institutionId ?? 0),
    queryFn: () => api.get<OrgUnit[]>(`${base}/units`, { institutionId }, { silent: true }),
    enabled: !!institutionId,
  });
}

export function useMembers(q: OrgMembersQuery, enabled: boolean) {
  const base = useOrgBase();
  return usePagedQuery<Page<OrgMember>>([...keys.members, base, q], `${base}/members`, { ...q }, enabled);
}

/** Units and members change together (counts, paths): refetch both. */
function useRefresh() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: ['org', 'units'] });
    void qc.invalidateQueries({ queryKey: keys.members });
  };
}

export function useCreateUnit() {
  const base = useOrgBase();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: OrgUnitCreateBody) => api.post<OrgUnit>(`${base}/units`, body),
    onSuccess: () => {
      toast.success('单位已创建');
      refresh();
    },
  });
}

export function useEditUnit() {
  const base = useOrgBase();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...body }: OrgUnitEditBody & { id: number }) =>
      api.put<OrgUnit>(`${base}/units/${id}`, body),
    onSuccess: () => {
      toast.success('单位已保存');
      refresh();
    },
  });
}

export function useDeleteUnit() {
  const base = useOrgBase();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`${base}/units/${id}`),
    onSuccess: () => {
      toast.success('单位已删除');
      refresh();
    },
  });
}

/** Uploads a roster; the bar follows the bytes, the answer says what was written or refused. */
export function importRoster(base: string, institutionId: number, file: File, opts: UploadOptions) {
  return uploadFile<RosterImportResult>(`${base}/roster?institutionId=${institutionId}`, file, {
    timeoutMs: 300_000,
    ...opts,
  });
}

export function useAfterImport() {
  return useRefresh();
}

export async function downloadTemplate(base: string) {
  const blob = await request<Blob>(`${base}/roster/template`, { blob: true });
  saveFile(blob, '名单模板.xlsx');
}

export async function downloadErrorReport(base: string, badRows: RosterBadRow[]) {
  const blob = await request<Blob>(`${base}/roster/errors`, {
    method: 'POST',
    body: { badRows },
    blob: true,
    timeoutMs: 60_000,
  });
  saveFile(blob, '名单错误报告.xlsx');
}

export function useStaff(unitId: number | undefined) {
  const base = useOrgBase();
  return useQuery({
    queryKey: keys.staff(base, unitId ?? 0),
    queryFn: () => api.get<OrgStaff[]>(`${base}/units/${unitId}/staff`, undefined, { silent: true }),
    enabled: !!unitId,
  });
}

export function useAddStaff(unitId: number) {
  const base = useOrgBase();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (telephone: string) => api.post<OrgStaff>(`${base}/units/${unitId}/staff`, { telephone }),
    onSuccess: () => {
      toast.success('负责人已添加');
      void qc.invalidateQueries({ queryKey: keys.staff(base, unitId) });
    },
  });
}

export function useRemoveStaff(unitId: number) {
  const base = useOrgBase();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.delete<null>(`${base}/units/${unitId}/staff/${userId}`),
    onSuccess: () => {
      toast.success('负责人已移除');
      void qc.invalidateQueries({ queryKey: keys.staff(base, unitId) });
    },
  });
}
