import { cooperationScopeLabels, formatFen, warningRiskLabels } from '@psy/contracts';
import type { DomainEvents, EventBus, EventContext, EventName } from '../../lib/events';
import { formatShanghai } from '../../lib/time';
import type { NewNotification, NotificationsService } from './notifications.service';

/**
 * Which domain event becomes which notification, for whom. Each domain publishes its
 * events; this is the one place that turns them into messages people read.
 */
export function subscribeNotificationRules(events: EventBus, notifications: NotificationsService): void {
  /** An event that tells one account one thing: whom (`to`) and what, read off the payload. */
  const tellOn = <K extends EventName>(
    name: K,
    what: (e: DomainEvents[K]) => NewNotification & { to: number },
  ) =>
    events.subscribe(name, (e, ctx) => {
      const { to, ...n } = what(e);
      return notifications.notify(to, n, ctx);
    });

  tellOn('account.passwordChanged', ({ userId, via }) => ({
    to: userId,
    kind: 'account',
    title: via === 'reset' ? '密码已重置' : '密码已修改',
    content:
      via === 'reset'
        ? '您的账号密码已通过短信验证码重置，所有设备已退出登录。如非本人操作，请立即联系平台客服。'
        : '您的账号密码已修改，所有设备已退出登录。如非本人操作，请立即通过短信重置密码。',
    link: '/sys/account',
  }));

  // ---- bookings: every change reaches both sides ----
  const both = async (
    ctx: EventContext,
    e: { bookingId: number; userId: number; expertId: number },
    forUser: { title: string; content: string },
    forExpert: { title: string; content: string },
  ) => {
    await notifications.notify(
      e.userId,
      {
        kind: 'booking',
        ...forUser,
        link: `/booking/detail?id=${e.bookingId}`,
      },
      ctx,
    );
    await notifications.notify(
      e.expertId,
      {
        kind: 'booking',
        ...forExpert,
        link: `/expert/mybooking/detail?id=${e.bookingId}`,
      },
      ctx,
    );
  };
  events.subscribe('booking.confirmed', (e, ctx) =>
    both(
      ctx,
      e,
      {
        title: '预约成功',
        content: `您已成功预约 ${e.expertName} 老师 ${formatShanghai(e.startsAt)} 的咨询。`,
      },
      { title: '新的预约', content: `${e.userName} 预约了您 ${formatShanghai(e.startsAt)} 的咨询。` },
    ),
  );
  events.subscribe('booking.cancelled', (e, ctx) => {
    const when = formatShanghai(e.startsAt);
    const refund = e.refundFen > 0 ? `，${formatFen(e.refundFen)} 元将原路退回` : '';
    const who =
      e.by === 'user' ? e.userName : e.by === 'expert' ? `${e.expertName} 老师` : '系统（超时未支付）';
    const reason = e.reason ? `，原因：${e.reason}` : '';
    // Whoever cancelled is told "你已取消", not their own name in the third person.
    return both(
      ctx,
      e,
      {
        title: '预约已取消',
        content:
          e.by === 'user'
            ? `你已取消 ${when} 与 ${e.expertName} 老师的预约${reason}${refund}。`
            : `${when} 与 ${e.expertName} 老师的预约已由${who}取消${reason}${refund}。`,
      },
      {
        title: '预约已取消',
        content:
          e.by === 'expert'
            ? `你已取消 ${e.userName} ${when} 的预约${reason}。`
            : `${e.userName} ${when} 的预约已由${who}取消${reason}。`,
      },
    );
  });
  events.subscribe('booking.completed', (e, ctx) =>
    both(
      ctx,
      e,
      {
        title: '咨询已完成',
        content: `您与 ${e.expertName} 老师 ${formatShanghai(e.startsAt)} 的咨询已完成，感谢信任。`,
      },
      { title: '咨询已完成', content: `已记录 ${e.userName} ${formatShanghai(e.startsAt)} 的咨询为已完成。` },
    ),
  );
  events.subscribe('booking.no_show', (e, ctx) =>
    both(
      ctx,
      e,
      {
        title: '预约未到场',
        content: `您 ${formatShanghai(e.startsAt)} 与 ${e.expertName} 老师的预约被标记为未到场。如有疑问请联系专家。`,
      },
      {
        title: '已标记未到场',
        content: `${e.userName} ${formatShanghai(e.startsAt)} 的预约已标记为未到场。`,
      },
    ),
  );
  events.subscribe('booking.reminder', (e, ctx) => {
    const when = e.hoursBefore === 24 ? '明天' : '1 小时后';
    return both(
      ctx,
      e,
      {
        title: '咨询提醒',
        content: `您与 ${e.expertName} 老师的咨询将于${when}（${formatShanghai(e.startsAt)}）开始。`,
      },
      {
        title: '咨询提醒',
        content: `与 ${e.userName} 的咨询将于${when}（${formatShanghai(e.startsAt)}）开始。`,
      },
    );
  });

  // ---- screening campaigns: an opening and each reminder reach every account named ----
  events.subscribe('campaign.notice', async (e, ctx) => {
    const until = formatShanghai(e.closesAt);
    for (const userId of e.userIds)
      await notifications.notify(
        userId,
        e.kind === 'open'
          ? {
              kind: 'assessment',
              title: '新的心理筛查',
              content: `心理筛查“${e.title}”已开始，请于 ${until} 前完成。`,
              link: '/user/center',
            }
          : {
              kind: 'assessment',
              title: '心理筛查提醒',
              content: `心理筛查“${e.title}”尚未完成，将于 ${until} 结束，请尽快完成。`,
              link: '/user/center',
            },
        ctx,
      );
  });

  // ---- screening campaigns: a warning routed to a unit's staff, or past every unit to the centre ----
  events.subscribe('campaign.warningRouted', async (e, ctx) => {
    const risk = warningRiskLabels[e.level] ?? '';
    const who = `${e.unitName} ${e.memberName}`;
    for (const userId of e.staffIds)
      await notifications.notify(
        userId,
        {
          kind: 'warning',
          title: e.escalated ? `筛查预警上报：${risk}` : `筛查预警：${risk}`,
          content: e.escalated
            ? `${who}在“${e.campaignTitle}”中的${risk}预警超过时限仍未记录首次联系，已上报至您。请于 ${formatShanghai(e.dueAt!)} 前（${e.hours} 小时内）联系本人，并记录首次联系；仍未记录将继续上报。`
            : `${who}在“${e.campaignTitle}”中的筛查结果为${risk}。请于 ${formatShanghai(e.dueAt!)} 前（${e.hours} 小时内）联系本人，并记录首次联系；逾期未记录将上报上级单位。`,
          link: '/org/warning/list',
        },
        ctx,
      );
    for (const userId of e.centreIds)
      await notifications.notify(
        userId,
        {
          kind: 'warning',
          title: `筛查预警上报心理中心：${risk}`,
          content: e.escalated
            ? `${who}在“${e.campaignTitle}”中的${risk}预警经各级单位仍未记录首次联系，已上报心理中心，请协调跟进。`
            : `${who}在“${e.campaignTitle}”中的筛查结果为${risk}，其所在单位没有负责人，请协调跟进。`,
          link: `/expert/warning/detail?id=${e.warningId}`,
        },
        ctx,
      );
  });

  // ---- money ----
  tellOn('order.paid', (e) => ({
    to: e.userId,
    kind: 'order',
    title: '支付成功',
    content: `订单“${e.title}”已支付 ${formatFen(e.amountFen)} 元。`,
    link: `/user/orderInfo?id=${e.orderId}`,
  }));
  tellOn('order.refunded', (e) => ({
    to: e.userId,
    kind: 'order',
    title: '退款成功',
    content: `订单“${e.title}”已退款 ${formatFen(e.amountFen)} 元，将原路退回。`,
    link: `/user/orderInfo?id=${e.orderId}`,
  }));

  tellOn('order.duplicateRefunded', (e) => ({
    to: e.userId,
    kind: 'order',
    title: '重复支付已退款',
    content: `订单“${e.title}”收到一笔重复支付，多付的 ${formatFen(e.amountFen)} 元已原路退回。`,
    link: `/user/orderInfo?id=${e.orderId}`,
  }));

  // ---- courses ----
  events.subscribe('course.enrolled', async (e, ctx) => {
    // A paid course's buyer already hears 支付成功 from the order.
    if (e.amountFen === 0)
      await notifications.notify(
        e.userId,
        {
          kind: 'course',
          title: '已加入课程',
          content: `您已加入课程“${e.title}”，现在就可以开始学习。`,
          link: `/user/course?courseId=${e.courseId}`,
        },
        ctx,
      );
    await notifications.notify(
      e.expertId,
      {
        kind: 'course',
        title: '新学员加入课程',
        content:
          e.amountFen > 0
            ? `${e.userName} 购买了您的课程“${e.title}”（${formatFen(e.amountFen)} 元）。`
            : `${e.userName} 加入了您的免费课程“${e.title}”。`,
        link: '/expert/course/buyList',
      },
      ctx,
    );
  });
  tellOn('course.refunded', (e) => ({
    to: e.expertId,
    kind: 'course',
    title: '课程退款',
    content: `${e.userName} 申请了课程“${e.title}”的退款（${formatFen(e.amountFen)} 元），已按规则原路退回。`,
    link: '/expert/course/buyList',
  }));
  tellOn('course.shelved', (e) => ({
    to: e.expertId,
    kind: 'course',
    title: e.online ? '课程已重新上架' : '课程已下架',
    content: e.online
      ? `您的课程“${e.title}”已由平台重新上架。`
      : `您的课程“${e.title}”已由平台下架，已购学员仍可继续学习。如有疑问请联系平台。`,
    link: `/expert/course/detail?id=${e.courseId}`,
  }));

  // ---- assessments ----
  const levelName = (l: number) => (l >= 3 ? '高' : l === 2 ? '中' : '低');
  events.subscribe('warning.raised', async (e, ctx) => {
    const title = `${levelName(e.level)}风险预警`;
    const content = `${e.userName} 的${e.scaleName}结果触发预警：${e.reason}。请尽快跟进。`;
    const link = `/expert/warning/detail?id=${e.warningId}`;
    if (e.expertId) await notifications.notify(e.expertId, { kind: 'warning', title, content, link }, ctx);
    for (const id of e.auditorIds) {
      await notifications.notify(
        id,
        {
          kind: 'warning',
          title,
          content: `${content}（该用户暂无负责专家，请协调跟进）`,
          link,
        },
        ctx,
      );
    }
    for (const id of e.colleagueIds) {
      await notifications.notify(
        id,
        {
          kind: 'warning',
          title: `本机构${title}`,
          content: `本机构用户 ${e.userName} 的${e.scaleName}结果触发高风险预警：${e.reason}。负责专家已收到通知，如需协助请与其联系。`,
          link: null,
        },
        ctx,
      );
    }
  });
  tellOn('warning.escalated', (e) => ({
    to: e.auditorId,
    kind: 'warning',
    title: '预警超时未处理',
    content: `一条${levelName(e.level)}风险预警（${e.scaleName}：${e.reason}）超过时限仍未处理，请协调跟进。`,
    link: `/expert/warning/detail?id=${e.warningId}`,
  }));
  // ---- transfers: each party who did not act hears of every step ----
  events.subscribe('transfer.changed', async (e, ctx) => {
    const forPerson = `/user/userConfirm/detail?id=${e.transferId}`;
    const forExperts = `/expert/archives/transferDetail?id=${e.transferId}`;
    const to = `${e.toExpertName} 老师${e.toInstitution ? `（${e.toInstitution}）` : ''}`;
    const from = `${e.fromExpertName} 老师`;
    const why = e.reason ? `，原因：${e.reason}` : '';
    const tell = (userId: number, title: string, content: string, link: string) =>
      notifications.notify(userId, { kind: 'transfer', title, content, link }, ctx);
    const receiver = (title: string, content: string) =>
      e.receiverKnows ? tell(e.toExpertId, title, content, forExperts) : Promise.resolve();
    switch (e.status) {
      case 'requested':
        await tell(
          e.userId,
          '有一条转介等待您确认',
          `${from}建议由 ${to}今后为您提供服务。请查看原因和影响，再决定是否同意；您有权拒绝。`,
          forPerson,
        );
        return;
      case 'user_confirmed':
        await tell(
          e.fromExpertId,
          '用户已同意转介',
          `${e.userName} 已同意转介给 ${to}，等待平台审核。`,
          forExperts,
        );
        await tell(
          e.toExpertId,
          '有一位用户将转介给您',
          `${from}提出将 ${e.userName} 转介给您，用户已同意，平台审核通过后生效。`,
          forExperts,
        );
        for (const id of e.auditorIds)
          await tell(
            id,
            '新的转介待审核',
            `${from}提出将 ${e.userName} 转介给 ${to}，用户已同意，请审核。`,
            `/audit/archives/detail?id=${e.transferId}`,
          );
        return;
      case 'declined_by_user':
        await tell(e.fromExpertId, '用户拒绝了转介', `${e.userName} 拒绝了转介给 ${to}${why}。`, forExperts);
        await receiver('转介已取消', `${e.userName} 撤回了对转介的同意，该转介已取消。`);
        return;
      case 'withdrawn':
        await tell(
          e.userId,
          '转介已撤回',
          `${from}撤回了将您转介给 ${to}的申请，为您服务的专家不变。`,
          forPerson,
        );
        await receiver('转介已取消', `${from}撤回了将 ${e.userName} 转介给您的申请。`);
        return;
      case 'approved':
        await tell(
          e.userId,
          '转介已完成',
          `平台已审核通过：今后由 ${to}为您提供服务并跟进您的测评结果；您与 ${from}已有的预约不受影响。`,
          forPerson,
        );
        await tell(e.fromExpertId, '转介已通过', `${e.userName} 已转介给 ${to}，转介已生效。`, forExperts);
        await tell(
          e.toExpertId,
          '转介已生效',
          `${e.userName} 已转介给您，您现在可以查看其测评记录并跟进未结束的预警。`,
          forExperts,
        );
        return;
      case 'rejected':
        await tell(e.userId, '转介未通过审核', `平台未通过此次转介，为您服务的专家仍是 ${from}。`, forPerson);
        await tell(
          e.fromExpertId,
          '转介未通过审核',
          `将 ${e.userName} 转介给 ${to}的申请未通过审核${why}。`,
          forExperts,
        );
        await receiver('转介未通过审核', `将 ${e.userName} 转介给您的申请未通过平台审核。`);
        return;
    }
  });

  // ---- cooperations: the other expert hears of each step; the person, that an expert was consulted ----
  events.subscribe('cooperation.changed', async (e, ctx) => {
    const link = `/expert/archives/cooperationDetail?id=${e.cooperationId}`;
    const inviter = `${e.inviterName} 老师`;
    const invitee = `${e.inviteeName} 老师`;
    const why = e.reason ? `，原因：${e.reason}` : '';
    const tell = (userId: number, title: string, content: string, to = link) =>
      notifications.notify(userId, { kind: 'cooperation', title, content, link: to }, ctx);
    switch (e.status) {
      case 'invited':
        await tell(
          e.inviteeId,
          '新的协作邀请',
          `${inviter}邀请您参与 ${e.userName} 的个案协作（${cooperationScopeLabels[e.scope]}），请查看并决定是否接受。`,
        );
        return;
      case 'accepted':
        await tell(e.inviterId, '协作邀请已接受', `${invitee}已接受参与 ${e.userName} 的个案协作。`);
        await tell(
          e.userId,
          '有专家参与了您的个案',
          `为了更好地为您提供服务，${inviter}邀请了 ${invitee}${e.inviteeInstitution ? `（${e.inviteeInstitution}）` : ''}参与您的个案协作，对方可以查阅您的心理档案${e.scope === 'record_and_warnings' ? '并协助跟进预警' : ''}。每一次查阅都会被记录，您可以在“档案查阅记录”中查看。`,
          '/user/recordViews',
        );
        return;
      case 'declined':
        await tell(e.inviterId, '协作邀请被拒绝', `${invitee}拒绝了参与 ${e.userName} 的个案协作${why}。`);
        return;
      case 'withdrawn':
        await tell(e.inviteeId, '协作邀请已撤回', `${inviter}撤回了关于 ${e.userName} 的协作邀请。`);
        return;
      case 'ended': {
        const other = e.actorId === e.inviterId ? e.inviteeId : e.inviterId;
        const by = e.actorId === e.inviterId ? inviter : invitee;
        await tell(other, '协作已结束', `${by}结束了关于 ${e.userName} 的个案协作${why}。`);
        return;
      }
    }
  });
  // ---- feedback: the expert hears of new feedback, the person of its handling ----
  tellOn('feedback.created', (e) => ({
    to: e.expertId,
    kind: 'feedback',
    title: '收到新的反馈',
    content: `${e.userName} 对「${e.subjectTitle}」给出了 ${e.rating} 星反馈，请及时查看处理。`,
    link: `/expert/feedback/feedbackDetail?id=${e.feedbackId}`,
  }));
  tellOn('feedback.handled', (e) => ({
    to: e.userId,
    kind: 'feedback',
    title: e.replied ? '专家回复了您的反馈' : '您的反馈已处理',
    content: e.replied
      ? `${e.expertName} 老师回复了您对「${e.subjectTitle}」的反馈，点击查看回复。`
      : `${e.expertName} 老师已处理您对「${e.subjectTitle}」的反馈，感谢您的意见。`,
    link: '/user/feedback',
  }));

  // The review workflow tells the submitter; a report's submitter is the person who took the test.
  // A transfer's every party hears of its decision through transfer.changed instead.
  events.subscribe('review.decided', (e, ctx) =>
    e.kind === 'transfer'
      ? Promise.resolve()
      : e.kind === 'tweet'
        ? notifications.notify(
            e.userId,
            {
              kind: 'review',
              title: e.approved ? '动态已发布' : '动态未通过审核',
              content: e.approved
                ? `您的${e.what}已通过审核，现已发布在专家主页和首页的专家动态中。`
                : `您的${e.what}未通过审核，原因：${e.reason ?? '未说明'}。修改后可重新提交。`,
              link: e.link,
            },
            ctx,
          )
        : e.kind === 'report'
          ? notifications.notify(
              e.userId,
              {
                kind: 'report',
                title: e.approved ? '测评报告已出具' : '测评报告已退回修订',
                content: e.approved
                  ? `您的“${e.title ?? e.what}”完整报告已通过专家审核，可以查看了。${e.reason ? `审核意见：${e.reason}` : ''}`
                  : `您的“${e.title ?? e.what}”报告被专家退回修订，原因：${e.reason ?? '未说明'}。修订后会再次审核，出具后会通知您。`,
                link: e.link,
              },
              ctx,
            )
          : notifications.notify(
              e.userId,
              {
                kind: 'review',
                title: e.approved ? '审核通过' : '审核未通过',
                content: e.approved
                  ? `${e.what}已审核通过并发布。`
                  : `${e.what}未通过审核，原因：${e.reason ?? '未说明'}。`,
                link: e.link,
              },
              ctx,
            ),
  );
}
