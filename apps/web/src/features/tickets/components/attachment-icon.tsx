import type { AttachmentType } from '@nimbus/contract';
import { IconFile, IconFileText, IconFileTypePdf, IconPhoto } from '@tabler/icons-react';

/** An attachment's icon by its type as the server judged it, or by its name before it is known. */
export function AttachmentIcon({ type, name }: { type?: AttachmentType; name: string }) {
  const kind = type ?? guess(name);
  const Icon =
    kind === undefined
      ? IconFile
      : kind.startsWith('image/')
        ? IconPhoto
        : kind === 'application/pdf'
          ? IconFileTypePdf
          : IconFileText;
  return <Icon size={20} stroke={1.6} aria-hidden style={{ flex: 'none' }} />;
}

function guess(name: string): string | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (!ext) return undefined;
  if (['png', 'jpg', 'jpeg', 'gif', 'webp'].includes(ext)) return 'image/';
  if (ext === 'pdf') return 'application/pdf';
  if (['txt', 'log', 'text'].includes(ext)) return 'text/plain';
  return undefined;
}
