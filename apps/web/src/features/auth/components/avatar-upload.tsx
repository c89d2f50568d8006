import { UploadOutlined } from '@ant-design/icons';
import { AVATAR_MAX_BYTES, type AvatarUploadResult, type Envelope, type UserInfo } from '@psy/contracts';
import { Button, Progress, Space, Typography, Upload, type UploadProps } from 'antd';
import { useState } from 'react';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { AVATAR_TYPES, AVATAR_UPLOAD_URL, useEditProfile } from '../api/edit-profile';
import { UserAvatar } from './user-avatar';

/**
 * Upload goes straight to the server with antd's Upload (it reports progress, which fetch
 * cannot), then the returned file name is saved on the profile through /edit.
 */
export function AvatarUpload({ user }: { user: UserInfo }) {
  const token = useSession((s) => s.token);
  const edit = useEditProfile();
  const [percent, setPercent] = useState<number | null>(null);

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (!AVATAR_TYPES.includes(file.type)) {
      toast.warning('头像仅支持 JPG、PNG、WebP 格式的图片');
      return Upload.LIST_IGNORE;
    }
    // Checked here so a large photo is refused at once instead of after a slow upload.
    if (file.size > AVATAR_MAX_BYTES) {
      toast.warning('头像图片不能超过 5 MB');
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const onChange: UploadProps<Envelope<AvatarUploadResult>>['onChange'] = ({ file }) => {
    if (file.status === 'uploading') setPercent(Math.round(file.percent ?? 0));
    if (file.status === 'done') {
      setPercent(null);
      const avatar = file.response?.data?.avatar;
      if (!avatar) return void toast.error(file.response?.message || '头像上传失败，请稍后再试');
      edit.mutate({ avatar }, { onSuccess: () => toast.success('头像已更新') });
    }
    if (file.status === 'error') {
      setPercent(null);
      toast.error(file.response?.message || '头像上传失败，请稍后再试');
    }
  };

  const busy = percent !== null || edit.isPending;
  return (
    <Space orientation="vertical" align="center" size={12} style={{ width: '100%' }}>
      <UserAvatar user={user} size={96} />
      <Upload
        name="file"
        action={AVATAR_UPLOAD_URL}
        headers={token ? { serviceToken: token } : {}}
        accept={AVATAR_TYPES.join(',')}
        showUploadList={false}
        maxCount={1}
        beforeUpload={beforeUpload}
        onChange={onChange}
        disabled={busy}
      >
        <Button icon={<UploadOutlined />} loading={busy}>
          更换头像
        </Button>
      </Upload>
      {percent !== null && <Progress percent={percent} size="small" style={{ width: 180 }} />}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        支持 JPG、PNG、WebP，不超过 5 MB
      </Typography.Text>
    </Space>
  );
}
