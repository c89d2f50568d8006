import { MessageOutlined } from '@ant-design/icons';
import { Button, Empty } from 'antd';
import { Link, useNavigate } from 'react-router';

/** How a first chat begins: ordinary users start it from an expert's page; experts wait for clients. */
export function StartHint({ expert }: { expert: boolean }) {
  return expert ? (
    <span>来访者向您发起在线咨询后，会话会显示在这里。</span>
  ) : (
    <span>
      还没有咨询会话。在
      <Link to="/app/expert">心理咨询</Link>
      中选择一位专家，进入专家主页点击「在线咨询」即可开始对话。
    </span>
  );
}

/** The right pane on a wide screen while no chat is open. */
export function NoChatSelected({ expert, hasChats }: { expert: boolean; hasChats: boolean }) {
  const navigate = useNavigate();
  if (hasChats) {
    return (
      <Empty
        image={<MessageOutlined style={{ fontSize: 56, color: '#c9eaea' }} />}
        description={expert ? '从左侧选择一位来访者，查看并回复消息' : '从左侧选择一个会话，继续与专家交流'}
      />
    );
  }
  return (
    <Empty
      image={<MessageOutlined style={{ fontSize: 56, color: '#c9eaea' }} />}
      description={<StartHint expert={expert} />}
    >
      {!expert && (
        <Button type="primary" onClick={() => navigate('/app/expert')}>
          去找专家
        </Button>
      )}
    </Empty>
  );
}
