import { useCallback, useEffect, useRef, useState } from 'react';
import { uploadAttachment } from '../api/transfer';
import { admitFiles, uploadErrorKey, type Upload } from '../attachments';

let next = 0;

/**
 * The attachments of a message being written: each chosen file is uploaded at once, with its
 * progress; a file can be removed (cancelling its upload). `ids` are what the message names.
 */
export function useUploads() {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [refused, setRefused] = useState(0);
  const current = useRef(uploads);
  current.current = uploads;
  const controllers = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((c) => c.abort());
  }, []);

  const patch = useCallback((key: string, change: Partial<Upload>) => {
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));
  }, []);

  const add = useCallback(
    (files: File[]) => {
      const { admitted, refused: left } = admitFiles(current.current, files);
      setRefused(left);
      const added: Upload[] = admitted.map(({ file, error }) => ({
        key: `upload-${next++}`,
        name: file.name,
        size: file.size,
        progress: 0,
        state: error ? 'failed' : 'uploading',
        error,
      }));
      current.current = [...current.current, ...added];
      setUploads(current.current);
      admitted.forEach(({ file, error }, i) => {
        const { key } = added[i]!;
        if (error) return;
        const controller = new AbortController();
        controllers.current.set(key, controller);
        uploadAttachment(file, (progress) => patch(key, { progress }), controller.signal)
          .then(
            (attachment) => patch(key, { state: 'done', progress: 1, attachment }),
            (e: unknown) => {
              if (!controller.signal.aborted) patch(key, { state: 'failed', error: uploadErrorKey(e) });
            },
          )
          .finally(() => controllers.current.delete(key));
      });
    },
    [patch],
  );

  const remove = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    setRefused(0);
    current.current = current.current.filter((u) => u.key !== key);
    setUploads(current.current);
  }, []);

  /** After the message is sent: the list starts empty again. */
  const clear = useCallback(() => {
    setRefused(0);
    current.current = [];
    setUploads([]);
  }, []);

  return {
    uploads,
    /** How many files of the last choice found no place (beyond the count limit). */
    refused,
    add,
    remove,
    clear,
    uploading: uploads.some((u) => u.state === 'uploading'),
    ids: uploads.flatMap((u) => (u.state === 'done' && u.attachment ? [u.attachment.Id] : [])),
  };
}
