import {
  beginChatBody,
  CHAT_IMAGE_MAX_BYTES,
  chatIdParams,
  chatImage,
  CHAT_LIST_PAGE_SIZE,
  CHAT_LIST_PAGE_SIZE_MAX,
  CHAT_UNREAD_IDS_MAX,
  chatListItem,
  chatListQuery,
  chatMessage,
  chatMessagesPage,
  chatMessagesQuery,
  sendMessageBody,
  unreadChats,
} from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { ok } from '../../lib/reply';
import { audience, describe } from '../../lib/routes';
import { currentUser, secured } from '../auth';
import { readUploadedImage } from '../uploads';

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { chat } = app.deps.services;
  const signer = app.deps.imageSigner;
  const tags = ['chat'];
  const doc = describe({ tags, security: secured });
  const pub = describe({ tags });

  // The caller's own chats.
  await audience(app, app.authenticate, (me) => {
    me.post(
      '/api/chat/begin',
      doc('与某人开始会话（已有则返回原会话）', { body: beginChatBody, reply: chatListItem }),
      async (req) => ok(await chat.begin(currentUser(req), req.body.receiverId)),
    );

    me.get(
      '/api/chat/get-list',
      doc(
        `我的会话列表（按最近活动排序，每页 pageSize 个，默认 ${CHAT_LIST_PAGE_SIZE}、最多 ${CHAT_LIST_PAGE_SIZE_MAX}；下一页带上本页最后一个会话的 lastActivityAt 与 chatId 作 beforeAt、beforeId；不足一页即最后一页）`,
        { query: chatListQuery, reply: z.array(chatListItem) },
      ),
      async (req) => ok(await chat.list(currentUser(req), req.query)),
    );

    me.get(
      '/api/chat/unread',
      doc(`有未读消息的会话编号（按最近活动排序，最多 ${CHAT_UNREAD_IDS_MAX} 个）：页头角标`, {
        reply: unreadChats,
      }),
      async (req) => ok({ chatIds: await chat.unreadIds(currentUser(req)) }),
    );

    me.get(
      '/api/chat/get/:chatId',
      doc('会话详情', { params: chatIdParams, reply: chatListItem }),
      async (req) => ok(await chat.get(currentUser(req), req.params.chatId)),
    );

    me.get(
      '/api/chat/messages',
      doc(
        '消息记录。readChatMessage=0 取最新一页；readChatMessage=N 取 N 之后的消息（断线重连补齐）；before=M 向上翻页。调用即标记已读。',
        { query: chatMessagesQuery, reply: chatMessagesPage },
      ),
      async (req) => ok(await chat.messages(currentUser(req), req.query)),
    );

    me.post(
      '/api/chat/send',
      doc('发送消息（messageType "0" 文字 / "1" 图片编号）；先入库再推送', {
        body: sendMessageBody,
        reply: chatMessage,
      }),
      async (req) => ok(await chat.send(currentUser(req), req.body)),
    );

    me.post(
      '/api/chat/image',
      doc.upload('上传聊天图片（multipart 字段 file；JPG/PNG/WebP/GIF，10 MB 以内）', {
        reply: chatImage,
        bodyLimit: CHAT_IMAGE_MAX_BYTES + 64 * 1024,
      }),
      async (req) => {
        const data = await readUploadedImage(req, app.deps, currentUser(req).userId, {
          maxBytes: CHAT_IMAGE_MAX_BYTES,
          missing: '请选择要发送的图片',
        });
        return ok(await chat.uploadImage(currentUser(req), data), '上传成功');
      },
    );
  });

  // Opened by <img> tags, which cannot send headers: the signed, expiring URL is the permission.
  app.get(
    '/api/chat/image/:id',
    pub('聊天图片（仅限签名链接，短时有效）', {
      params: z.object({ id: z.string().regex(/^[0-9a-f-]{36}$/, '图片编号不正确') }),
      query: z.object({
        v: z.enum(['full', 'thumb']).default('full'),
        exp: z.coerce.number().int(),
        sig: z.string().max(128),
      }),
    }),
    async (req, reply) => {
      const { id } = req.params;
      const { v, exp, sig } = req.query;
      if (!signer.verify(id, v, exp, sig)) throw new AppError('FORBIDDEN', '图片链接已失效，请刷新后重试');
      const data = await app.deps.privateStorage.read(chat.imageFile(id, v));
      if (!data) throw new AppError('NOT_FOUND', '图片不存在');
      return reply
        .type('image/webp')
        .header('Cache-Control', 'private, max-age=600')
        .header('Content-Security-Policy', "default-src 'none'")
        .send(data);
    },
  );
};
