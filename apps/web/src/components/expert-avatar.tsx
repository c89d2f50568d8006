import { UPLOAD_PATH } from '@psy/contracts/constants';
import { Avatar } from 'antd';
import { LetterAvatar } from './letter-avatar';

const palette = ['#13a8a8', '#1677ff', '#722ed1', '#fa8c16', '#52c41a', '#eb2f96'];

/** The expert's photo (a file name under the upload path), or the first character of the name. */
export function ExpertAvatar({
  expert,
  size = 64,
}: {
  expert: { id: number; name: string; avatar: string | null };
  size?: number;
}) {
  if (expert.avatar)
    return (
      <Avatar size={size} src={`${UPLOAD_PATH}${expert.avatar}`} alt={expert.name} style={{ flex: 'none' }} />
    );
  return (
    <LetterAvatar
      text={expert.name.slice(0, 1)}
      size={size}
      color={palette[expert.id % palette.length]!}
      label={expert.name}
    />
  );
}
