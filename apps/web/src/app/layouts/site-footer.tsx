import type { SiteConfig } from '@psy/contracts';
import { Layout } from 'antd';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { WhenNear } from '../../components/when-near';
import { footerItems } from './nav';
import styles from './site-footer.module.css';

/**
 * Drawn when the footer comes near the screen: the QR code's encoder and its styles are not
 * needed for the first paint, nor by a visitor who never scrolls down (docs/performance.md).
 */
const QRCode = lazy(() => import('antd/es/qr-code'));

/**
 * Links come from the header's list (nav.ts): 测评中心, 心理咨询; 课程学习 and 最新资讯 join it as their pages land.
 * The QR code stands in for the spec's mini-program code: it opens this site on a phone.
 */
export function SiteFooter({ site }: { site: SiteConfig | undefined }) {
  return (
    <Layout.Footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.main}>
          <nav className={styles.links} aria-label="页脚导航">
            {footerItems.map((n) => (
              <Link key={n.path} to={n.path}>
                {n.label}
              </Link>
            ))}
            <Link to="/demo">演示后台</Link>
          </nav>
          <div className={styles.legal}>
            <div>{site?.copyright}</div>
            <div>
              {site?.icp} {site?.psb}
            </div>
            <div className={styles.hotline}>心理援助热线 12356（24 小时） · 紧急情况请拨打 120 / 110</div>
          </div>
        </div>
        <figure className={styles.qr}>
          <WhenNear placeholder={<div className={styles.qrPlaceholder} />}>
            <Suspense fallback={<div className={styles.qrPlaceholder} />}>
              <QRCode value={window.location.origin} size={96} bordered={false} bgColor="#ffffff" />
            </Suspense>
          </WhenNear>
          <figcaption>手机扫码访问</figcaption>
        </figure>
      </div>
    </Layout.Footer>
  );
}
