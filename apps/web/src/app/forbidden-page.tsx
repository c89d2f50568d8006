import { HomeResult } from './home-result';

/** Shown in place of a page the signed-in account's role may not open; the URL stays. */
export function ForbiddenPage() {
  return (
    <HomeResult
      status="403"
      title="无权访问"
      subTitle="当前账号没有访问此页面的权限。如需使用该功能，请使用对应身份的账号登录，或联系管理员开通。"
    />
  );
}
