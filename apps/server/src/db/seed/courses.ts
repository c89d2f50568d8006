import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CourseCategory, CourseDraftData } from '@psy/contracts';
import { and, eq } from 'drizzle-orm';
import { publishCourseDraft } from '../../modules/courses/courses.service';
import {
  courseEnrolments,
  courseReviews,
  courses,
  courseVideos,
  lessonProgress,
} from '../../modules/courses/courses.table';
import { probeVideo } from '../../modules/courses/video-probe';
import { orders } from '../../modules/orders/orders.table';
import { loadSharp } from '../../lib/sharp';
import type { Db } from '../client';
import { backgroundWork } from './background';
import { userIdsByPhone } from './lookup';

/** Where the demo lesson videos live: short H.264 clips made for this project (docs/demo-media.md). */
const MEDIA = path.join(path.dirname(fileURLToPath(import.meta.url)), 'courses');

interface DemoLesson {
  key: string;
  title: string;
  video?: string;
  text?: string;
  freeTrial?: boolean;
}
interface DemoCourse {
  expert: string;
  title: string;
  category: CourseCategory;
  priceFen: number;
  colors: [string, string];
  intro: string;
  chapters: { key: string; title: string; lessons: DemoLesson[] }[];
}

const para = (...ps: string[]) => ps.map((p) => `<p>${p}</p>`).join('');

export const demoCourses: DemoCourse[] = [
  {
    expert: '13800000002',
    title: '情绪急救箱：与焦虑和低落好好相处',
    category: '情绪管理',
    priceFen: 4900,
    colors: ['#13a8a8', '#1677ff'],
    intro:
      '焦虑、烦躁、低落都是正常的情绪信号。这门课用四个短课时带你认识情绪从哪里来、身体如何提醒你，并学会几种随时可用的自我调节方法。适合近期压力较大、容易被情绪卷走的朋友。',
    chapters: [
      {
        key: 'emoch1',
        title: '第一章 认识情绪',
        lessons: [
          { key: 'emo01a', title: '认识情绪：它们在提醒你什么', video: 'emotion-1.mp4', freeTrial: true },
          { key: 'emo01b', title: '情绪的身体信号', video: 'emotion-2.mp4' },
        ],
      },
      {
        key: 'emoch2',
        title: '第二章 调节练习',
        lessons: [
          {
            key: 'emo02a',
            title: '练习手册：情绪日记',
            text: para(
              '每天睡前花五分钟，写下今天让你情绪起伏最大的一件事。',
              '记录三点：发生了什么、当时身体有什么感觉、你对自己说了什么。',
              '坚持一周后回看，你会发现情绪并不是突然出现的，它总有来处。',
            ),
          },
          { key: 'emo02b', title: '一分钟呼吸放松', video: 'sleep-1.mp4' },
        ],
      },
    ],
  },
  {
    expert: '13800000012',
    title: '好好说话：亲密关系中的沟通练习',
    category: '亲密关系',
    priceFen: 6900,
    colors: ['#eb2f96', '#722ed1'],
    intro:
      '争吵往往不是因为不爱，而是因为没有被听见。课程从倾听、表达需要、处理冲突三个角度，帮助伴侣之间建立更安全的沟通方式。',
    chapters: [
      {
        key: 'intch1',
        title: '第一章 被听见的感觉',
        lessons: [
          { key: 'int01a', title: '亲密关系中的沟通', video: 'intimacy-1.mp4', freeTrial: true },
          {
            key: 'int01b',
            title: '练习：非暴力沟通四步',
            text: para(
              '观察：说出具体发生的事，而不是评价。',
              '感受：说出你的感受，例如“我有些失落”。',
              '需要：说出感受背后的需要。',
              '请求：提出一个具体、可以做到的请求。',
            ),
          },
        ],
      },
    ],
  },
  {
    expert: '13800000013',
    title: '职场减压：从耗竭到复原',
    category: '职场压力',
    priceFen: 3900,
    colors: ['#52c41a', '#13a8a8'],
    intro:
      '长期加班、绩效压力、人际摩擦让你疲惫不堪？这门课帮助你识别压力来源与耗竭信号，建立工作与生活之间的边界，找回掌控感。',
    chapters: [
      {
        key: 'wrkch1',
        title: '第一章 压力的来源',
        lessons: [
          { key: 'wrk01a', title: '压力从哪里来', video: 'work-1.mp4', freeTrial: true },
          {
            key: 'wrk01b',
            title: '自测：你的耗竭信号',
            text: para(
              '最近一个月，你是否经常感到下班后仍无法放松？',
              '是否对曾经喜欢的工作内容失去兴趣？',
              '如果有两项以上符合，建议调整节奏，必要时寻求专业帮助。',
            ),
          },
        ],
      },
    ],
  },
  {
    expert: '13800000014',
    title: '读懂孩子的情绪：给父母的六堂课',
    category: '亲子教育',
    priceFen: 5900,
    colors: ['#fa8c16', '#f5222d'],
    intro:
      '孩子发脾气、哭闹、沉默，背后都有没说出口的需要。课程帮助父母理解孩子的情绪发展规律，学会接纳、命名与引导孩子的情绪。',
    chapters: [
      {
        key: 'parch1',
        title: '第一章 倾听',
        lessons: [
          { key: 'par01a', title: '倾听孩子的情绪', video: 'parent-1.mp4', freeTrial: true },
          {
            key: 'par01b',
            title: '情绪命名小游戏',
            text: para(
              '和孩子一起看图画书时，停下来问：“你觉得他现在是什么心情？”',
              '帮助孩子用词语说出情绪，是学会调节情绪的第一步。',
            ),
          },
        ],
      },
    ],
  },
  {
    expert: '13800000002',
    title: '睡个好觉：21 天睡眠改善计划',
    category: '睡眠',
    priceFen: 0,
    colors: ['#2f54eb', '#722ed1'],
    intro:
      '失眠常常和白天的紧张、睡前的思虑有关。这门免费课程介绍睡眠卫生的基本原则和睡前放松练习，帮助你逐步建立稳定的睡眠节律。',
    chapters: [
      {
        key: 'slpch1',
        title: '第一章 睡前准备',
        lessons: [
          { key: 'slp01a', title: '睡前放松练习', video: 'sleep-1.mp4' },
          {
            key: 'slp01b',
            title: '睡眠卫生十条',
            text: para(
              '固定起床时间，周末也尽量保持。',
              '床只用来睡觉，不在床上刷手机。',
              '下午三点后避免咖啡和浓茶。',
              '睡不着超过二十分钟，就起身做些安静的事，困了再回床。',
            ),
          },
        ],
      },
    ],
  },
  {
    expert: '13800000012',
    title: '自我关怀入门：写给自己的一封信',
    category: '自我成长',
    priceFen: 2900,
    colors: ['#722ed1', '#eb2f96'],
    intro:
      '我们常常对朋友很温柔，却对自己格外苛刻。自我关怀练习帮助你在失败和痛苦中善待自己，是心理韧性的重要来源。',
    chapters: [
      {
        key: 'groch1',
        title: '第一章 善待自己',
        lessons: [
          { key: 'gro01a', title: '写给自己的一封信', video: 'growth-1.mp4', freeTrial: true },
          {
            key: 'gro01b',
            title: '练习：自我关怀三句话',
            text: para(
              '这是一个艰难的时刻。',
              '艰难是生活的一部分，不只我一个人这样。',
              '愿我此刻能善待自己。',
            ),
          },
        ],
      },
    ],
  },
];

/** A 16:9 cover: the category and title on the course's own gradient (sharp from SVG). */
async function coverImage(c: DemoCourse): Promise<Buffer> {
  const esc = (s: string) => s.replace(/[&<>]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[ch]!);
  const [main, sub] = c.title.split('：');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="540">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${c.colors[0]}"/><stop offset="1" stop-color="${c.colors[1]}"/></linearGradient></defs>
  <rect width="960" height="540" fill="url(#g)"/>
  <circle cx="820" cy="90" r="180" fill="#fff" fill-opacity="0.08"/>
  <circle cx="120" cy="500" r="140" fill="#fff" fill-opacity="0.08"/>
  <text x="64" y="250" font-family="Noto Sans CJK SC, sans-serif" font-size="64" font-weight="bold" fill="#fff">${esc(main ?? c.title)}</text>
  ${sub ? `<text x="64" y="330" font-family="Noto Sans CJK SC, sans-serif" font-size="38" fill="#fff" fill-opacity="0.92">${esc(sub)}</text>` : ''}
  <text x="64" y="470" font-family="Noto Sans CJK SC, sans-serif" font-size="24" fill="#fff" fill-opacity="0.8">心理测评与咨询平台 · 精品课程</text>
</svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).webp({ quality: 78 }).toBuffer();
}

/** A UUID derived from the file name, so the same demo video is the same row on every run. */
const videoIdOf = (file: string) => {
  const h = crypto.createHash('sha256').update(`demo-video:${file}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

export interface SeedFiles {
  uploadDir: string;
  privateDir: string;
}

/**
 * Demo courses from the demo experts, published, with their videos and covers; the demo
 * user (13800000001) has bought the first and is half-way through it, two other users bought
 * and rated courses. Courses are keyed by (expert, title): a second run adds nothing.
 */
export async function seedCourses(db: Db, files: SeedFiles | undefined, now: Date): Promise<void> {
  const phones = [
    ...new Set([...demoCourses.map((c) => c.expert), '13800000001', '13800000021', '13800000022']),
  ];
  const people = await userIdsByPhone(db, phones);
  const videoDir = files ? path.join(files.privateDir, 'course-videos') : null;
  if (videoDir) await fs.mkdir(videoDir, { recursive: true });
  if (files) await fs.mkdir(files.uploadDir, { recursive: true });
  // Covers are drawn and videos copied beside the rows' writes; all are on disk before this returns.
  const fileWork = backgroundWork();

  for (const [i, c] of demoCourses.entries()) {
    const expertId = people.get(c.expert);
    if (!expertId) continue;
    const cover = `course-cover-${videoIdOf(`cover:${c.title}`)}.webp`;
    if (files) {
      const target = path.join(files.uploadDir, cover);
      if (!(await fs.stat(target).catch(() => null)))
        fileWork.add(coverImage(c).then((webp) => fs.writeFile(target, webp)));
    }
    // Videos: the rows always, the files where there is somewhere to put them.
    for (const l of c.chapters.flatMap((ch) => ch.lessons)) {
      if (!l.video) continue;
      const id = videoIdOf(l.video);
      const src = path.join(MEDIA, l.video);
      if (videoDir && !(await fs.stat(path.join(videoDir, `${id}.mp4`)).catch(() => null)))
        fileWork.add(fs.copyFile(src, path.join(videoDir, `${id}.mp4`)));
      const facts = await probeVideo(src);
      const size = (await fs.stat(src)).size;
      await db
        .insert(courseVideos)
        .values({ id, ownerId: expertId, ...facts, sizeBytes: size, originalName: l.video })
        .onConflictDoNothing();
    }

    const [existing] = await db
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.expertId, expertId), eq(courses.title, c.title)));
    if (existing) continue;

    const draft: CourseDraftData = {
      title: c.title,
      category: c.category,
      intro: c.intro,
      cover,
      priceFen: c.priceFen,
      chapters: c.chapters.map((ch) => ({
        key: ch.key,
        title: ch.title,
        lessons: ch.lessons.map((l) => ({
          key: l.key,
          title: l.title,
          kind: l.video ? ('video' as const) : ('text' as const),
          freeTrial: !!l.freeTrial,
          videoId: l.video ? videoIdOf(l.video) : null,
          body: l.text ?? null,
        })),
      })),
    };
    // Published a few days apart, the first course most recently.
    const publishedAt = new Date(now.getTime() - (i + 1) * 3 * 86_400_000);
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(courses)
        .values({
          expertId,
          status: 'draft',
          draft,
          title: c.title,
          category: c.category,
          intro: c.intro,
          cover,
          priceFen: c.priceFen,
          createdAt: publishedAt,
        })
        .returning();
      await publishCourseDraft(tx, row!, publishedAt);

      // Learners: the demo user on the first course (half-way), two others who rated.
      const learners: { phone: string; rating?: [number, string] }[] =
        i === 0
          ? [
              { phone: '13800000001' },
              { phone: '13800000021', rating: [5, '讲得很清楚，呼吸练习每天都在用，焦虑的时候真的有帮助。'] },
              { phone: '13800000022', rating: [4, '内容实用，希望以后多一些练习音频。'] },
            ]
          : i === 1 || i === 4
            ? [{ phone: '13800000021', rating: [5, '课时不长但很有启发，推荐给身边的朋友了。'] }]
            : [];
      for (const [j, who] of learners.entries()) {
        const userId = people.get(who.phone);
        if (!userId) continue;
        const joinedAt = new Date(publishedAt.getTime() + (j + 1) * 3_600_000);
        let orderId: number | null = null;
        if (c.priceFen > 0) {
          const stamp = joinedAt.toISOString().replace(/\D/g, '').slice(0, 14);
          const [o] = await tx
            .insert(orders)
            .values({
              orderNo: `P${stamp}${String(900000 + i * 10 + j)}`,
              userId,
              kind: 'course',
              itemId: row!.id,
              title: `课程：${c.title}`,
              amountFen: c.priceFen,
              status: 'paid',
              provider: 'sandbox',
              providerTxnId: `SBDEMO${row!.id}${j}`,
              expiresAt: new Date(joinedAt.getTime() + 30 * 60_000),
              paidAt: joinedAt,
              createdAt: joinedAt,
            })
            .returning({ id: orders.id });
          orderId = o!.id;
        }
        await tx.insert(courseEnrolments).values({
          courseId: row!.id,
          userId,
          orderId,
          amountFen: c.priceFen,
          joinedAt,
          createdAt: joinedAt,
        });
        if (who.rating)
          await tx.insert(courseReviews).values({
            courseId: row!.id,
            userId,
            rating: who.rating[0],
            content: who.rating[1],
            createdAt: new Date(joinedAt.getTime() + 86_400_000),
          });
      }
      if (i === 0) {
        // Half-way: two of four lessons done, stopped 5 s into the second video.
        const userId = people.get('13800000001');
        if (userId) {
          const at = new Date(now.getTime() - 86_400_000);
          await tx.insert(lessonProgress).values([
            {
              courseId: row!.id,
              userId,
              lessonKey: 'emo01a',
              positionSec: 12,
              watchedSec: 12,
              doneAt: at,
              updatedAt: at,
            },
            {
              courseId: row!.id,
              userId,
              lessonKey: 'emo02a',
              positionSec: 0,
              watchedSec: 0,
              doneAt: at,
              updatedAt: at,
            },
            {
              courseId: row!.id,
              userId,
              lessonKey: 'emo01b',
              positionSec: 5,
              watchedSec: 5,
              doneAt: null,
              updatedAt: at,
            },
          ]);
          await tx
            .update(courseEnrolments)
            .set({ lastLessonKey: 'emo01b', lastPositionSec: 5, lastStudiedAt: at })
            .where(and(eq(courseEnrolments.courseId, row!.id), eq(courseEnrolments.userId, userId)));
        }
      }
    });
  }
  await fileWork.done();
}
