import { UPLOAD_PATH, type NewsCategory } from '@psy/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { loadRichText } from '../../lib/lazy-rich-text';
import { loadSharp } from '../../lib/sharp';
import { banners } from '../../modules/banners/banners.table';
import { newsArticles, newsViews } from '../../modules/news/news.table';
import { reviewRequests } from '../../modules/review/review.table';
import { tweets } from '../../modules/tweets/tweets.table';
import type { Storage } from '../../modules/uploads/storage';
import { users } from '../../modules/users/users.table';
import { backgroundWork } from './background';
import { existingKeys, userIdsByPhone } from './lookup';

const DAY = 86_400_000;

/** A small picture drawn from SVG (shapes only, no text: no font needed), stored as WebP. */
async function picture(storage: Storage | undefined, name: string, colors: [string, string], shape: number) {
  if (!storage || (await storage.exists(name))) return;
  const [a, b] = colors;
  const shapes = [
    `<circle cx="620" cy="120" r="150" fill="#fff" fill-opacity=".18"/><circle cx="140" cy="330" r="90" fill="#fff" fill-opacity=".14"/>`,
    `<path d="M0 300 Q200 200 400 290 T800 260 V400 H0Z" fill="#fff" fill-opacity=".22"/><circle cx="640" cy="110" r="60" fill="#fff" fill-opacity=".35"/>`,
    `<rect x="90" y="80" width="220" height="220" rx="40" fill="#fff" fill-opacity=".16" transform="rotate(12 200 190)"/><circle cx="560" cy="250" r="110" fill="#fff" fill-opacity=".18"/>`,
    `<path d="M400 90 C470 20 600 80 560 170 L400 320 L240 170 C200 80 330 20 400 90Z" fill="#fff" fill-opacity=".28"/>`,
  ][shape % 4];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="800" height="400" fill="url(#g)"/>${shapes}</svg>`;
  const sharp = await loadSharp();
  await storage.put(name, await sharp(Buffer.from(svg)).webp({ quality: 70 }).toBuffer());
}

const palettes: [string, string][] = [
  ['#13a8a8', '#4096ff'],
  ['#36cfc9', '#95de64'],
  ['#597ef7', '#9254de'],
  ['#ffa940', '#ff7a45'],
  ['#5cdbd3', '#69b1ff'],
  ['#73d13d', '#13c2c2'],
];

interface DemoArticle {
  title: string;
  category: NewsCategory;
  summary: string;
  paragraphs: string[];
  pinned?: boolean;
  /** Days from now: negative in the past, positive scheduled ahead. */
  day: number;
}

const articles: DemoArticle[] = [
  {
    title: '平台上线“心理健康月”系列活动',
    category: 'platform',
    summary: '本月起，平台联合合作机构推出免费测评、专家直播与线下沙龙，欢迎参与。',
    paragraphs: [
      '活动期间，平台所有基础量表免费开放，专家每周三晚进行线上答疑。',
      '线下沙龙将在各合作机构陆续举办，报名方式见活动通知。',
    ],
    pinned: true,
    day: -1,
  },
  {
    title: '认识焦虑：它从哪里来，又该如何相处',
    category: 'science',
    summary: '焦虑是人类面对不确定时的正常反应，适度的焦虑能帮助我们应对挑战。',
    paragraphs: [
      '焦虑常表现为紧张、担心、心跳加快和难以入睡。它本身并不是坏事，只是在过度、持续时会影响生活。',
      '觉察身体信号、规律作息、适量运动和与信任的人倾诉，都是与焦虑相处的好方法。若持续两周以上明显影响生活，建议寻求专业帮助。',
    ],
    day: -2,
  },
  {
    title: '睡不好？六个改善睡眠的小习惯',
    category: 'science',
    summary: '固定作息、减少睡前屏幕时间、营造安静环境……从小事开始改善睡眠。',
    paragraphs: ['每天同一时间起床比同一时间入睡更重要。', '睡前一小时放下手机，用阅读或舒缓音乐代替。'],
    day: -3,
  },
  {
    title: '抑郁情绪与抑郁症有什么不同',
    category: 'science',
    summary: '人人都会情绪低落，但抑郁症是一种需要重视和治疗的疾病。',
    paragraphs: [
      '抑郁情绪通常有明确诱因，持续时间短；抑郁症则持续两周以上，并伴随兴趣减退、精力下降等症状。',
      '平台的 PHQ-9 量表可以帮助初步了解自己的状态。',
    ],
    day: -5,
  },
  {
    title: '秋季新生心理普查开始报名',
    category: 'event',
    summary: '面向合作高校新生的心理健康普查已开放报名，完成测评可获得个性化报告。',
    paragraphs: ['普查包含情绪、睡眠与人际关系三个方面，约需 15 分钟。', '结果仅本人与负责专家可见。'],
    day: -6,
  },
  {
    title: '职场压力自测与调适指南',
    category: 'science',
    summary: '长期高压会悄悄消耗身心，学会识别压力信号并及时调适。',
    paragraphs: [
      '压力的常见信号包括易怒、注意力下降、肩颈紧张。',
      '尝试把任务拆小、设定边界、安排每天 10 分钟的放松练习。',
    ],
    day: -8,
  },
  {
    title: '专家预约功能升级：支持线下咨询',
    category: 'platform',
    summary: '现在可以在专家主页直接预约线下咨询时段，并在线完成支付。',
    paragraphs: ['预约成功后会收到短信与站内消息提醒。', '开始前 24 小时以上取消可全额退款。'],
    day: -10,
  },
  {
    title: '亲子沟通：如何倾听青春期的孩子',
    category: 'science',
    summary: '少说教、多倾听，是与青春期孩子建立信任的第一步。',
    paragraphs: ['当孩子愿意说话时，先放下手头的事情，认真听完。', '表达理解比给出建议更能打开孩子的心扉。'],
    day: -12,
  },
  {
    title: '世界精神卫生日线上讲座回顾',
    category: 'event',
    summary: '三位专家分享了情绪管理、睡眠与人际关系的实用方法，回放已上线。',
    paragraphs: ['讲座共吸引了两千多名观众在线参与。', '回放视频可在课程学习中找到。'],
    day: -15,
  },
  {
    title: '正念练习入门：从一次呼吸开始',
    category: 'science',
    summary: '正念不是放空，而是带着好奇觉察当下。每天五分钟即可开始。',
    paragraphs: [
      '找一个安静的位置坐下，把注意力放在呼吸上。',
      '走神时温和地把注意力带回来，这就是练习本身。',
    ],
    day: -18,
  },
  {
    title: '平台隐私保护说明更新',
    category: 'platform',
    summary: '我们更新了隐私保护说明，进一步明确测评数据的使用范围。',
    paragraphs: ['测评结果仅本人及其授权的专家可以查看。', '您可以随时在个人中心申请导出或删除数据。'],
    day: -21,
  },
  {
    title: '冬季情绪关怀周即将开启',
    category: 'event',
    summary: '冬季日照减少，情绪容易低落。关怀周期间将推出系列科普与免费咨询名额。',
    paragraphs: [
      '关怀周为期七天，每天晚上 8 点在最新资讯发布一篇冬季情绪科普，内容包括光照与睡眠、运动与心情、如何识别持续的低落。',
      '关怀周期间，可以先在测评中心做一次 PHQ-9 或 GAD-7 自评，了解近两周的情绪状态；需要进一步交流时，可在心理咨询页预约专家。',
      '如果低落已经持续两周以上，或出现伤害自己的念头，请不要等待，尽快联系专家或拨打心理援助热线 12356。',
    ],
    day: 3,
  },
];

interface DemoTweet {
  phone: string;
  content: string;
  images: number;
  status: 'published' | 'pending';
  day: number;
}

const demoTweets: DemoTweet[] = [
  {
    phone: '13800000002',
    content:
      '考试前总是心慌？试试“4-7-8 呼吸法”：吸气 4 秒，屏息 7 秒，呼气 8 秒，重复四轮。紧张和焦虑会慢慢平复下来。',
    images: 2,
    status: 'published',
    day: -1,
  },
  {
    phone: '13800000012',
    content:
      '今天在学校做了一场关于人际关系的小讲座，同学们的提问都很真诚。被理解的感觉，本身就有疗愈的力量。',
    images: 3,
    status: 'published',
    day: -2,
  },
  {
    phone: '13800000013',
    content: '睡前刷手机越刷越清醒？把手机放到卧室外面充电，是我给来访者最常见的一条建议。',
    images: 1,
    status: 'published',
    day: -3,
  },
  {
    phone: '13800000002',
    content: '情绪没有好坏之分，每一种情绪都在告诉我们一些事情。今天，你愿意听听自己的情绪吗？',
    images: 0,
    status: 'published',
    day: -5,
  },
  {
    phone: '13800000012',
    content: '下周三晚上八点，我会在平台做一次关于职场压力的线上答疑，欢迎提前留言你的问题。',
    images: 1,
    status: 'pending',
    day: 0,
  },
];

const demoBanners = [
  { title: '心理健康月 · 免费测评开放中', link: '/app/website', position: 1 },
  { title: '持证专家一对一咨询', link: '/app/expert', position: 2 },
  { title: '最新心理科普与平台动态', link: '/app/news', position: 3 },
];

/**
 * Demo news, expert tweets and home banners (demo data only). Keyed by title or text and
 * inserted only when missing; pictures are drawn from SVG into the upload folder when a
 * storage is given.
 */
export async function seedContent(db: Db, storage: Storage | undefined, now: Date): Promise<void> {
  const [auditor] = await db.select({ id: users.id }).from(users).where(eq(users.telephone, '13800000003'));
  // The pictures are drawn beside the rows' writes; every one is on disk before this returns.
  const drawing = backgroundWork();

  const haveNews = await existingKeys(
    db,
    newsArticles,
    newsArticles.title,
    articles.map((a) => a.title),
  );
  for (const [i, a] of articles.entries()) {
    if (haveNews.has(a.title)) continue;
    const cover = i % 3 === 2 ? null : `seed-news-${i + 1}.webp`;
    if (cover) drawing.add(picture(storage, cover, palettes[i % palettes.length]!, i));
    const inline = i === 1 ? `seed-news-inline.webp` : null;
    if (inline) drawing.add(picture(storage, inline, palettes[4]!, 1));
    const { richTextToPlain, sanitizeRichText } = await loadRichText();
    const html = sanitizeRichText(
      [
        ...a.paragraphs.map((p, j) => (j === 0 ? `<p>${p}</p>` : `<h2>小贴士</h2><p>${p}</p>`)),
        inline ? `<p><img src="${UPLOAD_PATH}${inline}" alt="插图"></p>` : '',
      ].join(''),
    );
    const [row] = await db
      .insert(newsArticles)
      .values({
        title: a.title,
        summary: a.summary,
        category: a.category,
        cover,
        body: html,
        bodyText: richTextToPlain(html),
        state: 'published',
        publishAt: new Date(now.getTime() + a.day * DAY),
        pinned: a.pinned ?? false,
        authorId: auditor?.id ?? null,
      })
      .returning({ id: newsArticles.id });
    if (a.day < 0) await db.insert(newsViews).values({ articleId: row!.id, views: 37 * -a.day + 12 });
  }

  const experts = await userIdsByPhone(
    db,
    demoTweets.map((t) => t.phone),
  );
  const haveTweets = await existingKeys(
    db,
    tweets,
    tweets.content,
    demoTweets.map((t) => t.content),
  );
  for (const [i, t] of demoTweets.entries()) {
    const expertId = experts.get(t.phone);
    if (!expertId || haveTweets.has(t.content)) continue;
    const images = Array.from({ length: t.images }, (_, j) => `seed-tweet-${i + 1}-${j + 1}.webp`);
    for (const [j, name] of images.entries())
      drawing.add(picture(storage, name, palettes[(i + j) % palettes.length]!, i + j));
    const at = new Date(now.getTime() + t.day * DAY);
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(tweets)
        .values({
          expertId,
          content: t.content,
          images,
          status: t.status,
          publishedAt: t.status === 'published' ? at : null,
          likeCount: 0,
        })
        .returning({ id: tweets.id });
      // The tweet waiting for review is in the auditors' inbox like one submitted in the app.
      if (t.status === 'pending')
        await tx.insert(reviewRequests).values({
          kind: 'tweet',
          itemId: row!.id,
          title: t.content.slice(0, 30),
          submittedBy: expertId,
          submittedAt: at,
        });
    });
  }

  const haveBanners = await existingKeys(
    db,
    banners,
    banners.title,
    demoBanners.map((b) => b.title),
  );
  for (const [i, b] of demoBanners.entries()) {
    if (haveBanners.has(b.title)) continue;
    const image = `seed-banner-${i + 1}.webp`;
    drawing.add(picture(storage, image, palettes[i]!, i + 1));
    await db.insert(banners).values({ ...b, image });
  }
  await drawing.done();
}
