import type { Mail } from '../../infra/mail/mailer.js';

/** What the mail to a customer says when staff answer their ticket. */
export interface AnswerFacts {
  locale: 'en_US' | 'zh_CN';
  email: string;
  ticketId: number;
  title: string;
  authorName: string;
  content: string;
}

/** The staff-answer mail in the customer's language, with the answer and a link to the ticket. */
export function answerMail(brand: string, publicUrl: string, f: AnswerFacts): Mail {
  const link = `${publicUrl}/tickets/${f.ticketId}`;
  if (f.locale === 'zh_CN') {
    return {
      to: f.email,
      subject: `${brand}：您的工单 #${f.ticketId}「${f.title}」有新回复`,
      text: [`${f.authorName} 回复了您的工单「${f.title}」：`, ``, f.content, ``, `查看并回复：${link}`].join('\n'),
    };
  }
  return {
    to: f.email,
    subject: `${brand}: new reply to your ticket #${f.ticketId} "${f.title}"`,
    text: [`${f.authorName} replied to your ticket "${f.title}":`, ``, f.content, ``, `Read and reply: ${link}`].join(
      '\n',
    ),
  };
}
