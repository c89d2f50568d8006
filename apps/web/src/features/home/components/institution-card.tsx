import { EnvironmentOutlined } from '@ant-design/icons';
import type { InstitutionSummary } from '@psy/contracts';
import { Avatar, Card } from 'antd';
import { UPLOAD_PATH } from '@psy/contracts/constants';
import { Link } from 'react-router';
import { Paragraph } from '../../../components/heading';
import { colorOf, LetterAvatar } from '../../../components/letter-avatar';

/** A partner institution, leading to its page (机构详情: its experts). */
export function InstitutionCard({ institution }: { institution: InstitutionSummary }) {
  return (
    <Link
      to={`/department/detail?id=${institution.id}`}
      style={{ display: 'block', height: '100%' }}
      data-testid="institution-card"
    >
      <Card hoverable style={{ height: '100%' }}>
        <Card.Meta
          avatar={
            institution.logo ? (
              <Avatar size={48} src={`${UPLOAD_PATH}${institution.logo}`} />
            ) : (
              <LetterAvatar text={institution.name.slice(0, 2)} size={48} color={colorOf(institution.id)} />
            )
          }
          // The whole name, on two lines if need be: cut short, 上海青禾大学生… says too little.
          title={<span style={{ whiteSpace: 'normal' }}>{institution.name}</span>}
          description={
            <>
              <div style={{ marginBottom: 8 }}>
                <EnvironmentOutlined /> {institution.city}
              </div>
              <Paragraph secondary className="text-clamp-3" style={{ marginBottom: 0 }}>
                {institution.intro}
              </Paragraph>
            </>
          }
        />
      </Card>
    </Link>
  );
}
