import { z } from 'zod';

/** Validation messages from spec section 5, exactly as users see them. */
export const authMessages = {
  phoneRequired: '请输入手机号',
  phoneInvalid: '请输入正确的11位手机号',
  codeRequired: '请输入短信验证码',
  codeInvalid: '短信验证码为6位数字',
  passwordRequired: '请输入密码',
  newPasswordRequired: '请填写新密码',
  passwordRule: '密码8-20位，须包含大小写字母、数字、特殊字符',
  fillRequired: '请填写必填项',
  loginFailed: '手机号或密码错误',
  codeWrong: '验证码错误或已失效，请重新获取',
  codeSent: '验证码已发送',
  accountDisabled: '该账号已停用，请联系管理员',
  notOwnPhone: '只能修改本人账号的密码，请填写本人手机号',
  getNotAllowed: '登录请使用 POST 提交，账号和密码不能放在网址中',
} as const;

/** Mainland mobile numbers: 11 digits starting with 1[3-9]. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
/** 8-20 characters with an upper-case letter, a lower-case letter, a digit and a special character. */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9\s]).{8,20}$/;
export const SMS_CODE_PATTERN = /^\d{6}$/;
/** Seconds before the send-code button may be pressed again. */
export const SMS_RESEND_SECONDS = 60;

export const telephone = z
  .string({ error: authMessages.phoneRequired })
  .trim()
  .min(1, authMessages.phoneRequired)
  .regex(PHONE_PATTERN, authMessages.phoneInvalid);

export const smsCode = z
  .string({ error: authMessages.codeRequired })
  .trim()
  .min(1, authMessages.codeRequired)
  .regex(SMS_CODE_PATTERN, authMessages.codeInvalid);

export const newPassword = z
  .string({ error: authMessages.newPasswordRequired })
  .min(1, authMessages.newPasswordRequired)
  .regex(PASSWORD_PATTERN, authMessages.passwordRule);

export const loginBody = z.object({
  telephone,
  password: z.string({ error: authMessages.passwordRequired }).min(1, authMessages.passwordRequired).max(128),
});
export type LoginBody = z.infer<typeof loginBody>;

export const smsType = z.enum(['login', 'reset'], { error: '验证码类型不正确' });
export type SmsType = z.infer<typeof smsType>;

export const sendCodeBody = z.object({ telephone, type: smsType });
export type SendCodeBody = z.infer<typeof sendCodeBody>;
export const sendCodeResult = z.object({
  /** Seconds until another code may be sent to this phone. */
  resendAfter: z.number().int(),
  /** Seconds the code stays valid. */
  expiresIn: z.number().int(),
});

export const smsLoginBody = z.object({ telephone, code: smsCode });
export type SmsLoginBody = z.infer<typeof smsLoginBody>;

/** The password-reset form (spec section 3) and the change-password form share this shape. */
export const resetPasswordBody = z.object({ telephone, code: smsCode, password: newPassword });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const roles = ['user', 'expert', 'auditor', 'admin'] as const;
export type Role = (typeof roles)[number];
/** identityType in payloads: 0 user, 1 expert, 2 auditor, 3 admin. */
export const identityTypeOf: Record<Role, 0 | 1 | 2 | 3> = { user: 0, expert: 1, auditor: 2, admin: 3 };
export const roleLabels: Record<Role, string> = {
  user: '普通用户',
  expert: '专家',
  auditor: '审核员',
  admin: '管理员',
};

export const genders = ['male', 'female', 'unknown'] as const;
export const genderLabels: Record<(typeof genders)[number], string> = {
  male: '男',
  female: '女',
  unknown: '未填写',
};

export const userInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  telephone: z.string(),
  identityType: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  role: z.enum(roles),
  gender: z.enum(genders),
  birthday: z.string().nullable(),
  /** Full URL of the avatar image, or null. */
  wxImg: z.string().nullable(),
  /** `avatar` is the file name under /SysAdmin/file/upload/. */
  expertInfo: z.object({ avatar: z.string().nullable() }),
  department: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** What the account may do: 'user' always; 'expert', 'audit', 'admin' by role. */
  auths: z.array(z.string()),
});
export type UserInfo = z.infer<typeof userInfo>;

export const loginResult = z.object({ token: z.string(), userinfo: userInfo });
export type LoginResult = z.infer<typeof loginResult>;

export const editProfileBody = z
  .object({
    name: z.string().trim().min(1, '请输入姓名').max(20, '姓名最多20个字'),
    gender: z.enum(genders, { error: '性别不正确' }),
    birthday: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, '出生日期格式应为 YYYY-MM-DD')
      .refine(
        (d) => !Number.isNaN(Date.parse(d)) && d >= '1900-01-01' && new Date(d) <= new Date(),
        '出生日期不正确',
      )
      .nullable(),
    /** A file name returned by the avatar upload. */
    avatar: z
      .string()
      .regex(/^avatar-[a-z0-9-]+\.(webp|jpg|png)$/, '头像文件不正确')
      .nullable(),
  })
  .partial()
  .strict();
export type EditProfileBody = z.infer<typeof editProfileBody>;

export const avatarUploadResult = z.object({ avatar: z.string(), url: z.string() });
export type AvatarUploadResult = z.infer<typeof avatarUploadResult>;
/** Largest avatar upload, bytes; larger images are refused with 413. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

export const userListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Masked, e.g. 138****0001. */
  telephone: z.string(),
  identityType: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  gender: z.enum(genders),
  department: z.string().nullable(),
  createdAt: z.string(),
});
export type UserListItem = z.infer<typeof userListItem>;

export const userListQuery = z.object({
  pageNum: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  keyword: z.string().trim().max(50).optional(),
});

export const department = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  address: z.string(),
  phone: z.string().nullable(),
  logo: z.string().nullable(),
  intro: z.string(),
});
export type Department = z.infer<typeof department>;

/** One line of the account's own security history (personal center). */
export const loginHistoryItem = z.object({
  id: z.number().int(),
  action: z.string(),
  actionLabel: z.string(),
  outcome: z.enum(['success', 'failure']),
  ip: z.string().nullable(),
  at: z.string(),
});
export type LoginHistoryItem = z.infer<typeof loginHistoryItem>;

export const smsOutboxItem = z.object({
  telephone: z.string(),
  type: smsType,
  code: z.string(),
  sentAt: z.string(),
});
export type SmsOutboxItem = z.infer<typeof smsOutboxItem>;

/** A notice SMS (a campaign opening, a reminder) as the dev outbox shows it: no code, only text. */
export const smsNoticeItem = z.object({
  telephone: z.string(),
  text: z.string(),
  sentAt: z.string(),
});
export type SmsNoticeItem = z.infer<typeof smsNoticeItem>;
