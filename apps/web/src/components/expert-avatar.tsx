import { UPLOAD_PATH } from '@psy/contracts/constants';
import { Avatar } from 'antd';
import { colorOf, LetterAvatar } from './letter-avatar';

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
    <LetterAvatar text={expert.name.slice(0, 1)} size={size} color={colorOf(expert.id)} label={expert.name} />
  );
}
