import type { Mail } from '../../infra/mail/mailer.js';

export type CodePurpose = 'register' | 'reset' | 'email_change';

const PURPOSE: Record<CodePurpose, [string, string]> = {
  register: ['finish creating your account', '完成注册'],
  reset: ['reset your password', '重置密码'],
  email_change: ['confirm your new email address', '确认新的邮箱地址'],
};

/** The verification-code mail, in English and Simplified Chinese. */
export function codeMail(brand: string, to: string, purpose: CodePurpose, code: string, minutes: number): Mail {
  const [en, zh] = PURPOSE[purpose];
  return {
    to,
    subject: `${brand} verification code: ${code}`,
    text: [
      `Your ${brand} verification code is ${code}. Use it to ${en}. It expires in ${minutes} minutes.`,
      `If you did not ask for it, ignore this mail.`,
      ``,
      `您的 ${brand} 验证码是 ${code}，用于${zh}，${minutes} 分钟内有效。`,
      `如果这不是您本人的操作，请忽略本邮件。`,
    ].join('\n'),
  };
}

/** Sent instead of a sign-up code when the address already has an account: no existence leak. */
export function alreadyRegisteredMail(brand: string, to: string, publicUrl: string): Mail {
  return {
    to,
    subject: `${brand}: you already have an account`,
    text: [
      `Someone asked to create a ${brand} account with this address, but it already has one.`,
      `Sign in at ${publicUrl}/login, or reset your password at ${publicUrl}/forget-password.`,
      ``,
      `有人尝试使用此邮箱注册 ${brand} 账户，但该邮箱已注册。`,
      `请前往 ${publicUrl}/login 登录，或在 ${publicUrl}/forget-password 重置密码。`,
    ].join('\n'),
  };
}

/** Sent to the old address when an account's email changes, so its owner learns of a takeover. */
export function emailChangedMail(brand: string, to: string, newEmail: string, publicUrl: string): Mail {
  return {
    to,
    subject: `${brand}: your account's email address was changed`,
    text: [
      `The email address of your ${brand} account was changed from ${to} to ${newEmail}, and its other sessions were signed out.`,
      `If you did not do this, reply to this mail or contact support at once: ${publicUrl}`,
      ``,
      `您的 ${brand} 账户邮箱已从 ${to} 更改为 ${newEmail}，其他登录会话均已退出。`,
      `如果这不是您本人的操作，请立即回复本邮件或联系客服：${publicUrl}`,
    ].join('\n'),
  };
}
