import { EnvironmentOutlined, PhoneOutlined } from '@ant-design/icons';
import { UPLOAD_PATH } from '@psy/contracts';
import { Avatar, Card, Col, Empty, Flex, Row, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { CardSkeleton, queryStates } from '../../../components/page-states';
import { LetterAvatar } from '../../../components/letter-avatar';
import { usePageMeta } from '../../../lib/page-title';
import { useDepartmentDetail } from '../api/expert-detail';
import { ExpertCard } from '../components/expert-card';

/** 机构详情 (/department/detail?id=): the institution and the experts who practise there. */
export function Component() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const query = useDepartmentDetail(id);
  const data = query.data;
  usePageMeta(data && { title: data.name, description: data.intro });

  const state = queryStates(query, {
    missing: !id,
    notFound: { title: '机构不存在', back: { to: '/app/expert', label: '浏览专家' } },
    failed: '机构信息加载失败',
    skeleton: <CardSkeleton avatar={{ size: 80, shape: 'square' }} rows={4} />,
  });
  if (state || !data) return <div className="page-container">{state?.view}</div>;

  return (
    <div className="page-container">
      <Card>
        <Flex gap={20} wrap align="flex-start">
          {data.logo ? (
            <Avatar shape="square" size={80} src={`${UPLOAD_PATH}${data.logo}`} alt={data.name} />
          ) : (
            <LetterAvatar text={data.name.slice(0, 2)} shape="square" size={80} color="#13a8a8" />
          )}
          <div style={{ flex: 1, minWidth: 220 }}>
            <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 8 }}>
              {data.name}
            </Typography.Title>
            <Flex vertical gap={4} style={{ color: '#595959' }}>
              <span>
                <EnvironmentOutlined /> {data.city} · {data.address}
              </span>
              {data.phone && (
                <span>
                  <PhoneOutlined /> <a href={`tel:${data.phone}`}>{data.phone}</a>
                </span>
              )}
            </Flex>
            <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0, whiteSpace: 'pre-wrap' }}>
              {data.intro}
            </Typography.Paragraph>
          </div>
        </Flex>
      </Card>
      <Typography.Title level={4} style={{ marginTop: 24 }}>
        机构专家（{data.experts.length}）
      </Typography.Title>
      {data.experts.length === 0 ? (
        <Card>
          <Empty description="该机构暂时没有可预约的专家" />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {data.experts.map((e) => (
            <Col key={e.id} xs={24} md={12} xl={8}>
              <ExpertCard expert={e} hideInstitution />
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}
