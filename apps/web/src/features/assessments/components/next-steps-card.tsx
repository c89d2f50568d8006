import { CalendarOutlined, CompassOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { ReportNextSteps } from '@psy/contracts';
import { Card, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { ExpertAvatar } from '../../../components/expert-avatar';
import { yuan } from '../../../lib/format';
import { routeExists } from '../../../lib/route-exists';
import { IconTitle } from './score-parts';
import styles from './assessments.module.css';

/** What the platform suggests next: a retest date, experts who work on this, courses that fit. */
export function NextStepsCard({ next }: { next: ReportNextSteps }) {
  const detail = (id: number) => `/experts/detail?id=${id}`;
  return (
    <Card
      className={styles.flowCard}
      style={{ marginBottom: 16 }}
      title={<IconTitle icon={<CompassOutlined />}>接下来可以做什么</IconTitle>}
    >
      <div className={styles.retest}>
        <CalendarOutlined />
        <div>
          <div>
            建议复测日期：<strong>{next.retestOn}</strong>
          </div>
          <Typography.Text type="secondary">{next.retestNote}</Typography.Text>
        </div>
      </div>
      {next.experts.length > 0 && (
        <>
          <Typography.Title level={5} style={{ margin: '16px 0 8px' }}>
            适合你的专家
          </Typography.Title>
          <div className={styles.reportExperts}>
            {next.experts.map((e) => {
              const body = (
                <>
                  <ExpertAvatar expert={e} size={44} />
                  <div style={{ minWidth: 0 }}>
                    <div className={styles.reportExpertName}>
                      {e.name} <Typography.Text type="secondary">{e.title}</Typography.Text>
                    </div>
                    {e.institution && (
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {e.institution}
                      </Typography.Text>
                    )}
                    <div>
                      {e.specialties.slice(0, 4).map((s) => (
                        <Tag key={s} variant="filled" color="cyan" style={{ marginTop: 4 }}>
                          {s}
                        </Tag>
                      ))}
                    </div>
                  </div>
                </>
              );
              return routeExists(detail(e.id)) ? (
                <Link key={e.id} to={detail(e.id)} className={styles.reportExpert}>
                  {body}
                </Link>
              ) : (
                <div key={e.id} className={styles.reportExpert}>
                  {body}
                </div>
              );
            })}
          </div>
        </>
      )}
      {next.courses.length > 0 && (
        <>
          <Typography.Title level={5} style={{ margin: '16px 0 8px' }}>
            推荐课程
          </Typography.Title>
          <div className={styles.reportExperts} data-testid="report-courses">
            {next.courses.map((c) => (
              <Link key={c.id} to={c.link} className={styles.reportCourse}>
                {c.coverUrl ? (
                  <img src={c.coverUrl} alt="" className={styles.reportCourseCover} />
                ) : (
                  <span className={styles.reportCourseCover} aria-hidden>
                    <PlayCircleOutlined />
                  </span>
                )}
                <div style={{ minWidth: 0 }}>
                  <div className={styles.reportExpertName}>{c.title}</div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {c.expertName} · {c.priceFen > 0 ? yuan(c.priceFen) : '免费'}
                  </Typography.Text>
                  <div>
                    <Tag variant="filled" color="purple" style={{ marginTop: 4 }}>
                      {c.category}
                    </Tag>
                  </div>
                </div>
              </Link>
            ))}
          </div>
        </>
      )}
    </Card>
  );
}
