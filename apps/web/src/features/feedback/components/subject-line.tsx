import { BookOutlined, CalendarOutlined, FileTextOutlined } from '@ant-design/icons';
import { feedbackKindLabels, type FeedbackSubject } from '@psy/contracts';
import { Space, Tag } from 'antd';
import { Link } from 'react-router';

const icons = {
  booking: <CalendarOutlined />,
  report: <FileTextOutlined />,
  course: <BookOutlined />,
};
const colors = { booking: 'cyan', report: 'geekblue', course: 'magenta' };

/** What a feedback is about: its kind and its name, linked to its page where the reader has one. */
export function SubjectLine({ subject, link = true }: { subject: FeedbackSubject; link?: boolean }) {
  return (
    <Space size={6} wrap style={{ minWidth: 0 }}>
      <Tag color={colors[subject.kind]} icon={icons[subject.kind]} style={{ marginInlineEnd: 0 }}>
        {feedbackKindLabels[subject.kind]}
      </Tag>
      {link && subject.link ? <Link to={subject.link}>{subject.title}</Link> : <span>{subject.title}</span>}
    </Space>
  );
}
