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
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../../lib/api';
import { saveFile } from '../../../lib/download';
import { toast } from '../../../lib/toast';
import { uploadFile, type UploadOptions } from '../../../lib/upload';

export type { OrgMember, OrgStaff, OrgUnit, RosterBadRow, RosterImportResult } from '@psy/contracts';

const keys = {
  institutions: ['org', 'institutions'] as const,
  units: (institutionId: number) => ['org', 'units', institutionId] as const,
  members: ['org', 'members'] as const,
  staff: (unitId: number) => ['org', 'staff', unitId] as const,
};

export function useInstitutions() {
  return useQuery({
    queryKey: keys.institutions,
    queryFn: () => api.get<InstitutionSummary[]>('/api/department/list', undefined, { silent: true }),
    staleTime: 60_000,
  });
}

export function useUnits(institutionId: number | undefined) {
  return useQuery({
    queryKey: keys.units(institutionId ?? 0),
    queryFn: () => api.get<OrgUnit[]>('/api/audit/org/units', { institutionId }, { silent: true }),
    enabled: !!institutionId,
  });
}

export function useMembers(q: OrgMembersQuery, enabled: boolean) {
  return useQuery({
    queryKey: [...keys.members, q],
    queryFn: () => api.get<Page<OrgMember>>('/api/audit/org/members', { ...q }, { silent: true }),
    placeholderData: keepPreviousData,
    enabled,
  });
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
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: OrgUnitCreateBody) => api.post<OrgUnit>('/api/audit/org/units', body),
    onSuccess: () => {
      toast.success('单位已创建');
      refresh();
    },
  });
}

export function useEditUnit() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...body }: OrgUnitEditBody & { id: number }) =>
      api.put<OrgUnit>(`/api/audit/org/units/${id}`, body),
    onSuccess: () => {
      toast.success('单位已保存');
      refresh();
    },
  });
}

export function useDeleteUnit() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`/api/audit/org/units/${id}`),
    onSuccess: () => {
      toast.success('单位已删除');
      refresh();
    },
  });
}

/** Uploads a roster; the bar follows the bytes, the answer says what was written or refused. */
export function importRoster(institutionId: number, file: File, opts: UploadOptions) {
  return uploadFile<RosterImportResult>(`/api/audit/org/roster?institutionId=${institutionId}`, file, {
    timeoutMs: 300_000,
    ...opts,
  });
}

export function useAfterImport() {
  return useRefresh();
}

export async function downloadTemplate() {
  const blob = await request<Blob>('/api/audit/org/roster/template', { blob: true });
  saveFile(blob, '名单模板.xlsx');
}

export async function downloadErrorReport(badRows: RosterBadRow[]) {
  const blob = await request<Blob>('/api/audit/org/roster/errors', {
    method: 'POST',
    body: { badRows },
    blob: true,
    timeoutMs: 60_000,
  });
  saveFile(blob, '名单错误报告.xlsx');
}

export function useStaff(unitId: number | undefined) {
  return useQuery({
    queryKey: keys.staff(unitId ?? 0),
    queryFn: () => api.get<OrgStaff[]>(`/api/audit/org/units/${unitId}/staff`, undefined, { silent: true }),
    enabled: !!unitId,
  });
}

export function useAddStaff(unitId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (telephone: string) =>
      api.post<OrgStaff>(`/api/audit/org/units/${unitId}/staff`, { telephone }),
    onSuccess: () => {
      toast.success('负责人已添加');
      void qc.invalidateQueries({ queryKey: keys.staff(unitId) });
    },
  });
}

export function useRemoveStaff(unitId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.delete<null>(`/api/audit/org/units/${unitId}/staff/${userId}`),
    onSuccess: () => {
      toast.success('负责人已移除');
      void qc.invalidateQueries({ queryKey: keys.staff(unitId) });
    },
  });
}
