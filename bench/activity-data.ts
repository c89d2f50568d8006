/**
 * The rest of the bench database after the assessments (`stats-data.ts` calls this while its
 * staging table `bench_people` still exists): chats, bookings with their slots, orders, payment
 * notifications and feedback, and the news and expert posts the public lists read. Set-based,
 * after the same `setseed`, so a size always makes the same rows (times relative to now).
 *
 * Rows have the shape the app writes:
 * - chats: one per person with an expert (the pair's row, both participants, read marks where
 *   the app leaves them: a sender's mark at their own last message), messages in time order
 *   (ids in commit order, as the send path takes them), `client_message_id` set as the web sends
 *   it; 5 messages per assessment. Text only (images need files on disk).
 * - bookings: each on a slot of its own (open, manual, 50 minutes on the hour, Shanghai), in the
 *   states of the booking state machine: past ones completed, no-show or cancelled (by the user
 *   in time: refunded; late: no refund; by the expert: refunded; by the system: hold expired,
 *   order cancelled), future ones confirmed, cancelled or (a few, booked minutes ago) pending
 *   payment. Each with its sandbox order (`P<stamp><6 digits>`, 30-minute expiry) linked both
 *   ways, and for every paid one the provider's notification (`payment_events`, as
 *   `orders.service.notify` stores it). A third of the completed ones have feedback.
 * - news (n/200, at least 50) by the auditor, expert posts (20 per expert) with likes.
 *
 * Volumes for n assessments: 5n messages, n/5 bookings. The heavy person (`bench_people` idx 1,
 * telephone 15000000001) has a fixed share at every size: 300 assessments (stats-data), 60
 * bookings, a chat of 2,000 messages with their expert and chats with 29 other experts.
 */
import type postgres from 'postgres';

export const HEAVY_PHONE = '15000000001';
export const HEAVY_ASSESSMENTS = 300;
const HEAVY_BOOKINGS = 60;
const HEAVY_LONG_CHAT = 2000;
const HEAVY_OTHER_CHATS = 29;
const HEAVY_OTHER_MESSAGES = 50;
/** Booking grid: days back and ahead, bookable hours per day (09:00 to 20:00 Shanghai). */
const PAST_DAYS = 365;
const AHEAD_DAYS = 28;
const HOURS = 12;

const LINES = [
  '老师您好，我最近睡眠不太好，想咨询一下。',
  '好的，能具体说说是从什么时候开始的吗？',
  '大概两周前，工作上压力比较大。',
  '入睡困难还是容易早醒？',
  '主要是入睡困难，躺下脑子就停不下来。',
  '可以先试试睡前半小时放下手机，做几分钟腹式呼吸。',
  '好的，我今晚试一下。',
  '测评报告我看了，整体情绪状态还可以，有几项需要关注。',
  '谢谢老师，我需要预约一次面谈吗？',
  '可以的，我这周三和周五下午都有时间。',
  '那我约周五下午吧。',
  '收到，到时候见。',
  '这几天感觉好一些了，谢谢您。',
  '很高兴听到这个消息，继续保持规律作息。',
  '最近和家里人沟通总是吵架，不知道怎么办。',
  '我们下次咨询可以重点聊聊这个话题。',
  '好的，麻烦老师了。',
  '不客气，有需要随时联系我。',
  '考试前特别紧张，心跳很快。',
  '这是常见的考前焦虑，我们可以一起做个放松练习。',
].join('|');
const TOPICS = [
  '最近工作压力大，晚上总是睡不着',
  '考研复习期间焦虑，注意力很难集中',
  '和父母沟通总是吵起来',
  '失眠两个月，想了解要不要就医',
  '毕业后迷茫，不知道该不该考公',
  '情绪低落，对什么都提不起兴趣',
  '亲密关系中总是缺乏安全感',
  '孩子厌学，家长该怎么沟通',
].join('|');
const FEEDBACK = [
  '老师很耐心，帮我理清了焦虑背后的想法，回去试了很有用。',
  '咨询很专业，给了我具体可行的建议。',
  '聊完心里踏实多了，谢谢老师。',
  '老师没有直接替我做决定，而是陪我一起梳理，很受启发。',
  '时间有点短，希望下次能多聊一会儿。',
].join('|');
const NEWS = [
  '秋冬季节如何预防季节性情绪低落',
  '平台上线团体心理测评功能',
  '心理健康宣传周活动回顾',
  '睡眠与情绪：科学认识失眠',
  '青少年心理危机的早期识别',
  '职场压力管理的五个小技巧',
].join('|');
const POSTS = [
  '今天想和大家聊聊情绪的“容器”：允许自己难过，也是一种力量。',
  '分享一个简单的放松方法：4 秒吸气，7 秒屏息，8 秒呼气。',
  '本周三晚上有一场线上讲座，主题是亲子沟通，欢迎参加。',
  '焦虑不是敌人，它在提醒我们关注真正在意的事情。',
  '规律作息比任何助眠产品都重要。',
].join('|');

/** Fills the activity tables; `bench_people` (idx, user_id, expert_id) must still exist. */
export async function generateActivity(
  sql: postgres.Sql,
  n: number,
  step: (what: string) => void,
): Promise<void> {
  const messages = 5 * n;
  const nBookings = Math.round(n / 5);
  const [{ heavy, heavyExpert } = { heavy: 0, heavyExpert: 0 }] = await sql<
    { heavy: number; heavyExpert: number }[]
  >`select user_id as heavy, expert_id as "heavyExpert" from bench_people where idx = 1`;
  const [auditor] = await sql<
    { id: number }[]
  >`select id from users where role = 'auditor' order by id limit 1`;
  const [{ people } = { people: 0 }] = await sql<
    { people: number }[]
  >`select count(*)::int as people from bench_people`;

  // ---- chats: each person with an expert, and the heavy person with 29 more experts ----
  await sql`create unlogged table bench_c as
    select row_number() over (order by started, person, expert)::int as c, x.* from (
      select p.user_id as person, p.expert_id as expert,
        now() - (20 + random() * ${PAST_DAYS - 20}) * interval '1 day' as started
      from bench_people p where p.expert_id is not null
      union all
      select ${heavy}, e.id, now() - (20 + random() * ${PAST_DAYS - 20}) * interval '1 day'
      from (select id from users where role = 'expert' and id <> ${heavyExpert}
            order by id limit ${HEAVY_OTHER_CHATS}) e
    ) x`;
  await sql`alter table bench_c add primary key (c)`;
  await sql`analyze bench_c`;
  const heavyChats = (
    await sql<{ c: number }[]>`select c from bench_c where person = ${heavy}
      order by (expert = ${heavyExpert}) desc, c`
  ).map((r) => r.c);
  const [{ chats } = { chats: 0 }] = await sql<
    { chats: number }[]
  >`select count(*)::int as chats from bench_c`;
  const longEnd = HEAVY_LONG_CHAT;
  const othersEnd = longEnd + (heavyChats.length - 1) * HEAVY_OTHER_MESSAGES;
  await sql`create unlogged table bench_m as
    select row_number() over (order by at, s)::int as g, y.* from (
      select x.s, x.c, c.person, c.expert, x.by_person,
        c.started + x.rt * (now() - c.started) as at, x.line
      from (
        select s,
          case when s <= ${longEnd} then ${heavyChats[0] ?? 1}
            when s <= ${othersEnd} then (${sql.array(heavyChats)}::int[])[2 + (s - ${longEnd} - 1) % ${Math.max(1, heavyChats.length - 1)}]
            else 1 + floor(random() * ${chats})::int end as c,
          random() as rt, random() < 0.55 as by_person, 1 + floor(random() * 20)::int as line
        from generate_series(1, ${messages}) s
      ) x join bench_c c on c.c = x.c
    ) y`;
  await sql`create unlogged table bench_cm as
    select c, max(g) as last_g, max(at) as last_at,
      max(g) filter (where by_person) as person_g, max(g) filter (where not by_person) as expert_g
    from bench_m group by c`;
  await sql`alter table bench_cm add primary key (c)`;
  const [{ cbase, mbase } = { cbase: 0, mbase: 0 }] = await sql<{ cbase: number; mbase: number }[]>`
    select (select coalesce(max(id), 0) from chats)::int as cbase,
      (select coalesce(max(id), 0) from chat_messages)::int as mbase`;
  await sql`insert into chats (id, user_low_id, user_high_id, last_message_id, last_activity_at, created_at)
    overriding system value
    select ${cbase} + c.c, least(c.person, c.expert), greatest(c.person, c.expert),
      ${mbase} + m.last_g, greatest(c.started, m.last_at), c.started
    from bench_c c left join bench_cm m on m.c = c.c order by c.c`;
  // Read marks: a sender's reaches their own last message; most have read everything.
  await sql`insert into chat_participants (chat_id, user_id, last_read_message_id)
    select ${cbase} + c.c, u.user_id,
      coalesce(case when u.r < 0.75 then m.last_g else u.own end + ${mbase}, 0)
    from bench_c c left join bench_cm m on m.c = c.c
    cross join lateral (values (c.person, m.person_g, random()), (c.expert, m.expert_g, random()))
      as u(user_id, own, r)
    order by 1, 2`;
  await sql`insert into chat_messages (id, chat_id, sender_id, message_type, content, client_message_id, created_at)
    overriding system value
    select ${mbase} + g, ${cbase} + c, case when by_person then person else expert end, 0,
      (string_to_array(${LINES}, '|'))[line], md5('bench-message-' || g)::uuid::text, at
    from bench_m order by g`;
  step(`${chats} chats, ${messages} messages`);

  // ---- bookings, each on its own slot of a generated expert ----
  await sql`create unlogged table bench_ge as
    select array_agg(id order by id) as ids from users where role = 'expert' and telephone like '136%'`;
  await sql`create unlogged table bench_b0 as
    select x.*, p.user_id,
      case when x.s > ${HEAVY_BOOKINGS} and x.re < 0.7 and p.expert_id = any(ge.ids) then p.expert_id
        else ge.ids[1 + floor(x.re2 * cardinality(ge.ids))::int] end as expert
    from (select s, case when s <= ${HEAVY_BOOKINGS} then 1 else 1 + floor(random() * ${people})::int end as pi,
            random() re, random() re2, random() rst, random() rlead, random() rtopic, random() rcontact, random() rfb
          from generate_series(1, ${nBookings}) s) x
    join bench_people p on p.idx = x.pi cross join bench_ge ge`;
  // The j-th booking of an expert takes grid position (j * 1237 + expert * 31) mod the grid:
  // distinct per expert (1237 is prime to the grid's size), spread over the days.
  const grid = (PAST_DAYS + AHEAD_DAYS) * HOURS;
  await sql`create unlogged table bench_b1 as
    select b.*, ((now() at time zone 'Asia/Shanghai')::date + (pos / ${HOURS} - ${PAST_DAYS})::int
        + make_interval(hours => 9 + (pos % ${HOURS})::int)) at time zone 'Asia/Shanghai' as starts
    from (select b.*, ((row_number() over (partition by expert order by s) - 1) * 1237 + expert * 31) % ${grid} as pos
          from bench_b0 b) b`;
  await sql`drop table bench_b0`;
  // What happened to each: the state machine's end states by whether it has begun.
  await sql`create unlogged table bench_b as
    select row_number() over (order by booked, s)::int as k, z.* from (
      select y.*, case
          when y.state = 'pending' then now() - interval '5 minutes'
          else least(y.starts - (2 + y.rlead * 14 * 24) * interval '1 hour', now() - interval '1 hour') end as booked
      from (
        select b.*, b.starts + interval '50 minutes' as ends, case
          when b.starts < now() then case
            when rst < 0.80 then 'completed' when rst < 0.84 then 'no_show'
            when rst < 0.92 then 'user_in_time' when rst < 0.94 then 'user_late'
            when rst < 0.97 then 'expert' else 'system' end
          else case
            when rst < 0.85 then 'confirmed' when rst < 0.95 then 'user_in_time'
            when rst < 0.99 then 'system' else 'pending' end
          end as state
        from bench_b1 b
      ) y
    ) z`;
  await sql`drop table bench_b1`;
  // A person never holds two active bookings at one time (the exclusion constraint): the later
  // booked of two is cancelled by the person instead.
  await sql`update bench_b b set state = 'user_in_time' from (
      select k, row_number() over (partition by user_id, starts order by k) as nth
      from bench_b where state in ('confirmed', 'pending')) d
    where d.k = b.k and d.nth > 1`;
  await sql`alter table bench_b add column paid timestamptz, add column cancelled timestamptz`;
  await sql`update bench_b set
    paid = case when state <> 'system' and state <> 'pending' then booked + interval '2 minutes' end,
    cancelled = case state
      when 'system' then booked + interval '15 minutes'
      when 'user_in_time' then booked + (starts - booked - interval '24 hours') * rlead
      when 'user_late' then starts - (1 + rlead * 20) * interval '1 hour'
      when 'expert' then booked + (starts - booked) * rlead end`;
  // Nothing happens after now, nor before the payment; the refund rule (24 hours before the
  // start) then says whether a person's cancellation was in time.
  await sql`update bench_b set cancelled = now() - interval '1 minute' where cancelled > now() - interval '1 minute'`;
  await sql`update bench_b set cancelled = booked + interval '3 minutes'
    where state in ('user_in_time', 'user_late', 'expert') and cancelled < booked + interval '3 minutes'`;
  await sql`update bench_b set state = case when cancelled <= starts - interval '24 hours'
      then 'user_in_time' else 'user_late' end
    where state in ('user_in_time', 'user_late')`;
  await sql`alter table bench_b add primary key (k)`;
  await sql`analyze bench_b`;
  const [{ sbase, bbase, obase } = { sbase: 0, bbase: 0, obase: 0 }] = await sql<
    { sbase: number; bbase: number; obase: number }[]
  >`select (select coalesce(max(id), 0) from slots)::int as sbase,
      (select coalesce(max(id), 0) from bookings)::int as bbase,
      (select coalesce(max(id), 0) from orders)::int as obase`;
  await sql`insert into slots (id, expert_id, starts_at, ends_at, mode, status, source, created_at, updated_at)
    overriding system value
    select ${sbase} + k, expert, starts, ends, 'online', 'open', 'manual',
      booked - interval '1 day', booked - interval '1 day'
    from bench_b order by k`;
  await sql`insert into orders (id, order_no, user_id, kind, item_id, title, amount_fen, status, provider,
      provider_txn_id, refund_fen, provider_refund_id, expires_at, paid_at, refunded_at, cancelled_at,
      created_at, updated_at)
    overriding system value
    select ${obase} + k, o.order_no, b.user_id, 'booking', ${bbase} + k,
      '心理咨询预约：' || u.name || ' ' || extract(month from b.starts at time zone 'Asia/Shanghai') || '月'
        || extract(day from b.starts at time zone 'Asia/Shanghai') || '日 '
        || to_char(b.starts at time zone 'Asia/Shanghai', 'HH24:MI'),
      e.price_fen, o.status::order_status, 'sandbox',
      case when b.paid is not null then 'SB' || substr(md5('bench-txn-' || k), 1, 20) end,
      case when o.status = 'refunded' then e.price_fen else 0 end,
      case when o.status = 'refunded' then 'SBRR' || substr(o.order_no, 2) end,
      b.booked + interval '30 minutes', b.paid,
      case when o.status = 'refunded' then b.cancelled + interval '1 second' end,
      case when o.status = 'cancelled' then b.cancelled end,
      b.booked, coalesce(b.cancelled, b.paid, b.booked)
    from bench_b b join users u on u.id = b.expert join expert_profiles e on e.user_id = b.expert
    cross join lateral (select
      'P' || to_char(b.booked at time zone 'Asia/Shanghai', 'YYYYMMDDHH24MISS') || lpad((k % 1000000)::text, 6, '0') as order_no,
      case b.state when 'system' then 'cancelled' when 'pending' then 'unpaid'
        when 'user_in_time' then 'refunded' when 'expert' then 'refunded' else 'paid' end as status) o
    order by k`;
  await sql`insert into bookings (id, user_id, expert_id, slot_id, status, starts_at, ends_at, mode, price_fen,
      topic, contact_preference, note, hold_expires_at, order_id, cancelled_by, cancel_reason, cancelled_at,
      refund_fen, reminder24_sent_at, reminder1_sent_at, created_at, updated_at)
    overriding system value
    select ${bbase} + k, b.user_id, b.expert, ${sbase} + k, s.status::booking_status, b.starts, b.ends, 'online',
      e.price_fen, (string_to_array(${TOPICS}, '|'))[1 + floor(b.rtopic * 8)::int],
      (array['phone', 'chat', 'either'])[1 + floor(b.rcontact * 3)::int]::contact_preference, null,
      case when b.state in ('pending', 'system') then b.booked + interval '15 minutes' end,
      ${obase} + k,
      case when b.state in ('user_in_time', 'user_late') then 'user' when b.state = 'expert' then 'expert'
        when b.state = 'system' then 'system' end::cancelled_by,
      case b.state when 'system' then '超时未支付' when 'expert' then '临时有事，已与您沟通改期'
        when 'user_in_time' then '时间冲突，改约其他时间' end,
      b.cancelled,
      case when b.state in ('user_in_time', 'expert') then e.price_fen else 0 end,
      case when b.paid is not null and b.starts - interval '24 hours' <= now()
          and (b.cancelled is null or b.cancelled > b.starts - interval '24 hours')
        then greatest(b.paid, b.starts - interval '24 hours') end,
      case when b.paid is not null and b.starts - interval '1 hour' <= now()
          and (b.cancelled is null or b.cancelled > b.starts - interval '1 hour')
        then greatest(b.paid, b.starts - interval '1 hour') end,
      b.booked,
      case when b.state in ('completed', 'no_show') then b.ends + interval '10 minutes'
        else coalesce(b.cancelled, b.paid, b.booked) end
    from bench_b b join expert_profiles e on e.user_id = b.expert
    cross join lateral (select case b.state when 'completed' then 'completed' when 'no_show' then 'no_show'
      when 'confirmed' then 'confirmed' when 'pending' then 'pending_payment' else 'cancelled' end as status) s
    order by k`;
  await sql`insert into payment_events (provider, order_no, kind, nonce, outcome, payload, created_at)
    select 'sandbox', o.order_no, 'notify', md5('bench-nonce-' || o.id), 'paid',
      jsonb_build_object('orderNo', o.order_no, 'amountFen', o.amount_fen, 'txnId', o.provider_txn_id, 'status', 'SUCCESS'),
      o.paid_at
    from orders o where o.id > ${obase} and o.paid_at is not null order by o.paid_at, o.id`;
  await sql`insert into feedback (kind, object_id, user_id, expert_id, subject_title, rating, content, anonymous,
      status, reply, handled_at, created_at, updated_at)
    select 'booking', ${bbase} + b.k, b.user_id, b.expert,
      u.name || ' 老师的咨询（' || to_char(b.starts at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') || '）',
      case when b.rfb < 0.02 then 2 when b.rfb < 0.08 then 3 when b.rfb < 0.2 then 4 else 5 end,
      (string_to_array(${FEEDBACK}, '|'))[1 + floor(b.rfb * 3 * 5)::int],
      b.rfb < 0.15, case when b.rfb < 0.2 then 'handled' else 'open' end::feedback_status,
      case when b.rfb < 0.2 then '谢谢你的信任，有需要随时再约。' end,
      case when b.rfb < 0.2 then b.ends + interval '22 hours' end,
      b.ends + interval '2 hours', case when b.rfb < 0.2 then b.ends + interval '22 hours' else b.ends + interval '2 hours' end
    from bench_b b join users u on u.id = b.expert
    where b.state = 'completed' and b.rfb < 1.0 / 3 and b.ends + interval '22 hours' < now()
    order by b.ends, b.k`;
  for (const t of ['slots', 'bookings', 'orders', 'chats', 'chat_messages'])
    await sql.unsafe(`select setval(pg_get_serial_sequence('${t}', 'id'), (select max(id) from ${t}))`);
  step(`${nBookings} bookings with slots, orders, payment notifications and feedback`);

  // ---- the public lists' content: news by the auditor, expert posts with likes ----
  const nNews = Math.max(50, Math.round(n / 200));
  const [{ nbase } = { nbase: 0 }] = await sql<{ nbase: number }[]>`
    select coalesce(max(id), 0)::int as nbase from news_articles`;
  await sql`insert into news_articles (title, summary, category, body, body_text, state, publish_at, pinned,
      author_id, created_at, updated_at)
    select t.title || '（' || i || '）', left(t.title || '：' || ${LINES}, 100),
      (array['science', 'platform', 'event'])[1 + i % 3]::news_category,
      '<p>' || t.title || '</p><p>' || replace(${LINES}, '|', '</p><p>') || '</p>',
      t.title || ' ' || replace(${LINES}, '|', ' '),
      case when i % 20 = 0 then 'draft' when i % 31 = 0 then 'offline' else 'published' end::news_state,
      case when i % 20 <> 0 then t.at end, false, ${auditor!.id}, t.at, t.at
    from generate_series(1, ${nNews}) i
    cross join lateral (select (string_to_array(${NEWS}, '|'))[1 + i % 6] as title,
      now() - (${nNews} - i) * (${PAST_DAYS} * interval '1 day' / ${nNews}) as at) t
    order by i`;
  // Readings are counted in a table of their own (migration 0044), not on the article's row.
  await sql`insert into news_views (article_id, views)
    select id, floor(random() * 5000)::int from news_articles where id > ${nbase}`;
  await sql`create unlogged table bench_t as
    select row_number() over (order by at, e, j)::int as k, x.* from (
      select e.id as e, j, now() - random() * ${PAST_DAYS} * interval '1 day' as at, random() r,
        floor(random() * 12)::int as likes
      from (select id from users where role = 'expert') e cross join generate_series(1, 20) j
    ) x`;
  const [{ tbase } = { tbase: 0 }] = await sql<{ tbase: number }[]>`
    select coalesce(max(id), 0)::int as tbase from tweets`;
  await sql`insert into tweets (id, expert_id, content, images, visibility, status, like_count, published_at,
      created_at, updated_at)
    overriding system value
    select ${tbase} + k, e, (string_to_array(${POSTS}, '|'))[1 + k % 5], '[]'::jsonb,
      case when r < 0.8 then 'public' else 'users' end::tweet_visibility,
      case when r < 0.9 then 'published' when r < 0.95 then 'pending' else 'draft' end::tweet_status,
      case when r < 0.9 then likes else 0 end, case when r < 0.9 then at end, at - interval '10 minutes', at
    from bench_t order by k`;
  await sql`insert into tweet_likes (tweet_id, user_id, created_at)
    select ${tbase} + t.k, p.user_id, t.at + (l * interval '1 hour')
    from bench_t t cross join generate_series(1, t.likes) l
    join bench_people p on p.idx = 1 + (t.k * 7919 + l * 104729) % ${people}
    where t.r < 0.9 on conflict do nothing`;
  await sql`update tweets t set like_count = (select count(*) from tweet_likes l where l.tweet_id = t.id)
    where t.id > ${tbase}`;
  await sql`select setval(pg_get_serial_sequence('tweets', 'id'), (select max(id) from tweets))`;
  for (const t of ['bench_c', 'bench_m', 'bench_cm', 'bench_ge', 'bench_b', 'bench_t'])
    await sql.unsafe(`drop table ${t}`);
  step(`${nNews} news articles, ${20} posts per expert`);
}
