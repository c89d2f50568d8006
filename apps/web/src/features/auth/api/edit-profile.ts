import { API_PREFIX, type EditProfileBody, type UserInfo } from '@psy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { setUserInfo } from '../../../lib/session';
import { userInfoQuery } from './user-info';

/** Multipart upload target for antd's Upload (field `file`); answers { avatar, url }. */
export const AVATAR_UPLOAD_URL = `${API_PREFIX}/api/userinfo/avatar`;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export function editProfile(body: EditProfileBody): Promise<UserInfo> {
  return api.post<UserInfo>('/api/userinfo/edit', body);
}

export function useEditProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: editProfile,
    onSuccess: (info) => {
      setUserInfo(info);
      qc.setQueryData(userInfoQuery.queryKey, info);
    },
  });
}
