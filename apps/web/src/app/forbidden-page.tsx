import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/** Shown in place of a page the signed-in account's role may not open; the URL stays. */
export function ForbiddenPage() {
  const navigate = useNavigate();
  return (
    <div className="page-container">
      <Result
        status="403"
        title="无权访问"
        subTitle="当前账号没有访问此页面的权限。如需使用该功能，请使用对应身份的账号登录，或联系管理员开通。"
        extra={
          <Button type="primary" onClick={() => navigate('/sys/home')}>
            返回首页
          </Button>
        }
      />
    </div>
  );
}
