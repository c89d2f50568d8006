import { Button, Result, type ResultProps } from 'antd';
import { useNavigate } from 'react-router';

/** A whole-page answer instead of the page asked for (403, 404), with the way back home. */
export function HomeResult(props: Pick<ResultProps, 'status' | 'title' | 'subTitle'>) {
  const navigate = useNavigate();
  return (
    <div className="page-container">
      <Result
        {...props}
        extra={
          <Button type="primary" onClick={() => navigate('/sys/home')}>
            返回首页
          </Button>
        }
      />
    </div>
  );
}
