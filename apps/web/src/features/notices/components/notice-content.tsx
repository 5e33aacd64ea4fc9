import { Typography } from '@mantine/core';
// Here, not in mantine.css: only notices use it, and /login's download stays within its budget.
import '@mantine/core/styles/Typography.css';
import classes from './notices.module.css';

/** A notice's HTML, sanitised by the server when it was written and again when it was served. */
export function NoticeContent({ html }: { html: string }) {
  // Safe to set: the server's sanitizeNotice (apps/server/src/domains/catalog/sanitize.ts) allows no scripts,
  // handlers, styles, frames or javascript: links.
  return (
    <Typography className={classes.content} data-testid="notice-content" dangerouslySetInnerHTML={{ __html: html }} />
  );
}
