import { UPLOAD_PATH, API_PREFIX, identityTypeOf, type ChatMessage, type ChatPeer } from '@psy/contracts';
import { hmacHex, sameHex } from '../../lib/crypto';
import type { chatImages, chatMessages } from './chat.table';

type MessageRow = typeof chatMessages.$inferSelect;
type ImageRow = typeof chatImages.$inferSelect;

/** Signs short-lived URLs for private chat images: the signature is the only key. */
export function createImageSigner(secret: Buffer, ttlMs: number, now: () => Date) {
  const sign = (id: string, variant: 'full' | 'thumb', exp: number) =>
    hmacHex(secret, `chat-image:${id}:${variant}:${exp}`);
  return {
    url(id: string, variant: 'full' | 'thumb'): string {
      const exp = Math.floor((now().getTime() + ttlMs) / 1000);
      return `${API_PREFIX}/api/chat/image/${id}?v=${variant}&exp=${exp}&sig=${sign(id, variant, exp)}`;
    },
    verify(id: string, variant: 'full' | 'thumb', exp: number, sig: string): boolean {
      if (exp * 1000 < now().getTime()) return false;
      return /^[0-9a-f]{64}$/.test(sig) && sameHex(sign(id, variant, exp), sig);
    },
  };
}
export type ImageSigner = ReturnType<typeof createImageSigner>;

export function toChatMessage(m: MessageRow, image: ImageRow | undefined, signer: ImageSigner): ChatMessage {
  return {
    id: m.id,
    chatId: m.chatId,
    senderId: m.senderId,
    messageType: m.messageType === 1 ? '1' : '0',
    messageContent: m.content,
    image:
      m.messageType === 1 && image
        ? {
            id: image.id,
            url: signer.url(image.id, 'full'),
            thumbUrl: signer.url(image.id, 'thumb'),
            width: image.width,
            height: image.height,
          }
        : null,
    clientMessageId: m.clientMessageId,
    createdAt: m.createdAt.toISOString(),
  };
}

export function toChatPeer(u: {
  id: number;
  name: string;
  avatar: string | null;
  role: 'user' | 'expert' | 'auditor' | 'admin';
  institution: string | null;
}): ChatPeer {
  return {
    id: u.id,
    name: u.name,
    wxImg: u.avatar ? `${UPLOAD_PATH}${u.avatar}` : null,
    identityType: identityTypeOf[u.role],
    department: u.institution,
  };
}
