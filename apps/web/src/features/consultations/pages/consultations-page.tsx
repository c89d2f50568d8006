import { CalendarOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ListWithStates } from '../../../components/list-with-states';
import { CardSkeleton, EmptyCard } from '../../../components/page-states';
import { CONSULTATION_PAGE_SIZE, useConsultations } from '../api/consultations';
import { ConsultationCard } from '../components/consultation-card';
import styles from '../components/consultations.module.css';

/**
 * 专家咨询 (/user/chart), a personal-centre page: the experts this person has chatted with or
 * booked, newest contact first, each with the next booking and a way back into the chat.
 */
export function Component() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useConsultations(page);

  return (
    <div className="page-container" style={{ maxWidth: 960 }}>
      <div className={styles.head}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          专家咨询
        </Typography.Title>
        <Link to="/booking/list">
          <CalendarOutlined /> 我的预约
        </Link>
      </div>
      <Typography.Paragraph type="secondary">
        你聊过天或预约过的专家都在这里，可以随时继续聊天或再次预约。
      </Typography.Paragraph>
      <ListWithStates
        query={query}
        failed="专家咨询加载失败"
        skeleton={<CardSkeleton rows={3} avatar />}
        empty={
          <EmptyCard
            text="还没有咨询过专家。找一位合适的咨询师，在线聊聊或预约一次咨询吧"
            action={
              <Button type="primary" onClick={() => navigate('/app/expert')}>
                去找咨询师
              </Button>
            }
          />
        }
        page={{
          current: page,
          size: CONSULTATION_PAGE_SIZE,
          onChange: (p) => setParams(p > 1 ? { page: String(p) } : {}, { replace: true }),
        }}
      >
        {(list) => list.map((item) => <ConsultationCard key={item.expert.id} item={item} />)}
      </ListWithStates>
    </div>
  );
}
