import type { SiteConfig } from '@psy/contracts';
import { Layout } from 'antd';
import { Link } from 'react-router';
import { navItems } from './nav';
import styles from './site-footer.module.css';

export function SiteFooter({ site }: { site: SiteConfig | undefined }) {
  return (
    <Layout.Footer className={styles.footer}>
      <div className={styles.inner}>
        <nav className={styles.links} aria-label="页脚导航">
          {navItems.map((n) => (
            <Link key={n.path} to={n.path}>
              {n.label}
            </Link>
          ))}
        </nav>
        <div className={styles.legal}>
          <div>{site?.copyright}</div>
          <div>
            {site?.icp} {site?.psb}
          </div>
          <div className={styles.hotline}>心理援助热线 12356（24 小时） · 紧急情况请拨打 120 / 110</div>
        </div>
      </div>
    </Layout.Footer>
  );
}
