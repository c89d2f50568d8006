import { HomeResult } from './home-result';

export function Component() {
  return (
    <HomeResult
      status="404"
      title="页面不存在"
      subTitle="您访问的页面不存在或已被移除，请检查地址是否正确。"
    />
  );
}
