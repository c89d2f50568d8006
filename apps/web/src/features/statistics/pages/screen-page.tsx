import {
  statsScopeLabels,
  type StatsScope,
  type StatsScreen,
  type StatsScreenCampaigns,
} from '@psy/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, ConfigProvider, Segmented, Spin, theme } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { EChart, registerMap, type EChartOption } from '../../../components/echart';
import { screenCampaignsQuery, screenQuery, useScreenLive } from '../api/statistics';
import {
  bandsOption,
  institutionsOption,
  LEVEL_COLORS,
  LEVEL_NAMES,
  mapOption,
  trendOption,
} from '../components/screen-charts';
import styles from '../components/screen.module.css';
import chinaProvinces from '../map/china-provinces.json';

registerMap('china', chinaProvinces);

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall clock in the header, ticking every second. */
function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(t);
  }, []);
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const time = `${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
  return <span className={styles.clock}>{`${date} ${time}`}</span>;
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.panel} aria-label={title}>
      <h2 className={styles.panelTitle}>{title}</h2>
      {children}
    </section>
  );
}

const Empty = ({ text = '暂无数据' }: { text?: string }) => <div className={styles.empty}>{text}</div>;

/** A panel holding one chart, or `empty` when there is nothing to draw. */
function ChartPanel({ title, option, empty }: { title: string; option: EChartOption; empty?: string }) {
  return (
    <Panel title={title}>
      {empty ? (
        <Empty text={empty} />
      ) : (
        <EChart
          theme="dark"
          label={title}
          option={option}
          className={styles.chart}
          style={{ height: 'auto' }}
        />
      )}
    </Panel>
  );
}

function Levels({ s }: { s: StatsScreen }) {
  const rows = [
    ['今日', s.levels.today],
    ['本周', s.levels.week],
    ['本月', s.levels.month],
  ] as const;
  return (
    <div className={styles.levels} data-testid="screen-levels">
      <div />
      {([1, 2, 3] as const).map((l) => (
        <div key={l} className={styles.levelHead} style={{ color: LEVEL_COLORS[l] }}>
          {LEVEL_NAMES[l]}
        </div>
      ))}
      {rows.map(([label, counts]) => [
        <div key={label} className={styles.levelHead}>
          {label}
        </div>,
        ...([1, 2, 3] as const).map((l) => (
          <div key={`${label}${l}`} className={styles.levelNum} style={{ color: LEVEL_COLORS[l] }}>
            {counts[l]}
          </div>
        )),
      ])}
    </div>
  );
}

function FollowUp({ s }: { s: StatsScreen }) {
  const f = s.followUp;
  const rate = f.closedWithin7Days;
  return (
    <div className={styles.follow}>
      <div>
        <div className={styles.followValue} style={{ color: '#ffb020' }}>
          {f.open}
        </div>
        <div className={styles.muted}>未关闭预警</div>
      </div>
      <div>
        <div className={styles.followValue}>
          {f.medianFirstContactHours === null ? '—' : `${f.medianFirstContactHours}`}
          <small style={{ fontSize: '0.5em' }}>{f.medianFirstContactHours === null ? '' : ' 小时'}</small>
        </div>
        <div className={styles.muted}>首次联系中位时长</div>
      </div>
      <div>
        <div className={styles.followValue}>{rate === null ? '—' : `${Math.round(rate * 1000) / 10}%`}</div>
        <div className={styles.muted}>7日内关闭率</div>
        <div className={styles.bar}>
          <div className={styles.barFill} style={{ width: `${(rate ?? 0) * 100}%` }} />
        </div>
      </div>
    </div>
  );
}

function Ticker({ s }: { s: StatsScreen }) {
  if (!s.latest.length) return <Empty text="暂无预警" />;
  // Raised within a minute of the figures: it slides in highlighted.
  const fresh = new Date(s.generatedAt).getTime() - 60_000;
  // Today's warnings show their time, older ones their date.
  const today = new Date(s.generatedAt).toDateString();
  return (
    <ul className={styles.ticker} data-testid="screen-ticker">
      {s.latest.map((w) => {
        const at = new Date(w.createdAt);
        return (
          <li key={w.id} className={`${styles.tick} ${at.getTime() > fresh ? styles.tickFresh : ''}`}>
            <span className={styles.tickTime}>
              {at.toDateString() === today
                ? `${pad(at.getHours())}:${pad(at.getMinutes())}`
                : `${pad(at.getMonth() + 1)}-${pad(at.getDate())}`}
            </span>
            <span className={styles.tickLevel} style={{ background: LEVEL_COLORS[w.level] }}>
              {LEVEL_NAMES[w.level]}
            </span>
            <span>{w.maskedName}</span>
            <span className={styles.tickText} title={`${w.scaleName}：${w.reason}`}>
              {`${w.province ?? '未知地区'} · ${w.scaleName} · ${w.reason}`}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

const percent = (n: number, total: number) => (total ? Math.round((n / total) * 1000) / 10 : 0);

/**
 * Open screening campaigns: completed / targeted with a bar (green completed, blue started), and
 * the warnings each raised; the soonest to close first.
 */
function Campaigns({ data }: { data: StatsScreenCampaigns }) {
  if (!data.list.length) return <Empty text="暂无进行中的筛查活动" />;
  return (
    <>
      <ul className={styles.campaigns} data-testid="screen-campaigns">
        {data.list.map((c) => {
          const done = percent(c.completed, c.total);
          const started = percent(c.started, c.total);
          const closes = new Date(c.closesAt);
          return (
            <li key={c.id} className={styles.campaign} aria-label={c.title}>
              <div className={styles.campaignHead}>
                <span className={styles.campaignTitle} title={`${c.title}（${c.institutionName}）`}>
                  {c.title}
                </span>
                <span className={styles.campaignRate}>{`${done}%`}</span>
              </div>
              <div
                className={styles.campaignBar}
                role="progressbar"
                aria-label={`${c.title} 完成率`}
                aria-valuenow={done}
                aria-valuemin={0}
                aria-valuemax={100}
              >
                <div className={styles.campaignDone} style={{ width: `${done}%` }} />
                <div className={styles.campaignStarted} style={{ width: `${started}%` }} />
              </div>
              <div className={styles.campaignMeta}>
                <span className={styles.campaignInst}>{c.institutionName}</span>
                <span>{`完成 ${c.completed}/${c.total}`}</span>
                <span style={c.warnings ? { color: '#ffb020' } : undefined}>{`预警 ${c.warnings}`}</span>
                <span>{`${pad(closes.getMonth() + 1)}-${pad(closes.getDate())} 截止`}</span>
              </div>
            </li>
          );
        })}
      </ul>
      {data.open > data.list.length && (
        <div
          className={styles.muted}
        >{`共 ${data.open} 项进行中，显示最近截止的 ${data.list.length} 项`}</div>
      )}
    </>
  );
}

/** 心理预警大屏 (/echartMap): a dark wall display, live through the STOMP connection. */
export function Component() {
  const [scope, setScope] = useState<StatsScope | undefined>(undefined);
  const q = useQuery(screenQuery(scope));
  const status = useScreenLive(scope);
  const s = q.data;
  const cq = useQuery(screenCampaignsQuery(scope));
  const campaigns = cq.data;
  // Campaigns belong to an institution: shown for 全平台 and 本机构, not for an expert's own people.
  const showCampaigns = !!s && s.scope !== 'mine';
  const options = useMemo(
    () =>
      s && {
        map: mapOption(s),
        trend: trendOption(s),
        bands: bandsOption(s),
        institutions: institutionsOption(s),
      },
    [s],
  );

  if (!s || !options) {
    return (
      <div className={styles.loading}>
        {q.isError ? (
          <>
            <div>{q.error instanceof Error ? q.error.message : '大屏数据加载失败'}</div>
            <Button onClick={() => void q.refetch()}>重新加载</Button>
          </>
        ) : (
          <>
            <Spin size="large" />
            <div>正在加载预警数据…</div>
          </>
        )}
      </div>
    );
  }

  const monthAssessments = s.trend.reduce((n, d) => n + d.assessments, 0);
  const todayWarnings = s.levels.today[1] + s.levels.today[2] + s.levels.today[3];
  const weekWarnings = s.levels.week[1] + s.levels.week[2] + s.levels.week[3];
  const kpis = [
    ['今日预警', todayWarnings],
    ['本周预警', weekWarnings],
    ['近30天测评', monthAssessments],
    ['未关闭预警', s.followUp.open],
  ] as const;

  return (
    <ConfigProvider theme={{ algorithm: theme.darkAlgorithm }}>
      <div className={styles.screen}>
        <header className={styles.header}>
          <div className={styles.headLeft}>
            {s.scopes.length > 1 ? (
              <Segmented
                aria-label="数据范围"
                value={s.scope}
                options={s.scopes.map((x) => ({ value: x, label: statsScopeLabels[x] }))}
                onChange={(v) => setScope(v as StatsScope)}
              />
            ) : (
              <span className={styles.muted}>{`数据范围：${s.scopeLabel}`}</span>
            )}
          </div>
          <h1 className={styles.title}>心理预警大屏</h1>
          <div className={styles.headRight}>
            <span className={styles.status} data-testid="screen-status">
              <span className={`${styles.dot} ${status === 'connected' ? '' : styles.dotOff}`} />
              {status === 'connected' ? '实时连接' : status === 'stopped' ? '连接已断开' : '正在连接…'}
            </span>
            <Clock />
          </div>
        </header>
        <main className={styles.body}>
          <div className={`${styles.col} ${showCampaigns ? styles.leftWithCampaigns : styles.left}`}>
            <Panel title="预警等级统计">
              <Levels s={s} />
            </Panel>
            <ChartPanel
              title="主要量表结果分布（近30天）"
              option={options.bands}
              empty={s.bands.length ? undefined : '暂无数据'}
            />
            {showCampaigns && (
              <Panel title="筛查活动进度">
                {campaigns && campaigns.scope === s.scope ? (
                  <Campaigns data={campaigns} />
                ) : (
                  <Empty text={cq.isError ? '筛查进度加载失败，稍后自动重试' : '正在加载…'} />
                )}
              </Panel>
            )}
          </div>
          <div className={`${styles.col} ${styles.center}`}>
            <div className={styles.kpis}>
              {kpis.map(([label, value]) => (
                <div key={label} className={styles.kpi}>
                  <div className={styles.kpiValue}>{value}</div>
                  <div className={styles.kpiLabel}>{label}</div>
                </div>
              ))}
            </div>
            <ChartPanel title="全国预警分布（近30天）" option={options.map} />
            <ChartPanel title="近30天预警与测评趋势" option={options.trend} />
          </div>
          <div className={`${styles.col} ${styles.right}`}>
            <ChartPanel
              title="机构待处理预警 TOP"
              option={options.institutions}
              empty={s.topInstitutions.length ? undefined : '暂无待处理预警'}
            />
            <Panel title="跟进处置">
              <FollowUp s={s} />
            </Panel>
            <Panel title="实时预警">
              <Ticker s={s} />
            </Panel>
          </div>
        </main>
      </div>
    </ConfigProvider>
  );
}
