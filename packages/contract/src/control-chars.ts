// The one rule for control characters in text that customers and operators send.

/** C0 and C1 control characters and DEL: never in one-line text (titles, names, paths, header lines). */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;

/** The same, except tab, line feed and carriage return: what multi-line text (messages) may hold. */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARS_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
